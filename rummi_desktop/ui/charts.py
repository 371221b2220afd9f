"""Charts drawn on the felt: a line of scores over time and bars of win rates, in the
table's own colours (the theme's accent for the line, its rail for the frame)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

import pygame

from rummi_desktop.ui import shapes
from rummi_desktop.ui.wording import counted

if TYPE_CHECKING:
    from rummi_desktop.ui.theme import Theme


def _frame(surface: pygame.Surface, rect: pygame.Rect, theme: "Theme", title: str, top: int = 44) -> pygame.Rect:
    """The chart's card and title; returns the plotting area inside it."""
    card = shapes.mix(theme.felt_dark, theme.panel[:3], 0.5)
    surface.blit(shapes.rounded_panel(rect.size, 14, card + (210,), None, theme.rail_highlight, 1), rect)
    heading = shapes.text(title, 20, theme.text, bold=True)
    surface.blit(heading, (rect.x + 16, rect.y + 10))
    return pygame.Rect(rect.x + 56, rect.y + top, rect.w - 76, rect.h - top - 34)


def _empty(surface: pygame.Surface, area: pygame.Rect, theme: "Theme", message: str) -> None:
    note = shapes.text(message, 18, theme.text_muted)
    surface.blit(note, note.get_rect(center=area.center))


def line_chart(surface: pygame.Surface, rect: pygame.Rect, theme: "Theme", title: str,
               values: Sequence[float], ink: tuple[int, int, int] | None = None, *,
               bounds: tuple[float, float] | None = None, label: Callable[[float], str] = "{:.0f}".format,
               empty: str = "No games yet", noun: str = "game") -> list[tuple[int, int]]:
    """Scores in order, joined by a line with a dot per game, in the game's ``ink`` (default:
    the theme's accent); returns the dots' positions. ``bounds`` fixes the value axis (a
    share: 0 to 1) and ``label`` writes its values; by default it spans 0 and the values."""
    ink = ink or theme.accent
    area = _frame(surface, rect, theme, title)
    if not values:
        _empty(surface, area, theme, empty)
        return []
    low, high = bounds or (min(0, min(values)), max(0, max(values)))
    span = (high - low) or 1
    grid = shapes.mix(theme.felt_dark, theme.text_muted, 0.3)
    for step in range(5):
        value = low + span * step / 4
        y = area.bottom - round(area.h * step / 4)
        pygame.draw.line(surface, grid, (area.x, y), (area.right, y), 1)
        tick = shapes.text(label(value), 15, theme.text_muted)
        surface.blit(tick, tick.get_rect(midright=(area.x - 6, y)))
    zero = area.bottom - round(area.h * (0 - low) / span)
    pygame.draw.line(surface, theme.rail_highlight, (area.x, zero), (area.right, zero), 2)
    gap = area.w / max(1, len(values) - 1)
    dots = [(area.x + round(index * gap) if len(values) > 1 else area.centerx,
             area.bottom - round(area.h * (value - low) / span)) for index, value in enumerate(values)]
    if len(dots) > 1:
        pygame.draw.lines(surface, ink, False, dots, 3)
    for dot in dots:
        pygame.draw.circle(surface, shapes.darken(ink, 0.5), dot, 6)
        pygame.draw.circle(surface, ink, dot, 4)
    caption = shapes.text(f"{counted(len(values), noun)}, oldest left", 15, theme.text_muted)
    surface.blit(caption, caption.get_rect(bottomright=(rect.right - 14, rect.bottom - 8)))
    return dots


def win_rate_bars(surface: pygame.Surface, rect: pygame.Rect, theme: "Theme", title: str,
                  bars: Sequence[tuple[str, float, int]], ink: tuple[int, int, int] | None = None) -> list[pygame.Rect]:
    """One bar per opponent (label, win rate 0–1, games), in the game's ``ink`` (default: the
    theme's accent); returns the bars' rectangles."""
    ink = ink or theme.accent
    area = _frame(surface, rect, theme, title, top=62)  # room for a full bar's label under the title
    if not bars:
        _empty(surface, area, theme, "No games yet")
        return []
    pygame.draw.line(surface, theme.rail_highlight, area.bottomleft, area.bottomright, 2)
    for share in (0.5, 1.0):
        y = area.bottom - round(area.h * share)
        pygame.draw.line(surface, shapes.mix(theme.felt_dark, theme.text_muted, 0.3), (area.x, y), (area.right, y), 1)
        label = shapes.text(f"{share:.0%}", 15, theme.text_muted)
        surface.blit(label, label.get_rect(midright=(area.x - 6, y)))
    slot = area.w / len(bars)
    drawn = []
    for index, (label, rate, games) in enumerate(bars):
        width = min(90, int(slot * 0.6))
        height = max(2, round(area.h * rate))
        bar = pygame.Rect(0, 0, width, height)
        bar.midbottom = (area.x + round(slot * (index + 0.5)), area.bottom)
        surface.blit(shapes.rounded_panel(bar.size, 6, ink, shapes.darken(ink, 0.25), None, 0), bar)
        value = shapes.text(f"{rate:.0%}", 16, theme.text, bold=True)
        surface.blit(value, value.get_rect(midbottom=(bar.centerx, bar.y - 3)))
        name = shapes.text(f"{label} ({games})", 15, theme.text_muted)
        surface.blit(name, name.get_rect(midtop=(bar.centerx, area.bottom + 6)))
        drawn.append(bar)
    return drawn
