"""Drawing a hint's candidate list: up to five plays, best first, each with its rank, its points
and the tiles it lays as small tiles, the chosen one lit, as Quackle's candidate list shows
them. Nothing here knows a game: the caller hands each row's tiles as faces to draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import pygame

from rummi_desktop.ui import shapes
from rummi_desktop.ui.geometry import tile_height
from rummi_desktop.ui.theme import Theme
from rummi_desktop.ui.tile_render import TileFace

PAD = 12
TITLE_H = 34
ROW_H = 30
ROW_GAP = 2
TILE_SIZE = 20  # px: a laid tile's width in a row
TILE_PITCH = TILE_SIZE + 3
POINTS_W = 64  # the rank and the points before the tiles


@dataclass(frozen=True, slots=True)
class CandidateRow:
    """One row as drawn: its points, the faces it lays (none: ``word`` says what it does)."""

    points: int
    faces: tuple[TileFace, ...]
    word: str = ""
    note: str = ""  # where the play goes, when its tiles alone do not tell two rows apart


def list_height(rows: int) -> int:
    return TITLE_H + rows * (ROW_H + ROW_GAP) + PAD // 2


def rows_fitting(height: float) -> int:
    """How many rows a panel ``height`` px tall holds."""
    return max(0, int((height - TITLE_H - PAD // 2 + ROW_GAP) // (ROW_H + ROW_GAP)))


def row_rect(area: pygame.Rect, index: int) -> pygame.Rect:
    """Where row ``index`` lies in the panel (what a click on it hits)."""
    return pygame.Rect(area.x + PAD // 2, area.y + TITLE_H + index * (ROW_H + ROW_GAP), area.w - PAD, ROW_H)


def draw_candidate_list(surface: pygame.Surface, theme: Theme, tiles, area: pygame.Rect, title: str,
                        rows: Sequence[CandidateRow], chosen: int, colour_blind: bool = False) -> None:
    """The panel in ``area`` headed ``title``; ``tiles`` is the app's tile cache; ``chosen``
    the lit row."""
    border = shapes.mix(theme.panel[:3], theme.rail_highlight, 0.5)
    surface.blit(shapes.soft_shadow(area.size, 14, 8, 110), (area.x - 8, area.y - 4))
    # Opaque: the list stands over a log or a card whose words must not show through it.
    alpha = theme.panel[3] / 255 if len(theme.panel) > 3 else 1.0
    solid = shapes.mix(theme.felt_dark[:3], theme.panel[:3], alpha)
    surface.blit(shapes.rounded_panel(area.size, 14, solid, solid, border, 1), area)
    surface.blit(shapes.text(title, 19, theme.text, bold=True), (area.x + PAD + 4, area.y + 8))
    note = shapes.text("click one to see it", 13, theme.text_muted)
    surface.blit(note, note.get_rect(topright=(area.right - PAD - 4, area.y + 13)))
    for index, row in enumerate(rows[:rows_fitting(area.h)]):
        _draw_row(surface, theme, tiles, row_rect(area, index), index, row, index == chosen, colour_blind)


def _draw_row(surface: pygame.Surface, theme: Theme, tiles, rect: pygame.Rect, index: int, row: CandidateRow,
              lit: bool, colour_blind: bool) -> None:
    if lit:
        pygame.draw.rect(surface, shapes.mix(theme.panel[:3], theme.hint, 0.28), rect, border_radius=8)
        pygame.draw.rect(surface, theme.hint, rect, 2, border_radius=8)
    rank = shapes.text(f"{index + 1}.", 15, theme.text_muted, bold=True)
    surface.blit(rank, rank.get_rect(midleft=(rect.x + 8, rect.centery)))
    points = shapes.text(f"+{row.points}", 16, theme.accent, bold=True)
    surface.blit(points, points.get_rect(midright=(rect.x + POINTS_W, rect.centery)))
    x, right = rect.x + POINTS_W + 10, rect.right - 8
    if row.note:
        note = shapes.text(row.note, 13, theme.text_muted)
        surface.blit(note, note.get_rect(midright=(right, rect.centery)))
        right -= note.get_width() + 8
    if not row.faces:
        word = shapes.text(row.word, 15, theme.text)
        surface.blit(word, word.get_rect(midleft=(x, rect.centery)))
        return
    top = rect.centery - tile_height(TILE_SIZE) // 2
    fit = max(1, (right - x) // TILE_PITCH)
    shown = row.faces if len(row.faces) <= fit else row.faces[:fit - 1]
    for face in shown:
        tiles.draw(surface, face, (x, top), TILE_SIZE, theme, "normal", colour_blind)
        x += TILE_PITCH
    if len(shown) < len(row.faces):
        more = shapes.text(f"+{len(row.faces) - len(shown)}", 14, theme.text_muted, bold=True)
        surface.blit(more, more.get_rect(midleft=(x + 2, rect.centery)))
