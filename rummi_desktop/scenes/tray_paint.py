"""What every table paints alike around its own board: the tray under the viewer's tiles
(hidden, with a word on why, while nobody's tiles may be seen) and the log of the last turns.
"""

from __future__ import annotations

from typing import Any, Sequence

import pygame

from rummi_desktop.ui import shapes, table_hud
from rummi_desktop.ui.geometry import Box

LOG_LINE = 24  # px between two lines of the turn log
LOG_FONT = 15  # one size for every turn, its points and the line under the log
LOG_INDENT = 12  # px: a turn's second line, set in under its first


def hidden_tray_message(tv: Any, tiles_word: str) -> str:
    """Why the tray is hidden ("" while it is shown); ``tiles_word`` names what it holds."""
    session = tv.session
    if tv.table.viewer is not None:
        return ""
    if session.in_round and not session.is_human(session.current):
        return f"{session.seat(session.current).name} is playing…"
    return f"{tiles_word} are hidden between players"


def paint_tray(tv: Any, surface: pygame.Surface, area: Box, ledges: Any, tiles_word: str) -> None:
    theme = tv.app.theme
    if tv.table.viewer is not None:
        table_hud.draw_rack_tray(surface, theme, area, ledges)
        return
    table_hud.draw_hidden_rack(surface, theme, area, hidden_tray_message(tv, tiles_word))


def paint_turn_log(surface: pygame.Surface, theme: Any, area: pygame.Rect,
                   log: Sequence[tuple[str, str, int]]) -> None:
    """The panel with the newest turns that fit, each "who: what" and the points it scored,
    all in one size of type: a long turn goes on over a second line instead of shrinking."""
    surface.blit(shapes.rounded_panel(area.size, 14, theme.panel, theme.panel,
                                      shapes.mix(theme.panel[:3], theme.rail_highlight, 0.5), 1), area)
    surface.blit(shapes.text("Last turns", 19, theme.text, bold=True), (area.x + 16, area.y + 10))
    y = area.y + 40
    if not log:
        surface.blit(shapes.text("No turns yet", LOG_FONT, theme.text_muted), (area.x + 16, y))
    width = area.w - 80  # the points stand in the last 64 px
    for lines, points in _newest_turns(log, (area.h - 70) // LOG_LINE, width - LOG_INDENT):
        for index, text in enumerate(lines):
            indent = LOG_INDENT if index else 0
            line = table_hud._fitted(text, LOG_FONT, LOG_FONT, theme.text_muted, width - indent)
            surface.blit(line, (area.x + 16 + indent, y))
            if index == 0 and points:
                score = shapes.text(f"+{points}", LOG_FONT, theme.accent, bold=True)
                surface.blit(score, score.get_rect(topright=(area.right - 16, y)))
            y += LOG_LINE


def _newest_turns(log: Sequence[tuple[str, str, int]], room: int, width: int) -> list[tuple[list[str], int]]:
    """The newest turns whose lines fit in ``room`` lines, oldest first, each wrapped to ``width``."""
    shown: list[tuple[list[str], int]] = []
    for who, what, points in reversed(log):
        lines = table_hud._wrap(f"{who}: {what}", LOG_FONT, width)
        if len(lines) > room:
            break
        room -= len(lines)
        shown.append((lines, points))
    return shown[::-1]
