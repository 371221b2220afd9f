"""Setting up a Rummi match: 2–4 seats (a named person or a computer tier), mode, target,
turn clock and the deal number (shown and typeable, so a deal can be replayed).

The last setup is remembered (``rummi_setup.toml`` beside the autosave). Names and the deal
number are typed into small text fields: click one, type, Enter or a click elsewhere ends.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable

import pygame

from rummi_desktop.input import Action, ActionKind
from rummi_desktop.scenes.base import ShellScene, clock_label
from rummi_desktop.scenes.rummi.session import CLOCK_CHOICES, SEAT_RANGE, TIERS, MatchSetup, RummiSession
from rummi_desktop.seats import DEFAULT_NAMES, HUMAN, SeatConfig, seat_options, tier_title
from rummi_desktop.storage.saves import read_last_setup, write_last_setup
from rummi_desktop.ui import shapes
from rummi_desktop.ui.text_field import TextField
from rummi_desktop.ui.widgets import Button, OptionPicker, Panel

if TYPE_CHECKING:
    from rummi_desktop.app import App

PANEL = pygame.Rect(150, 34, 980, 732)
ROW_H, ROW_GAP = 50, 8
ROWS_LEFT, ROWS_TOP = PANEL.x + 40, PANEL.y + 110
PICKER_W, FIELD_W = 600, 270
EMPTY = "empty"
SEAT_OPTIONS = seat_options(TIERS)
FEWEST_SEATS, MOST_SEATS = SEAT_RANGE
TIER_NAMES = tuple(tier_title(tier) for tier in TIERS)
TARGETS = [(100, "100 points"), (150, "150 points"), (200, "200 points"), (300, "300 points"), (500, "500 points")]
DEFAULT_CLOCK_KEY = "default_clock"  # in the remembered setup: the settings' clock it was made under


def _default_setup() -> MatchSetup:
    return MatchSetup(seed=random.SystemRandom().randrange(1, 1_000_000))


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


class RummiSetupScene(ShellScene):
    def __init__(self, app: "App", setup: MatchSetup | None = None) -> None:
        super().__init__(app)
        chosen = setup or remembered_setup(app.settings.turn_clock)
        self.kinds: list[str] = [seat.kind for seat in chosen.seats] + [EMPTY] * (MOST_SEATS - len(chosen.seats))
        self.names: list[str] = [seat.name for seat in chosen.seats] + list(DEFAULT_NAMES[len(chosen.seats):])
        self.mode, self.target, self.clock, self.seed = chosen.mode, chosen.target, chosen.clock, chosen.seed
        self.problem = ""
        self.widgets.add(Panel(PANEL, "New Rummi match", title_size=48))
        self.name_fields: list[TextField] = []
        for seat in range(MOST_SEATS):
            options = SEAT_OPTIONS + ([(EMPTY, "Empty seat")] if seat >= FEWEST_SEATS else [])
            self.widgets.add(OptionPicker(self._row(seat, PICKER_W), f"Seat {seat + 1}", options, self.kinds[seat],
                                          self._set_kind(seat), tooltip="A person at this laptop, or a computer"))
            field_rect = pygame.Rect(ROWS_LEFT + PICKER_W + 20, self._row(seat, 1).y + 4, FIELD_W, ROW_H - 8)
            self.name_fields.append(self.widgets.add(TextField(field_rect, self.names[seat], self._set_name(seat),
                                                               tooltip="Click to type a name")))
        self.widgets.add(OptionPicker(self._row(4, PICKER_W), "Mode", [("parlor", "Parlor League"), ("blitz", "Blitz")],
                                      self.mode, self._set("mode"), tooltip="Blitz: 30 seconds a turn"))
        self.widgets.add(OptionPicker(self._row(5, PICKER_W), "Match target", TARGETS, self.target,
                                      self._set("target"), tooltip="First to reach it ends the match"))
        self.clock_picker = self.widgets.add(OptionPicker(
            self._row(6, PICKER_W), "Turn clock", [(c, clock_label(c)) for c in CLOCK_CHOICES], self.clock,
            self._set("clock"), tooltip="Time for each person's turn"))
        seed_row = self._row(7, PICKER_W)
        self.seed_field = self.widgets.add(TextField(
            pygame.Rect(seed_row.x + 290, seed_row.y + 4, 200, ROW_H - 8), str(self.seed), self._set_seed,
            digits=True, limit=9, tooltip="Type a deal number to replay a deal"))
        self.widgets.add(Button(pygame.Rect(seed_row.x + 505, seed_row.y + 4, 150, ROW_H - 8), "New deal",
                                self._new_seed, tooltip="A fresh random deal", shortcut="f2", font_size=19))
        start = pygame.Rect(0, 0, 260, 62)
        start.bottomright = (PANEL.centerx + 130 + 150, PANEL.bottom - 26)
        self.start_button = self.widgets.add(Button(start, "Deal the tiles", self.start, style="primary",
                                                    tooltip="Start the match", shortcut="return"))
        back = pygame.Rect(0, 0, 200, 62)
        back.bottomright = (start.x - 20, start.bottom)
        self.widgets.add(Button(back, "Back", self.close, tooltip="Back to the menu", shortcut="escape"))
        self._refresh()

    @staticmethod
    def _row(index: int, width: int) -> pygame.Rect:
        return pygame.Rect(ROWS_LEFT, ROWS_TOP + index * (ROW_H + ROW_GAP), width, ROW_H)

    # -- changes -------------------------------------------------------------------------
    def _set_kind(self, seat: int) -> Callable[[str], None]:
        def apply(kind: str) -> None:
            self.kinds[seat] = kind
            if kind != HUMAN and kind != EMPTY and self.names[seat] in DEFAULT_NAMES + TIER_NAMES:
                self.names[seat] = tier_title(kind)
            elif kind == HUMAN and self.names[seat] in TIER_NAMES:
                self.names[seat] = DEFAULT_NAMES[seat]
            self.name_fields[seat].text = self.names[seat]
            self._refresh()
        return apply

    def _set_name(self, seat: int) -> Callable[[str], None]:
        def apply(name: str) -> None:
            self.names[seat] = name
        return apply

    def _set(self, name: str) -> Callable[[Any], None]:
        def apply(value: Any) -> None:
            setattr(self, name, value)
            self._refresh()
        return apply

    def _set_seed(self, text: str) -> None:
        self.seed = int(text) if text else 0

    def _new_seed(self) -> None:
        self.seed = random.SystemRandom().randrange(1, 1_000_000)
        self.seed_field.text = str(self.seed)

    def _refresh(self) -> None:
        for seat, field in enumerate(self.name_fields):
            field.visible = self.kinds[seat] != EMPTY
        self.clock_picker.enabled = self.mode != "blitz"

    # -- building the match --------------------------------------------------------------
    def current_setup(self) -> MatchSetup:
        seats = tuple(SeatConfig(kind, (self.names[i].strip() or DEFAULT_NAMES[i])[:12])
                      for i, kind in enumerate(self.kinds) if kind != EMPTY)
        return MatchSetup(seats, self.mode, self.target, self.clock, self.seed)

    def start(self) -> None:
        try:
            setup = self.current_setup()
        except ValueError as error:
            self.problem = str(error)
            self.play("invalid")
            return
        try:
            write_last_setup("rummi", {**setup.to_dict(), DEFAULT_CLOCK_KEY: self.app.settings.turn_clock})
        except OSError:
            pass  # remembering the setup is a convenience; the match starts anyway
        from rummi_desktop.scenes.rummi.table_scene import RummiTableScene

        if self.stack is not None:
            self.stack.replace(RummiTableScene(self.app, RummiSession.new(setup)))

    # -- input ---------------------------------------------------------------------------
    def _editing(self) -> TextField | None:
        for field in [*self.name_fields, self.seed_field]:
            if field.editing:
                return field
        return None

    def handle_action(self, action: Action) -> bool:
        field = self._editing()
        if field is not None:
            if action.kind == ActionKind.SHORTCUT and field.type_key(action):
                return True
            if action.kind in (ActionKind.CONFIRM, ActionKind.BACK) or action.kind == ActionKind.PRESS:
                field.editing = False
                if action.kind != ActionKind.PRESS:
                    return True
        if action.kind == ActionKind.CONFIRM and self.widgets.focused is None:
            self.start()  # Enter, the key "Deal the tiles" shows (a focused widget takes it first)
            return True
        return super().handle_action(action)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        self.draw_backdrop(surface)
        self.widgets.draw(surface, theme)
        seed_row = self._row(7, PICKER_W)
        label = shapes.text("Deal number", 22, theme.text)
        surface.blit(label, label.get_rect(midleft=(seed_row.x + 18, seed_row.centery)))
        if self.mode == "blitz":
            note = shapes.text("Blitz plays with a 30-second clock", 18, theme.text_muted)
            surface.blit(note, (ROWS_LEFT + PICKER_W + 20, self._row(6, 1).y + 14))
        if self.problem:
            warn = shapes.text(self.problem, 20, theme.invalid, bold=True)
            surface.blit(warn, warn.get_rect(midleft=(PANEL.x + 40, PANEL.bottom - 57)))
