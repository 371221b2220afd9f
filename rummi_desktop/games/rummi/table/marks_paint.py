"""Drawing Rummi's own table marks: the match caption, meld glows, invalid underlines, drop
previews and the opening counter. The parts every table shares (seat HUD, rack tray, clock
ring, banner) are in ``ui.table_hud`` and re-exported here for Rummi's painters.
"""

from __future__ import annotations

import pygame

from rummi_desktop.ui import shapes
from rummi_desktop.ui.geometry import Box
from rummi_desktop.ui.table_hud import (  # noqa: F401  (re-exported: Rummi's painters use them by this name)
    BANNER_MAX_W, DEFAULT_LEDGES, SEAT_CHIP_GAP, SEAT_CHIP_W, SeatChip, _fitted, draw_banner, draw_clock,
    draw_hidden_rack, draw_pool_chip, draw_rack_tray, draw_seat_chip, pool_chip_rect, rect, seat_chip_rects)
from rummi_desktop.ui.theme import Theme


def match_caption_rect(table: Box, text: str) -> pygame.Rect:
    """Where the match caption stands: the felt's bottom-right corner."""
    size = shapes.text(text, 15, (0, 0, 0)).get_size()
    return pygame.Rect((0, 0), size).move(round(table.right) - 4 - size[0], round(table.bottom) + 6 - size[1])


def draw_match_caption(surface: pygame.Surface, theme: Theme, table: Box, text: str) -> None:
    """Mode, target, round and deal number: small, in the felt's bottom-right corner."""
    surface.blit(shapes.text(text, 15, theme.text_muted), match_caption_rect(table, text))


def draw_meld_glow(surface: pygame.Surface, colour: tuple[int, ...], box: Box, strength: float) -> None:
    """A soft halo behind a meld that just became valid (strength 0–1)."""
    if strength <= 0.01:
        return
    r = rect(box).inflate(14, 14)
    halo = shapes.rounded_panel(r.size, 10, tuple(colour[:3]) + (90,), tuple(colour[:3]) + (40,))
    halo.set_alpha(round(255 * min(1.0, strength)))
    surface.blit(halo, r)


def draw_invalid_underline(surface: pygame.Surface, theme: Theme, box: Box) -> None:
    r = rect(box)
    pygame.draw.line(surface, theme.invalid, (r.x + 4, r.bottom + 5), (r.right - 4, r.bottom + 5), 3)


def draw_drop_preview(surface: pygame.Surface, theme: Theme, box: Box) -> None:
    """Where the tile in hand would land: a pale slot with the selection colour."""
    r = rect(box)
    slot = shapes.rounded_panel(r.size, 6, theme.selected + (70,), theme.selected + (40,), theme.selected, 2)
    surface.blit(slot, r)


def draw_meld_target(surface: pygame.Surface, theme: Theme, box: Box) -> None:
    r = rect(box).inflate(12, 12)
    pygame.draw.rect(surface, theme.selected, r, 2, border_radius=10)


CHANGE_INK = (255, 214, 92)  # a warm yellow, apart from the selection and hint colours
MOVED_INK = (255, 244, 214)  # paler: a tile only moved matters less than one laid


def draw_change_mark(surface: pygame.Surface, theme: Theme, tile: pygame.Rect, kind: str) -> None:
    """A tile that changed since the player last acted: "laid" or "drawn" gets a thick yellow
    ring with a dark edge, "moved" a thin pale one; "drawn" also a small "new" tag on its top."""
    ring = tile.inflate(6, 6)
    if kind == "moved":
        pygame.draw.rect(surface, MOVED_INK, ring, 2, border_radius=8)
        return
    pygame.draw.rect(surface, shapes.darken(CHANGE_INK, 0.5), ring.inflate(4, 4), 2, border_radius=9)
    pygame.draw.rect(surface, CHANGE_INK, ring, 3, border_radius=8)
    if kind == "drawn":
        tag = shapes.text("new", 13, (40, 30, 10), bold=True)
        box = pygame.Rect(0, 0, tag.get_width() + 10, tag.get_height() + 2)
        box.center = (tile.centerx, tile.top)
        pygame.draw.rect(surface, CHANGE_INK, box, border_radius=6)
        surface.blit(tag, tag.get_rect(center=box.center))


def draw_focus_ring(surface: pygame.Surface, theme: Theme, box: Box) -> None:
    """Where the keyboard is: a thick ring in the selection colour, a dark edge outside it so
    it shows on a pale tile and on the felt alike."""
    r = rect(box).inflate(8, 8)
    pygame.draw.rect(surface, shapes.darken(theme.selected, 0.55), r.inflate(4, 4), 2, border_radius=9)
    pygame.draw.rect(surface, theme.selected, r, 3, border_radius=8)


def opening_counter_rect(at: tuple[int, int], points: int, needed: int) -> pygame.Rect:
    label = shapes.text(f"Opening  {points} / {needed}", 19, (0, 0, 0), bold=True)
    return pygame.Rect(at[0], at[1], -(-(label.get_width() + 28) // 24) * 24, 34)


def draw_opening_counter(surface: pygame.Surface, theme: Theme, at: tuple[int, int], points: int,
                         needed: int) -> None:
    done = points >= needed
    label = shapes.text(f"Opening  {points} / {needed}", 19, theme.accent_text if done else theme.text, bold=True)
    box = opening_counter_rect(at, points, needed)
    fill = theme.accent if done else theme.panel
    surface.blit(shapes.rounded_panel(box.size, 10, fill, fill, theme.accent, 1), box)
    surface.blit(label, label.get_rect(center=box.center))
