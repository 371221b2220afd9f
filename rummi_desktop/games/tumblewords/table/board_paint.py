"""Painting the Tumblewords board: the wooden frame, the columns of squares with the entry lip
above them (column numbers, an arrow where a letter goes in), and the marks laid over it —
word outlines with their points, the landing square of the hovered drop, the keyboard's
column, a claim being dragged.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from rummi_desktop.games.tumblewords.table.layout import REGIONS, BoardLayout
from rummi_desktop.ui import shapes
from rummi_desktop.ui.table_hud import rect
from rummi_desktop.ui.theme import Theme


@lru_cache(maxsize=8)
def board_picture(theme: Theme, lay: BoardLayout) -> pygame.Surface:
    """The frame, the lip and the empty squares (drawn once per theme and board size)."""
    frame = lay.frame
    picture = pygame.Surface((round(frame.w) + 24, round(frame.h) + 24), pygame.SRCALPHA)
    picture.blit(shapes.soft_shadow((round(frame.w), round(frame.h)), 16, 12, 160), (0, 4))
    wood = shapes.rounded_panel((round(frame.w), round(frame.h)), 14, shapes.lighten(theme.rail, 0.06),
                                theme.rail_dark, theme.rail_highlight, 2, highlight=60)
    picture.blit(wood, (12, 12))
    ox, oy = 12 - frame.x, 12 - frame.y
    board = lay.board
    bed = pygame.Rect(round(board.x + ox) - 2, round(board.y + oy) - 2, round(board.w) + 4, round(board.h) + 4)
    pygame.draw.rect(picture, theme.felt_dark, bed, border_radius=4)
    fill = shapes.lighten(theme.felt, 0.07)
    for row in range(lay.rows):
        for col in range(lay.columns):
            box = lay.cell_box(row, col)
            cell = pygame.Rect(round(box.x + ox) + 1, round(box.y + oy) + 1, round(box.w) - 2, round(box.h) - 2)
            picture.blit(shapes.rounded_panel(cell.size, 5, shapes.lighten(fill, 0.05), shapes.darken(fill, 0.05),
                                              shapes.darken(fill, 0.3), 1), cell)
    for col in range(1, lay.columns):  # the walls between the columns
        x = round(board.x + col * lay.cell_w + ox)
        pygame.draw.line(picture, shapes.darken(theme.rail_dark, 0.2), (x, bed.top), (x, bed.bottom), 2)
    ink = shapes.lighten(theme.rail_highlight, 0.3)
    for col in range(lay.columns):
        centre_x = board.x + (col + 0.5) * lay.cell_w + ox
        label = shapes.text(str(col + 1), 15, ink, bold=True)
        picture.blit(label, label.get_rect(center=(centre_x, lay.lip.y + oy + 14)))
        _draw_arrow(picture, (centre_x, lay.lip.y + oy + 32), 7, shapes.mix(ink, theme.rail, 0.35))
    return picture


def _draw_arrow(picture: pygame.Surface, centre: tuple[float, float], size: float, colour) -> None:
    x, y = centre
    pygame.draw.polygon(picture, colour, [(x - size, y - size * 0.5), (x + size, y - size * 0.5), (x, y + size * 0.6)])


def draw_board(surface: pygame.Surface, theme: Theme, lay: BoardLayout) -> None:
    surface.blit(board_picture(theme, lay), (round(lay.frame.x) - 12, round(lay.frame.y) - 12))


# -- marks over the board -------------------------------------------------------------------------

def draw_span(surface: pygame.Surface, lay: BoardLayout, start, end, colour, width: int = 3) -> pygame.Rect:
    box = rect(lay.span_box(start, end)).inflate(2, 2)
    pygame.draw.rect(surface, colour, box, width, border_radius=8)
    return box


def draw_span_fill(surface: pygame.Surface, lay: BoardLayout, start, end, colour, alpha: int) -> None:
    box = rect(lay.span_box(start, end))
    surface.blit(shapes.rounded_panel(box.size, 8, colour + (alpha,), colour + (alpha,)), box)


def draw_points_badge(surface: pygame.Surface, theme: Theme, box: pygame.Rect, text: str, across: bool,
                      colour=None, taken: list[pygame.Rect] | None = None, below: bool = False) -> None:
    """"+4 CATS" in a pill by a word's line (above a row, or ``below`` it; beside a column),
    moved clear of the pills in ``taken`` (which it joins)."""
    fill = colour or theme.accent
    label = shapes.text(text, 14, theme.accent_text if colour is None else (255, 255, 255), bold=True)
    pill = pygame.Rect(0, 0, label.get_width() + 14, 22)
    if across and below:
        pill.midtop = (box.centerx, box.bottom - 6)
    elif across:
        pill.midbottom = (box.centerx, box.y + 6)
    else:
        pill.midleft = (box.right - 8, box.y + 12)
    while taken is not None and pill.collidelist(taken) >= 0:
        pill.move_ip(0, -24 if across and not below else 24)
    if taken is not None:
        taken.append(pill)
    surface.blit(shapes.rounded_panel(pill.size, 11, fill, shapes.darken(fill, 0.12), shapes.darken(fill, 0.4), 1),
                 pill)
    surface.blit(label, label.get_rect(center=pill.center))


def draw_landing(surface: pygame.Surface, theme: Theme, lay: BoardLayout, row: int, col: int) -> None:
    box = rect(lay.cell_box(row, col))
    surface.blit(shapes.rounded_panel(box.size, 6, theme.selected + (80,), theme.selected + (50,), theme.selected, 2),
                 box)


def draw_column_glow(surface: pygame.Surface, theme: Theme, lay: BoardLayout, col: int, refused: bool) -> None:
    colour = theme.invalid if refused else theme.selected
    box = rect(lay.column_box(col)).inflate(-2, 0)
    surface.blit(shapes.rounded_panel(box.size, 8, colour + (26,), colour + (16,), colour + (150,), 2), box)


def draw_hint_column(surface: pygame.Surface, theme: Theme, lay: BoardLayout, col: int) -> None:
    """A hint's column: a golden wash down it and a thick golden edge, lip included."""
    box = rect(lay.column_box(col)).inflate(4, 0)
    box.y, box.h = round(lay.lip.y), round(lay.board.bottom - lay.lip.y)
    surface.blit(shapes.rounded_panel(box.size, 8, theme.hint + (60,), theme.hint + (30,), theme.hint, 4), box)


