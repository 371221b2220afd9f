"""The Rummble table's buttons: Play, Recall, Shuffle, Exchange, Pass, Hint and Pause — the
shell's Buttons in a WidgetGroup (hover, tooltips with their key, shortcut keys)."""

from __future__ import annotations

from typing import Callable

import pygame

from rummi_desktop.games.rummble.table.layout import REGIONS
from rummi_desktop.ui.button_panel import ButtonPanel
from rummi_desktop.ui.widgets import Button

GAP = 9


class TableButtons(ButtonPanel):
    """``enabled()`` answers (person on turn, tiles on the board, may exchange, why hints are
    off: "" when they are on)."""

    def __init__(self, actions: dict[str, Callable[[], object]], enabled: Callable[[], tuple[bool, bool, bool, str]]) -> None:
        self.enabled = enabled
        super().__init__()
        area = REGIONS.buttons
        width = (area.w - GAP) / 2
        height = (area.h - 3 * GAP) / 4

        def cell(column: int, row: int, span: int = 1) -> pygame.Rect:
            return pygame.Rect(round(area.x + column * (width + GAP)), round(area.y + row * (height + GAP)),
                               round(width * span + GAP * (span - 1)), round(height))

        add = self.group.add
        self.play = add(Button(cell(0, 0, 2), "Play", actions["play"], style="primary",
                               tooltip="Play the tiles on the board", shortcut="return", font_size=22))
        self.recall = add(Button(cell(0, 1), "Recall", actions["recall"], tooltip="All this turn's tiles back to the rack",
                                 shortcut="backspace", font_size=19))
        self.shuffle = add(Button(cell(1, 1), "Shuffle", actions["shuffle"], tooltip="Mix up the rack",
                                  shortcut="s", font_size=19))
        self.exchange = add(Button(cell(0, 2), "Exchange", actions["exchange"], tooltip="Swap tiles with the pool",
                                   shortcut="e", font_size=19))
        self.pass_turn = add(Button(cell(1, 2), "Pass", actions["pass"], tooltip="Do nothing this turn",
                                    shortcut="p", font_size=19))
        self.hint = add(Button(cell(0, 3), "Hint", actions["hint"], tooltip="Show a good play as ghost tiles",
                               shortcut="h", font_size=19))
        self.pause = add(Button(cell(1, 3), "Pause", actions["pause"], tooltip="Resume, settings, rules, save and quit",
                                shortcut="escape", font_size=19))

    def refresh(self) -> None:
        mine, placed, may_exchange, hints_off = self.enabled()
        self.play.enabled = mine and placed
        self.recall.enabled = mine and placed
        self.exchange.enabled = mine and may_exchange
        self.exchange.tooltip = ("Swap tiles with the pool" if may_exchange or not mine
                                 else "Only while the pool holds 10 tiles or more")
        self.pass_turn.enabled = mine
        self.hint.enabled = mine and not hints_off
        self.hint.tooltip = hints_off or "Show a good play as ghost tiles"
