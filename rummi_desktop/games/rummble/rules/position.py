"""A Rummble position as a value: the tiles on board squares (jokers declared) and the rack of
the seat to move (docs/analysis-format.md; a puzzle's position, a sandbox's).

``RummblePosition.from_dict(data)`` reads the JSON/TOML form ``{game, board, rack}``: its
keys, kinds, squares (on the board, each named once) and tile names. ``check_legal()`` then
asks the rules whether it can occur in a game: no more copies than the set holds, every line
of two or more touching tiles a set. The two are apart because the sandbox holds boards being
built. Everything wrong is a :class:`PositionError` with one sentence. Pure module: no pygame,
no I/O.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from rummi_desktop.games.positions import (
    PositionError,
    check_copies,
    check_game,
    check_keys,
    json_kind,
    json_text,
    quoted,
    read_rules,
    read_tiles,
)
from rummi_desktop.games.rummble.rules.board import SIZE, Board, Laid
from rummi_desktop.games.rummble.rules.play import line_problem
from rummi_desktop.games.rummble.rules.state import TILE_SETS, RummbleParameters, RummbleState
from rummi_desktop.tiles import Tile

Square = tuple[int, int, Laid]  # row, column, the tile laid there


def read_square(entry: Any, what: str) -> Square:
    """One ``[row, column, tile]`` entry, the tile ``R7`` or a declared joker ``J=K7``."""
    if not (isinstance(entry, list) and len(entry) == 3):
        raise PositionError(f'{what}: {json_text(entry)} is not [row, column, tile] (e.g. [6, 5, "R7"])')
    row, col, tile = entry
    for name, number in (("row", row), ("column", col)):
        if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number < SIZE:
            raise PositionError(f"{what}: {json_text(entry)}: the {name} must be a whole number 0 to {SIZE - 1}")
    if not isinstance(tile, str):
        raise PositionError(f'{what}: {json_text(entry)}: the tile must be a string like "R7" or "J=K7"')
    try:
        return row, col, Laid.parse(tile)
    except ValueError as error:
        raise PositionError(f"{what}: {json_text(entry)}: {error}") from error


def read_squares(value: Any, what: str) -> tuple[Square, ...]:
    """An array of ``[row, column, tile]`` (a board, or analyze's play), no square named twice."""
    if not isinstance(value, list):
        raise PositionError(f"{what} must be an array of [row, column, tile], not {json_kind(value)}")
    entries = tuple(read_square(entry, what) for entry in value)
    twice = [at for at, times in Counter((row, col) for row, col, _ in entries).items() if times > 1]
    if twice:
        raise PositionError(f"{what}: square {twice[0][0]},{twice[0][1]} is named twice")
    return entries


def _check_solution_square(entry: Any) -> None:
    """One [row, column, tile] of a puzzle's solution, as analyze's play writes it."""
    if not (isinstance(entry, list) and len(entry) == 3):
        raise PositionError(f"board: {quoted(entry)} is not [row, column, tile]")
    row, col, tile = entry
    for name, number in (("row", row), ("column", col)):
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < SIZE:
            raise PositionError(f"board: {quoted(entry)}: the {name} must be a whole number 0 to {SIZE - 1}")
    if not isinstance(tile, str):
        raise PositionError(f"board: {quoted(entry)}: the tile must be a string like \"R7\" or \"J=K7\"")
    try:
        Laid.parse(tile)
    except ValueError as error:
        raise PositionError(f"board: {quoted(entry)}: {error}") from error


@dataclass(frozen=True)
class RummblePosition:
    board: tuple[Square, ...] = ()  # in the order given
    rack: tuple[Tile, ...] = ()
    rules: tuple[tuple[str, Any], ...] = ()  # the house rules it names (the others: the defaults)

    GAME: ClassVar[str] = "rummble"
    TITLE: ClassVar[str] = "Rummble"
    KEYS: ClassVar[tuple[str, ...]] = ("game", "board", "rack", "rules")
    PUZZLE_KEYS: ClassVar[tuple[str, ...]] = KEYS  # a puzzle's position has them all
    RULES: ClassVar[dict[str, tuple]] = {"rummmble_bonus": (True, False), "tile_set": TILE_SETS}

    @classmethod
    def from_dict(cls, data: Any) -> "RummblePosition":
        check_game(data, cls.GAME, cls.TITLE)
        check_keys(data, cls.TITLE, cls.KEYS, ("board", "rack"))
        rules = read_rules(data.get("rules", {}), cls.RULES)
        return cls(read_squares(data["board"], "board"), read_tiles(data["rack"], "rack"), tuple(sorted(rules.items())))

    def to_dict(self) -> dict[str, Any]:
        data = {"game": self.GAME, "board": [[row, col, laid.notation()] for row, col, laid in self.board],
                "rack": [tile.notation() for tile in self.rack]}
        if self.rules:
            data["rules"] = dict(self.rules)
        return data

    def parameters(self, params: RummbleParameters | None = None) -> RummbleParameters:
        """``params`` (or a two-seat game's) under this position's own house rules."""
        return replace(params or RummbleParameters(seats=("human", "human")), **dict(self.rules))

    def to_board(self) -> Board:
        return Board.from_tiles(self.board)

    def check_legal(self) -> "RummblePosition":
        """This position, or PositionError when no game could reach it."""
        check_copies([laid.rack_tile for _, _, laid in self.board] + list(self.rack), "board and rack together name")
        for first, step, tiles in self.to_board().lines():
            problem = line_problem(range(first, first + step * len(tiles), step), tiles)
            if problem:
                raise PositionError(f"the board is not legal: {problem}")
        return self

    @staticmethod
    def check_solution(value: Any) -> None:
        """PositionError unless a puzzle's solution has the shape of analyze's play: a non-empty
        list of [row, column, tile]. Whether it is legal is the puzzle module's ``verify``."""
        if not isinstance(value, list) or not value:
            raise PositionError("solution must be a non-empty list of [row, column, tile]")
        for entry in value:
            _check_solution_square(entry)

    def to_state(self, params: RummbleParameters) -> RummbleState:
        """A game with seat 0 on turn holding the rack (the other seats' racks empty)."""
        params = self.parameters(params)
        racks = [list(self.rack)] + [[] for _ in params.seats[1:]]
        return RummbleState.from_position(params, list(self.board), racks, current=0)
