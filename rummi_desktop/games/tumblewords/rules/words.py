"""The Tumblewords word finder: every dictionary word through the newly dropped tile.

An occurrence is an unbroken span of tiles in the new tile's row or column that contains the
new tile, read in one of four directions (right, left along the row; down, up along the
column). Each (span, direction) spelling a word of at least ``min_length`` letters counts once
and scores one point per letter, so a palindrome scores twice and STOP/POTS both ways.
Pure module (no pygame, no I/O).
"""

from __future__ import annotations

from typing import NamedTuple

from rummi_desktop.games.tumblewords.rules.dictionary import Dictionary

DIRECTIONS = ("right", "left", "down", "up")
_STEP = {"right": (0, 1), "left": (0, -1), "down": (1, 0), "up": (-1, 0)}


class FoundWord(NamedTuple):
    """A word on the board: its letters as read (upper-case), its direction, and the squares
    of its first and last letters as read."""

    word: str
    direction: str
    start: tuple[int, int]
    end: tuple[int, int]

    @property
    def points(self) -> int:
        return len(self.word)

    def span(self) -> str:
        """``"3,4-3,7"``: first letter's row,col to last letter's, in reading order."""
        return f"{self.start[0]},{self.start[1]}-{self.end[0]},{self.end[1]}"

    def squares(self) -> list[tuple[int, int]]:
        return span_squares(self.start, self.end)

    def to_data(self) -> dict:
        """As the analyze answer writes it: ``{"word": "CATS", "dir": "right", "points": 4}``."""
        return {"word": self.word, "dir": self.direction, "points": self.points}


def span_squares(start: tuple[int, int], end: tuple[int, int]) -> list[tuple[int, int]]:
    """The squares from ``start`` to ``end`` (one row or column), in reading order."""
    direction = direction_of(start, end)
    if direction is None:
        return [start] if start == end else []
    step_row, step_col = _STEP[direction]
    length = max(abs(end[0] - start[0]), abs(end[1] - start[1])) + 1
    return [(start[0] + i * step_row, start[1] + i * step_col) for i in range(length)]


def direction_of(start: tuple[int, int], end: tuple[int, int]) -> str | None:
    """The reading direction from ``start`` to ``end`` (None unless they share a row or a
    column and differ)."""
    (r1, c1), (r2, c2) = start, end
    if r1 == r2 and c1 != c2:
        return "right" if c2 > c1 else "left"
    if c1 == c2 and r1 != r2:
        return "down" if r2 > r1 else "up"
    return None


def _run(line: list[str], at: int) -> tuple[int, int]:
    """The unbroken run of tiles around index ``at`` of ``line``: (first, last) indices."""
    first, last = at, at
    while first > 0 and line[first - 1] != ".":
        first -= 1
    while last < len(line) - 1 and line[last + 1] != ".":
        last += 1
    return first, last


def _line_words(line: list[str], at: int, dictionary: Dictionary, min_length: int) -> list[tuple[int, int, bool]]:
    """Spans (a, b) through ``at`` spelling a word: ``(a, b, forwards)`` for each reading."""
    first, last = _run(line, at)
    text = "".join(line[first:last + 1]).lower()
    words = dictionary.words
    found = []
    for a in range(first, at + 1):
        for b in range(max(at, a + min_length - 1), last + 1):
            piece = text[a - first:b - first + 1]
            if piece in words:
                found.append((a, b, True))
            if piece[::-1] in words:
                found.append((a, b, False))
    return found


def find_words(shown: list[str], columns: int, row: int, col: int, dictionary: Dictionary,
               min_length: int = 2) -> list[FoundWord]:
    """Every word through the tile at (row, col) of a board given as its shown letters
    (row-major, ``"."`` vacant): row readings first, then column readings, by span."""
    rows = len(shown) // columns
    found = []
    across = shown[row * columns:(row + 1) * columns]
    for a, b, forwards in _line_words(across, col, dictionary, min_length):
        start, end = ((row, a), (row, b)) if forwards else ((row, b), (row, a))
        found.append(_found(shown, columns, start, end))
    down = shown[col::columns]
    assert len(down) == rows
    for a, b, forwards in _line_words(down, row, dictionary, min_length):
        start, end = ((a, col), (b, col)) if forwards else ((b, col), (a, col))
        found.append(_found(shown, columns, start, end))
    return found


def _found(shown: list[str], columns: int, start: tuple[int, int], end: tuple[int, int]) -> FoundWord:
    letters = "".join(shown[r * columns + c] for r, c in span_squares(start, end))
    return FoundWord(letters.upper(), direction_of(start, end) or "right", start, end)


def drop_score(words: list[FoundWord]) -> int:
    return sum(word.points for word in words)
