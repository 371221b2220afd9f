"""Where things sit on the Rummble table: pure geometry, no pygame, no rules.

The 13 × 13 board stands in the middle of the felt, its squares shaped like the tiles that lie
on them (a tile fills its square). The scoreboard (seat chips, the pool, the log of plays) is
on the left; the play preview, the rack and the buttons on the right. Logical pixels
(1280×800), in ``ui.geometry.Box``es.
"""

from __future__ import annotations

from dataclasses import dataclass

from rummi_desktop.games.rummble.rules.board import SIZE
from rummi_desktop.ui.geometry import SCREEN_W, Box, tile_height

CELL_W, CELL_H = 38, 51  # a square; a tile on it is TILE_W wide and fills it
TILE_W = CELL_W - 2
BOARD_PAD = 13  # the board's frame around the squares (row and column numbers sit in it)
RAIL = 32
COLUMN_W = 327  # the left and right columns beside the board
SEAT_H, SEAT_GAP = 58, 10


@dataclass(frozen=True, slots=True)
class Regions:
    board: Box  # the squares only
    frame: Box  # the board's wooden frame around them
    seats: Box  # seat chips, stacked
    log: Box  # the last plays
    preview: Box  # this play's sets and points
    rack: Box
    buttons: Box


def regions() -> Regions:
    left = RAIL + 10
    right = SCREEN_W - RAIL - 10 - COLUMN_W
    board_w, board_h = SIZE * CELL_W, SIZE * CELL_H
    board = Box(round(SCREEN_W / 2 - board_w / 2), RAIL + 8 + BOARD_PAD, board_w, board_h)
    top = RAIL + 6
    seats_h = 5 * SEAT_H + 4 * SEAT_GAP  # four seats and the pool
    return Regions(
        board=board,
        frame=board.inflate(BOARD_PAD, BOARD_PAD),
        seats=Box(left, top, COLUMN_W, seats_h),
        log=Box(left, top + seats_h + 14, COLUMN_W, 800 - RAIL - 8 - (top + seats_h + 14)),
        preview=Box(right, top, COLUMN_W, 236),
        rack=Box(right, top + 246, COLUMN_W, 166),
        buttons=Box(right, top + 424, COLUMN_W, 800 - RAIL - 8 - (top + 424)),
    )


REGIONS = regions()
BANNER_GAP = 50  # the banner (and its shadow) end above the preview's footer ("Enter to play it")


def banner_spot() -> tuple[tuple[int, int], int]:
    """Where the table's banner goes — its centre (as ``table_hud.draw_banner`` takes it: 25 px
    above the card's bottom) and its widest: over the play preview, above the rack, so it hides
    no square of the board. A long message grows upwards within the right column."""
    area = REGIONS.preview
    return (round(area.x + area.w / 2), round(area.bottom) - BANNER_GAP - 25), round(area.w)


def seat_box(seat: int) -> Box:
    """Seat chips stacked down the left column; the pool chip after the last seat."""
    area = REGIONS.seats
    return Box(area.x, area.y + seat * (SEAT_H + SEAT_GAP), area.w, SEAT_H)


def square_box(sq: int) -> Box:
    """The square's cell (a tile on it is drawn at ``tile_box``)."""
    row, col = divmod(sq, SIZE)
    return Box(REGIONS.board.x + col * CELL_W, REGIONS.board.y + row * CELL_H, CELL_W, CELL_H)


def tile_box(sq: int) -> Box:
    cell = square_box(sq)
    height = tile_height(TILE_W)
    return Box(cell.x + (CELL_W - TILE_W) / 2, cell.y + (CELL_H - height) / 2, TILE_W, height)


def square_at(px: float, py: float) -> int | None:
    """The square under a point, or None off the board."""
    board = REGIONS.board
    if not board.contains(px, py):
        return None
    col = int((px - board.x) // CELL_W)
    row = int((py - board.y) // CELL_H)
    return row * SIZE + col


def line_box(squares: tuple[int, ...] | list[int]) -> Box:
    """The box around a line of squares (for outlines)."""
    first, last = square_box(min(squares)), square_box(max(squares))
    return Box(first.x, first.y, last.right - first.x, last.bottom - first.y)
