"""The one drop check (the state, the computer seats and analyze all use it): where a drop
lands, which words it makes and what it scores, or why it is refused. Nothing changes.
Pure module (no pygame, no I/O).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rummi_desktop.games.tumblewords.rules.dictionary import Dictionary
from rummi_desktop.games.tumblewords.rules.grid import BLANK, LETTERS, Grid
from rummi_desktop.games.tumblewords.rules.moves import Drop
from rummi_desktop.games.tumblewords.rules.words import FoundWord, drop_score, find_words


@dataclass(frozen=True, slots=True)
class DropVerdict:
    """A drop's verdict: legal or the reason not, the square it lands on, the words it makes."""

    legal: bool
    reason: str = ""
    row: int = -1
    col: int = -1
    words: tuple[FoundWord, ...] = ()

    @property
    def score(self) -> int:
        return drop_score(list(self.words))


def drop_problem(grid: Grid, hand: Sequence[str], drop: Drop) -> str:
    """Why ``drop`` cannot be made from ``hand`` (letters, ``?`` a blank) on ``grid``; ""."""
    if not 0 <= drop.column < grid.columns:
        return f"there is no column {drop.column} (columns 0–{grid.columns - 1})"
    if grid.landing_row(drop.column) is None:
        return f"column {drop.column} is full"
    if drop.hand_letter not in hand:
        return "your hand has no blank" if drop.blank else f"your hand has no {drop.letter}"
    return ""


def check_drop(grid: Grid, hand: Sequence[str], drop: Drop, dictionary: Dictionary,
               min_length: int = 2) -> DropVerdict:
    """Where ``drop`` would land and the words it would make (the grid is left as it was)."""
    problem = drop_problem(grid, hand, drop)
    if problem:
        return DropVerdict(False, problem)
    row = grid.landing_row(drop.column)
    assert row is not None
    shown = list(grid.shown)
    shown[grid.square(row, drop.column)] = drop.letter.lower() if drop.blank else drop.letter
    words = find_words(shown, grid.columns, row, drop.column, dictionary, min_length)
    return DropVerdict(True, "", row, drop.column, tuple(words))


def possible_drops(grid: Grid, hand: Sequence[str]) -> list[Drop]:
    """Every legal drop from ``hand``: each distinct letter in each open column, and a blank
    as each letter A–Z."""
    columns = [col for col in range(grid.columns) if grid.landing_row(col) is not None]
    drops = []
    for letter in sorted(set(hand)):
        if letter == BLANK:
            drops.extend(Drop(col, shown, blank=True) for col in columns for shown in LETTERS)
        else:
            drops.extend(Drop(col, letter) for col in columns)
    return drops
