"""The table's buttons: sort by colour / by number, Undo, Reset, Draw, End Turn (+ Pause).

They are the shell's :class:`Button` widgets in a :class:`WidgetGroup`, so hover, press,
tooltips with the shortcut keycap, and shortcut keys work as everywhere else in the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rummi_desktop.input import Action
from rummi_desktop.scenes.rummi.layout import screen_regions
from rummi_desktop.ui.widget_group import WidgetGroup
from rummi_desktop.ui.widgets import Button

if TYPE_CHECKING:
    from rummi_desktop.scenes.rummi.table_scene import RummiTableScene

REGIONS = screen_regions()
COLUMNS, ROWS, GAP = 2, 3, 9


class TableButtons:
    def __init__(self, scene: "RummiTableScene") -> None:
        self.scene = scene
        self.group = WidgetGroup()
        area = REGIONS.buttons
        width = (area.w - GAP * (COLUMNS - 1)) / COLUMNS
        height = (area.h - GAP * (ROWS - 1) - 4) / ROWS

        def cell(column: int, row: int) -> pygame.Rect:
            return pygame.Rect(round(area.x + column * (width + GAP)), round(area.y + 2 + row * (height + GAP)),
                               round(width), round(height))

        add = self.group.add
        self.sort_colour = add(Button(cell(0, 0), "Sort runs", lambda: scene.sort_rack("colour"),
                                      tooltip="Sort the rack by colour (runs)", shortcut="c", font_size=19))
        self.sort_number = add(Button(cell(1, 0), "Sort groups", lambda: scene.sort_rack("number"),
                                      tooltip="Sort the rack by number (groups)", shortcut="n", font_size=19))
        self.undo = add(Button(cell(0, 1), "Undo", scene.undo, tooltip="Take back the last move",
                               shortcut="z", font_size=19))
        self.reset = add(Button(cell(1, 1), "Reset", scene.reset_turn,
                                tooltip="Table and rack back to the turn's start", shortcut="r", font_size=19))
        self.draw_tile = add(Button(cell(0, 2), "Draw", lambda: scene.finish_human_turn("draw"),
                                    tooltip="Take a tile and end your turn", shortcut="d", font_size=19))
        self.end_turn = add(Button(cell(1, 2), "End Turn", lambda: scene.finish_human_turn("end"),
                                   style="primary", tooltip="Finish your play", shortcut="return",
                                   font_size=20))
        self.pause = add(Button(pygame.Rect(REGIONS.clock.as_tuple()).move(-REGIONS.clock.w - 12, 6).inflate(-14, -14),
                                "II", scene.open_pause, tooltip="Pause", shortcut="escape", font_size=18))

    def refresh(self) -> None:
        """Enable what makes sense right now."""
        scene = self.scene
        mine = scene.my_turn
        has_rack = scene.viewer is not None
        self.sort_colour.enabled = self.sort_number.enabled = has_rack
        self.undo.enabled = mine and bool(scene.state.turn_moves)
        self.reset.enabled = mine and bool(scene.state.turn_moves)
        self.draw_tile.enabled = mine
        self.end_turn.enabled = mine and bool(scene.state.turn_moves)

    def handle_action(self, action: Action) -> bool:
        self.refresh()
        return self.group.handle_action(action)

    def update(self, dt: float) -> None:
        if self.scene.session.in_round:
            self.refresh()
        self.group.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.group.draw(surface, self.scene.app.theme)
