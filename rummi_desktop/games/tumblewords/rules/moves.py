"""Tumblewords moves: small frozen values with a text notation that round-trips.

Notation (``Move.parse(m.notation()) == m``; rows and columns count from 0, row 0 on top)::

    drop 4 T              drop the letter T from the hand into column 4
    drop 4 t              drop a blank into column 4, declared as T (lower case = a blank)
    pass                  drop nothing (draws nothing)
    claim 3,4-3,7 6,2-3,2 Claim mode: the words the seat marks, each as the row,col of its
                          first letter to the row,col of its last letter in reading order
                          (3,4-3,7 reads right, 3,7-3,4 left, 6,2-3,2 up, 3,2-6,2 down)
    done                  Claim mode: the seat has claimed all it will (ends its claiming, or
                          a Pressure Cooker steal window)
    timeout               Ticker: the turn clock ran out (the turn, or the steal window, ends)
    resign                the seat on turn gives the game up (it ends at once; the seat loses)

Where the column lands the letter is the rules' business (the lowest vacant square), so a drop
names only the column. A claim's spans keep the order the seat marked them in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rummi_desktop.games.base import RESIGN, IllegalMove, MoveNotationError, MoveVerbs
from rummi_desktop.games.base import Move as GameMove
from rummi_desktop.games.resignation import Resignation
from rummi_desktop.games.tumblewords.rules.words import direction_of

__all__ = ["IllegalMove", "MoveNotationError", "VERBS", "Move", "Drop", "Pass", "Claim", "Done", "Timeout", "Resign",
           "Span", "parse_span"]

VERBS = MoveVerbs("tumblewords")
Span = tuple[tuple[int, int], tuple[int, int]]  # (first letter's row, col), (last letter's)


def _square(text: str) -> tuple[int, int]:
    row, comma, col = text.partition(",")
    if not comma or not row.isdigit() or not col.isdigit():
        raise ValueError(f"{text!r} is not a square (write row,col)")
    return int(row), int(col)


def parse_span(text: str) -> Span:
    """``"3,4-3,7"`` → ((3, 4), (3, 7)); ValueError unless it is a straight line of 2+ squares."""
    first, dash, last = text.partition("-")
    if not dash:
        raise ValueError(f"{text!r} is not a span (write e.g. 3,4-3,7)")
    span = (_square(first), _square(last))
    if direction_of(*span) is None:
        raise ValueError(f"{text!r} is not a straight line of two or more squares")
    return span


def span_text(span: Span) -> str:
    (r1, c1), (r2, c2) = span
    return f"{r1},{c1}-{r2},{c2}"


class Move(GameMove, verbs=VERBS):
    """A Tumblewords move (the state carries it out)."""


def _no_words(verb: str, words: list[str]) -> None:
    if words:
        raise MoveNotationError(f"{verb} takes nothing after it")


@dataclass(frozen=True, repr=False)
class Drop(Move):
    verb: ClassVar[str] = "drop"
    column: int
    letter: str  # the letter it shows, upper-case
    blank: bool = False

    def __post_init__(self) -> None:
        if not (len(self.letter) == 1 and self.letter.isascii() and self.letter.isupper()):
            raise ValueError(f"a drop shows one letter A–Z, not {self.letter!r}")
        if self.column < 0:
            raise ValueError("columns count from 0")

    @classmethod
    def from_words(cls, words: list[str]) -> "Drop":
        column, letter = words
        if not column.isdigit() or len(letter) != 1 or not (letter.isascii() and letter.isalpha()):
            raise MoveNotationError(f"drop {' '.join(words)} is not a drop (write e.g. drop 4 T, or drop 4 t for a blank)")
        return cls(int(column), letter.upper(), blank=letter.islower())

    @property
    def hand_letter(self) -> str:
        """What it takes from the hand: the letter, or ``?`` for a blank."""
        return "?" if self.blank else self.letter

    def notation(self) -> str:
        return f"drop {self.column} {self.letter.lower() if self.blank else self.letter}"


@dataclass(frozen=True, repr=False)
class Claim(Move):
    verb: ClassVar[str] = "claim"
    spans: tuple[Span, ...]

    def __post_init__(self) -> None:
        if not self.spans:
            raise ValueError("a claim names at least one word")
        spans = tuple(((int(a[0]), int(a[1])), (int(b[0]), int(b[1]))) for a, b in self.spans)
        for span in spans:
            if direction_of(*span) is None:
                raise ValueError(f"{span_text(span)} is not a straight line of two or more squares")
        object.__setattr__(self, "spans", spans)

    @classmethod
    def from_words(cls, words: list[str]) -> "Claim":
        return cls(tuple(parse_span(word) for word in words))

    def notation(self) -> str:
        return "claim " + " ".join(span_text(span) for span in self.spans)


@dataclass(frozen=True, repr=False)
class Pass(Move):
    verb: ClassVar[str] = "pass"

    @classmethod
    def from_words(cls, words: list[str]) -> "Pass":
        _no_words("pass", words)
        return cls()

    def notation(self) -> str:
        return "pass"


@dataclass(frozen=True, repr=False)
class Done(Move):
    verb: ClassVar[str] = "done"

    @classmethod
    def from_words(cls, words: list[str]) -> "Done":
        _no_words("done", words)
        return cls()

    def notation(self) -> str:
        return "done"


@dataclass(frozen=True, repr=False)
class Timeout(Move):
    verb: ClassVar[str] = "timeout"

    @classmethod
    def from_words(cls, words: list[str]) -> "Timeout":
        _no_words("timeout", words)
        return cls()

    def notation(self) -> str:
        return "timeout"


@dataclass(frozen=True, repr=False)
class Resign(Resignation, Move):
    verb: ClassVar[str] = RESIGN
