"""The card at the end of a guided first game: well done, and what next (a real game, or the
menu). It is drawn over the table, dimmed below it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.ui import shapes
from rummi_desktop.ui.table_hud import _wrap
from rummi_desktop.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

CARD_W = 620
TEXT_TOP, LINE_H, MESSAGE_SIZE = 100, 28, 21  # the closing words under the title
BUTTONS_H = 24 + 60 + 32  # a gap, the buttons, the card's foot


class WellDoneCard(ShellScene):
    """"Well done!" with the game's closing words; Play a real game (``on_real_game``, the
    primary answer) or Back to the menu (``on_menu``, also Esc)."""

    transparent = True

    def __init__(self, app: "App", message: str, on_real_game: Callable[[], None],
                 on_menu: Callable[[], None]) -> None:
        super().__init__(app)
        self.lines = _wrap(message, MESSAGE_SIZE, CARD_W - 80)[:4]
        self.card = pygame.Rect(0, 0, CARD_W, TEXT_TOP + LINE_H * len(self.lines) + BUTTONS_H)
        self.card.center = (640, 400)
        width, gap = 250, 24
        y = self.card.bottom - 92  # the buttons' row
        left = self.card.centerx - width - gap // 2
        self.menu_button = self.widgets.add(Button((left, y, width, 60), "Back to the menu",
                                                   lambda: self._answer(on_menu), tooltip="Leave the guide",
                                                   shortcut="escape"))
        self.real_game = self.widgets.add(Button((left + width + gap, y, width, 60), "Play a real game",
                                                 lambda: self._answer(on_real_game), style="primary",
                                                 tooltip="Set up a game against the computer", shortcut="return"))

    def _answer(self, then: Callable[[], None]) -> None:
        self.close()
        then()

    def on_enter(self) -> None:
        self.widgets.focus(self.real_game)
        self.play("fanfare")

    def on_back(self) -> None:
        self.menu_button.activate()

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        draw_panel(surface, theme, self.card)
        title = shapes.text("Well done!", 48, theme.text, display=True)
        surface.blit(title, title.get_rect(midtop=(self.card.centerx, self.card.y + 24)))
        y = self.card.y + TEXT_TOP
        for line in self.lines:
            shown = shapes.text(line, MESSAGE_SIZE, theme.text_muted)
            surface.blit(shown, shown.get_rect(midtop=(self.card.centerx, y)))
            y += LINE_H
        self.widgets.draw(surface, theme)
