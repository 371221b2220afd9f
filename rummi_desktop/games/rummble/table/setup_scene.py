"""Setting up a Rummble game: 2–4 seats (a named person or a computer tier), the tile set
(standard 1–13, short 1–9, or playing cards), the Rummmble bonus (a house rule) and the deal number. The last setup is
remembered (``rummble_setup.toml``); Enter deals.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rummi_desktop.shell.scene import Scene
from rummi_desktop.games.rummble.table.session import SEAT_RANGE, TIERS, TILE_SET_NAMES, RummbleSession, RummbleSetup
from rummi_desktop.scenes.setup_base import SeatedSetupScene, fresh_seed, remembered
from rummi_desktop.ui import shapes
from rummi_desktop.ui.widgets import OptionPicker, Panel

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

PANEL = pygame.Rect(150, 60, 980, 680)
ROW_H, ROW_GAP = 50, 10
ROWS_LEFT, ROWS_TOP = PANEL.x + 40, PANEL.y + 116
PICKER_W, FIELD_W = 600, 270
GAME = "rummble"
SEED_ROW = 6  # below the seats (0-3), the tiles and the Rummmble bonus


def remembered_setup() -> RummbleSetup:
    return remembered(GAME, RummbleSetup.from_dict) or RummbleSetup(seed=fresh_seed())


class RummbleSetupScene(SeatedSetupScene):
    GAME = GAME

    def __init__(self, app: "App", setup: RummbleSetup | None = None) -> None:
        chosen = setup or remembered_setup()
        super().__init__(app, chosen.seats, chosen.seed, TIERS, SEAT_RANGE)
        self.tile_set, self.rummmble_bonus = chosen.tile_set, chosen.rummmble_bonus
        self.widgets.add(Panel(PANEL, "New Rummble game", title_size=48))
        self.add_seat_rows(lambda seat: self._row(seat, PICKER_W), ROWS_LEFT + PICKER_W + 20, FIELD_W, 4)
        self.widgets.add(OptionPicker(self._row(4, PICKER_W), "Tiles", list(TILE_SET_NAMES.items()), self.tile_set,
                                      self._set_tile_set, tooltip="Short: numbers 1–9 only; cards: the same game on card faces"))
        self.bonus_picker = self.widgets.add(OptionPicker(
            self._row(5, PICKER_W), "Rummmble bonus", [(True, "100 points"), (False, "Off")], self.rummmble_bonus,
            self._set_bonus, tooltip="What laying all ten rack tiles in one turn earns on top (a house rule)"))
        seed_row = self._row(SEED_ROW, PICKER_W)
        self.add_seed_row(seed_row.x + 290, seed_row.y + 4, ROW_H - 8, 19)
        self.add_start_back((PANEL.right - 40, PANEL.bottom - 26), 62, "Deal the tiles", "Start the game")
        self._refresh()

    @staticmethod
    def _row(index: int, width: int) -> pygame.Rect:
        return pygame.Rect(ROWS_LEFT, ROWS_TOP + index * (ROW_H + ROW_GAP), width, ROW_H)

    def _set_tile_set(self, value: str) -> None:
        self.tile_set = value

    def _set_bonus(self, value: bool) -> None:
        self.rummmble_bonus = value

    def current_setup(self) -> RummbleSetup:
        return RummbleSetup(self.seat_configs(), self.tile_set, self.seed, self.rummmble_bonus)

    def open_session(self, setup: RummbleSetup) -> RummbleSession:
        return RummbleSession.new(setup)

    def table_for(self, session: RummbleSession) -> Scene:
        from rummi_desktop.games.rummble.table.table_scene import RummbleTableScene

        return RummbleTableScene(self.app, session)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        self.draw_backdrop(surface)
        self.widgets.draw(surface, theme)
        seed_row = self._row(SEED_ROW, PICKER_W)
        label = shapes.text("Deal number", 22, theme.text)
        surface.blit(label, label.get_rect(midleft=(seed_row.x + 18, seed_row.centery)))
        if self.widgets.tooltip_widget() is None:  # a tooltip shows in this line (setup_base)
            note = shapes.text("Rummy sets in crossword lines on a 13 × 13 premium board. Highest score wins.", 18,
                               theme.text_muted)
            surface.blit(note, (ROWS_LEFT, self._row(SEED_ROW + 1, 1).y + 14))
        if self.problem:
            warn = shapes.text(self.problem, 20, theme.invalid, bold=True)
            surface.blit(warn, warn.get_rect(midleft=(PANEL.x + 40, PANEL.bottom - 57)))
