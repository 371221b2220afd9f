"""Drawing what every game's table shows around its play area: the seat chips (name, kind,
tiles held, score), the pool chip, the wooden rack tray, the turn clock ring and the banner.

Functions here only paint; they read plain values the scene hands them. Anything drawn from
text or shapes goes through the cached brushes in ``ui.shapes`` so a frame is mostly blits.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from rummi_desktop.ui.geometry import Box
from rummi_desktop.ui import shapes
from rummi_desktop.ui.fonts import font
from rummi_desktop.ui.theme import Theme

SEAT_CHIP_W, SEAT_CHIP_GAP = 228, 10


@dataclass(frozen=True)
class SeatChip:
    """One seat in the HUD."""

    name: str
    kind: str  # "Human" / "Hard" ...
    rack_count: int
    score: int
    on_turn: bool
    thinking: bool = False


def rect(box: Box) -> pygame.Rect:
    return pygame.Rect(box.as_tuple())


def seat_chip_rects(hud: Box, seats: int) -> list[pygame.Rect]:
    return [pygame.Rect(round(hud.x) + i * (SEAT_CHIP_W + SEAT_CHIP_GAP), round(hud.y), SEAT_CHIP_W,
                        round(hud.h)) for i in range(seats)]


def pool_chip_rect(hud: Box, seats: int) -> pygame.Rect:
    x = round(hud.x) + seats * (SEAT_CHIP_W + SEAT_CHIP_GAP)
    return pygame.Rect(x, round(hud.y), 118, round(hud.h))


def draw_seat_chip(surface: pygame.Surface, theme: Theme, area: pygame.Rect, chip: SeatChip,
                   pulse: float) -> None:
    border = theme.accent if chip.on_turn else shapes.mix(theme.panel[:3], theme.rail_highlight, 0.5)
    top = shapes.lighten(theme.panel[:3], 0.08 if chip.on_turn else 0.0) + (theme.panel[3],)
    surface.blit(shapes.soft_shadow(area.size, 12, 8, 120), (area.x - 8, area.y - 5))
    surface.blit(shapes.rounded_panel(area.size, 12, top, theme.panel, border, 2 if chip.on_turn else 1,
                                      highlight=30), area)
    if chip.on_turn:
        dot = shapes.mix(theme.accent, (255, 255, 255), 0.45 * pulse)
        pygame.draw.circle(surface, dot, (area.x + 15, area.y + 19), 5)
    room = area.w - 28 - 116  # from the name's left edge to the mini tile stack
    name = _fitted(chip.name, 21, 15, theme.text, room, bold=True)
    surface.blit(name, name.get_rect(midleft=(area.x + 28, area.y + 19)))
    kind = "thinking…" if chip.thinking else chip.kind
    label = _fitted(kind, 15, 12, theme.accent if chip.thinking else theme.text_muted, room)
    surface.blit(label, label.get_rect(midleft=(area.x + 28, area.y + 42)))
    _draw_mini_tiles(surface, theme, (area.right - 112, area.y + 12), chip.rack_count)
    score = shapes.text(f"{chip.score:+d}" if chip.score else "0", 20, theme.text, bold=True)
    surface.blit(score, score.get_rect(topright=(area.right - 12, area.y + 7)))
    surface.blit(shapes.text("score", 13, theme.text_muted),
                 shapes.text("score", 13, theme.text_muted).get_rect(topright=(area.right - 12, area.y + 34)))


def _fitted(text: str, size: int, min_size: int, colour, width: int, bold: bool = False) -> pygame.Surface:
    """``text`` at the largest size (down to ``min_size``) that fits ``width``; cut with an
    ellipsis if even that is too wide (a 12-letter name, say)."""
    for font_size in range(size, min_size - 1, -1):
        picture = shapes.text(text, font_size, colour, bold=bold)
        if picture.get_width() <= width:
            return picture
    while len(text) > 1 and picture.get_width() > width:
        text = text[:-1]
        picture = shapes.text(text.rstrip() + "…", min_size, colour, bold=bold)
    return picture


def _draw_mini_tiles(surface: pygame.Surface, theme: Theme, at: tuple[int, int], count: int) -> None:
    """A tiny stack of tile backs with the count on it: how many tiles a seat holds."""
    from rummi_desktop.ui.tile_back import draw_tile_back, tile_backs  # an earned back (settings)

    x, y = at
    back = tile_backs().get(theme.tile_back) if theme.tile_back != "plain" else None
    for i in range(3):
        body = pygame.Rect(x + i * 4, y + 4 - i * 2, 22, 29)
        if back is not None:
            draw_tile_back(surface, body, back)
        else:
            surface.blit(shapes.rounded_panel(body.size, 4, theme.tile_face, theme.tile_face_low, theme.tile_edge, 1),
                         body)
    ink, centre = ((255, 255, 255), (x + 19, y + 16)) if back is not None else ((40, 34, 26), (x + 19, y + 16))
    if back is not None:  # a dark disc keeps the count readable over any pattern
        pygame.draw.circle(surface, (20, 20, 20), centre, 10)
    label = shapes.text(str(count), 16, ink, bold=True)
    surface.blit(label, label.get_rect(center=centre))


def draw_pool_chip(surface: pygame.Surface, theme: Theme, area: pygame.Rect, pool: int) -> None:
    surface.blit(shapes.rounded_panel(area.size, 12, theme.panel, theme.panel,
                                      shapes.mix(theme.panel[:3], theme.rail_highlight, 0.5), 1), area)
    _draw_mini_tiles(surface, theme, (area.x + 10, area.y + 12), pool)
    surface.blit(shapes.text("pool", 16, theme.text_muted), (area.x + 50, area.y + 10))
    surface.blit(shapes.text(str(pool), 20, theme.text, bold=True), (area.x + 50, area.y + 28))


DEFAULT_LEDGES = (79, 157)  # two tiers of full-size tiles (layout.layout_rack with few tiles)


@lru_cache(maxsize=8)
def _rack_tray(size: tuple[int, int], rail: tuple[int, ...], rail_dark: tuple[int, ...],
               highlight: tuple[int, ...], ledges: tuple[int, ...]) -> pygame.Surface:
    """The wooden rack: a tray with a ledge under each tier (``ledges``: their y in the tray)."""
    tray = pygame.Surface(size, pygame.SRCALPHA)
    tray.blit(shapes.soft_shadow(size, 14, 10, 150), (0, 0), area=pygame.Rect(10, 6, *size))
    tray.blit(shapes.rounded_panel(size, 14, shapes.lighten(rail, 0.08), rail_dark, highlight, 2, highlight=70),
              (0, 0))
    for y in ledges:
        ledge = shapes.rounded_panel((size[0] - 16, 7), 3, shapes.lighten(rail, 0.25), rail_dark)
        tray.blit(ledge, (8, min(y, size[1] - 9)))
    return tray


def draw_rack_tray(surface: pygame.Surface, theme: Theme, area: Box,
                   ledges: tuple[int, ...] = DEFAULT_LEDGES) -> None:
    box = rect(area)
    surface.blit(_rack_tray(box.size, theme.rail, theme.rail_dark, theme.rail_highlight, ledges), box)


def draw_hidden_rack(surface: pygame.Surface, theme: Theme, area: Box, message: str) -> None:
    draw_rack_tray(surface, theme, area)
    text = shapes.text(message, 22, theme.text_muted)
    surface.blit(text, text.get_rect(center=rect(area).center))


def draw_clock(surface: pygame.Surface, theme: Theme, area: Box, left: float, total: float,
               active: bool) -> None:
    """The turn clock: a ring that empties, the seconds in the middle; red in the last 10 s."""
    r = rect(area)
    centre, radius = r.center, min(r.w, r.h) // 2 - 2
    surface.blit(shapes.soft_shadow((radius * 2, radius * 2), radius, 6, 120),
                 (centre[0] - radius - 6, centre[1] - radius - 3))
    pygame.draw.circle(surface, theme.panel[:3], centre, radius)
    pygame.draw.circle(surface, shapes.mix(theme.panel[:3], theme.rail_highlight, 0.4), centre, radius, 4)
    fraction = max(0.0, min(1.0, left / total)) if total else 0.0
    urgent = active and left <= 10
    colour = theme.invalid if urgent else theme.accent
    if fraction > 0:
        ring = pygame.Rect(0, 0, radius * 2 - 2, radius * 2 - 2)
        ring.center = centre
        start = math.pi / 2
        pygame.draw.arc(surface, colour, ring, start, start + 2 * math.pi * fraction, 5)
    seconds = shapes.text(str(max(0, math.ceil(left))), 22 if left < 100 else 19,
                          colour if urgent else theme.text, bold=True)
    surface.blit(seconds, seconds.get_rect(center=centre))


BANNER_MAX_W = 960


def _wrap(message: str, size: int, limit: int) -> list[str]:
    """Split a long reason into lines no wider than ``limit`` px; a line break in the message
    always starts a new line (a refusal lists one problem a line)."""
    face = font(size, True)
    lines: list[str] = []
    for paragraph in message.split("\n"):
        start = len(lines)
        for word in paragraph.split():
            candidate = f"{lines[-1]} {word}" if len(lines) > start else word
            if len(lines) > start and face.size(candidate)[0] <= limit:
                lines[-1] = candidate
            else:
                lines.append(word)
    return lines or [""]


def draw_banner(surface: pygame.Surface, theme: Theme, centre: tuple[int, int], message: str,
                alpha: float, warning: bool, max_width: int = BANNER_MAX_W, *,
                max_lines: int = 0) -> pygame.Rect:
    """A short message over the table: what happened or why a play was refused. Long reasons
    wrap onto more lines and the card grows upwards (its bottom stays clear of the rack); a
    line break in ``message`` starts a new line. ``max_width`` is the widest the card may be
    (a board narrower than the table passes its own width, so the card never spills onto the
    panels beside it). ``max_lines`` (0: no limit) caps the lines shown; the last one then
    ends with "…"."""
    ink = (255, 255, 255) if warning else theme.text
    text_width = max(48, min(BANNER_MAX_W, max_width - 56))
    wrapped = _wrap(message, 24, text_width)
    if max_lines and len(wrapped) > max_lines:
        wrapped = wrapped[:max_lines - 1] + [wrapped[max_lines - 1].rstrip(".,:;") + " …"]
    lines = [shapes.text(line, 24, ink, bold=True) for line in wrapped]
    widest = max(line.get_width() for line in lines)
    # Card widths in 48 px steps: the card and its shadow are cached per size, and a new
    # size costs a few milliseconds to draw.
    box = pygame.Rect(0, 0, min(max_width, -(-(widest + 56) // 48) * 48), 20 + 30 * len(lines))
    box.midbottom = (centre[0], centre[1] + 25)
    fill = shapes.darken(theme.invalid, 0.25) + (235,) if warning else theme.panel
    border = shapes.lighten(theme.invalid, 0.3) if warning else theme.accent
    card = shapes.rounded_panel(box.size, 14, fill, fill, border, 2, highlight=40)
    shadow = shapes.soft_shadow(box.size, 14, 12, 150)
    a = round(255 * max(0.0, min(1.0, alpha)))
    pictures = [shadow, card, *lines]
    for picture in pictures:
        picture.set_alpha(a)
    surface.blit(shadow, (box.x - 12, box.y - 6))
    surface.blit(card, box)
    for index, line in enumerate(lines):
        surface.blit(line, line.get_rect(center=(box.centerx, box.y + 25 + 30 * index)))
    for picture in pictures:
        picture.set_alpha(None)
    return box
