"""Rummi positions for ``analyze``: validation, check mode, and the hand-off to solve mode.

Check mode (the position has ``"play"``, the whole table after the move) answers
``{"game":"rummi","legal":true,"placed":n,"value":v}`` or ``{"game":"rummi","legal":false,
"error":"..."}`` using the rules model's own play check. Solve mode hands the validated
position to ``rummi_desktop.games.rummi.analysis.solve.solve_position`` (the solver's module).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, Callable

from rummi_desktop.games.positions import PositionError, json_kind, json_text
from rummi_desktop.games.rummi.rules.play_check import check_play, meld_problems
from rummi_desktop.tiles import NotationError, Tile, excess_copies, format_tiles

RUMMI_KEYS = ("game", "table", "rack", "initial", "play")
LABEL_KEYS = ("id", "comment")  # free labels for the author's own use; never read
KNOWN_KEYS = set(RUMMI_KEYS + LABEL_KEYS)
SOLVER_MODULE = "rummi_desktop.games.rummi.analysis.solve"


def parse_tile_list(value: Any, what: str) -> list[Tile]:
    if not isinstance(value, list):
        raise PositionError(f"{what} must be an array of tiles like [\"R7\", \"J\"], not {json_kind(value)}")
    tiles = []
    for item in value:
        if not isinstance(item, str):
            raise PositionError(f"{what}: {json_text(item)} is not a tile (tiles are strings like \"R7\")")
        try:
            tiles.append(Tile.parse(item))
        except NotationError as error:
            raise PositionError(f"{what}: {error}") from error
    return tiles


def parse_meld_list(value: Any, what: str) -> list[list[Tile]]:
    if not isinstance(value, list):
        raise PositionError(f"{what} must be an array of melds (arrays of tiles), not {json_kind(value)}")
    return [parse_tile_list(meld, f"{what} meld {number}") for number, meld in enumerate(value, start=1)]


def _check_copies(tiles: list[Tile], names: str) -> None:
    """``names`` is the subject with its verb ("the play names")."""
    excess = excess_copies(tiles)
    if excess:
        raise PositionError(f"{names} more copies than exist of {format_tiles(excess)} "
                            "(two of each tile, two jokers)")


def prepare_rummi(position: dict[str, Any]) -> Callable[[], dict[str, Any]]:
    """Validate a Rummi position; returns the function computing its answer."""
    unknown = sorted(set(position) - KNOWN_KEYS)
    if unknown:
        raise PositionError(f"unknown key {json_text(unknown[0])} (a Rummi position has "
                            f"{', '.join(RUMMI_KEYS)}, and may have {' and '.join(LABEL_KEYS)})")
    for key in ("table", "rack"):
        if key not in position:
            raise PositionError(f"missing key {json_text(key)}")
    table = parse_meld_list(position["table"], "table")
    rack = parse_tile_list(position["rack"], "rack")
    initial = position.get("initial", False)
    if not isinstance(initial, bool):
        raise PositionError(f"initial must be true or false, not {json_text(initial)}")
    _check_copies([tile for meld in table for tile in meld] + rack, "table and rack together name")
    problems = meld_problems(table)
    if problems:
        raise PositionError(f"the table is not a set of valid melds: {problems[0].sentence()}")
    if "play" in position:
        play = parse_meld_list(position["play"], "play")
        _check_copies([tile for meld in play for tile in meld], "the play names")
        return lambda: check_answer(table, rack, play, initial)
    solver = load_solver()
    if solver is None:
        raise PositionError("solve mode not available (no \"play\" given, and the solver is not installed)")
    return lambda: solver.solve_position(table, rack, initial)


def check_answer(table: list[list[Tile]], rack: list[Tile], play: list[list[Tile]],
                 initial: bool) -> dict[str, Any]:
    verdict = check_play(table, rack, play, initial)
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
