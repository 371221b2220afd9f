"""A small round count on a button's corner: how many games wait for your move. In the accent
colour, or the warning colour when one of them is about to time out."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rummi_desktop.ui import shapes

if TYPE_CHECKING:
    from rummi_desktop.ui.theme import Theme

BADGE_H = 26
WARNING_INK = (255, 255, 255)  # on the warning red, as a danger button writes


def warning_ink(theme: "Theme") -> tuple[int, ...]:
    """The warning colour for words on a dark card: lighter than the badge's red, to read small."""
    return shapes.lighten(theme.invalid[:3], 0.3)


def badge_colours(theme: "Theme", urgent: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(face, ink) of a badge: the warning colour when urgent, else the accent."""
    return (tuple(theme.invalid), WARNING_INK) if urgent else (tuple(theme.accent), tuple(theme.accent_text))


def draw_count_badge(surface: pygame.Surface, theme: "Theme", count: int, corner: tuple[int, int],
                     urgent: bool = False) -> pygame.Rect:
    """The count centred on ``corner`` (a button's top-right corner); returns where it went."""
    face, ink = badge_colours(theme, urgent)
    words = shapes.text(str(count) if count < 100 else "99+", 17, ink, bold=True)
    badge = pygame.Rect(0, 0, max(BADGE_H, words.get_width() + 14), BADGE_H)
    badge.center = corner
    border = shapes.darken(face, 0.45)
    surface.blit(shapes.rounded_panel(badge.size, BADGE_H // 2, face, face, border, 2), badge)
    surface.blit(words, words.get_rect(center=badge.center))
    return badge
