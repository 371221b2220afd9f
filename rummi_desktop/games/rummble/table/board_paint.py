"""Painting the Rummble board: the wooden frame, the 169 squares with their premiums labelled
(×2 TILE, ×3 TILE, ×2 SET, ×3 SET, the star), row and column numbers, and the marks laid over
it this turn (set outlines with their points, the refused line, the keyboard cursor, ghosts).

The premium colours are the classic word-game hues blended into the theme's felt, and every
premium also carries its words, so colour is never the only cue (High Contrast included).
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from rummi_desktop.games.rummble.rules.board import PREMIUMS, SIZE, SQUARES
from rummi_desktop.games.rummble.table.layout import BOARD_PAD, CELL_W, REGIONS, line_box, square_box
from rummi_desktop.ui import shapes
from rummi_desktop.ui.geometry import Box
from rummi_desktop.ui.table_hud import _fitted, rect
from rummi_desktop.ui.theme import Theme

DECLARED_FONT = 16  # a joker's "=Y9"

# mark -> (hue, how much of it shows through the felt, big label, small label)
PREMIUM_LOOK = {
    "d": ((128, 190, 236), 0.55, "×2", "TILE"),
    "t": ((36, 104, 206), 0.78, "×3", "TILE"),
    "D": ((246, 128, 160), 0.72, "×2", "SET"),
    "T": ((206, 40, 52), 0.78, "×3", "SET"),
}


def premium_colour(theme: Theme, mark: str) -> tuple[int, ...]:
    if mark == "*":
        return shapes.mix(theme.felt, theme.accent, 0.75)
    if mark in PREMIUM_LOOK:
        hue, amount, _, _ = PREMIUM_LOOK[mark]
        return shapes.mix(theme.felt, hue, amount)
    return shapes.lighten(theme.felt, 0.07)


def _ink_on(colour: tuple[int, ...]) -> tuple[int, int, int]:
    return (24, 20, 16) if shapes.luminance(colour) > 0.45 else (250, 246, 236)


@lru_cache(maxsize=8)
def board_picture(theme: Theme) -> pygame.Surface:
    """The frame and the empty squares (drawn once per theme)."""
    frame = REGIONS.frame
    picture = pygame.Surface((round(frame.w) + 24, round(frame.h) + 24), pygame.SRCALPHA)
    picture.blit(shapes.soft_shadow((round(frame.w), round(frame.h)), 16, 12, 160), (0, 4))
    wood = shapes.rounded_panel((round(frame.w), round(frame.h)), 14, shapes.lighten(theme.rail, 0.06),
                                theme.rail_dark, theme.rail_highlight, 2, highlight=60)
    picture.blit(wood, (12, 12))
    origin = (12 - frame.x, 12 - frame.y)
    board = REGIONS.board
    bed = pygame.Rect(board.x + origin[0] - 2, board.y + origin[1] - 2, board.w + 4, board.h + 4)
    pygame.draw.rect(picture, theme.felt_dark, bed, border_radius=4)
    for sq in range(SQUARES):
        _draw_square(picture, theme, sq, origin)
    _draw_numbers(picture, theme, origin)
    return picture


def _cell_rect(sq: int, origin: tuple[float, float]) -> pygame.Rect:
    """The square's cell in a picture whose (0, 0) lies at ``-origin`` on the table."""
    box = square_box(sq)
    return pygame.Rect(round(box.x + origin[0]) + 1, round(box.y + origin[1]) + 1, round(box.w) - 2, round(box.h) - 2)


def _cell_picture(theme: Theme, mark: str, size: tuple[int, int]) -> pygame.Surface:
    fill = premium_colour(theme, mark)
    return shapes.rounded_panel(size, 4, shapes.lighten(fill, 0.06), shapes.darken(fill, 0.06), shapes.darken(fill, 0.3), 1)


def _draw_square(picture: pygame.Surface, theme: Theme, sq: int, origin: tuple[float, float]) -> None:
    mark = PREMIUMS[sq]
    cell = _cell_rect(sq, origin)
    picture.blit(_cell_picture(theme, mark, cell.size), cell)
    ink = _ink_on(premium_colour(theme, mark))
    if mark == "*":
        _draw_star(picture, cell.center, cell.w * 0.42, ink)
        label = shapes.text("×2 SET", 9, ink, bold=True)
        picture.blit(label, label.get_rect(midbottom=(cell.centerx, cell.bottom - 2)))
    elif mark in PREMIUM_LOOK:
        _, _, big, small = PREMIUM_LOOK[mark]
        top = shapes.text(big, 16, ink, bold=True)
        picture.blit(top, top.get_rect(midbottom=(cell.centerx, cell.centery + 3)))
        bottom = shapes.text(small, 10, ink, bold=True)
        picture.blit(bottom, bottom.get_rect(midtop=(cell.centerx, cell.centery + 4)))


