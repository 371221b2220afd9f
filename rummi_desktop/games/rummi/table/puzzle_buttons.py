"""The Rummi puzzle table's buttons, where the real table has its own: sort by colour / by
number, Undo, Reset, Hint (level 1 → 2 → 3), Check — and Leave where Pause sits."""

from __future__ import annotations

from typing import Callable

import pygame

from rummi_desktop.scenes.puzzle_mode import hint_label
from rummi_desktop.games.rummi.table.layout import screen_regions
from rummi_desktop.ui.button_panel import ButtonPanel
from rummi_desktop.ui.widgets import Button

REGIONS = screen_regions()
COLUMNS, ROWS, GAP = 2, 3, 9


class PuzzleButtons(ButtonPanel):
    """``enabled()`` says (moves made since the start, the puzzle still open, the next hint level)."""

    def __init__(self, sort: Callable[[str], None], undo: Callable[[], None], reset: Callable[[], None],
                 hint: Callable[[], None], check: Callable[[], None], leave: Callable[[], None],
                 enabled: Callable[[], tuple[bool, bool, int]]) -> None:
        self.enabled = enabled
        super().__init__()
        area = REGIONS.buttons
        width = (area.w - GAP * (COLUMNS - 1)) / COLUMNS
        height = (area.h - GAP * (ROWS - 1) - 4) / ROWS

        def cell(column: int, row: int) -> pygame.Rect:
            return pygame.Rect(round(area.x + column * (width + GAP)), round(area.y + 2 + row * (height + GAP)),
                               round(width), round(height))

        add = self.group.add
        self.sort_colour = add(Button(cell(0, 0), "Sort runs", lambda: sort("colour"),
                                      tooltip="Sort the rack by colour (runs)", shortcut="c", font_size=19))
        self.sort_number = add(Button(cell(1, 0), "Sort groups", lambda: sort("number"),
                                      tooltip="Sort the rack by number (groups)", shortcut="n", font_size=19))
        self.undo = add(Button(cell(0, 1), "Undo", undo, tooltip="Take back the last move", shortcut="z",
                               font_size=19))
        self.reset = add(Button(cell(1, 1), "Reset", reset, tooltip="Back to the puzzle's start", shortcut="r",
                                font_size=19))
        self.hint = add(Button(cell(0, 2), hint_label(0), hint, tooltip="A little help (each press shows more)",
                               shortcut="h", font_size=19))
        self.check = add(Button(cell(1, 2), "Check", check, style="primary", tooltip="Is this the answer?",
                                shortcut="return", font_size=20))
        self.leave = add(Button(pygame.Rect(REGIONS.clock.as_tuple()).move(-8, 6).inflate(6, -14),
                                "Leave", leave, tooltip="Give up this puzzle (asks first)", shortcut="escape", font_size=17))

    def refresh(self) -> None:
        moved, open_, next_hint = self.enabled()
        self.undo.enabled = self.reset.enabled = open_ and moved
        self.check.enabled = open_
        self.hint.enabled = open_ and next_hint <= 3
        self.hint.label = hint_label(next_hint - 1)
