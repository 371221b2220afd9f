"""A table's small dialog that chooses one face: what a joker stands for, which letter a blank
shows. It only gathers the choice (a click on a face, or a key the game allows); OK or Enter
hands it to ``on_done``, Cancel or Esc hands over None. The game draws the faces.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.ui import shapes
from rummi_desktop.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App


class FacePicker(ShellScene):
    transparent = True

    def __init__(self, app: "App", on_done: Callable[[Any], None], card_size: tuple[int, int]) -> None:
        super().__init__(app)
        self.on_done = on_done
        self.chosen: Any = None
        self.card = pygame.Rect(0, 0, *card_size)
        self.card.center = (640, 400)

    def add_buttons(self, ok_width: int, ok_label: str, ok_tooltip: str, cancel_label: str,
                    cancel_tooltip: str) -> None:
        ok = pygame.Rect(0, 0, ok_width, 56)
        ok.bottomright = (self.card.right - 30, self.card.bottom - 24)
        self.ok_button = self.widgets.add(Button(ok, ok_label, self.confirm, style="primary",
                                                 tooltip=ok_tooltip, shortcut="return"))
        self.widgets.add(Button(ok.move(-ok_width - 20, 0), cancel_label, self.cancel, tooltip=cancel_tooltip,
                                shortcut="escape"))

    def face_at(self, pos: tuple[int, int]) -> Any | None:
        """The face drawn under ``pos``, if any."""
        raise NotImplementedError

    def choose_by_key(self, action: Action) -> bool:
        """A key that picks a face (none unless the game has one)."""
        return False

    def confirm(self) -> None:
        self.close()
        self.on_done(self.chosen)

    def cancel(self) -> None:
        self.close()
        self.on_done(None)

    def on_back(self) -> None:
        self.cancel()

    def handle_action(self, action: Action) -> bool:
        if action.kind == ActionKind.CLICK and action.pos is not None:
            face = self.face_at(action.pos)
            if face is not None:
                self.chosen = face
                self.play("rack")
                return True
        if self.choose_by_key(action):
            return True
        if action.kind == ActionKind.CONFIRM and self.widgets.focused is None:
            self.confirm()
            return True
        return super().handle_action(action)

    def draw_card(self, surface: pygame.Surface, title_text: str) -> None:
        theme = self.app.theme
        draw_panel(surface, theme, self.card)
        title = shapes.text(title_text, 34, theme.text, display=True)
        surface.blit(title, title.get_rect(midtop=(self.card.centerx, self.card.y + 20)))
