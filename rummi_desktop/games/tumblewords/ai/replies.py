"""What the board offers the seat that plays next: for every open column and every letter, the
points that letter would score there, and the expected best of them for a hand drawn from the
letters this seat cannot see.

Scoring many hypothetical drops is the computer seats' hot path, so a square's points are the
sum of its row run and its column run (the runs of tiles through it), each scored by the rules
model's word finder (:func:`~rummi_desktop.games.tumblewords.rules.words.find_words`) on that run alone
and remembered by the run's letters: the same run recurs across columns, candidate drops and
turns, so the memo is kept from one move to the next while the word list and the minimum
length stay the same (cleared past ``MEMO_LIMIT`` runs).
The sum is exactly what :func:`~rummi_desktop.games.tumblewords.rules.play.check_drop` scores (the
tests check it). After one drop only its own column and the columns landing on its row can
score differently, so :meth:`ReplyTable.after` rescores just those.
Pure module (no pygame, no I/O).
"""

from __future__ import annotations

from collections import Counter
from math import comb

from rummi_desktop.games.tumblewords.rules.dictionary import Dictionary
from rummi_desktop.games.tumblewords.rules.grid import BLANK, LETTERS, Grid
from rummi_desktop.games.tumblewords.rules.words import drop_score, find_words


MEMO_LIMIT = 100_000  # remembered runs (some 15 MB at most); then the memo starts again
_memo: dict[str, object] = {"for": None, "runs": {}}


def _runs_memo(dictionary: Dictionary, min_length: int) -> dict[tuple[str, str, str], int]:
    """The run scores remembered for this word list and minimum length (a fresh memo when
    either changed, or when it grew past MEMO_LIMIT)."""
    runs = _memo["runs"]
    assert isinstance(runs, dict)
    if _memo["for"] != (dictionary, min_length) or len(runs) > MEMO_LIMIT:
        runs = {}
        _memo.update({"for": (dictionary, min_length), "runs": runs})
    return runs


class SquareScorer:
    """Points of a letter on a square, with the runs' scores remembered (see the module docstring)."""

    def __init__(self, dictionary: Dictionary, min_length: int) -> None:
        self.dictionary, self.min_length = dictionary, min_length
        self._runs = _runs_memo(dictionary, min_length)

    def run_points(self, before: str, letter: str, after: str) -> int:
        """The points of the words through ``letter`` in the run ``before + letter + after``."""
        key = (before, letter, after)
        points = self._runs.get(key)
        if points is None:
            text = list(before + letter + after)
            points = drop_score(find_words(text, len(text), 0, len(before), self.dictionary, self.min_length))
            self._runs[key] = points
        return points

    def column_points(self, grid: Grid, col: int) -> dict[str, int]:
        """Points of each letter A–Z dropped into ``col`` ({} when the column is full)."""
        row = grid.landing_row(col)
        if row is None:
            return {}
        left, right = _runs(grid.shown, row * grid.columns, col, grid.columns, 1)
        up, down = _runs(grid.shown, col, row, grid.rows, grid.columns)
        return {letter: self.run_points(left, letter, right) + self.run_points(up, letter, down)
                for letter in LETTERS}

    def square_points(self, grid: Grid, col: int, letter: str) -> int:
        return self.column_points(grid, col).get(letter.upper(), 0)


def _runs(shown: list[str], first: int, at: int, length: int, step: int) -> tuple[str, str]:
    """The tiles just before and just after index ``at`` of the line starting at ``first``
    (``length`` squares, ``step`` apart), in capitals: a blank reads as its letter."""
    start = at
    while start > 0 and shown[first + (start - 1) * step] != ".":
        start -= 1
    end = at
    while end < length - 1 and shown[first + (end + 1) * step] != ".":
        end += 1
    before = "".join(shown[first + i * step] for i in range(start, at))
    after = "".join(shown[first + i * step] for i in range(at + 1, end + 1))
    return before.upper(), after.upper()


class ReplyTable:
    """``points[col][letter]``: what each letter would score in each column of one board."""

    def __init__(self, points: list[dict[str, int]]) -> None:
        self.points = points

    @classmethod
    def build(cls, scorer: SquareScorer, grid: Grid) -> "ReplyTable":
        return cls([scorer.column_points(grid, col) for col in range(grid.columns)])

    def after(self, scorer: SquareScorer, grid: Grid, col: int, row: int) -> "ReplyTable":
        """The table of ``grid``, which is this table's board after a drop onto (row, col)."""
        points = list(self.points)
        for other in range(grid.columns):
            if other == col or grid.landing_row(other) == row:
                points[other] = scorer.column_points(grid, other)
        return ReplyTable(points)

    def letter_best(self) -> dict[str, int]:
        """Each letter's best score anywhere; a blank's is the best of all."""
        best = {letter: max((column.get(letter, 0) for column in self.points), default=0) for letter in LETTERS}
        best[BLANK] = max(best.values())
        return best

    def best_square(self, letter: str) -> tuple[int, int]:
        """(column, points) of the letter's best column (-1 when every column is full)."""
        choices = [(column.get(letter, 0), -col) for col, column in enumerate(self.points) if column]
        if not choices:
            return -1, 0
        points, negative_col = max(choices)
        return -negative_col, points


def expected_best(values: dict[str, int], pool: Counter, hand_size: int) -> float:
    """The expected best of ``values`` over a hand of ``hand_size`` letters drawn at random from
    ``pool`` (letter -> copies), exactly: E[max] = sum over the distinct values v of
    (v - the next lower value) * P(some letter in the hand is worth >= v)."""
    tiles = sum(pool.values())
    hand_size = min(hand_size, tiles)
    if hand_size <= 0:
        return 0.0
    by_value: Counter = Counter()
    for letter, copies in pool.items():
        by_value[values.get(letter, 0)] += copies
    hands = comb(tiles, hand_size)
    expected, below, at_least = 0.0, 0, tiles
    for value in sorted(by_value):
        if value > 0:
            expected += (value - below) * (1 - comb(tiles - at_least, hand_size) / hands)
            below = value
        at_least -= by_value[value]
    return expected
