"""The lobby's lists of tables (your games, the open tables): rows of two lines, a page at a time
with Previous and Next under them (and the mouse wheel), so twenty games read as easily as two. A game that
waits for your move is drawn in the accent colour with a "Your move" badge; one whose
days-per-move clock runs out within 12 hours has its badge and time left in the warning colour."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from rummi_desktop.scenes.online.listing import TableRow
from rummi_desktop.ui import shapes
from rummi_desktop.ui.count_badge import badge_colours, warning_ink
from rummi_desktop.ui.text_wrap import fitted_text
from rummi_desktop.ui.widget_group import WidgetGroup
from rummi_desktop.ui.widgets import Button, Widget
from rummi_desktop.scenes.online.paging import Paging

if TYPE_CHECKING:
    from rummi_desktop.ui.theme import Theme

ROW_GAP = 6
PAGER_H = 36


def draw_row_face(surface: pygame.Surface, theme: "Theme", rect: pygame.Rect, urgent: bool, glow: float = 0.0,
                  thick: bool = False) -> None:
    """A lobby row's card (the tables' and the Friends tab's): the accent's tint and edge when it
    waits on you (your move, an invitation)."""
    base = shapes.darken(theme.panel[:3], 0.2)
    face = shapes.mix(base, theme.accent, 0.22) if urgent else base
    face = shapes.lighten(face, 0.12 * glow)
    border = theme.accent if urgent else shapes.mix(theme.panel[:3], theme.rail_highlight, 0.55)
    surface.blit(shapes.rounded_panel(rect.size, 10, face + (235,), face + (235,), border, 2 if thick else 1), rect)


class TableRowButton(Widget):
    """One table: its headline, its detail line, and what a click does ("Open", "Join")."""

    def __init__(self, rect: Any, row: TableRow, verb: str, on_pick: Callable[[str], None], tooltip: str) -> None:
        super().__init__(rect, tooltip)
        self.row, self.verb, self.on_pick = row, "Play" if row.yours_to_move else verb, on_pick
        self.label = f"{row.headline} · {row.detail}"  # what tests and the status report read

    def activate(self) -> None:
        if self.enabled:
            self.on_pick(self.row.table)

    def draw(self, surface: pygame.Surface, theme: "Theme") -> None:
        urgent = self.row.yours_to_move
        draw_row_face(surface, theme, self.rect, urgent, self.glow, thick=urgent or self.focused)
        if self.focused:
            pygame.draw.rect(surface, theme.selected, self.rect.inflate(6, 6), 2, border_radius=13)
        verb = shapes.text(self.verb, 18, theme.accent if urgent else theme.text_muted, bold=True)
        surface.blit(verb, verb.get_rect(midright=(self.rect.right - 16, self.rect.centery)))
        left, width = self.rect.x + 16, self.rect.w - verb.get_width() - 48
        badge_face, badge_ink = badge_colours(theme, self.row.urgent)
        if urgent:
            badge_words = shapes.text("YOUR MOVE", 14, badge_ink, bold=True)
            badge = pygame.Rect(left, 0, badge_words.get_width() + 14, 20)
            badge.centery = self.rect.y + 17
            surface.blit(shapes.rounded_panel(badge.size, 6, badge_face, badge_face, badge_face, 0), badge)
            surface.blit(badge_words, badge_words.get_rect(center=badge.center))
            headline_left = badge.right + 10
        else:
            headline_left = left
        headline = fitted_text(self.row.headline, 20, theme.text, left + width - headline_left, bold=True)
        surface.blit(headline, headline.get_rect(midleft=(headline_left, self.rect.y + 17)))
        ink = warning_ink(theme) if self.row.urgent else theme.accent if urgent else theme.text_muted
        detail = fitted_text(self.row.detail, 17, ink, width, bold=self.row.urgent)
        surface.blit(detail, detail.get_rect(midleft=(left, self.rect.bottom - 15)))


class PagedTableList(Paging):
    """Rows in ``area`` a page at a time; the row and pager widgets live in ``group`` only while
    they show, so a hidden list takes no clicks."""

    def __init__(self, group: WidgetGroup, area: pygame.Rect, row_h: int, verb: str, tooltip: str,
                 on_pick: Callable[[str], None], empty: str) -> None:
        self.group, self.area, self.row_h = group, area, row_h
        self.verb, self.tooltip, self.on_pick, self.empty = verb, tooltip, on_pick, empty
        self.rows: list[TableRow] = []
        self.page = 0
        self.shown = False
        self.buttons: list[TableRowButton] = []
        pager_y = area.bottom - PAGER_H
        self.previous = Button(pygame.Rect(area.x, pager_y, 120, PAGER_H), "Previous",
                               lambda: self.turn(-1), tooltip="The previous page", font_size=18)
        self.next = Button(pygame.Rect(area.right - 120, pager_y, 120, PAGER_H), "Next",
                           lambda: self.turn(1), tooltip="The next page", font_size=18)

    @property
    def per_page(self) -> int:
        return max(1, (self.area.h - PAGER_H - ROW_GAP) // (self.row_h + ROW_GAP))

    def set_rows(self, rows: list[TableRow]) -> None:
        self.rows = rows
        self.page = min(self.page, self.pages - 1)
        self._rebuild()

    def _rebuild(self) -> None:
        keep = [w for w in self.group.widgets if w not in self.buttons and w not in (self.previous, self.next)]
        if self.group.focused is not None and self.group.focused not in keep:
            self.group.focus(None)
        self.group.widgets = keep
        self.buttons = []
        if not self.shown:
            return
        first = self.page * self.per_page
        for index, row in enumerate(self.rows[first:first + self.per_page]):
            rect = pygame.Rect(self.area.x, self.area.y + index * (self.row_h + ROW_GAP), self.area.w, self.row_h)
            self.buttons.append(self.group.add(TableRowButton(rect, row, self.verb, self.on_pick, self.tooltip)))
        if self.pages > 1:
            self.previous.enabled, self.next.enabled = self.page > 0, self.page < self.pages - 1
            self.group.add(self.previous)
            self.group.add(self.next)

    def draw(self, surface: pygame.Surface, theme: "Theme") -> None:
        """What the widgets do not draw: the page number, or a word when the list is empty."""
        if not self.shown:
            return
        if not self.rows:
            words = shapes.text(self.empty, 19, theme.text_muted)
            surface.blit(words, words.get_rect(midtop=(self.area.centerx, self.area.y + 24)))
        elif self.pages > 1:
            words = shapes.text(f"Page {self.page + 1} of {self.pages}", 18, theme.text_muted)
            surface.blit(words, words.get_rect(center=(self.area.centerx, self.area.bottom - PAGER_H // 2)))
