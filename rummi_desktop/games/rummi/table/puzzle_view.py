"""The Rummi puzzle table's view: the real table's view (layout, sprites, tile painting) with a
puzzle's HUD — title, goal, rating — a stopwatch, and the marks a hint puts on the table."""

from __future__ import annotations

from typing import Callable

import pygame

from rummi_desktop.games.rummi.table.layout import screen_regions
from rummi_desktop.games.rummi.table.view import RummiTableView
from rummi_desktop.ui import shapes
from rummi_desktop.ui.table_hud import _fitted, rect

REGIONS = screen_regions()
STOPWATCH_W = 132


class PuzzleTableView(RummiTableView):
    """``session`` is a :class:`~rummi_desktop.games.rummi.table.puzzle_table.PuzzleSession`; the
    puzzle board hands it what the top bar shows (``puzzle_shows``)."""

    def __init__(self, table, session, racks) -> None:
        super().__init__(table, session, racks)
        self.hint_melds: set[int] = set()  # tiles whose current melds a level-1 hint outlines
        # (the hint's words, whether the stopwatch shows, its seconds): the puzzle board's
        self.puzzle_shows: Callable[[], tuple[str, bool, float]] = lambda: ("", True, 0.0)
        self._watch: tuple[str, pygame.Surface] | None = None

    @property
    def shown(self):
        return self.session.state

    def hud_key(self) -> tuple:
        return (self.session.title, self.session.goal_text, self._right_text())

    def _right_text(self) -> str:
        """The hint on show, else the ratings line."""
        return self.puzzle_shows()[0] or self.session.rating_text

    def caption_text(self) -> str:
        return ""  # a puzzle's title and goal are in its top bar

    def paint_hud(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        hud = REGIONS.hud
        width = round(hud.w) - STOPWATCH_W - 88
        area = pygame.Rect(round(hud.x), round(hud.y), width, round(hud.h))
        surface.blit(shapes.soft_shadow(area.size, 12, 8, 120), (area.x - 8, area.y - 5))
        surface.blit(shapes.rounded_panel(area.size, 12, theme.panel, theme.panel, theme.accent, 1, highlight=30), area)
        title = _fitted(self.session.title, 22, 15, theme.text, width // 2 - 30, bold=True)
        surface.blit(title, (area.x + 16, area.y + 6))
        goal = _fitted(self.session.goal_text, 18, 13, theme.text_muted, width // 2 - 30)
        surface.blit(goal, (area.x + 16, area.bottom - goal.get_height() - 7))
        rating = _fitted(self._right_text(), 18, 13, theme.hint if self.puzzle_shows()[0] else theme.text,
                         width // 2 - 30)
        surface.blit(rating, rating.get_rect(midright=(area.right - 16, area.centery)))

    def stopwatch_rect(self) -> pygame.Rect:
        hud = REGIONS.hud
        return pygame.Rect(round(hud.right) - STOPWATCH_W - 76, round(hud.y) + 6, STOPWATCH_W, round(hud.h) - 12)

    def draw(self, surface: pygame.Surface, hand, buttons) -> None:
        super().draw(surface, hand, buttons)
        self._draw_meld_marks(surface)
        if self.puzzle_shows()[1]:
            self._draw_stopwatch(surface)

    def _draw_meld_marks(self, surface: pygame.Surface) -> None:
        """Level 1: a golden outline round every meld holding a tile of a meld to break."""
        if not self.hint_melds:
            return
        colour = self.app.theme.hint
        for meld, box in zip(self.shown.table, self.table_layout.meld_boxes):
            if self.hint_melds & set(meld):
                pygame.draw.rect(surface, colour, rect(box).inflate(14, 14), 3, border_radius=10)

    def _draw_stopwatch(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        seconds = int(self.puzzle_shows()[2])
        label = f"{seconds // 60}:{seconds % 60:02d}"
        if self._watch is None or self._watch[0] != label:
            self._watch = (label, shapes.text(label, 24, theme.text, bold=True))
        area = self.stopwatch_rect()
        surface.blit(shapes.rounded_panel(area.size, 10, theme.panel, theme.panel, None, 0), area)
        surface.blit(self._watch[1], self._watch[1].get_rect(center=area.center))
