"""What the shell's screens share: the app, a widget group, the felt backdrop, Back closes."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.shell.scene import Scene
from rummi_desktop.shell.status_report import describe_widgets
from rummi_desktop.ui.felt import felt_surface
from rummi_desktop.ui.text_field import TextField
from rummi_desktop.ui.widget_group import WidgetGroup

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App


def clock_label(seconds: int) -> str:
    """A turn clock choice as the setup and settings screens show it (0: no clock)."""
    if not seconds:
        return "Off"
    return f"{seconds // 60} minutes" if seconds % 60 == 0 and seconds > 60 else f"{seconds} seconds"


class ShellScene(Scene):
    """A screen made of widgets over the felt. Subclasses build widgets in ``__init__``."""

    def __init__(self, app: "App") -> None:
        super().__init__()
        self.app = app
        self.widgets = WidgetGroup()

    @property
    def takes_text(self) -> bool:  # type: ignore[override]
        """A screen with a text field takes typed text while it is on top."""
        return any(isinstance(widget, TextField) for widget in self.widgets.widgets)

    def handle_action(self, action: Action) -> bool:
        if self.widgets.handle_action(action):
            return True
        if action.kind == ActionKind.BACK:
            self.on_back()
            return True
        return False

    def on_pause(self) -> None:
        self.widgets.forget_pointer()  # covered: its tooltips must not show through

    def on_back(self) -> None:
        self.close()

    def status(self) -> dict[str, Any]:
        return {"widgets": describe_widgets(self.widgets.widgets)}

    def update(self, dt: float) -> None:
        self.widgets.update(dt)

    def next_change_in(self) -> float:
        """Widgets only move after input (a hover glow, a tooltip's delay), and the app keeps
        drawing for a moment after any input; a screen with its own animation says so."""
        return math.inf

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        surface.blit(felt_surface(self.app.theme, surface.get_size()), (0, 0))

    def draw_titled_panel(self, surface: pygame.Surface, panel: pygame.Rect, heading: str, size: int = 44) -> None:
        """The felt, the screen's panel, and its heading centred at the panel's top."""
        from rummi_desktop.ui import shapes
        from rummi_desktop.ui.widgets import draw_panel

        theme = self.app.theme
        self.draw_backdrop(surface)
        draw_panel(surface, theme, panel)
        title = shapes.text(heading, size, theme.text, display=True)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + 18)))

    def play(self, cue: str) -> None:
        self.app.audio.play(cue)
