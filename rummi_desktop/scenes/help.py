"""Help & About: the controls, where the player's files live, each playable game's
tagline and rules summary (``GameInfo.rules``, when the game gives one), and the credits for
every shipped asset (read from ``assets/CREDITS.md``)."""

from __future__ import annotations

from importlib import resources
from typing import TYPE_CHECKING

import pygame

from rummi_desktop import __version__
from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.scenes import registry
from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.scenes.text_page import ScrollingText
from rummi_desktop.storage import paths
from rummi_desktop.ui import shapes
from rummi_desktop.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

PANEL = pygame.Rect(120, 40, 1040, 720)
TEXT_AREA = pygame.Rect(PANEL.x + 50, PANEL.y + 124, PANEL.width - 100, 500)
SCROLL_STEP = 60
GUIDED_LABEL_W = 190  # "Guided first game:" before the games' buttons

CONTROLS = """
# Playing with mouse, touch or keyboard
- Click or tap a button to press it. Rest the pointer on a button to see what it does and its key.
- Drag a tile with the mouse or a finger and drop it where it should go, or click a tile and then click its new place.
- Enter or Space confirms; Esc goes back (at a table it pauses the game).
- Tab and the arrow keys move between buttons and settings; Left and Right change a setting.
- F11 switches between a window and fullscreen. The window can be resized freely.
"""


def controls_and_files_text() -> str:
    games = registry.playable_games()
    parts = [CONTROLS]
    if games:
        parts.append("# The games")
        parts += [game_summary(game) for game in games]
    parts.append(
        "# Where your things are kept\n"
        f"- Settings: {paths.settings_path()}\n"
        f"- Saved games and statistics: {paths.data_dir()}\n\n"
        "A damaged file never stops the game: it is set aside with .bad added to its name and "
        "the menu tells you so."
    )
    return "\n\n".join(parts)


def game_summary(game: registry.GameInfo) -> str:
    """A game's heading, its tagline, and its rules summary when the game gives one."""
    summary = f"## {game.title}\n{game.tagline}"
    rules = game.rules.strip()
    return f"{summary}\n\n{rules}" if rules else summary


def credits_text() -> str:
    header = (
        f"# Rummi Desktop {__version__}\n"
        "Tile games for the kitchen table, made with Python, pygame-ce and pymunk. "
        "Everything works offline.\n\n"
    )
    try:
        credits = resources.files("rummi_desktop").joinpath("assets", "CREDITS.md").read_text(encoding="utf-8")
    except (OSError, FileNotFoundError):
        credits = "# Credits\nThe credits file (assets/CREDITS.md) is missing from this installation."
    return header + credits


class HelpScene(ShellScene):
    """Two pages (How to play, About & credits) chosen by tabs; wheel, drag or arrows scroll."""

    def __init__(self, app: "App", page: str = "help") -> None:
        super().__init__(app)
        self.drag_y = 0.0
        self.pages = {"help": ScrollingText(TEXT_AREA, controls_and_files_text()),
                      "about": ScrollingText(TEXT_AREA, credits_text())}
        tab_y = PANEL.y + 40
        self.tabs = {
            "help": self.widgets.add(Button((PANEL.centerx - 290, tab_y, 280, 56), "How to play",
                                            lambda: self.show("help"), tooltip="Controls and rules", shortcut="1")),
            "about": self.widgets.add(Button((PANEL.centerx + 10, tab_y, 280, 56), "About & credits",
                                             lambda: self.show("about"), tooltip="Who made what", shortcut="2")),
        }
        back = pygame.Rect(0, 0, 200, 60)
        back.bottomright = (PANEL.right - 40, PANEL.bottom - 24)
        self.widgets.add(Button(back, "Back", self.close, style="primary", tooltip="Back to the menu",
                                shortcut="escape"))
        self.guided_buttons = self._add_guided_buttons(back)
        self.current = "help"
        self.show(page)

    def _add_guided_buttons(self, back: pygame.Rect) -> list[Button]:
        """One "Guided ..." button per game that has a guided first game, left of Back."""
        games = [game for game in registry.playable_games() if game.guided is not None]
        buttons, x = [], PANEL.x + 40 + GUIDED_LABEL_W
        width = min(230, (back.x - 20 - x) // max(1, len(games)) - 12)
        for game in games:
            buttons.append(self.widgets.add(Button(
                (x, back.y + 6, width, back.height - 12), game.title, lambda g=game: self.open_guided(g),
                font_size=19, tooltip=f"A guided first game of {game.title}: step by step, nothing counted")))
            x += width + 12
        return buttons

    def open_guided(self, game: registry.GameInfo) -> None:
        if self.stack is not None and game.guided is not None:
            self.stack.push(game.guided(self.app))

    def show(self, page: str) -> None:
        self.current = page
        for name, tab in self.tabs.items():
            tab.style = "primary" if name == page else "secondary"

    def handle_action(self, action: Action) -> bool:
        text = self.pages[self.current]
        if action.kind == ActionKind.SCROLL:
            text.scroll(-action.amount * SCROLL_STEP, self.app.theme)
            return True
        if action.kind == ActionKind.SHORTCUT and action.key in ("page down", "page up"):
            text.scroll((1 if action.key == "page down" else -1) * TEXT_AREA.height * 0.8, self.app.theme)
            return True
        dragging_text = action.start is not None and TEXT_AREA.collidepoint(action.start)
        if action.kind in (ActionKind.DRAG_START, ActionKind.DRAG_MOVE) and dragging_text:
            # Touch-style scrolling: the page follows the finger.
            self.pages[self.current].scroll(self.drag_y - action.pos[1], self.app.theme)
            self.drag_y = action.pos[1]
            return True
        if action.kind == ActionKind.PRESS:
            self.drag_y = action.pos[1]
        return super().handle_action(action)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        self.draw_backdrop(surface)
        draw_panel(surface, theme, PANEL)
        self.pages[self.current].draw(surface, theme)
        if self.guided_buttons:
            label = shapes.text("Guided first game:", 19, theme.text_muted, bold=True)
            surface.blit(label, label.get_rect(midleft=(PANEL.x + 40, self.guided_buttons[0].rect.centery)))
        self.widgets.draw(surface, theme)
