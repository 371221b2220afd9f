"""Setting up a Rummi match: 2–4 seats (a named person or a computer tier), mode, target,
turn clock, the house rules (opening meld, jokers) and the deal number (shown and typeable, so a deal can be replayed).

The last setup is remembered (``rummi_setup.toml`` beside the autosave). Names and the deal
number are typed into small text fields: click one, type, Enter or a click elsewhere ends.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable

import pygame

from rummi_desktop.shell.scene import Scene
from rummi_desktop.scenes.base import clock_label
from rummi_desktop.games.rummi.table.session import (
    CLOCK_CHOICES, JOKER_LABELS, OPENING_LABELS, SEAT_RANGE, TIERS, MatchSetup, RummiSession)
from rummi_desktop.scenes.setup_base import SeatedSetupScene, fresh_seed
from rummi_desktop.storage.saves import read_last_setup
from rummi_desktop.ui import shapes
from rummi_desktop.ui.widgets import OptionPicker, Panel

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

PANEL = pygame.Rect(150, 34, 980, 732)
ROW_H, ROW_GAP = 42, 4  # ten rows and the tooltip line above Start
ROWS_LEFT, ROWS_TOP = PANEL.x + 40, PANEL.y + 110
PICKER_W, FIELD_W = 600, 270
TARGETS = [(100, "100 points"), (150, "150 points"), (200, "200 points"), (300, "300 points"), (500, "500 points")]
SEED_ROW = 9  # below the seats (0-3), mode, target, clock, opening meld and jokers
DEFAULT_CLOCK_KEY = "default_clock"  # in the remembered setup: the settings' clock it was made under


def _default_setup() -> MatchSetup:
    return MatchSetup(seed=fresh_seed())


def remembered_setup(default_clock: int | None = None) -> MatchSetup:
    """The last setup (or a fresh one). ``default_clock`` is the settings' "Default turn
    clock": it replaces the remembered clock unless it is the default the last setup was made
    under (a clock chosen on this screen is kept until the default changes)."""
    data = read_last_setup("rummi")
    chosen = _default_setup()
    if data is not None:
        try:
            chosen = MatchSetup.from_dict(data)
        except (KeyError, TypeError, ValueError):
            data = None
    if default_clock not in CLOCK_CHOICES or (data is not None and data.get(DEFAULT_CLOCK_KEY) == default_clock):
        return chosen
    return replace(chosen, clock=default_clock)


class RummiSetupScene(SeatedSetupScene):
    GAME = "rummi"

    def __init__(self, app: "App", setup: MatchSetup | None = None) -> None:
        chosen = setup or remembered_setup(app.settings.turn_clock)
        super().__init__(app, chosen.seats, chosen.seed, TIERS, SEAT_RANGE)
        self.mode, self.target, self.clock, self.opening = chosen.mode, chosen.target, chosen.clock, chosen.opening
        self.jokers = chosen.jokers
        self.widgets.add(Panel(PANEL, "New Rummi match", title_size=48))
        self.add_seat_rows(lambda seat: self._row(seat, PICKER_W), ROWS_LEFT + PICKER_W + 20, FIELD_W, 4)
        self.widgets.add(OptionPicker(self._row(4, PICKER_W), "Mode", [("parlor", "Parlor League"), ("blitz", "Blitz"),
                                      ("practice", "Practice")], self.mode, self._set("mode"),
                                      tooltip="Blitz: 30 seconds a turn. Practice and Blitz offer the Hint"))
        self.widgets.add(OptionPicker(self._row(5, PICKER_W), "Match target", TARGETS, self.target,
                                      self._set("target"), tooltip="First to reach it ends the match"))
        self.clock_picker = self.widgets.add(OptionPicker(
            self._row(6, PICKER_W), "Turn clock", [(c, clock_label(c)) for c in CLOCK_CHOICES], self.clock,
            self._set("clock"), tooltip="Time for each person's turn"))
        self.opening_picker = self.widgets.add(OptionPicker(
            self._row(7, PICKER_W), "Opening meld", list(OPENING_LABELS.items()), self.opening,
            self._set("opening"), tooltip="What each player's first melds must be worth (a house rule)"))
        self.jokers_picker = self.widgets.add(OptionPicker(
            self._row(8, PICKER_W), "Jokers", list(JOKER_LABELS.items()), self.jokers,
            self._set("jokers"), tooltip="How many jokers the set holds (a house rule: 108 tiles with four)"))
        seed_row = self._row(SEED_ROW, PICKER_W)
        self.add_seed_row(seed_row.x + 290, seed_row.y + 4, ROW_H - 8, 19)
        self.add_start_back((PANEL.centerx + 130 + 150, PANEL.bottom - 26), 62, "Deal the tiles", "Start the match")
        self._refresh()

    @staticmethod
    def _row(index: int, width: int) -> pygame.Rect:
        return pygame.Rect(ROWS_LEFT, ROWS_TOP + index * (ROW_H + ROW_GAP), width, ROW_H)

    # -- changes -------------------------------------------------------------------------
    def _set(self, name: str) -> Callable[[Any], None]:
        def apply(value: Any) -> None:
            setattr(self, name, value)
            self._refresh()
        return apply

    def _refresh(self) -> None:
        super()._refresh()
        self.clock_picker.enabled = self.mode != "blitz"

    # -- building the match --------------------------------------------------------------
    def current_setup(self) -> MatchSetup:
        return MatchSetup(self.seat_configs(), self.mode, self.target, self.clock, self.seed, self.opening, self.jokers)

    def open_session(self, setup: MatchSetup) -> RummiSession:
        return RummiSession.new(setup)

    def remembered_record(self, setup: MatchSetup) -> dict:
        # The settings' clock the setup was made under, so a later change of it wins (see above).
        return {**setup.to_dict(), DEFAULT_CLOCK_KEY: self.app.settings.turn_clock}

    def table_for(self, session: RummiSession) -> Scene:
        from rummi_desktop.games.rummi.table.table_scene import RummiTableScene

        return RummiTableScene(self.app, session)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        self.draw_backdrop(surface)
        self.widgets.draw(surface, theme)
        seed_row = self._row(SEED_ROW, PICKER_W)
        label = shapes.text("Deal number", 22, theme.text)
        surface.blit(label, label.get_rect(midleft=(seed_row.x + 18, seed_row.centery)))
        if self.mode == "blitz":
            note = shapes.text("Blitz plays with a 30-second clock", 18, theme.text_muted)
            surface.blit(note, (ROWS_LEFT + PICKER_W + 20, self._row(6, 1).y + 14))
        if self.problem:
            warn = shapes.text(self.problem, 20, theme.invalid, bold=True)
            surface.blit(warn, warn.get_rect(midleft=(PANEL.x + 40, PANEL.bottom - 57)))
