"""Is a puzzle's position legal? Checked through each game's own rules model.

``position_problem(game, position)`` returns None for a legal position, else one sentence
saying what is wrong (a bad tile, more copies than the set holds, a table meld that is not a
meld, a board line that is not a set, a letter hanging over an empty square, ...). The shapes
are exactly those of analyze positions without their move key (docs/puzzle-format.md).
A shared module: like ``ai/tiers.py`` it may use every game. Pure module: no pygame, no I/O.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable

from rummi_desktop.games.rummble.rules.board import SIZE, Board, Laid
from rummi_desktop.games.rummble.rules.play import describe_line
from rummi_desktop.games.rummble.rules.sets import set_problem
from rummi_desktop.games.rummi.rules.play_check import meld_problems
from rummi_desktop.games.tumblewords.rules.dictionary import MAX_WORD_LETTERS
from rummi_desktop.games.tumblewords.rules.grid import BLANK, LETTERS, Grid
from rummi_desktop.tiles import NotationError, Tile, excess_copies, format_tiles

MAX_SIDE = 30  # a Tumblewords board side, as analyze allows
ECHO_LIMIT = 60  # characters of a quoted value


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= ECHO_LIMIT else text[: ECHO_LIMIT - 1] + "…"


class BadPosition(ValueError):
    """One sentence saying what is wrong with a position."""


def _keys(position: dict[str, Any], required: tuple[str, ...], optional: tuple[str, ...]) -> None:
    unknown = sorted(set(position) - set(required) - set(optional))
    if unknown:
        raise BadPosition(f"unknown key {_shown(unknown[0])} (the position has {', '.join(required + optional)})")
    missing = [key for key in required if key not in position]
    if missing:
        raise BadPosition(f"missing key {_shown(missing[0])}")


def parse_tiles(value: Any, what: str) -> list[Tile]:
    if not isinstance(value, list):
        raise BadPosition(f"{what} must be a list of tiles like [\"R7\", \"J\"]")
    tiles = []
    for item in value:
        if not isinstance(item, str):
            raise BadPosition(f"{what}: {_shown(item)} is not a tile (tiles are strings like \"R7\")")
        try:
            tiles.append(Tile.parse(item))
        except NotationError as error:
            raise BadPosition(f"{what}: {error}") from error
    return tiles


def parse_melds(value: Any, what: str) -> list[list[Tile]]:
    if not isinstance(value, list):
        raise BadPosition(f"{what} must be a list of melds (lists of tiles)")
    return [parse_tiles(meld, f"{what} meld {number}") for number, meld in enumerate(value, start=1)]


def _no_excess(tiles: list[Tile], names: str) -> None:
    excess = excess_copies(tiles)
    if excess:
        raise BadPosition(f"{names} more copies than exist of {format_tiles(excess)} (two of each tile, two jokers)")


def check_rummi(position: dict[str, Any]) -> None:
    _keys(position, ("game", "table", "rack"), ("initial",))
    table = parse_melds(position["table"], "table")
    rack = parse_tiles(position["rack"], "rack")
    if not isinstance(position.get("initial", False), bool):
        raise BadPosition("initial must be true or false")
    _no_excess([tile for meld in table for tile in meld] + rack, "table and rack together name")
    problems = meld_problems(table)
    if problems:
        raise BadPosition(f"the table is not a set of valid melds: {problems[0].sentence()}")


def _rummble_square(entry: Any) -> tuple[int, int, Laid]:
    if not (isinstance(entry, list) and len(entry) == 3):
        raise BadPosition(f"board: {_shown(entry)} is not [row, column, tile]")
    row, col, tile = entry
    for name, number in (("row", row), ("column", col)):
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < SIZE:
            raise BadPosition(f"board: {_shown(entry)}: the {name} must be a whole number 0 to {SIZE - 1}")
    if not isinstance(tile, str):
        raise BadPosition(f"board: {_shown(entry)}: the tile must be a string like \"R7\" or \"J=K7\"")
    try:
        return row, col, Laid.parse(tile)
    except ValueError as error:
        raise BadPosition(f"board: {_shown(entry)}: {error}") from error


def check_rummble(position: dict[str, Any]) -> None:
    _keys(position, ("game", "board", "rack"), ())
    if not isinstance(position["board"], list):
        raise BadPosition("board must be a list of [row, column, tile]")
    entries = [_rummble_square(entry) for entry in position["board"]]
    twice = [at for at, times in Counter((row, col) for row, col, _ in entries).items() if times > 1]
    if twice:
        raise BadPosition(f"board: square {twice[0][0]},{twice[0][1]} is named twice")
    rack = parse_tiles(position["rack"], "rack")
    _no_excess([laid.rack_tile for _, _, laid in entries] + rack, "board and rack together name")
    for first, step, tiles in Board.from_tiles(entries).lines():
        problem = set_problem(tiles)
        if problem:
            line = range(first, first + step * len(tiles), step)
            shown = " ".join(tile.notation() for tile in tiles)
            raise BadPosition(f"the board is not legal: {describe_line(line)}: {shown} is not a set: {problem}")


def check_tumblewords(position: dict[str, Any]) -> None:
    _keys(position, ("game", "rows", "hand"), ("min_length",))
    rows = position["rows"]
    if not (isinstance(rows, list) and rows and all(isinstance(row, str) for row in rows)):
        raise BadPosition("rows must be a non-empty list of strings like [\"........\", \"..CA.S..\"]")
    if len(rows) > MAX_SIDE or len(rows[0]) > MAX_SIDE:
        raise BadPosition(f"rows: a board has at most {MAX_SIDE} rows of at most {MAX_SIDE} squares")
    try:
        Grid.from_rows(rows)
    except ValueError as error:
        raise BadPosition(f"rows: {error}") from error
    hand = position["hand"]
    if not isinstance(hand, list):
        raise BadPosition("hand must be a list of letters like [\"T\", \"?\"]")
    for item in hand:
        if not (isinstance(item, str) and len(item) == 1 and (item in LETTERS or item == BLANK)):
            raise BadPosition(f"hand: {_shown(item)} is not a letter (write \"A\" to \"Z\", or \"?\" for a blank)")
    length = position.get("min_length", 2)
    if isinstance(length, bool) or not isinstance(length, int) or not 2 <= length <= MAX_WORD_LETTERS:
        raise BadPosition(f"min_length must be a whole number from 2 to {MAX_WORD_LETTERS}")


CHECKS: dict[str, Callable[[dict[str, Any]], None]] = {
    "rummi": check_rummi,
    "rummble": check_rummble,
    "tumblewords": check_tumblewords,
}


def position_problem(game: str, position: Any) -> str | None:
    """None when ``position`` is a legal position of ``game``, else what is wrong with it."""
    if not isinstance(position, dict):
        return "the position must be a table of keys"
    if position.get("game") != game:
        return f"the position's game must be {_shown(game)}, not {_shown(position.get('game'))}"
    check = CHECKS.get(game)
    if check is None:
        return f"no puzzles for the game {_shown(game)}"
    try:
        check(position)
    except BadPosition as error:
        return str(error)
    return None


def _rummi_solution(value: Any) -> None:
    parse_melds(value, "solution")


def _rummble_solution(value: Any) -> None:
    if not isinstance(value, list) or not value:
        raise BadPosition("solution must be a non-empty list of [row, column, tile]")
    for entry in value:
        _rummble_square(entry)


def _tumblewords_solution(value: Any) -> None:
    if not (isinstance(value, list) and len(value) == 2):
        raise BadPosition("solution must be [column, letter] like [4, \"T\"]")
    column, letter = value
    if isinstance(column, bool) or not isinstance(column, int) or column < 0:
        raise BadPosition("solution: the column must be a whole number from 0")
    if not (isinstance(letter, str) and len(letter) == 1 and letter.upper() in LETTERS):
        raise BadPosition("solution: the letter must be one of A-Z or a-z (lower case: a blank)")


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
    except BadPosition as error:
        return str(error)
    return None
