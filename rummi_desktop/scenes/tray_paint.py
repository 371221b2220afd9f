"""What every table paints alike around its own board: the tray under the viewer's tiles
(hidden, with a word on why, while nobody's tiles may be seen) and the log of the last turns.
"""

from __future__ import annotations

from typing import Any, Sequence

import pygame

from rummi_desktop.ui import shapes, table_hud
from rummi_desktop.ui.geometry import Box

LOG_LINE = 24  # px between two lines of the turn log


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
    """The panel with the newest turns that fit, each "who: what" and the points it scored."""
    surface.blit(shapes.rounded_panel(area.size, 14, theme.panel, theme.panel,
                                      shapes.mix(theme.panel[:3], theme.rail_highlight, 0.5), 1), area)
    surface.blit(shapes.text("Last turns", 19, theme.text, bold=True), (area.x + 16, area.y + 10))
    y = area.y + 40
    room = (area.h - 70) // LOG_LINE
    if not log:
        surface.blit(shapes.text("No turns yet", 15, theme.text_muted), (area.x + 16, y))
    for who, what, points in log[-room:] if room > 0 else []:
        surface.blit(table_hud._fitted(f"{who}: {what}", 15, 12, theme.text_muted, area.w - 80), (area.x + 16, y))
        if points:
            score = shapes.text(f"+{points}", 16, theme.accent, bold=True)
            surface.blit(score, score.get_rect(topright=(area.right - 16, y)))
        y += LOG_LINE
