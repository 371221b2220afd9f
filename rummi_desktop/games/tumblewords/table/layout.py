"""Where things sit on the Tumblewords table: pure geometry, no pygame, no rules.

The board's columns stand in the middle of the felt (sized to the board chosen: 7 × 6, 8 × 8
or 10 × 10), each square shaped like the letter tile that fills it; an entry lip above each
column shows where a letter goes in. The scoreboard (seat chips, the bag, the last words) is
on the left; the drop preview, the hand and the buttons on the right — the same columns as
Rummble's table. Logical pixels (1280×800), in ``ui.geometry.Box``es.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rummi_desktop.ui.geometry import SCREEN_H, SCREEN_W, Box, tile_height

RAIL = 32
COLUMN_W = 327  # the left and right columns beside the board
SEAT_H, SEAT_GAP = 58, 10
GAP = 4  # px between a tile and its square's edges (2 each side)
LIP = 46  # the entry lip above the columns (the hover marker, column numbers)
BOARD_PAD = 12  # the wooden frame around the squares
MAX_TILE_W = 64


@dataclass(frozen=True, slots=True)
class BoardLayout:
    columns: int
    rows: int
    tile_w: int
    board: Box  # the squares only
    frame: Box  # the wooden frame around them and the lip
    lip: Box  # the strip above the columns

    @property
    def cell_w(self) -> int:
        return self.tile_w + GAP

    @property
    def cell_h(self) -> int:
        return tile_height(self.tile_w) + GAP

    def cell_box(self, row: int, col: int) -> Box:
        return Box(self.board.x + col * self.cell_w, self.board.y + row * self.cell_h, self.cell_w, self.cell_h)

    def tile_box(self, row: int, col: int) -> Box:
        """A tile's body on its square (inset by half the gap)."""
        return self.tile_in_cell(self.cell_box(row, col).x, self.cell_box(row, col).y)

    def tile_in_cell(self, x: float, y: float) -> Box:
        """The tile's body inside a cell whose top-left is (x, y) (the physics moves cells)."""
        return Box(x + GAP / 2, y + GAP / 2, self.tile_w, tile_height(self.tile_w))

    def column_box(self, col: int) -> Box:
        """A whole column, lip included (where a drop or a hover counts for it)."""
        return Box(self.board.x + col * self.cell_w, self.lip.y, self.cell_w, self.board.bottom - self.lip.y)

    def column_at(self, px: float, py: float) -> int | None:
        """The column under a point (over the board or its lip), or None."""
        if not (self.board.x <= px < self.board.right and self.lip.y - 20 <= py < self.board.bottom):
            return None
        return min(self.columns - 1, int((px - self.board.x) // self.cell_w))

    def square_at(self, px: float, py: float) -> tuple[int, int] | None:
        """The (row, col) of the square under a point, or None off the squares."""
        if not self.board.contains(px, py):
            return None
        return (min(self.rows - 1, int((py - self.board.y) // self.cell_h)),
                min(self.columns - 1, int((px - self.board.x) // self.cell_w)))

    def span_box(self, start: tuple[int, int], end: tuple[int, int]) -> Box:
        """The box around the squares from ``start`` to ``end`` (a word's line)."""
        first = self.cell_box(min(start[0], end[0]), min(start[1], end[1]))
        last = self.cell_box(max(start[0], end[0]), max(start[1], end[1]))
        return Box(first.x, first.y, last.right - first.x, last.bottom - first.y)


@lru_cache(maxsize=8)
def board_layout(columns: int, rows: int) -> BoardLayout:
    room_w = SCREEN_W - 2 * (RAIL + 10 + COLUMN_W) - 2 * (BOARD_PAD + 16)
    room_h = SCREEN_H - 2 * RAIL - 16 - LIP - 2 * BOARD_PAD
    by_width = room_w / columns - GAP
    by_height = (room_h / rows - GAP) / 1.35
    tile_w = int(min(MAX_TILE_W, by_width, by_height))
    cell_w, cell_h = tile_w + GAP, tile_height(tile_w) + GAP
    board_w, board_h = columns * cell_w, rows * cell_h
    x = round(SCREEN_W / 2 - board_w / 2)
    y = round(RAIL + 8 + BOARD_PAD + LIP + (room_h - board_h) / 2)
    board = Box(x, y, board_w, board_h)
    lip = Box(x, y - LIP, board_w, LIP)
    frame = Box(x - BOARD_PAD, lip.y - BOARD_PAD, board_w + 2 * BOARD_PAD, board_h + LIP + 2 * BOARD_PAD)
    return BoardLayout(columns, rows, tile_w, board, frame, lip)


@dataclass(frozen=True, slots=True)
class Regions:
    seats: Box  # seat chips, stacked, and the bag
    log: Box  # the last words
    preview: Box  # this drop's words and points
    hand: Box
    clock: Box
    buttons: Box


def regions() -> Regions:
    left = RAIL + 10
    right = SCREEN_W - RAIL - 10 - COLUMN_W
    top = RAIL + 6
    seats_h = 5 * SEAT_H + 4 * SEAT_GAP
    bottom = SCREEN_H - RAIL - 8
    return Regions(
        seats=Box(left, top, COLUMN_W, seats_h),
        log=Box(left, top + seats_h + 14, COLUMN_W, bottom - (top + seats_h + 14)),
        preview=Box(right, top, COLUMN_W, 250),
        hand=Box(right, top + 262, COLUMN_W, 100),
        clock=Box(right + COLUMN_W - 66, top + 8, 58, 58),
        buttons=Box(right, top + 384, COLUMN_W, bottom - (top + 384)),
    )


REGIONS = regions()


def seat_box(seat: int) -> Box:
    """Seat chips stacked down the left column; the bag's chip after the last seat."""
    area = REGIONS.seats
    return Box(area.x, area.y + seat * (SEAT_H + SEAT_GAP), area.w, SEAT_H)
