"""The Tumblewords letters and the board: the 100-tile bag, and a grid of columns with gravity.

Tiles are ids ``0 … 99``; id ``i`` shows ``FACES[i]``, a capital letter or ``BLANK`` (``"?"``).
The grid stores ids row-major, row 0 on top; a letter dropped into a column lands on its lowest
vacant square, so no tile ever sits above a vacant square. Pure module (no pygame, no I/O).
"""

from __future__ import annotations

from typing import Iterator

BLANK = "?"
# The standard 100-tile English letter set (letter: copies), in the rules' order.
BAG_COUNTS: dict[str, int] = {
    "E": 12, "A": 9, "I": 9, "O": 8, "N": 6, "R": 6, "T": 6, "L": 4, "S": 4, "U": 4, "D": 4,
    "G": 3, "B": 2, "C": 2, "M": 2, "P": 2, "F": 2, "H": 2, "V": 2, "W": 2, "Y": 2,
    "K": 1, "J": 1, "X": 1, "Q": 1, "Z": 1, BLANK: 2,
}
FACES: tuple[str, ...] = tuple(letter for letter, copies in sorted(BAG_COUNTS.items()) for _ in range(copies))
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# Board sizes (columns, rows) by setup name.
BOARD_SIZES: dict[str, tuple[int, int]] = {"standard": (8, 8), "quick": (7, 6), "long": (10, 10)}


class Grid:
    """``columns`` × ``rows`` squares holding tile ids; ``shown[sq]`` is the letter a square
    shows: ``"."`` vacant, a capital for a letter tile, lower-case for a blank showing it."""

    def __init__(self, columns: int, rows: int) -> None:
        self.columns, self.rows = columns, rows
        self.ids: list[int | None] = [None] * (columns * rows)
        self.shown: list[str] = ["."] * (columns * rows)
        self.heights: list[int] = [0] * columns  # tiles in each column

    def square(self, row: int, col: int) -> int:
        return row * self.columns + col

    def landing_row(self, col: int) -> int | None:
        """The row a letter dropped into ``col`` lands on, or None when the column is full."""
        height = self.heights[col]
        return None if height >= self.rows else self.rows - 1 - height

    def drop(self, col: int, tile_id: int, shown: str) -> int:
        """Put the tile on the lowest vacant square of ``col``; returns its row (the column
        must have room)."""
        row = self.landing_row(col)
        assert row is not None, "a full column takes no letter"
        sq = self.square(row, col)
        self.ids[sq], self.shown[sq] = tile_id, shown
        self.heights[col] += 1
        return row

    @property
    def is_full(self) -> bool:
        return all(height == self.rows for height in self.heights)

    @property
    def bottom_row_full(self) -> bool:
        return all(self.heights)

    def remove_bottom_row(self) -> list[int]:
        """Zapper!: take the bottom row off and move every tile above down one row; returns
        the removed ids (left to right)."""
        bottom = (self.rows - 1) * self.columns
        removed = [tile_id for tile_id in self.ids[bottom:] if tile_id is not None]
        self.ids = [None] * self.columns + self.ids[:bottom]
        self.shown = ["."] * self.columns + self.shown[:bottom]
        self.heights = [max(0, height - 1) for height in self.heights]
        return removed

    def row_texts(self) -> list[str]:
        """The rows top to bottom as text (the analyze format: ``"..CA.S.."``)."""
        return ["".join(self.shown[row * self.columns:(row + 1) * self.columns]) for row in range(self.rows)]

    def placed(self) -> Iterator[tuple[int, int, int]]:
        """``(row, col, id)`` of every tile on the board."""
        for sq, tile_id in enumerate(self.ids):
            if tile_id is not None:
                yield sq // self.columns, sq % self.columns, tile_id

    def gravity_problems(self) -> list[str]:
        """Squares breaking gravity (a tile above a vacant square) or a wrong column height."""
        problems = []
        for col in range(self.columns):
            filled = [self.ids[self.square(row, col)] is not None for row in range(self.rows)]
            height = sum(filled)
            if filled != [False] * (self.rows - height) + [True] * height:
                problems.append(f"column {col} has a tile above a vacant square")
            elif height != self.heights[col]:
                problems.append(f"column {col} counts {self.heights[col]} tiles but holds {height}")
        return problems

    def snapshot(self) -> tuple:
        return tuple(self.ids), tuple(self.shown), tuple(self.heights)

    def restore(self, snapshot: tuple) -> None:
        ids, shown, heights = snapshot
        self.ids, self.shown, self.heights = list(ids), list(shown), list(heights)

    @classmethod
    def from_rows(cls, rows: list[str], ids: list[int | None] | None = None) -> "Grid":
        """A grid from row texts (top to bottom; ``.`` vacant). ``ids`` default to the square
        numbers; ValueError for ragged rows, odd characters or a letter above a vacant square."""
        if not rows or any(len(row) != len(rows[0]) for row in rows) or not rows[0]:
            raise ValueError("the rows must be of one length, at least one square")
        grid = cls(len(rows[0]), len(rows))
        for sq, ch in enumerate("".join(rows)):
            if ch != "." and not (ch.isascii() and ch.isalpha()):
                raise ValueError(f"{ch!r} is neither a letter nor '.'")
            if ch != ".":
                grid.ids[sq], grid.shown[sq] = (sq if ids is None else ids[sq]), ch
        grid.heights = [sum(grid.ids[grid.square(r, c)] is not None for r in range(grid.rows))
                        for c in range(grid.columns)]
        problems = grid.gravity_problems()
        if problems:
            raise ValueError(problems[0])
        return grid
