"""The table's buttons: sort by colour / by number, Undo, Reset, Hint, Draw, End Turn (+ Pause).

They are the shell's :class:`Button` widgets in a :class:`WidgetGroup`, so hover, press,
tooltips with the shortcut keycap, and shortcut keys work as everywhere else in the game.
"""

from __future__ import annotations

from typing import Callable

import pygame

from rummi_desktop.games.rummi.rules.moves import Draw, EndTurn, TurnAction
from rummi_desktop.games.rummi.table.layout import screen_regions
from rummi_desktop.ui.button_panel import ButtonPanel
from rummi_desktop.ui.widgets import Button

REGIONS = screen_regions()
HINT_TIP = "Show the best play for this position (the exact solver), then put it back"
COLUMNS, ROWS, GAP = 2, 4, 8


class TableButtons(ButtonPanel):
    """``sort(by)``, ``undo``, ``reset``, ``finish(move)`` (End Turn or Draw), ``pause`` and ``hint`` are what
    the buttons do; ``enabled()`` says (person on turn, a rack shown, moves made this turn);
    ``hint_refusal()`` is why hints are off at this table ("" when they are on)."""

    def __init__(self, sort: Callable[[str], None], undo: Callable[[], None], reset: Callable[[], None],
                 finish: Callable[[TurnAction], object], pause: Callable[[], None],
                 enabled: Callable[[], tuple[bool, bool, bool]], hint: Callable[[], None] = lambda: None,
                 hint_refusal: Callable[[], str] = lambda: "No hints at this table") -> None:
        self.enabled = enabled
        self.hint_refusal = hint_refusal
        super().__init__()
        area = REGIONS.buttons
        width = (area.w - GAP * (COLUMNS - 1)) / COLUMNS
        height = (area.h - GAP * (ROWS - 1) - 4) / ROWS

        def cell(column: int, row: int, span: int = 1) -> pygame.Rect:
            return pygame.Rect(round(area.x + column * (width + GAP)), round(area.y + 2 + row * (height + GAP)),
                               round(width * span + GAP * (span - 1)), round(height))

        add = self.group.add
        self.sort_colour = add(Button(cell(0, 0), "Sort runs", lambda: sort("colour"),
                                      tooltip="Sort the rack by colour (runs)", shortcut="c", font_size=19))
        self.sort_number = add(Button(cell(1, 0), "Sort groups", lambda: sort("number"),
                                      tooltip="Sort the rack by number (groups)", shortcut="n", font_size=19))
        self.undo = add(Button(cell(0, 1), "Undo", undo, tooltip="Take back the last move",
                               shortcut="z", font_size=19))
        self.reset = add(Button(cell(1, 1), "Reset", reset,
                                tooltip="Table and rack back to the turn's start", shortcut="r", font_size=19))
        self.hint = add(Button(cell(0, 2), "Hint", hint, tooltip=HINT_TIP, shortcut="h", font_size=19))
        self.draw_tile = add(Button(cell(1, 2), "Draw", lambda: finish(Draw()),
                                    tooltip="Take a tile and end your turn", shortcut="d", font_size=19))
        self.end_turn = add(Button(cell(0, 3, 2), "End Turn", lambda: finish(EndTurn()),
                                   style="primary", tooltip="Finish your play", shortcut="return",
                                   font_size=20))
        self.pause = add(Button(pygame.Rect(REGIONS.clock.as_tuple()).move(-REGIONS.clock.w - 12, 6).inflate(-14, -14),
                                "II", pause, tooltip="Pause", shortcut="escape", font_size=18))

    def refresh(self) -> None:
        """Enable what makes sense right now."""
        mine, has_rack, moved = self.enabled()
        self.sort_colour.enabled = self.sort_number.enabled = has_rack
        self.undo.enabled = mine and moved
        self.reset.enabled = mine and moved
        self.draw_tile.enabled = mine
        self.end_turn.enabled = mine and moved
        refusal = self.hint_refusal()
        self.hint.enabled = mine and not refusal
        self.hint.tooltip = refusal or HINT_TIP
