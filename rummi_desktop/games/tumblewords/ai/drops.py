"""Tumblewords drops weighed by their immediate score: every legal drop from a hand with the
rules model's own verdict (:func:`~rummi_desktop.games.tumblewords.rules.play.check_drop`), and the
best of them. Shared by the computer seats and analyze's solve mode.

Between drops of equal score the best keeps a blank in hand (a blank is worth more later),
then takes the first in :func:`possible_drops` order (letters A–Z, columns left to right), so
the answer is always the same. Pure module (no pygame, no I/O).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rummi_desktop.games.tumblewords.rules.dictionary import Dictionary
from rummi_desktop.games.tumblewords.rules.grid import Grid
from rummi_desktop.games.tumblewords.rules.moves import Drop
from rummi_desktop.games.tumblewords.rules.play import DropVerdict, check_drop, possible_drops


@dataclass(frozen=True, slots=True)
class ScoredDrop:
    """A legal drop and its verdict (where it lands, the words it makes)."""

    drop: Drop
    verdict: DropVerdict

    @property
    def score(self) -> int:
        return self.verdict.score

    @property
    def rank(self) -> tuple[int, bool]:
        """Higher is better: the score, then keeping the blank."""
        return self.score, not self.drop.blank


def scored_drops(grid: Grid, hand: Sequence[str], dictionary: Dictionary, min_length: int = 2) -> list[ScoredDrop]:
    """Every legal drop from ``hand`` with its verdict, in :func:`possible_drops` order."""
    return [ScoredDrop(drop, check_drop(grid, hand, drop, dictionary, min_length))
            for drop in possible_drops(grid, hand)]


def best_of(drops: Sequence[ScoredDrop]) -> ScoredDrop | None:
    """The highest-ranked drop, the first of equals (None for no drops)."""
    best = None
    for scored in drops:
        if best is None or scored.rank > best.rank:
            best = scored
    return best


def best_drop(grid: Grid, hand: Sequence[str], dictionary: Dictionary, min_length: int = 2) -> ScoredDrop | None:
    """The best immediate drop from ``hand`` (None when no column is open or the hand is empty)."""
    return best_of(scored_drops(grid, hand, dictionary, min_length))
