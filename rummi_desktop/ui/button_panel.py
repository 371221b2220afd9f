"""A table's panel of buttons: the shell's Buttons in a WidgetGroup (hover, tooltips with their
key, shortcut keys), re-enabled from the table's state before every key or click and every
frame of a round. A game's panel adds its buttons to ``group`` and says in ``refresh`` which
of them make sense right now.
"""

from __future__ import annotations

from typing import Any

import pygame

from rummi_desktop.ui.widget_group import WidgetGroup


class ButtonPanel:
    def __init__(self) -> None:
        self.group = WidgetGroup()

    def refresh(self) -> None:
        """Enable (and label) the buttons for what the table allows now."""
        raise NotImplementedError

    def handle_action(self, action: Any) -> bool:
        self.refresh()  # a key or click acts on the buttons as they are now, not as last drawn
        return self.group.handle_action(action)

    def update(self, dt: float, in_round: bool) -> None:
        if in_round:
            self.refresh()
        self.group.update(dt)

    def draw(self, surface: pygame.Surface, theme: Any) -> None:
        self.group.draw(surface, theme)