def _draw_star(picture: pygame.Surface, centre: tuple[int, int], radius: float, ink) -> None:
    points = []
    for k in range(10):
        angle = -math.pi / 2 + k * math.pi / 5
        r = radius if k % 2 == 0 else radius * 0.45
        points.append((centre[0] + math.cos(angle) * r, centre[1] - 4 + math.sin(angle) * r))
    pygame.draw.polygon(picture, ink, points)


def _draw_numbers(picture: pygame.Surface, theme: Theme, origin: tuple[float, float]) -> None:
    """Row and column numbers in the frame: the squares the banner's reasons name."""
    ink = shapes.lighten(theme.rail_highlight, 0.3)
    for index in range(SIZE):
        label = shapes.text(str(index), 10, ink, bold=True)
        col_box, row_box = square_box(index), square_box(index * SIZE)
        column_x = col_box.x + col_box.w / 2 + origin[0]
        picture.blit(label, label.get_rect(center=(column_x, REGIONS.board.y + origin[1] - BOARD_PAD / 2 - 1)))
        row_y = row_box.y + row_box.h / 2 + origin[1]
        picture.blit(label, label.get_rect(center=(REGIONS.board.x + origin[0] - BOARD_PAD / 2, row_y)))


def draw_board(surface: pygame.Surface, theme: Theme) -> None:
    frame = REGIONS.frame
    surface.blit(board_picture(theme), (round(frame.x) - 12, round(frame.y) - 12))


def cover_premium_label(surface: pygame.Surface, theme: Theme, sq: int) -> None:
    """The square drawn again in its colour but without its words or star (under a hint's
    faint tile, which they would show through)."""
    mark = PREMIUMS[sq]
    if mark == ".":
        return
    frame = REGIONS.frame
    cell = _cell_rect(sq, (12 - frame.x, 12 - frame.y)).move(round(frame.x) - 12, round(frame.y) - 12)
    surface.blit(_cell_picture(theme, mark, cell.size), cell)


# -- marks over the board -------------------------------------------------------------------------

def draw_line_outline(surface: pygame.Surface, colour, squares, width: int = 3) -> None:
    box = rect(line_box(squares)).inflate(4, 4)
    pygame.draw.rect(surface, colour, box, width, border_radius=7)


def draw_points_badge(surface: pygame.Surface, theme: Theme, squares, points: int) -> pygame.Rect:
    """"+24" in a pill just past the end of a set's line; returns the pill."""
    box = line_box(squares)
    label = shapes.text(f"+{points}", 15, theme.accent_text, bold=True)
    pill = pygame.Rect(0, 0, label.get_width() + 14, 22)
    across = len(squares) > 1 and squares[1] - squares[0] == 1
    if across:
        pill.midleft = (round(box.right) - 6, round(box.y) + 4)
    else:
        pill.midtop = (round(box.x + box.w / 2), round(box.bottom) - 8)
    surface.blit(shapes.rounded_panel(pill.size, 11, theme.accent, shapes.darken(theme.accent, 0.12),
                                      shapes.darken(theme.accent, 0.4), 1), pill)
    surface.blit(label, label.get_rect(center=pill.center))
    return pill


def draw_cursor(surface: pygame.Surface, theme: Theme, sq: int, pulse: float = 1.0) -> None:
    box = rect(square_box(sq)).inflate(2, 2)
    pygame.draw.rect(surface, theme.selected, box, 3, border_radius=6)


def draw_drop_target(surface: pygame.Surface, theme: Theme, sq: int) -> None:
    box = rect(square_box(sq))
    surface.blit(shapes.rounded_panel(box.size, 5, theme.selected + (90,), theme.selected + (60,), theme.selected, 2), box)


def draw_declared_badge(surface: pygame.Surface, theme: Theme, box: Box, text: str, colour: str) -> pygame.Rect:
    """A joker's declared tile, "=K7", across the foot of the joker in type as big as a
    square's words (a two-digit number a little smaller, to stay within the square); returns
    the pill."""
    label = _fitted(text, DECLARED_FONT, DECLARED_FONT - 3, theme.tile_colour(colour), CELL_W - 8, bold=True)
    pill = pygame.Rect(0, 0, label.get_width() + 4, label.get_height())
    pill.midbottom = (round(box.x + box.w / 2), round(box.bottom) + 2)
    surface.blit(shapes.rounded_panel(pill.size, 5, theme.tile_face, theme.tile_face_low, theme.tile_edge, 1), pill)
    surface.blit(label, label.get_rect(center=pill.center))
    return pill


def draw_hint_square(surface: pygame.Surface, theme: Theme, sq: int) -> None:
    """A hint's square: a golden wash and a thick golden ring, seen under a tile too."""
    box = rect(square_box(sq)).inflate(6, 6)
    surface.blit(shapes.rounded_panel(box.size, 8, theme.hint + (110,), theme.hint + (70,), theme.hint, 4), box)