def draw_cursor(surface: pygame.Surface, theme: Theme, lay: BoardLayout, col: int) -> None:
    """The keyboard's column: a ring round the whole column, lip and squares (a banner over
    the lip leaves the squares' part in view)."""
    box = rect(lay.column_box(col)).inflate(2, 4)
    pygame.draw.rect(surface, theme.selected, box, 3, border_radius=8)


def draw_square_cursor(surface: pygame.Surface, theme: Theme, lay: BoardLayout, square: tuple[int, int]) -> None:
    """The keyboard's square while claiming: the column cursor's ring, round one square."""
    box = rect(lay.cell_box(*square)).inflate(2, 2)
    pygame.draw.rect(surface, theme.selected, box, 3, border_radius=8)


BANNER_BELOW_CENTRE = 25  # table_hud.draw_banner puts its card's bottom this far below its centre
BANNER_SHADOW = 18  # and its shadow reaches this far below the card
BANNER_GAP = BANNER_SHADOW + 1  # px between the card and the first row: its shadow too stays off
BANNER_MARGIN = 8  # px kept clear of the panels either side


def banner_centre(lay: BoardLayout) -> tuple[int, int]:
    """Over the entry lip, its card's bottom just above the first row: a message covers the
    column numbers for a moment, never a square (the words just scored stay in view). A long
    message's card grows upwards, onto the rail, still off the squares."""
    return (round(lay.board.x + lay.board.w / 2), round(lay.board.y) - BANNER_GAP - BANNER_BELOW_CENTRE)


def banner_width() -> int:
    """The room between the scoreboard and the preview panel (wider than the board, so a
    message wraps less and its card rises less far)."""
    return round(REGIONS.preview.x - REGIONS.seats.right) - 2 * BANNER_MARGIN
