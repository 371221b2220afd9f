"""Solve mode of ``analyze`` for Rummi: the best play for a validated position, as JSON data.

``solve_position(table, rack, initial)`` answers
``{"game":"rummi","placed":n,"value":v,"table":[[...],...],"rack":[...],"ms":t}``
(docs/analysis-format.md): most rack tiles placed, then highest value (jokers 30); the table after
the play, with untouched melds kept as they were; ``ms`` is the solve time. With ``top`` N ≥ 1
the answer also has ``"top"``: the N best plays laying different tiles, best first, each as the
answer writes a play (:func:`rummi_desktop.games.rummi.ai.ranked.ranked_plays`; ``ms`` then
counts their search too). The position has already been validated by the analyze front end
(``check.prepare_rummi``).
"""

from __future__ import annotations

import time
from typing import Any

from rummi_desktop.games.rummi.ai.coach import solution_answer
from rummi_desktop.games.rummi.ai.dp import INITIAL_MELD_POINTS
from rummi_desktop.games.rummi.ai.ranked import laid_tiles, ranked_plays
from rummi_desktop.games.rummi.ai.solver import solve
from rummi_desktop.tiles import Tile


def solve_position(table: list[list[Tile]], rack: list[Tile], initial: bool, top: int = 0, *,
                   opening_needed: int = INITIAL_MELD_POINTS) -> dict[str, Any]:
    """``opening_needed``: the position's opening threshold (its house rule; 30 by default)."""
    started = time.perf_counter()
    solution = solve(table, rack, initial, opening_needed=opening_needed)
    best = solution_answer(solution)
    answer = dict(best)
    if top >= 1:  # the best play heads the list as answered; the search gives the rest
        laid = laid_tiles(table, solution.table)
        others = [play for play in ranked_plays(table, rack, initial, top, opening_needed=opening_needed) if laid_tiles(table, play.table) != laid]
        answer["top"] = [best] + [solution_answer(play) for play in others[: top - 1]]
    answer["ms"] = round((time.perf_counter() - started) * 1000, 1)
    return answer
