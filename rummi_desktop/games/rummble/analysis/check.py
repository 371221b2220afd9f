"""Rummble positions for ``analyze``: validation, check mode and solve mode.

A position is ``{"game": "rummble", "board": [[row, col, tile], …], "rack": [tiles],
"play": [[row, col, tile], …]}`` (docs/analysis-format.md); a board or play tile is ``R7``
or a declared joker ``J=K7``, a rack tile ``R7`` or ``J``. With ``play`` the play is checked
by the rules' own ``check_play`` (a play of tiles the rack does not hold is an illegal play,
answered as such); without it the best play is solved (:mod:`rummble_solve`). Anything
unreadable — unknown keys, squares off the board or named twice, a play on an occupied
square, more copies of a tile than the set has, a board whose lines are not all sets — is a
PositionError naming what is wrong. The position itself is read by the rules'
:class:`RummblePosition`; its keys and the play here.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable

from rummi_desktop.games.positions import PositionError, json_text
from rummi_desktop.games.rummble.analysis.solve import solve, verdict_fields
from rummi_desktop.games.rummble.rules.board import SIZE, Board, Laid
from rummi_desktop.games.rummble.rules.play import RUMMMBLE_BONUS, check_play
from rummi_desktop.games.rummble.rules.position import RummblePosition, read_squares
from rummi_desktop.tiles import HIGHEST, Tile, format_tiles

RUMMBLE_KEYS = ("game", "board", "rack", "rules", "play")
LABEL_KEYS = ("id", "comment")  # free labels for the author's own use; never read
KNOWN_KEYS = set(RUMMBLE_KEYS + LABEL_KEYS)


def prepare_rummble(data: dict[str, Any], top: int = 0) -> Callable[[], dict[str, Any]]:
    """Validate a Rummble position (through :class:`RummblePosition`); returns the function
    computing its answer (a solve answer with its ``top`` best plays when ``top`` ≥ 1)."""
    unknown = sorted(set(data) - KNOWN_KEYS)
    if unknown:
        raise PositionError(f"unknown key {json_text(unknown[0])} (a Rummble position has "
                            f"{', '.join(RUMMBLE_KEYS)}, and may have {' and '.join(LABEL_KEYS)})")
    position = RummblePosition.from_dict({key: data[key] for key in RummblePosition.KEYS if key in data})
    board, rack = position.check_legal().to_board(), list(position.rack)
    params = position.parameters()  # the position's house rules: the bonus, the set's top number
    if "play" not in data:
        return lambda: solve(board, rack, params.highest, top, bonus=params.bonus)
    play = list(read_squares(data["play"], "play"))
    for row, col, laid in play:
        held = board.cells[row * SIZE + col]
        if held is not None:
            raise PositionError(f"play: square {row},{col} already holds {held.notation()}")
    return lambda: check_answer(board, rack, play, params.highest, params.bonus)


def check_answer(board: Board, rack: list[Tile], play: list[tuple[int, int, Laid]], highest: int = HIGHEST,
                 bonus: int = RUMMMBLE_BONUS) -> dict[str, Any]:
    missing = Counter(laid.rack_tile for _, _, laid in play) - Counter(rack)
    if missing:
        return {"game": "rummble", "legal": False,
                "error": f"the rack does not hold {format_tiles(sorted(missing.elements()))}"}
    verdict = check_play(board, [(row * SIZE + col, laid) for row, col, laid in play], highest, bonus=bonus)
    if not verdict.legal:
        return {"game": "rummble", "legal": False, "error": verdict.reason}
    return {"game": "rummble", "legal": True, **verdict_fields(verdict)}

