"""Is a puzzle's position legal? Read through each game's own Position (its ``GameSpec.position``).

``position_problem(game, position)`` returns None for a legal position, else one sentence
saying what is wrong (a bad tile, more copies than the set holds, a table meld that is not a
meld, a board line that is not a set, a letter hanging over an empty square, ...). The shapes
are exactly those of analyze positions without their move key (docs/puzzle-format.md): the
keys are the Position's ``PUZZLE_KEYS``, everything else is its ``from_dict`` and
``check_legal``. ``solution_problem`` checks a solution's shape, as analyze's move.
Pure module: no pygame, no I/O.
"""

from __future__ import annotations

from typing import Any, Callable

from rummi_desktop.games import GAMES
from rummi_desktop.games.positions import PositionError
from rummi_desktop.games.rummble.rules.board import SIZE, Laid
from rummi_desktop.games.tumblewords.rules.grid import LETTERS
from rummi_desktop.tiles import NotationError, Tile

ECHO_LIMIT = 60  # characters of a quoted value


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= ECHO_LIMIT else text[: ECHO_LIMIT - 1] + "…"


def position_problem(game: str, position: Any) -> str | None:
    """None when ``position`` is a legal position of ``game``, else what is wrong with it."""
    if not isinstance(position, dict):
        return "the position must be a table of keys"
    if position.get("game") != game:
        return f"the position's game must be {_shown(game)}, not {_shown(position.get('game'))}"
    reader = GAMES[game].position if game in GAMES else None
    if reader is None:
        return f"no puzzles for the game {_shown(game)}"
    unknown = sorted(set(position) - set(reader.PUZZLE_KEYS))
    if unknown:  # a puzzle's position has no move, and no word list of its own
        return f"unknown key {_shown(unknown[0])} (the position has {', '.join(reader.PUZZLE_KEYS)})"
    try:
        reader.from_dict(position).check_legal()
    except PositionError as error:
        return str(error)
    return None


# -- a solution's shape (analyze's move) ------------------------------------------------------------
def _tiles(value: Any, what: str) -> list[Tile]:
    if not isinstance(value, list):
        raise PositionError(f"{what} must be a list of tiles like [\"R7\", \"J\"]")
    tiles = []
    for item in value:
        if not isinstance(item, str):
            raise PositionError(f"{what}: {_shown(item)} is not a tile (tiles are strings like \"R7\")")
        try:
            tiles.append(Tile.parse(item))
        except NotationError as error:
            raise PositionError(f"{what}: {error}") from error
    return tiles


def _rummble_square(entry: Any) -> None:
    if not (isinstance(entry, list) and len(entry) == 3):
        raise PositionError(f"board: {_shown(entry)} is not [row, column, tile]")
    row, col, tile = entry
    for name, number in (("row", row), ("column", col)):
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < SIZE:
            raise PositionError(f"board: {_shown(entry)}: the {name} must be a whole number 0 to {SIZE - 1}")
    if not isinstance(tile, str):
        raise PositionError(f"board: {_shown(entry)}: the tile must be a string like \"R7\" or \"J=K7\"")
    try:
        Laid.parse(tile)
    except ValueError as error:
        raise PositionError(f"board: {_shown(entry)}: {error}") from error


def _rummi_solution(value: Any) -> None:
    if not isinstance(value, list):
        raise PositionError("solution must be a list of melds (lists of tiles)")
    for number, meld in enumerate(value, start=1):
        _tiles(meld, f"solution meld {number}")


def _rummble_solution(value: Any) -> None:
    if not isinstance(value, list) or not value:
        raise PositionError("solution must be a non-empty list of [row, column, tile]")
    for entry in value:
        _rummble_square(entry)


def _tumblewords_solution(value: Any) -> None:
    if not (isinstance(value, list) and len(value) == 2):
        raise PositionError("solution must be [column, letter] like [4, \"T\"]")
    column, letter = value
    if isinstance(column, bool) or not isinstance(column, int) or column < 0:
        raise PositionError("solution: the column must be a whole number from 0")
    if not (isinstance(letter, str) and len(letter) == 1 and letter.upper() in LETTERS):
        raise PositionError("solution: the letter must be one of A-Z or a-z (lower case: a blank)")


SOLUTION_SHAPES: dict[str, Callable[[Any], None]] = {
    "rummi": _rummi_solution,
    "rummble": _rummble_solution,
    "tumblewords": _tumblewords_solution,
}


def solution_problem(game: str, solution: Any) -> str | None:
    """None when ``solution`` has the shape of the game's analyze move, else what is wrong.
    (Whether it is legal and reaches its value is the game's puzzle module's ``verify``.)"""
    shape = SOLUTION_SHAPES.get(game)
    if shape is None:
        return f"no puzzles for the game {_shown(game)}"
    try:
        shape(solution)
    except PositionError as error:
        return str(error)
    return None
