"""Screens over any game's table: the pass-and-play privacy screen, the pause overlay, the rules.

The privacy screen is opaque on purpose: it replaces the whole picture, so the next player
never glimpses the previous player's rack. The pause overlay is transparent (the table shows,
dimmed, behind it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

import pygame

from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.ui import shapes, table_hud
from rummi_desktop.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

# The game's help: (heading, lines) per section, as the rules overlay shows it.
HelpSections = Sequence[tuple[str, Sequence[str]]]


def back_to_menu(app: "App", stack) -> None:
    """Leave the game for a freshly built main menu, so its Continue entry matches the
    autosave as it is now (written a moment ago, or removed at the end of a match)."""
    from rummi_desktop.scenes.menu import MenuScene

    if stack is not None:
        stack.clear(MenuScene(app))


class PrivacyScreen(ShellScene):
    """"Pass the laptop to NAME": hides every rack until the next player clicks."""

    transparent = False

    def __init__(self, app: "App", name: str, on_ready: Callable[[], None]) -> None:
        super().__init__(app)
        self.name = name
        self.on_ready = on_ready
        self.card = pygame.Rect(0, 0, 640, 300)
        self.card.center = (640, 390)
        ready = pygame.Rect(0, 0, 300, 64)
        ready.midbottom = (self.card.centerx, self.card.bottom - 34)
        self.ready_button = self.widgets.add(Button(ready, f"I am {name}", self.ready, style="primary",
                                                    tooltip="Show my rack", shortcut="return"))

    def ready(self) -> None:
        self.close()
        self.on_ready()

    def handle_action(self, action: Action) -> bool:
        if action.kind in (ActionKind.CLICK, ActionKind.CONFIRM):
            if action.kind == ActionKind.CLICK and self.widgets.widget_at(action.pos) is not None:
                return super().handle_action(action)
            self.ready()
            return True
        if action.kind == ActionKind.BACK:
            return True  # Esc must not reveal anything; the next player clicks when ready
        return super().handle_action(action)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        theme = self.app.theme
        draw_panel(surface, theme, self.card)
        title = shapes.text(f"Pass to {self.name}", 50, theme.text, display=True)
        surface.blit(title, title.get_rect(midtop=(self.card.centerx, self.card.y + 34)))
        hint = shapes.text("Racks stay hidden until the next player is ready.", 21, theme.text_muted)
        surface.blit(hint, hint.get_rect(midtop=(self.card.centerx, self.card.y + 116)))
        hint2 = shapes.text("Click anywhere when you are.", 21, theme.text_muted)
        surface.blit(hint2, hint2.get_rect(midtop=(self.card.centerx, self.card.y + 146)))
        self.widgets.draw(surface, theme)


class PauseOverlay(ShellScene):
    """Esc on the table: resume, settings, rules, save and quit to the menu. ``leave_label``
    (online: "Back to the lobby") leaves to the screen under the table instead, and ``note``
    is a line under the title (online: the game goes on)."""

    transparent = True

    def __init__(self, app: "App", game_title: str, help_sections: HelpSections,
                 save_and_leave: Callable[[], None], note: str = "", leave_label: str = "") -> None:
        super().__init__(app)
        self.note, self.leave_label = note, leave_label
        self.game_title = game_title
        self.help_sections = help_sections
        self.save_and_leave = save_and_leave
        self.card = pygame.Rect(0, 0, 440, 430)
        self.card.center = (640, 400)
        entries = [
            ("Resume", self.close, "primary", "Back to the table", "escape"),
            ("Settings", self._settings, "secondary", "Sound, theme, animation speed", "s"),
            ("Rules", self._rules, "secondary", f"How {game_title} is played", "h"),
            ("Save and quit to menu", self._save_and_quit, "secondary", "Continue later from the menu", "q")
            if not leave_label else
            (leave_label, self._leave, "secondary", "The game goes on: come back to it from the lobby", "q"),
        ]
        for index, (label, action, style, tip, key) in enumerate(entries):
            rect = pygame.Rect(0, 0, 340, 58)
            rect.midtop = (self.card.centerx, self.card.y + 110 + index * 72)
            self.widgets.add(Button(rect, label, action, style=style, tooltip=tip, shortcut=key))

    def _settings(self) -> None:
        from rummi_desktop.scenes.settings import SettingsScene

        if self.stack is not None:
            self.stack.push(SettingsScene(self.app))

    def _rules(self) -> None:
        if self.stack is not None:
            self.stack.push(RulesOverlay(self.app, self.game_title, self.help_sections))

    def _leave(self) -> None:
        """Back to the screen the table was opened from (the lobby), the table closed."""
        self.save_and_leave()
        if self.stack is not None:
            self.stack.pop()  # this card
            self.stack.pop()  # the table

    def _save_and_quit(self) -> None:
        self.save_and_leave()
        back_to_menu(self.app, self.stack)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        draw_panel(surface, theme, self.card)
        title = shapes.text("Paused", 52, theme.text, display=True)
        surface.blit(title, title.get_rect(midtop=(self.card.centerx, self.card.y + 26)))
        if self.note:
            note = table_hud._fitted(self.note, 17, 13, theme.text_muted, self.card.w - 40)
            surface.blit(note, note.get_rect(midtop=(self.card.centerx, self.card.y + 82)))
        self.widgets.draw(surface, theme)


class RulesOverlay(ShellScene):
    """The rules in our own words, on a card over the dimmed table. Any click or Esc closes."""

    transparent = True

    def __init__(self, app: "App", game_title: str, help_sections: HelpSections) -> None:
        super().__init__(app)
        self.game_title = game_title
        self.help_sections = help_sections
        self.card = pygame.Rect(0, 0, 1100, 744)
        self.card.center = (640, 400)

    def handle_action(self, action: Action) -> bool:
        if action.kind in (ActionKind.CLICK, ActionKind.BACK, ActionKind.CONFIRM):
            self.close()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        draw_panel(surface, theme, self.card)
        title = shapes.text(f"How to play {self.game_title}", 40, theme.text, display=True)
        surface.blit(title, title.get_rect(midtop=(self.card.centerx, self.card.y + 18)))
        y = self.card.y + 72
        for heading, lines in self.help_sections:
            surface.blit(shapes.text(heading, 20, theme.accent, bold=True), (self.card.x + 40, y))
            y += 25
            for line in lines:
                surface.blit(shapes.text(line, 17, theme.text), (self.card.x + 40, y))
                y += 19
            y += 6
        foot = shapes.text("Click anywhere to close", 16, theme.text_muted)
        surface.blit(foot, foot.get_rect(midbottom=(self.card.centerx, self.card.bottom - 12)))
