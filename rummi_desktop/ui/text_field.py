"""A one-line text field (a name, a deal number): a widget like those in ``widgets``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from rummi_desktop.input import Action
from rummi_desktop.ui import shapes
from rummi_desktop.ui.widgets import Widget

if TYPE_CHECKING:
    from rummi_desktop.ui.theme import Theme

NAME_KEYS = set("abcdefghijklmnopqrstuvwxyz0123456789")
PATH_KEYS = NAME_KEYS | set("/\\._-~:")  # a file path (a custom word list)


class TextField(Widget):
    """A one-line field: click to edit, type letters/digits, Backspace, Enter to finish.
    ``path=True``: a file path (slashes, dots, dashes; no automatic capital; a long one shows
    its end)."""

    def __init__(self, rect: Any, text: str, on_change: Callable[[str], None], *, digits: bool = False,
                 limit: int = 12, tooltip: str = "", path: bool = False, secret: bool = False) -> None:
        super().__init__(rect, tooltip)
        self.secret = secret  # a password: shown as dots
        self.text = text
        self.on_change = on_change
        self.digits = digits
        self.path = path
        self.limit = limit
        self.editing = False
        self.visible = True

    def hit(self, pos: tuple[float, float] | None) -> bool:
        return self.visible and super().hit(pos)

    def activate(self) -> None:
        self.editing = True

    def type_key(self, action: Action) -> bool:
        """A key while editing; returns True when used."""
        key = action.key
        if key == "backspace":
            self.text = self.text[:-1]
        elif key == "space" and not self.digits and self.text and len(self.text) < self.limit:
            self.text += " "
        elif len(key) == 1 and key in (PATH_KEYS if self.path else NAME_KEYS) and len(self.text) < self.limit:
            if self.digits and not key.isdigit():
                return True
            first = not self.text and not self.path
            letter = key.upper() if (action.shift or first) and key.isalpha() else key
            self.text += letter
        else:
            return False
        self.on_change(self.text)
        return True

    def draw(self, surface: pygame.Surface, theme: "Theme") -> None:
        if not self.visible:
            return
        border = theme.selected if self.editing else shapes.mix(theme.panel[:3], theme.rail_highlight, 0.6)
        fill = shapes.darken(theme.panel[:3], 0.3) + (230,)
        surface.blit(shapes.rounded_panel(self.rect.size, 10, fill, fill, border, 2 if self.editing else 1), self.rect)
        shown = ("•" * len(self.text) if self.secret else self.text) + ("|" if self.editing else "")
        words = shapes.text(shown or " ", 21, theme.text, bold=True)
        while self.path and words.get_width() > self.rect.w - 28 and len(shown) > 2:
            shown = shown[2:]
            words = shapes.text("…" + shown, 21, theme.text, bold=True)
        surface.blit(words, words.get_rect(midleft=(self.rect.x + 14, self.rect.centery)))
