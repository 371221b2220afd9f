"""Screens over any game's table: the pass-and-play privacy screen, the pause overlay, the rules.

The privacy screen is opaque on purpose: it replaces the whole picture, so the next player
never glimpses the previous player's rack. The pause overlay is transparent (the table shows,
dimmed, behind it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Sequence

import pygame

from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.scenes.text_page import wrap
from rummi_desktop.ui import shapes, table_hud
from rummi_desktop.ui.fonts import font
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


ENTRY_STEP = 72  # px from one pause-card button to the next


class PauseOverlay(ShellScene):
    """Esc on the table: resume, settings, rules, save and quit to the menu. ``leave_label``
    (online: "Back to the lobby") leaves to the screen under the table instead, and ``note``
    is a line under the title (online: the game goes on). ``resign`` (given to a person on
    turn at a game that may be resigned) adds Resign at the foot: it asks first."""

    transparent = True

    def __init__(self, app: "App", game_title: str, help_sections: HelpSections,
                 save_and_leave: Callable[[], None], note: str = "", leave_label: str = "",
                 resign: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.note, self.leave_label = note, leave_label
        self.game_title = game_title
        self.help_sections = help_sections
        self.save_and_leave = save_and_leave
        self.resign = resign
        entries = [
            ("Resume", self.close, "primary", "Back to the table", "escape"),
            ("Settings", self._settings, "secondary", "Sound, theme, animation speed", "s"),
            ("Rules", self._rules, "secondary", f"How {game_title} is played", "h"),
            ("Save and quit to menu", self._save_and_quit, "secondary", "Continue later from the menu", "q")
            if not leave_label else
            (leave_label, self._leave, "secondary", "The game goes on: come back to it from the lobby", "q"),
        ]
        if resign is not None:
            entries.append(("Resign", self._resign, "danger", "Give this game up: it counts as a loss", "r"))
        self.card = pygame.Rect(0, 0, 440, 430 + ENTRY_STEP * (len(entries) - 4))
        self.card.center = (640, 400)
        for index, (label, action, style, tip, key) in enumerate(entries):
            rect = pygame.Rect(0, 0, 340, 58)
            rect.midtop = (self.card.centerx, self.card.y + 110 + index * ENTRY_STEP)
            self.widgets.add(Button(rect, label, action, style=style, tooltip=tip, shortcut=key))

    def _resign(self) -> None:
        self.close()  # the question is asked over the table, not over this card
        if self.resign is not None:
            self.resign()

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


RULES_SIZES = range(19, 12, -1)  # px of the rules' text, largest first: the largest that fits
RULES_FOOT = "Click anywhere or press Esc to close"


@dataclass(frozen=True)
class RulesLine:
    """One line of the laid-out rules: a heading or a line of text, where it goes on the card."""

    text: str
    x: int
    y: int
    heading: bool


@dataclass(frozen=True)
class RulesPage:
    size: int  # px of the text
    lines: tuple[RulesLine, ...]
    bottom: int  # below the lowest line


def _section_lines(heading: str, lines: Sequence[str], size: int, width: int) -> list[tuple[str, bool]]:
    """A section re-wrapped to ``width`` px (the help is written as lines for a wide card)."""
    return [(heading, True)] + [(line, False) for line in wrap(" ".join(lines), font(size), width)]


def layout_rules(sections: HelpSections, area: pygame.Rect, gap: int = 36) -> RulesPage:
    """The rules in two columns filling ``area``: each section whole in one column, the split
    that keeps the columns most even, at the largest text size at which everything fits."""
    width = (area.w - gap) // 2
    for size in RULES_SIZES:
        heading_h, line_h, section_gap = size + 8, size + 4, size // 2 + 2
        wrapped = [_section_lines(heading, lines, size, width) for heading, lines in sections]
        heights = [heading_h + line_h * (len(lines) - 1) + section_gap for lines in wrapped]
        split = min(range(len(heights) + 1), key=lambda k: max(sum(heights[:k]), sum(heights[k:])))
        tallest = max(sum(heights[:split]), sum(heights[split:])) - section_gap
        if tallest <= area.h or size == RULES_SIZES[-1]:
            break
    placed: list[RulesLine] = []
    for column, part in enumerate((wrapped[:split], wrapped[split:])):
        x, y = area.x + column * (width + gap), area.y
        for section in part:
            for text, heading in section:
                placed.append(RulesLine(text, x, y, heading))
                y += heading_h if heading else line_h
            y += section_gap
    return RulesPage(size, tuple(placed), area.y + tallest)


class RulesOverlay(ShellScene):
    """The rules in our own words, on a card over the dimmed table: two columns across the
    whole card, the foot line below them. The card is opaque, so the pause card it was opened
    from does not show through. Any click or Esc closes."""

    transparent = True

    def __init__(self, app: "App", game_title: str, help_sections: HelpSections) -> None:
        super().__init__(app)
        self.game_title = game_title
        self.help_sections = help_sections
        self.card = pygame.Rect(0, 0, 1160, 760)
        self.card.center = (640, 400)
        self.text_area = pygame.Rect(self.card.x + 40, self.card.y + 74, self.card.w - 80, self.card.h - 74 - 50)
        self.page = layout_rules(help_sections, self.text_area)

    def handle_action(self, action: Action) -> bool:
        if action.kind in (ActionKind.CLICK, ActionKind.BACK, ActionKind.CONFIRM):
            self.close()
            return True
        return False

    def foot_rect(self) -> pygame.Rect:
        foot = shapes.text(RULES_FOOT, 16, (0, 0, 0))
        return foot.get_rect(midbottom=(self.card.centerx, self.card.bottom - 14))

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        solid = theme.panel[:3] + (255,)
        surface.blit(shapes.rounded_panel(self.card.size, 22, solid, shapes.darken(theme.panel[:3], 0.25) + (255,)),
                     self.card)
        draw_panel(surface, theme, self.card)
        title = shapes.text(f"How to play {self.game_title}", 40, theme.text, display=True)
        surface.blit(title, title.get_rect(midtop=(self.card.centerx, self.card.y + 16)))
        size = self.page.size
        for line in self.page.lines:
            picture = (shapes.text(line.text, size + 2, theme.accent, bold=True) if line.heading
                       else shapes.text(line.text, size, theme.text))
            surface.blit(picture, (line.x, line.y))
        surface.blit(shapes.text(RULES_FOOT, 16, theme.text_muted), self.foot_rect())
