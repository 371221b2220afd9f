"""The card after an attempt: how it went, the rating change and why, and what next. Over a
table still open, the card can be put aside to study the board ("See the board", B), with the
puzzle's best plays listed beside it to look at one by one (scenes/puzzle_study.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import math

import pygame

from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.scenes.puzzle_study import PuzzleStudy
from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.ui import shapes
from rummi_desktop.ui.widget_group import WidgetGroup
from rummi_desktop.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App
    from rummi_desktop.shell.scene import Scene

CARD_SIZE = (700, 370)
LINE_GAP = 30
BACK_BAR = pygame.Rect(0, 0, 300, 52)  # "Back to the result" while the board is studied
Choice = tuple[str, Callable[[], None], str]  # label, action, shortcut


class AttemptResultScene(ShellScene):
    """An overlay over the puzzle table (solved) or the trainer (given up). ``table`` is the
    puzzle table still under it, closed along with the card. ``look`` is the extra choice
    that shows the board: ``None`` puts the card aside over ``table``; a callable (given up:
    the solution played on a fresh table) is run instead."""

    transparent = True

    def __init__(self, app: "App", headline: str, lines: list[str], choices: list[Choice],
                 table: "Scene | None", look: tuple[str, Callable[[], None]] | None = None) -> None:
        super().__init__(app)
        self.headline, self.lines, self.table = headline, lines, table
        self.studying = False
        self.study_list: PuzzleStudy | None = None  # the best plays beside the studied board
        self.card = pygame.Rect((0, 0), CARD_SIZE)
        self.card.center = (640, 390)
        if look is None and table is not None:
            look = ("See the board", self.study)
        every = list(choices) + ([(look[0], look[1], "b")] if look is not None else [])
        gap = 14
        width = min(178, (self.card.w - 40 - (len(every) - 1) * gap) // max(1, len(every)))
        left = self.card.centerx - (len(every) * width + (len(every) - 1) * gap) // 2
        self.choice_buttons: list[Button] = []
        self.look_button: Button | None = None
        for index, (label, action, key) in enumerate(every):
            rect = (left + index * (width + gap), self.card.bottom - 80, width, 56)
            looks = index == len(choices)
            button = self.widgets.add(Button(
                rect, label, action if looks else self._closing(action), style="primary" if index == 0 else "secondary",
                tooltip=label, shortcut=key, font_size=20 if width >= 160 else 18))
            if looks:
                self.look_button = button
            else:
                self.choice_buttons.append(button)
        bar = BACK_BAR.copy()
        bar.midbottom = (640, 712)
        self.study_widgets = WidgetGroup()
        self.back_button = self.study_widgets.add(Button(bar, "Back to the result", self.stop_studying,
                                                         style="primary", tooltip="The result card again",
                                                         shortcut="b", font_size=20))

    @property
    def dims_below(self) -> bool:  # type: ignore[override]
        return not self.studying

    def _closing(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.close()
            self._end_study()
            if self.table is not None and self.table.stack is not None:
                self.table.close()
            action()
        return run

    def study(self) -> None:
        """Put the card aside: the board under it shows, undimmed, until Back to the result."""
        self.studying = True
        self.widgets.forget_pointer()
        self.study_widgets.forget_pointer()
        if self.study_list is None and self.table is not None:
            self.study_list = PuzzleStudy.of(self.table)

    def _end_study(self) -> None:
        if self.study_list is not None:
            self.study_list.close()
            self.study_list = None

    def over_table(self, table: "Scene") -> None:
        """The card now stands over ``table`` (the solution played out): its look choice studies it."""
        self._end_study()
        self.table = table
        if self.look_button is not None:
            self.look_button.label, self.look_button.tooltip = "See the board", "See the board"
            self.look_button.on_click = self.study

    def stop_studying(self) -> None:
        self.studying = False

    def handle_action(self, action: Action) -> bool:
        if self.studying:
            if action.kind in (ActionKind.BACK, ActionKind.CONFIRM):
                self.stop_studying()
                return True
            if not self.study_widgets.handle_action(action) and self.study_list is not None:
                self.study_list.handle_action(action)
            return True  # the board under it only shows (and its best plays, to choose)
        return super().handle_action(action)

    def status(self) -> dict:
        return {**super().status(), "headline": self.headline, "lines": list(self.lines), "studying": self.studying}

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.studying and self.study_list is not None:
            self.study_list.update(dt)  # the board's frames: the shown play glides in

    def next_change_in(self) -> float:
        return 0.0 if self.studying and self.study_list is not None and self.study_list.busy else math.inf

    def on_exit(self) -> None:
        self._end_study()

    def on_back(self) -> None:
        self.choice_buttons[-1].on_click()

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        if self.studying:
            self.study_widgets.draw(surface, theme)
            return
        draw_panel(surface, theme, self.card)
        title = shapes.text(self.headline, 42, theme.text, display=True)
        surface.blit(title, title.get_rect(midtop=(self.card.centerx, self.card.y + 22)))
        y = self.card.y + 86
        for index, line in enumerate(self.lines):
            picture = shapes.text(line, 22 if index == 0 else 19, theme.text if index == 0 else theme.text_muted,
                                  bold=index == 0)
            surface.blit(picture, picture.get_rect(midtop=(self.card.centerx, y)))
            y += LINE_GAP + (6 if index == 0 else 0)
        self.widgets.draw(surface, theme)
