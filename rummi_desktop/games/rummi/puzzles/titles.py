"""Short titles for mined Rummi puzzles, read off what the solution does to the table.

The strongest technique names the puzzle ("Free the joker", "Split the red run", "Borrow a 9
from the four"); a puzzle of plain additions is named by where the tiles go. Pure module.
"""

from __future__ import annotations

from rummi_desktop.games.rummi.ai.table import is_group, run_start
from rummi_desktop.games.rummi.puzzles.compare import Comparison, freed_jokers, technique_tags
from rummi_desktop.tiles import COLOUR_NAMES


def _meld_words(meld) -> str:
    real = [tile for tile in meld if not tile.is_joker]
    if not real:
        return "meld"
    if run_start(meld) is not None and not is_group(meld):
        return f"{COLOUR_NAMES[real[0].colour]} run"
    return f"{real[0].number}s"


def title_for(seen: Comparison, goal: str, opening: bool = False) -> str:
    if opening:
        return "Thirty to open"
    tags = technique_tags(seen)
    broken = [seen.before[i] for i in seen.broken]
    changed = [seen.before[i] for i in seen.changed]
    if freed_jokers(seen.before, seen.after):
        holder = next((meld for meld in changed if any(tile.is_joker for tile in meld)), None)
        return f"Free the joker from the {_meld_words(holder)}" if holder else "Free the joker"
    if "full-rebuild" in tags:
        if len(broken) > 2:
            return f"Rebuild {len(broken)} melds"
        return f"Rebuild the {_meld_words(broken[0])} and the {_meld_words(broken[1])}"
    if "take-from-group" in tags:
        four = next(meld for meld in broken if len(meld) == 4 and is_group(meld))
        number = next(tile.number for tile in four if not tile.is_joker)
        article = "an" if number in (8, 11) else "a"
        return f"Borrow {article} {number} from the four"
    if "split-run" in tags:
        run = next(meld for meld in broken if run_start(meld) is not None)
        return f"Split the {_meld_words(run)}"
    if broken:
        return f"Rework the {_meld_words(broken[0])}"
    if "double-extension" in tags:
        return "Both ends" if len(changed) == 1 else "Two at once"
    if changed:
        return f"Grow the {_meld_words(changed[0])}"
    return "Lay it all down"
