"""The review's list of turns as widgets: one :class:`TurnRow` per shown line, so a row lights
up under the pointer, takes the keyboard focus (Up/Down, Tab) and opens its turn with a click
or Enter like any button. The rows are slots: each shows the turn the list's scroll puts in it
(``turn_at``), and a slot past the last turn is hidden. Game-neutral; drawing only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from rummi_desktop.games.review import TurnReview
from rummi_desktop.scenes.review_words import miss_words, play_words
from rummi_desktop.ui import shapes, table_hud
from rummi_desktop.ui.widgets import Widget

if TYPE_CHECKING:
    from rummi_desktop.ui.theme import Theme

COLUMNS = (("Turn", 0), ("Seat", 80), ("Played", 250), ("Best play", 560), ("Missed", 880))
CELL_ROOM = (70, 160, 300, 310, 260)  # px each column's text may take before the next column


class TurnRow(Widget):
    """One line of the turns' list: turn, seat, the play made, the best play, what was missed."""

    def __init__(self, rect: pygame.Rect, turn_at: Callable[[], TurnReview | None], seat_name: Callable[[int], str],
                 open_turn: Callable[[TurnReview], None]) -> None:
        super().__init__(rect)  # no tooltip: it would hide the next row (the list's foot says what a click does)
        self.turn_at, self.seat_name, self.open_turn = turn_at, seat_name, open_turn

    @property
    def turn(self) -> TurnReview | None:
        return self.turn_at()

    @property
    def focusable(self) -> bool:  # type: ignore[override]  (an empty slot takes no focus)
        return self.turn is not None

    def hit(self, pos: tuple[float, float] | None) -> bool:
        return self.turn is not None and super().hit(pos)

    def activate(self) -> None:
        if (turn := self.turn) is not None:
            self.open_turn(turn)

    def cells(self, turn: TurnReview) -> tuple[str, ...]:
        return (str(turn.turn), self.seat_name(turn.seat), play_words(turn.played), play_words(turn.best),
                miss_words(turn))

    def draw(self, surface: pygame.Surface, theme: "Theme") -> None:
        turn = self.turn
        if turn is None:
            return
        rect = self.rect
        fill = shapes.mix(theme.felt_dark, theme.panel[:3], 0.5 + 0.3 * self.glow)
        border = theme.selected if self.focused else theme.rail_highlight
        surface.blit(shapes.rounded_panel(rect.size, 10, fill + (220,), None, border, 2 if self.focused else 1), rect)
        for index, ((_, x), cell) in enumerate(zip(COLUMNS, self.cells(turn))):
            best = turn.at_best and index == len(COLUMNS) - 1
            ink = theme.accent if best else theme.text
            picture = table_hud._fitted(cell, 17, 14, ink, CELL_ROOM[index], bold=best)  # a long name: cut
            surface.blit(picture, (rect.x + 16 + x, rect.y + (rect.h - picture.get_height()) // 2))

