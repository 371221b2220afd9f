"""The Tumblewords sandbox's scenario: letters stacked in columns (gravity kept) and a hand.

A column is edited from the bottom up, so no letter ever floats above a vacant square: a
letter added to a column lands on its lowest vacant square, and taking one out lets the
letters above it fall. The bag's counts limit the letters (E×12 … Z×1, two blanks); a blank
on the board shows its letter in lower case. ``position()`` is the analyze position
``{game, rows, hand, min_length}``. No pygame here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rummi_desktop.games.tumblewords.rules.grid import BAG_COUNTS, BLANK, BOARD_SIZES, LETTERS, Grid
from rummi_desktop.scenes.sandbox.scenario_error import ScenarioError

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
            raise ScenarioError(f"the bag holds only {BAG_COUNTS[letter]} {'blanks' if letter == BLANK else letter}")

    def drop(self, col: int, shown: str) -> None:
        """``shown`` (a capital, or lower case for a blank) onto column ``col``'s stack."""
        if len(self.columns[col]) >= self.rows:
            raise ScenarioError(f"column {col + 1} is full")
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

    def position(self) -> dict[str, Any]:
        position = {"game": "tumblewords", "rows": self.row_texts(), "hand": list(self.hand)}
        if self.min_length != 2:
            position["min_length"] = self.min_length
        return position

    @classmethod
    def from_position(cls, position: dict[str, Any]) -> "TumblewordsScenario":
        if not isinstance(position, dict) or position.get("game") != "tumblewords":
            raise ScenarioError("this is not a Tumblewords position")
        rows, hand = position.get("rows"), position.get("hand", [])
        if not (isinstance(rows, list) and rows and all(isinstance(r, str) for r in rows)) or not isinstance(hand, list):
            raise ScenarioError("rows must be a list of strings and the hand a list of letters")
        try:
            Grid.from_rows(rows)  # the model's word on the shape and on gravity
        except ValueError as error:
            raise ScenarioError(str(error)) from error
        if (len(rows[0]), len(rows)) not in BOARD_SIZES.values():
            raise ScenarioError(f"a {len(rows[0])} × {len(rows)} board is none of the game's sizes")
        length = position.get("min_length", 2)
        if length not in (2, 3):
            raise ScenarioError("the shortest word is 2 or 3 letters")
        scenario = cls([[] for _ in rows[0]], len(rows), [], length)
        for r in range(len(rows) - 1, -1, -1):
            for col, shown in enumerate(rows[r]):
                if shown != ".":
                    scenario.drop(col, shown.upper() if not shown.islower() else shown)
        for letter in hand:
            if not (isinstance(letter, str) and letter in PALETTE_LETTERS):
                raise ScenarioError(f"{letter!r} is not a letter (A to Z, or ? for a blank)")
            scenario.add_to_hand(letter)
        return scenario
