"""The sandboxes' small overlays: a list of choices (which game; which saved scenario) and a
share code card (shown to copy, or a text field to paste one into).

A choice or a code that fails says why on the card, which stays open; nothing else changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

import pygame

from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.scenes.sandbox.clipboard import paste_text
from rummi_desktop.ui import shapes
from rummi_desktop.ui.text_field import typing_key
from rummi_desktop.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

CARD_W = 640
ROW_H, ROW_GAP = 52, 10
CODE_CHARS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
CODE_SIZE, CODE_LINES = 18, 5  # the code's type size, and the lines its field shows
# Returns None when it worked (the card closes), a sentence to show when it did not, or ""
# when it has already put something in the card's place (the card leaves it alone).
Attempt = Callable[[], "str | None"]


def code_lines(code: str, width: int) -> list[str]:
    """``code`` broken into lines no wider than ``width`` pixels as drawn (a code has no spaces
    to wrap at, and its letters differ in width: W is three times i)."""
    from rummi_desktop.ui.fonts import font

    measure = font(CODE_SIZE)
    lines = [""]
    for letter in code:
        if lines[-1] and measure.size(lines[-1] + letter)[0] > width:
            lines.append("")
        lines[-1] += letter
    return lines


class _Card(ShellScene):
    transparent = True

    def __init__(self, app: "App", title: str, height: int) -> None:
        super().__init__(app)
        self.title = title
        self.card = pygame.Rect(0, 0, CARD_W, height)
        self.card.center = (640, 400)
        self.problem = ""

    def _try(self, attempt: Attempt) -> None:
        problem = attempt()
        if problem:
            self.problem = problem
            self.play("invalid")
        elif problem is None:
            self.close()

    def draw_card(self, surface: pygame.Surface) -> int:
        """The card and its title; returns the y below the title."""
        theme = self.app.theme
        draw_panel(surface, theme, self.card)
        title = shapes.text(self.title, 38, theme.text, display=True)
        surface.blit(title, title.get_rect(midtop=(self.card.centerx, self.card.y + 20)))
        return self.card.y + 28 + title.get_height()

    def draw_lines(self, surface: pygame.Surface, text: str, y: int, size: int, colour) -> int:
        from rummi_desktop.scenes.text_page import wrap
        from rummi_desktop.ui.fonts import font

        for line in wrap(text, font(size), self.card.w - 60):
            picture = shapes.text(line, size, colour)
            surface.blit(picture, picture.get_rect(midtop=(self.card.centerx, y)))
            y += picture.get_height() + 2
        return y


class ChoiceDialog(_Card):
    """A column of choices, each a button; ``note`` is a line under the title."""

    def __init__(self, app: "App", title: str, note: str, choices: Sequence[tuple[str, str, Attempt]]) -> None:
        rows = max(1, len(choices))
        super().__init__(app, title, 190 + rows * (ROW_H + ROW_GAP) + ROW_H)
        self.note = note
        top = self.card.y + 120
        self.choices: list[Button] = []
        for index, (label, tooltip, attempt) in enumerate(choices):
            rect = pygame.Rect(self.card.x + 60, top + index * (ROW_H + ROW_GAP), CARD_W - 120, ROW_H)
            self.choices.append(self.widgets.add(Button(rect, label, lambda a=attempt: self._try(a), style="primary",
                                                        tooltip=tooltip, shortcut=str(index + 1) if index < 9 else "",
                                                        font_size=22)))
        back = pygame.Rect(0, 0, 200, ROW_H)
        back.midbottom = (self.card.centerx, self.card.bottom - 20)
        self.widgets.add(Button(back, "Back", self.close, tooltip="Close", shortcut="escape", font_size=20))

    def draw(self, surface: pygame.Surface) -> None:
        y = self.draw_card(surface)
        theme = self.app.theme
        self.draw_lines(surface, self.problem or self.note, y, 19, theme.invalid if self.problem else theme.text_muted)
        self.widgets.draw(surface, theme)


class CodeDialog(_Card):
    """A share code. ``code`` given: shown to copy (``note`` says whether it is on the
    clipboard). ``on_load`` given: a text field to paste or type a code into, then Load."""

    def __init__(self, app: "App", title: str, note: str, code: str = "",
                 on_load: Callable[[str], "str | None"] | None = None) -> None:
        super().__init__(app, title, 380)
        self.note = note
        self.text = code
        self.on_load = on_load
        y = self.card.bottom - 20 - ROW_H
        if on_load is None:
            close = pygame.Rect(0, y, 200, ROW_H)
            close.centerx = self.card.centerx
            self.widgets.add(Button(close, "Close", self.close, tooltip="Close", shortcut="escape", font_size=20))
            return
        x = self.card.x + 40
        self.paste_button = self.widgets.add(Button((x, y, 170, ROW_H), "Paste", self.paste,
                                                    tooltip="Paste the clipboard's text", font_size=20))
        self.load_button = self.widgets.add(Button((x + 190, y, 170, ROW_H), "Load", self.load, style="primary",
                                                   tooltip="Open the scenario of this code", font_size=20))
        self.widgets.add(Button((x + 380, y, 180, ROW_H), "Cancel", self.close, tooltip="Close",
                                shortcut="escape", font_size=20))

    def paste(self) -> None:
        text = paste_text()
        if text is None:
            self.problem = "There is no clipboard here: type the code instead"
            return
        self.text = "".join(text.split())
        self.problem = ""

    def load(self) -> None:
        if self.on_load is not None:
            code = self.text
            self._try(lambda: self.on_load(code))

    @property
    def takes_text(self) -> bool:  # type: ignore[override]
        return self.on_load is not None  # typed as text: any keyboard layout gives the right characters

    def handle_action(self, action: Action) -> bool:
        if self.on_load is not None and action.kind == ActionKind.TEXT:
            self.text += "".join(letter for letter in action.text if letter in CODE_CHARS)
            return True
        if self.on_load is not None and action.kind == ActionKind.SHORTCUT:
            if action.ctrl and action.key == "v":
                self.paste()
                return True
            if action.key == "backspace":
                self.text = self.text[:-1]
                return True
            if not action.ctrl and typing_key(action.key):
                return True  # its character comes as text
        if self.on_load is not None and action.kind == ActionKind.CONFIRM and self.widgets.focused is None:
            self.load()
            return True
        return super().handle_action(action)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        y = self.draw_card(surface)
        y = self.draw_lines(surface, self.note, y, 19, theme.text_muted) + 10
        field = pygame.Rect(self.card.x + 40, y, self.card.w - 80, 120)
        pygame.draw.rect(surface, shapes.darken(theme.panel[:3], 0.35), field, border_radius=10)
        pygame.draw.rect(surface, theme.rail_highlight, field, 2, border_radius=10)
        shown = self.text + ("|" if self.on_load is not None else "")
        for index, line in enumerate(code_lines(shown, field.w - 28)[-CODE_LINES:]):
            picture = shapes.text(line, CODE_SIZE, theme.text)
            surface.blit(picture, (field.x + 14, field.y + 10 + index * 21))
        if self.problem:
            self.draw_lines(surface, self.problem, field.bottom + 8, 18, theme.invalid)
        self.widgets.draw(surface, theme)

