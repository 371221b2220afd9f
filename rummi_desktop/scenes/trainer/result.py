"""The card after an attempt: how it went, the rating change, and what next."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.ui import shapes
from rummi_desktop.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App
    from rummi_desktop.shell.scene import Scene

CARD_SIZE = (620, 300)
Choice = tuple[str, Callable[[], None], str]  # label, action, shortcut


class AttemptResultScene(ShellScene):
    """An overlay over the puzzle table (solved) or the trainer (given up). ``table`` is the
    puzzle table still under it, closed along with the card."""

    transparent = True

    def __init__(self, app: "App", headline: str, lines: list[str], choices: list[Choice],
                 table: "Scene | None") -> None:
        super().__init__(app)
        self.headline, self.lines, self.table = headline, lines, table
        self.card = pygame.Rect((0, 0), CARD_SIZE)
        self.card.center = (640, 390)
        width, gap = 178, 16
        left = self.card.centerx - (len(choices) * width + (len(choices) - 1) * gap) // 2
        self.choice_buttons = []
        for index, (label, action, key) in enumerate(choices):
            rect = (left + index * (width + gap), self.card.bottom - 86, width, 58)
            self.choice_buttons.append(self.widgets.add(Button(
                rect, label, self._closing(action), style="primary" if index == 0 else "secondary",
                tooltip=label, shortcut=key, font_size=20)))

    def _closing(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.close()
            if self.table is not None and self.table.stack is not None:
                self.table.close()
            action()
        return run

    def status(self) -> dict:
        return {**super().status(), "headline": self.headline, "lines": list(self.lines)}

    def on_back(self) -> None:
        self.choice_buttons[-1].on_click()

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        draw_panel(surface, theme, self.card)
        title = shapes.text(self.headline, 42, theme.text, display=True)
        surface.blit(title, title.get_rect(midtop=(self.card.centerx, self.card.y + 24)))
        y = self.card.y + 90
        for line in self.lines:
            picture = shapes.text(line, 22, theme.text_muted)
            surface.blit(picture, picture.get_rect(midtop=(self.card.centerx, y)))
            y += 32
        self.widgets.draw(surface, theme)
