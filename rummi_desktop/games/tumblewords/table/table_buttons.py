"""The Tumblewords table's buttons: Drop (Done in Claim mode), Pass, Hint and Pause — the shell's
Buttons in a WidgetGroup (hover, tooltips with their key, shortcut keys)."""

from __future__ import annotations

from typing import Callable

import pygame

from rummi_desktop.games.tumblewords.table.layout import REGIONS
from rummi_desktop.ui.button_panel import ButtonPanel
from rummi_desktop.ui.widgets import Button

GAP = 9
ROW_H = 58


class TableButtons(ButtonPanel):
    """``enabled()`` answers (person on turn, dropping, claiming, a letter chosen, why there are
    no hints: "" when there are).
    The wide button drops the chosen letter into the keyboard's column, or says Done."""

    def __init__(self, actions: dict[str, Callable[[], object]], enabled: Callable[[], tuple[bool, bool, bool, bool, str]]) -> None:
        self.enabled = enabled
        super().__init__()
        area = REGIONS.buttons
        width = (area.w - GAP) / 2

        def cell(column: int, row: int, span: int = 1) -> pygame.Rect:
            return pygame.Rect(round(area.x + column * (width + GAP)), round(area.y + row * (ROW_H + GAP)),
                               round(width * span + GAP * (span - 1)), ROW_H)

        add = self.group.add
        self.done = add(Button(cell(0, 0, 2), "Drop", actions["confirm"], style="primary",
                               tooltip="Drop the chosen letter into the marked column", shortcut="return",
                               font_size=22))
        self.pass_turn = add(Button(cell(0, 1), "Pass", actions["pass"], tooltip="Drop nothing this turn",
                                    shortcut="p", font_size=19))
        self.hint = add(Button(cell(1, 1), "Hint", actions["hint"], tooltip="Show a good drop", shortcut="h",
                               font_size=19))
        self.pause = add(Button(cell(0, 2, 2), "Pause", actions["pause"], tooltip="Resume, settings, rules, save and quit",
                                shortcut="escape", font_size=19))

    def refresh(self) -> None:
        mine, dropping, claiming, chosen, hint_refusal = self.enabled()  # why no hints ("": hints on)
        self.done.label = "Done" if claiming else "Drop"
        self.done.tooltip = ("I have claimed the words I see" if claiming
                             else "Drop the chosen letter into the marked column")
        self.done.enabled = mine and (claiming or (dropping and chosen))
        self.pass_turn.enabled = mine and dropping
        self.hint.enabled = mine and dropping and not hint_refusal
        self.hint.tooltip = hint_refusal or "Show a good drop"
