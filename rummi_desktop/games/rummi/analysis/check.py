"""Rummi positions for ``analyze``: its keys, check mode, and the hand-off to solve mode. The
position itself is read by the rules' :class:`RummiPosition`; the move (``play``) here.

Check mode (the position has ``"play"``, the whole table after the move) answers
``{"game":"rummi","legal":true,"placed":n,"value":v}`` or ``{"game":"rummi","legal":false,
"error":"..."}`` using the rules model's own play check. Solve mode hands the validated
position to ``rummi_desktop.games.rummi.analysis.solve.solve_position`` (the solver's module).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, Callable

from rummi_desktop.games.positions import PositionError, check_copies, json_text
from rummi_desktop.games.rummi.rules.play_check import OPENING_POINTS, check_play
from rummi_desktop.games.rummi.rules.position import RummiPosition, read_melds
from rummi_desktop.tiles import Tile

RUMMI_KEYS = ("game", "table", "rack", "initial", "rules", "play")
LABEL_KEYS = ("id", "comment")  # free labels for the author's own use; never read
KNOWN_KEYS = set(RUMMI_KEYS + LABEL_KEYS)
SOLVER_MODULE = "rummi_desktop.games.rummi.analysis.solve"


def prepare_rummi(data: dict[str, Any], top: int = 0) -> Callable[[], dict[str, Any]]:
    """Validate a Rummi position (through :class:`RummiPosition`); returns the function
    computing its answer (a solve answer with its ``top`` best plays when ``top`` ≥ 1)."""
    unknown = sorted(set(data) - KNOWN_KEYS)
    if unknown:
        raise PositionError(f"unknown key {json_text(unknown[0])} (a Rummi position has "
                            f"{', '.join(RUMMI_KEYS)}, and may have {' and '.join(LABEL_KEYS)})")
    position = RummiPosition.from_dict({key: data[key] for key in RummiPosition.KEYS if key in data}).check_legal()
    table, rack = [list(meld) for meld in position.table], list(position.rack)
    initial, needed = position.owes_opening, position.opening_points
    if "play" in data:
        play = [list(meld) for meld in read_melds(data["play"], "play")]
        check_copies([tile for meld in play for tile in meld], "the play names", position.jokers)
        return lambda: check_answer(table, rack, play, initial, needed)
    solver = load_solver()
    if solver is None:
        raise PositionError("solve mode not available (no \"play\" given, and the solver is not installed)")
    return lambda: solver.solve_position(table, rack, initial, top, opening_needed=needed)


def check_answer(table: list[list[Tile]], rack: list[Tile], play: list[list[Tile]],
                 initial: bool, opening_needed: int = OPENING_POINTS) -> dict[str, Any]:
    verdict = check_play(table, rack, play, initial, opening_needed)
    if verdict.legal:
        return {"game": "rummi", "legal": True, "placed": verdict.placed, "value": verdict.value}
    return {"game": "rummi", "legal": False, "error": verdict.error}


def load_solver() -> ModuleType | None:
    """The solver's module, or None while it does not exist (other import errors propagate)."""
    try:
        return importlib.import_module(SOLVER_MODULE)
    except ModuleNotFoundError as error:
        if error.name == SOLVER_MODULE:
            return None
        raise
