"""The review's list of turns: one :class:`TurnRow` per shown line (a list row widget: it
lights up, takes the keyboard focus and opens its turn like a button), with the turn, the
seat, the play made, the best play and what was missed. Game-neutral; drawing only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from rummi_desktop.games.review import TurnReview
from rummi_desktop.scenes.review_words import miss_words, play_words
from rummi_desktop.ui import table_hud
from rummi_desktop.ui.list_rows import SlotRow

if TYPE_CHECKING:
    from rummi_desktop.ui.theme import Theme

COLUMNS = (("Turn", 0), ("Seat", 80), ("Played", 250), ("Best play", 560), ("Missed", 880))
CELL_ROOM = (70, 160, 300, 310, 260)  # px each column's text may take before the next column


class TurnRow(SlotRow):
    def __init__(self, rect: pygame.Rect, turn_at: Callable[[], TurnReview | None], seat_name: Callable[[int], str],
                 open_turn: Callable[[TurnReview], None]) -> None:
        super().__init__(rect, turn_at, open_turn)
        self.seat_name = seat_name

    @property
    def turn(self) -> TurnReview | None:
        return self.item

    def cells(self, turn: TurnReview) -> tuple[str, ...]:
        return (str(turn.turn), self.seat_name(turn.seat), play_words(turn.played), play_words(turn.best),
                miss_words(turn))

    def draw_item(self, surface: pygame.Surface, theme: "Theme", turn: TurnReview) -> None:
        for index, ((_, x), cell) in enumerate(zip(COLUMNS, self.cells(turn))):
            best = turn.at_best and index == len(COLUMNS) - 1
            ink = theme.accent if best else theme.text
            picture = table_hud._fitted(cell, 17, 14, ink, CELL_ROOM[index], bold=best)  # a long name: cut
            surface.blit(picture, (self.rect.x + 16 + x, self.rect.y + (self.rect.h - picture.get_height()) // 2))
