"""Rummble positions for ``analyze``: validation, check mode and solve mode.

A position is ``{"game": "rummble", "board": [[row, col, tile], …], "rack": [tiles],
"play": [[row, col, tile], …]}`` (docs/analysis-format.md); a board or play tile is ``R7``
or a declared joker ``J=K7``, a rack tile ``R7`` or ``J``. With ``play`` the play is checked
by the rules' own ``check_play`` (a play of tiles the rack does not hold is an illegal play,
answered as such); without it the best play is solved (:mod:`rummble_solve`). Anything
unreadable — unknown keys, squares off the board or named twice, a play on an occupied
square, more copies of a tile than the set has, a board whose lines are not all sets — is a
PositionError naming what is wrong.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable

from rummi_desktop.games.positions import PositionError, json_kind, json_text
from rummi_desktop.games.rummble.analysis.solve import solve, verdict_fields
from rummi_desktop.games.rummble.rules.board import SIZE, Board, Laid
from rummi_desktop.games.rummble.rules.play import check_play, describe_line
from rummi_desktop.games.rummble.rules.sets import set_problem
from rummi_desktop.tiles import NotationError, Tile, excess_copies, format_tiles

RUMMBLE_KEYS = ("game", "board", "rack", "play")
LABEL_KEYS = ("id", "comment")  # free labels for the author's own use; never read
KNOWN_KEYS = set(RUMMBLE_KEYS + LABEL_KEYS)


def _parse_rack(value: Any) -> list[Tile]:
    if not isinstance(value, list):
        raise PositionError(f'rack must be an array of tiles like ["R7", "J"], not {json_kind(value)}')
    tiles = []
    for item in value:
        if not isinstance(item, str):
            raise PositionError(f'rack: {json_text(item)} is not a tile (tiles are strings like "R7")')
        try:
            tiles.append(Tile.parse(item))
        except NotationError as error:
            raise PositionError(f"rack: {error}") from error
    return tiles


def _parse_square(entry: Any, what: str) -> tuple[int, int, Laid]:
    if not (isinstance(entry, list) and len(entry) == 3):
        raise PositionError(f'{what}: {json_text(entry)} is not [row, column, tile] (e.g. [6, 5, "R7"])')
    row, col, tile = entry
    for name, number in (("row", row), ("column", col)):
        if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number < SIZE:
            raise PositionError(f"{what}: {json_text(entry)}: the {name} must be a whole number 0 to 12")
    if not isinstance(tile, str):
        raise PositionError(f'{what}: {json_text(entry)}: the tile must be a string like "R7" or "J=K7"')
    try:
        return row, col, Laid.parse(tile)
    except ValueError as error:
        raise PositionError(f"{what}: {json_text(entry)}: {error}") from error


def _parse_squares(value: Any, what: str) -> list[tuple[int, int, Laid]]:
    if not isinstance(value, list):
        raise PositionError(f'{what} must be an array of [row, column, tile], not {json_kind(value)}')
    entries = [_parse_square(entry, what) for entry in value]
    named = Counter((row, col) for row, col, _ in entries)
    twice = [at for at, times in named.items() if times > 1]
    if twice:
        raise PositionError(f"{what}: square {twice[0][0]},{twice[0][1]} is named twice")
    return entries


def _check_copies(tiles: list[Tile], names: str) -> None:
    excess = excess_copies(tiles)
    if excess:
        raise PositionError(f"{names} more copies than exist of {format_tiles(excess)} "
                            "(two of each tile, two jokers)")


def _check_board(board: Board) -> None:
    for first, step, tiles in board.lines():
        problem = set_problem(tiles)
        if problem:
            line = range(first, first + step * len(tiles), step)
            shown = " ".join(tile.notation() for tile in tiles)
            raise PositionError(f"the board is not legal: {describe_line(line)}: {shown} is not a set: {problem}")


def prepare_rummble(position: dict[str, Any]) -> Callable[[], dict[str, Any]]:
    """Validate a Rummble position; returns the function computing its answer."""
    unknown = sorted(set(position) - KNOWN_KEYS)
    if unknown:
        raise PositionError(f"unknown key {json_text(unknown[0])} (a Rummble position has "
                            f"{', '.join(RUMMBLE_KEYS)}, and may have {' and '.join(LABEL_KEYS)})")
    for key in ("board", "rack"):
        if key not in position:
            raise PositionError(f"missing key {json_text(key)}")
    entries = _parse_squares(position["board"], "board")
    rack = _parse_rack(position["rack"])
    _check_copies([laid.rack_tile for _, _, laid in entries] + rack, "board and rack together name")
    board = Board.from_tiles(entries)
    _check_board(board)
    if "play" not in position:
        return lambda: solve(board, rack)
    play = _parse_squares(position["play"], "play")
    for row, col, laid in play:
        held = board.cells[row * SIZE + col]
        if held is not None:
            raise PositionError(f"play: square {row},{col} already holds {held.notation()}")
    return lambda: check_answer(board, rack, play)


def check_answer(board: Board, rack: list[Tile], play: list[tuple[int, int, Laid]]) -> dict[str, Any]:
    missing = Counter(laid.rack_tile for _, _, laid in play) - Counter(rack)
    if missing:
        return {"game": "rummble", "legal": False,
                "error": f"the rack does not hold {format_tiles(sorted(missing.elements()))}"}
    verdict = check_play(board, [(row * SIZE + col, laid) for row, col, laid in play])
    if not verdict.legal:
        return {"game": "rummble", "legal": False, "error": verdict.reason}
    return {"game": "rummble", "legal": True, **verdict_fields(verdict)}

