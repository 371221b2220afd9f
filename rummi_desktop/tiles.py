"""The numbered tile shared by Rummi and Rummble: value object, notation, tile sets.

A tile is a value: the two copies of ``R7`` are equal and interchangeable, so piles of tiles
are multisets (``collections.Counter``). Pure module: no pygame, no I/O.

Notation (rules/rummi.md): colour letter + number (``R7``, ``B13``, ``K1``), joker ``J``.
Parsing is case-insensitive and tolerant of surrounding blanks; printing is upper case.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable

COLOURS: tuple[str, ...] = ("K", "B", "R", "Y")
COLOUR_NAMES: dict[str, str] = {"K": "black", "B": "blue", "R": "red", "Y": "yellow"}
LOWEST, HIGHEST = 1, 13
JOKER_PENALTY = 30
COPIES = 2
JOKERS_IN_SET = 2


class NotationError(ValueError):
    """Text that is not tile notation at all (empty, unknown colour, not a number)."""


class TileRangeError(NotationError):
    """Well-formed notation naming a tile that does not exist (``R14``, ``K0``)."""


@dataclass(frozen=True, slots=True, order=True)
class Tile:
    """One tile: ``colour`` in COLOURS and ``number`` 1–13, or the joker (colour ``""``, 0)."""

    colour: str
    number: int

    def __post_init__(self) -> None:
        if self.colour == "" and self.number == 0:
            return
        if self.colour not in COLOURS:
            raise TileRangeError(f"unknown colour {self.colour!r} (use one of K, B, R, Y)")
        if not LOWEST <= self.number <= HIGHEST:
            raise TileRangeError(f"no tile numbered {self.number} (numbers run 1 to 13)")

    @property
    def is_joker(self) -> bool:
        return self.colour == ""

    @property
    def penalty(self) -> int:
        """What this tile costs when left on a rack at round end (jokers 30)."""
        return JOKER_PENALTY if self.is_joker else self.number

    @classmethod
    def parse(cls, text: str) -> "Tile":
        """``Tile.parse("r7") == Tile("R", 7)``; ``Tile.parse("J")`` is the joker."""
        if not isinstance(text, str):
            raise NotationError(f"a tile must be written as text, not {type(text).__name__}")
        code = text.strip().upper()
        if code == "J":
            return JOKER
        if len(code) < 2:
            raise NotationError(f"{text!r} is not a tile (write e.g. R7, B13, K1 or J)")
        colour, digits = code[0], code[1:]
        if colour not in COLOURS:
            raise NotationError(f"{text!r}: unknown colour {colour!r} (use K, B, R, Y or J)")
        if not digits.isdigit() or not digits.isascii():
            raise NotationError(f"{text!r}: {digits!r} is not a number")
        try:
            return cls(colour, int(digits))
        except TileRangeError as error:
            # Echo what was written ("R014" is not what "no tile numbered 14" points at).
            raise TileRangeError(f"{text!r}: {error}") from None

    def notation(self) -> str:
        return "J" if self.is_joker else f"{self.colour}{self.number}"

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Tile.parse({self.notation()!r})"


JOKER = Tile("", 0)


def parse_tiles(text: str | Iterable[str]) -> list[Tile]:
    """Tiles from ``"R5 R6 J"`` or from ``["R5", "R6", "J"]``, in order."""
    words = text.split() if isinstance(text, str) else list(text)
    return [Tile.parse(word) for word in words]


def format_tiles(tiles: Iterable[Tile]) -> str:
    """``"R5 R6 J"``: the inverse of :func:`parse_tiles`."""
    return " ".join(tile.notation() for tile in tiles)


def standard_set(jokers: int = JOKERS_IN_SET) -> list[Tile]:
    """The 106 tiles: numbers 1–13 in four colours, two copies each, plus two jokers (or the
    ``jokers`` a house rule deals: 108 tiles with four)."""
    return numbered_set(HIGHEST, jokers=jokers)


def short_set() -> list[Tile]:
    """Rummble's short set: numbers 1–9 in four colours, two copies each, plus two jokers."""
    return numbered_set(9)


def numbered_set(highest: int, copies: int = COPIES, jokers: int = JOKERS_IN_SET) -> list[Tile]:
    numbered = [
        Tile(colour, number)
        for _ in range(copies)
        for colour in COLOURS
        for number in range(LOWEST, highest + 1)
    ]
    return numbered + [JOKER] * jokers


SET_FACES: tuple[Tile, ...] = tuple(dict.fromkeys(standard_set()))  # 52 faces + the joker, set order


def copies_in_set(tile: Tile, jokers: int = JOKERS_IN_SET) -> int:
    """How many of this face a set holds (the sandboxes refuse one more)."""
    return jokers if tile.is_joker else COPIES


def excess_copies(tiles: Iterable[Tile], full_set: Iterable[Tile] | None = None) -> list[Tile]:
    """Tiles named more often than the set holds them (``R7`` three times, ``J`` three times)."""
    available = Counter(standard_set() if full_set is None else full_set)
    seen = Counter(tiles)
    return sorted(tile for tile, count in seen.items() if count > available[tile])
