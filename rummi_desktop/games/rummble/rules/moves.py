"""Rummble moves: small frozen values with a text notation that round-trips.

A move names tiles by face, as they are on the rack (the two copies of R7 are interchangeable;
the state takes the first matching tile of the rack), so the log reads like the game.

Notation (``Move.parse(m.notation()) == m``)::

    play R2@6,5 B3@6,6 J=K7@7,6   lay R2 on row 6 column 5, B3 on the star, and a joker declared
                                  as K7 on row 7 column 6 (rows and columns 0–12, row 0 on top)
    exchange R2 K7 J              give these rack tiles back to the pool for as many new ones
    pass                          do nothing this turn
    resign                        give the game up (it ends at once; the seat loses)

Each placement is ``TILE@ROW,COL`` with TILE a laid tile: ``R7``, or ``J=K7`` for a joker (the
board view and analyze write laid tiles the same way). A play's placements are kept in square
order and an exchange's tiles sorted, so one play has one notation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from rummi_desktop.games.base import RESIGN, IllegalMove, MoveNotationError, MoveVerbs
from rummi_desktop.games.base import Move as GameMove
from rummi_desktop.games.resignation import Resignation
from rummi_desktop.games.rummble.rules.board import Laid, square
from rummi_desktop.tiles import Tile, format_tiles, parse_tiles

__all__ = ["IllegalMove", "MoveNotationError", "VERBS", "Move", "Placement", "Play", "Exchange", "Pass", "Resign"]

VERBS = MoveVerbs("rummble")


class Placement(NamedTuple):
    """One tile of a play: where it goes and what it is (a joker with its declared tile)."""

    row: int
    col: int
    laid: Laid

    @property
    def square(self) -> int:
        return square(self.row, self.col)

    def notation(self) -> str:
        return f"{self.laid.notation()}@{self.row},{self.col}"

    @classmethod
    def parse(cls, text: str) -> "Placement":
        tile, at, where = text.partition("@")
        row, comma, col = where.partition(",")
        if not at or not comma or not row.isdigit() or not col.isdigit():
            raise ValueError(f"{text!r} is not a placement (write e.g. R7@6,5 or J=K7@6,5)")
        square(int(row), int(col))  # on the board, or ValueError
        return cls(int(row), int(col), Laid.parse(tile))


class Move(GameMove, verbs=VERBS):
    """A Rummble move (the state carries it out)."""


@dataclass(frozen=True, repr=False)
class Play(Move):
    verb: ClassVar[str] = "play"
    placements: tuple[Placement, ...]

    def __post_init__(self) -> None:
        if not self.placements:
            raise ValueError("a play places at least one tile")
        ordered = tuple(sorted(Placement(int(p[0]), int(p[1]), Laid(*p[2])) for p in self.placements))
        object.__setattr__(self, "placements", ordered)

    @classmethod
    def of(cls, *placements: tuple[int, int, str | Laid]) -> "Play":
        """``Play.of((6, 5, "R2"), (6, 6, "J=B3"))``."""
        return cls(tuple(Placement(row, col, tile if isinstance(tile, Laid) else Laid.parse(tile))
                         for row, col, tile in placements))

    @classmethod
    def from_words(cls, words: list[str]) -> "Play":
        return cls(tuple(Placement.parse(word) for word in words))

    def notation(self) -> str:
        return "play " + " ".join(placement.notation() for placement in self.placements)

    def rack_tiles(self) -> list[Tile]:
        return [placement.laid.rack_tile for placement in self.placements]


@dataclass(frozen=True, repr=False)
class Exchange(Move):
    verb: ClassVar[str] = "exchange"
    tiles: tuple[Tile, ...]

    def __post_init__(self) -> None:
        if not self.tiles:
            raise ValueError("an exchange gives back at least one tile")
        object.__setattr__(self, "tiles", tuple(sorted(self.tiles)))

    @classmethod
    def from_words(cls, words: list[str]) -> "Exchange":
        return cls(tuple(parse_tiles(words)))

    def notation(self) -> str:
        return f"exchange {format_tiles(self.tiles)}"


@dataclass(frozen=True, repr=False)
class Pass(Move):
    verb: ClassVar[str] = "pass"

    @classmethod
    def from_words(cls, words: list[str]) -> "Pass":
        if words:
            raise MoveNotationError("pass takes nothing after it")
        return cls()

    def notation(self) -> str:
        return "pass"


@dataclass(frozen=True, repr=False)
class Resign(Resignation, Move):
    verb: ClassVar[str] = RESIGN
