"""The Tumblewords sandbox's scenario: letters stacked in columns (gravity kept) and a hand.

A column is edited from the bottom up, so no letter ever floats above a vacant square: a
letter added to a column lands on its lowest vacant square, and taking one out lets the
letters above it fall. The bag's counts limit the letters (E×12 … Z×1, two blanks); a blank
on the board shows its letter in lower case. ``position()`` is the analyze position
``{game, rows, hand, min_length}``, written and read by the rules' :class:`TumblewordsPosition`;
what the editor refuses is a PositionError too. No pygame here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rummi_desktop.games.positions import PositionError
from rummi_desktop.games.tumblewords.rules.grid import (
    BAG_COUNTS,
    BLANK,
    BOARD_SIZES,
    LETTERS,
)
from rummi_desktop.games.tumblewords.rules.parameters import MIN_LENGTHS
from rummi_desktop.games.tumblewords.rules.position import TumblewordsPosition
from rummi_desktop.scenes.sandbox.opened_position import opened_position

PALETTE_LETTERS: tuple[str, ...] = (*LETTERS, BLANK)


def face_of(shown: str) -> str:
    """The tile a shown letter is: a capital is itself, lower case is a blank."""
    return BLANK if shown.islower() else shown


@dataclass
class TumblewordsScenario:
    columns: list[list[str]] = field(default_factory=lambda: [[] for _ in range(8)])  # bottom up
    rows: int = 8
    hand: list[str] = field(default_factory=list)
    min_length: int = 2

    @property
    def size(self) -> str:
        return next(name for name, dims in BOARD_SIZES.items() if dims == (len(self.columns), self.rows))

    def in_use(self) -> Counter[str]:
        return Counter([*(face_of(s) for column in self.columns for s in column), *self.hand])

    def copies_left(self, letter: str) -> int:
        return BAG_COUNTS[letter] - self.in_use()[letter]

    def _take(self, letter: str) -> None:
        if self.copies_left(letter) <= 0:
            raise PositionError(f"the bag holds only {BAG_COUNTS[letter]} {'blanks' if letter == BLANK else letter}")

    def drop(self, col: int, shown: str) -> None:
        """``shown`` (a capital, or lower case for a blank) onto column ``col``'s stack."""
        if len(self.columns[col]) >= self.rows:
            raise PositionError(f"column {col + 1} is full")
        self._take(face_of(shown))
        self.columns[col].append(shown)

    def lift(self, col: int, height: int) -> None:
        """Take out the letter ``height`` squares up column ``col``; those above fall."""
        del self.columns[col][height]

    def add_to_hand(self, letter: str) -> None:
        self._take(letter)
        self.hand.append(letter)

    def clear(self) -> None:
        self.columns = [[] for _ in self.columns]
        self.hand.clear()

    def copy(self) -> "TumblewordsScenario":
        return TumblewordsScenario([list(c) for c in self.columns], self.rows, list(self.hand), self.min_length)

    def row_texts(self) -> list[str]:
        return ["".join(column[self.rows - 1 - r] if self.rows - 1 - r < len(column) else "."
                        for column in self.columns) for r in range(self.rows)]

    def as_position(self) -> TumblewordsPosition:
        return TumblewordsPosition(tuple(self.row_texts()), tuple(self.hand), self.min_length)

    def position(self) -> dict[str, Any]:
        return self.as_position().to_dict()

    @classmethod
    def from_position(cls, position: dict[str, Any]) -> "TumblewordsScenario":
        """The scenario of an analyze position (read by :class:`TumblewordsPosition`), on one
        of the game's boards; PositionError saying what is wrong."""
        read = TumblewordsPosition.from_dict(opened_position(position, TumblewordsPosition.PUZZLE_KEYS, {"hand": []}))
        rows = read.rows
        if (len(rows[0]), len(rows)) not in BOARD_SIZES.values():
            raise PositionError(f"a {len(rows[0])} × {len(rows)} board is none of the game's sizes")
        if read.min_length not in MIN_LENGTHS:
            raise PositionError("the shortest word is 2 or 3 letters")
        scenario = cls([[] for _ in rows[0]], len(rows), [], read.min_length)
        for r in range(len(rows) - 1, -1, -1):  # bottom up: each letter lands where it is shown
            for col, shown in enumerate(rows[r]):
                if shown != ".":
                    scenario.drop(col, shown)
        for letter in read.hand:
            scenario.add_to_hand(letter)
        return scenario
