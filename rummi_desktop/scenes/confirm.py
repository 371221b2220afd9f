"""A small yes/no question drawn over the dimmed screen below it (quit confirmation).

The keyboard starts on the safe answer (Stay, Keep trying, Cancel): Enter keeps things as they
are, and the other answer is a Tab (or Down) away, or a click."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Callable

import pygame

from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.ui import shapes
from rummi_desktop.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

CARD_SIZE = (560, 260)


class ConfirmScene(ShellScene):
    """An overlay: the confirm button runs ``on_confirm``; Esc, cancel or Enter on the safe
    answer (where the focus starts) closes it."""

    transparent = True

    def __init__(self, app: "App", title: str, message: str, confirm_label: str,
                 on_confirm: Callable[[], None], cancel_label: str = "Cancel", danger: bool = True) -> None:
        super().__init__(app)
        self.title, self.message = title, message
        self.on_confirm = on_confirm
        self.card = pygame.Rect((0, 0), CARD_SIZE)
        self.card.center = (640, 400)
        width, gap = 200, 24
        y = self.card.bottom - 92
        left = self.card.centerx - width - gap // 2
        self.cancel_button = self.widgets.add(Button((left, y, width, 60), cancel_label, self.close,
                                                     tooltip="Go back", shortcut="escape"))
        self.confirm_button = self.widgets.add(Button(
            (left + width + gap, y, width, 60), confirm_label, self._confirm,
            style="danger" if danger else "primary", tooltip=confirm_label))

    def _confirm(self) -> None:
        self.close()
        self.on_confirm()

    def on_enter(self) -> None:
        self.widgets.focus(self.cancel_button)

    def handle_action(self, action: Action) -> bool:
        if action.kind == ActionKind.CONFIRM and self.widgets.focused is None:
            self.close()  # the pointer hid the focus: Enter is still the safe answer
            return True
        return super().handle_action(action)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        draw_panel(surface, theme, self.card)
        title = shapes.text(self.title, 46, theme.text, display=True)
        surface.blit(title, title.get_rect(midtop=(self.card.centerx, self.card.y + 26)))
        message = shapes.text(self.message, 22, theme.text_muted)
        surface.blit(message, message.get_rect(midtop=(self.card.centerx, self.card.y + 98)))
        self.widgets.draw(surface, theme)


def quit_confirmation(app: "App") -> ConfirmScene:
    """The question Esc on the menu asks; Quit saves the settings (as the message promises)."""

    def save_and_quit() -> None:
        # The menu that would show the notice is going away: a failure is told on stderr.
        if not app.save_settings() and app.persist:
            print(f"rummi-desktop: {app.notices[-1] if app.notices else 'could not save settings'}",
                  file=sys.stderr)
        app.quit()

    return ConfirmScene(app, "Leave the table?", "Your settings are saved. See you soon!", "Quit",
                        save_and_quit, cancel_label="Stay")


def ask_first(table: Any, title: str, message: str, confirm_label: str, action: Callable[[], None],
              danger: bool = False) -> None:
    """A table's move that cannot be taken back asks first, the keyboard on "Keep playing"
    (asked only of a person on turn: the question is theirs)."""
    if table.my_turn and table.stack is not None:
        table.stack.push(ConfirmScene(table.app, title, message, confirm_label, action,
                                      cancel_label="Keep playing", danger=danger))


def ask_to_pass(table: Any, message: str, do_pass: Callable[[], None]) -> None:
    """A table's Pass asks first: P is one slip from the keys around it, and a pass cannot be
    taken back. ``message`` says what passing does now."""
    ask_first(table, "Pass this turn?", message, "Pass", do_pass)


RESIGN_WORDS = "The game ends now, and it counts as a loss."


def ask_to_resign(table: Any) -> None:
    """Resign (on the pause card) asks first: giving the game up is final."""
    ask_first(table, "Resign this game?", RESIGN_WORDS, "Resign", table.resign, danger=True)
