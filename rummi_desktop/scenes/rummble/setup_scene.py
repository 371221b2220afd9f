"""Setting up a Rummble game: 2–4 seats (a named person or a computer tier), the tile set
(standard 1–13, short 1–9, or playing cards) and the deal number. The last setup is
remembered (``rummble_setup.toml``); Enter deals.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Callable

import pygame

from rummi_desktop.input import Action, ActionKind
from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.scenes.rummble.session import SEAT_RANGE, TIERS, TILE_SET_NAMES, RummbleSession, RummbleSetup
from rummi_desktop.seats import DEFAULT_NAMES, HUMAN, SeatConfig, seat_options, tier_title
from rummi_desktop.storage.saves import read_last_setup, write_last_setup
from rummi_desktop.ui import shapes
from rummi_desktop.ui.text_field import TextField
from rummi_desktop.ui.widgets import Button, OptionPicker, Panel

if TYPE_CHECKING:
    from rummi_desktop.app import App

PANEL = pygame.Rect(150, 60, 980, 680)
ROW_H, ROW_GAP = 50, 10
ROWS_LEFT, ROWS_TOP = PANEL.x + 40, PANEL.y + 116
PICKER_W, FIELD_W = 600, 270
EMPTY = "empty"
FEWEST_SEATS, MOST_SEATS = SEAT_RANGE
TIER_NAMES = tuple(tier_title(tier) for tier in TIERS)
GAME = "rummble"


def remembered_setup() -> RummbleSetup:
    data = read_last_setup(GAME)
    if data is not None:
        try:
            return RummbleSetup.from_dict(data)
        except (KeyError, TypeError, ValueError):
            pass
    return RummbleSetup(seed=random.SystemRandom().randrange(1, 1_000_000))


class RummbleSetupScene(ShellScene):
    def __init__(self, app: "App", setup: RummbleSetup | None = None) -> None:
        super().__init__(app)
        chosen = setup or remembered_setup()
        self.kinds = [seat.kind for seat in chosen.seats] + [EMPTY] * (MOST_SEATS - len(chosen.seats))
        self.names = [seat.name for seat in chosen.seats] + list(DEFAULT_NAMES[len(chosen.seats):])
        self.tile_set, self.seed = chosen.tile_set, chosen.seed
        self.problem = ""
        self.widgets.add(Panel(PANEL, "New Rummble game", title_size=48))
        self.name_fields: list[TextField] = []
        options = seat_options(TIERS)
        for seat in range(MOST_SEATS):
            choices = options + ([(EMPTY, "Empty seat")] if seat >= FEWEST_SEATS else [])
            self.widgets.add(OptionPicker(self._row(seat, PICKER_W), f"Seat {seat + 1}", choices, self.kinds[seat],
                                          self._set_kind(seat), tooltip="A person at this laptop, or a computer"))
            box = pygame.Rect(ROWS_LEFT + PICKER_W + 20, self._row(seat, 1).y + 4, FIELD_W, ROW_H - 8)
            self.name_fields.append(self.widgets.add(TextField(box, self.names[seat], self._set_name(seat),
                                                               tooltip="Click to type a name")))
        self.widgets.add(OptionPicker(self._row(4, PICKER_W), "Tiles", list(TILE_SET_NAMES.items()), self.tile_set,
                                      self._set_tile_set, tooltip="Short: numbers 1–9 only; cards: the same game on card faces"))
        seed_row = self._row(5, PICKER_W)
        self.seed_field = self.widgets.add(TextField(
            pygame.Rect(seed_row.x + 290, seed_row.y + 4, 200, ROW_H - 8), str(self.seed), self._set_seed,
            digits=True, limit=9, tooltip="Type a deal number to replay a deal"))
        self.widgets.add(Button(pygame.Rect(seed_row.x + 505, seed_row.y + 4, 150, ROW_H - 8), "New deal",
                                self._new_seed, tooltip="A fresh random deal", shortcut="f2", font_size=19))
        start = pygame.Rect(0, 0, 260, 62)
        start.bottomright = (PANEL.right - 40, PANEL.bottom - 26)
        self.start_button = self.widgets.add(Button(start, "Deal the tiles", self.start, style="primary",
                                                    tooltip="Start the game", shortcut="return"))
        back = pygame.Rect(0, 0, 200, 62)
        back.bottomright = (start.x - 20, start.bottom)
        self.widgets.add(Button(back, "Back", self.close, tooltip="Back to the menu", shortcut="escape"))
        self._refresh()

    @staticmethod
    def _row(index: int, width: int) -> pygame.Rect:
        return pygame.Rect(ROWS_LEFT, ROWS_TOP + index * (ROW_H + ROW_GAP), width, ROW_H)

    def _set_kind(self, seat: int) -> Callable[[str], None]:
        def apply(kind: str) -> None:
            self.kinds[seat] = kind
            if kind not in (HUMAN, EMPTY) and self.names[seat] in DEFAULT_NAMES + TIER_NAMES:
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

    def _set_tile_set(self, value: str) -> None:
        self.tile_set = value

    def _set_seed(self, text: str) -> None:
        self.seed = int(text) if text else 0

    def _new_seed(self) -> None:
        self.seed = random.SystemRandom().randrange(1, 1_000_000)
        self.seed_field.text = str(self.seed)

    def _refresh(self) -> None:
        for seat, field in enumerate(self.name_fields):
            field.visible = self.kinds[seat] != EMPTY

    def current_setup(self) -> RummbleSetup:
        seats = tuple(SeatConfig(kind, (self.names[i].strip() or DEFAULT_NAMES[i])[:12])
                      for i, kind in enumerate(self.kinds) if kind != EMPTY)
        return RummbleSetup(seats, self.tile_set, self.seed)

    def start(self) -> None:
        try:
            setup = self.current_setup()
        except ValueError as error:
            self.problem = str(error)
            self.play("invalid")
            return
        try:
            write_last_setup(GAME, setup.to_dict())
        except OSError:
            pass  # remembering the setup is a convenience; the game starts anyway
        from rummi_desktop.scenes.rummble.table_scene import RummbleTableScene

        if self.stack is not None:
            self.stack.replace(RummbleTableScene(self.app, RummbleSession.new(setup)))

    def _editing(self) -> TextField | None:
        return next((field for field in [*self.name_fields, self.seed_field] if field.editing), None)

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
            self.start()
            return True
        return super().handle_action(action)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        self.draw_backdrop(surface)
        self.widgets.draw(surface, theme)
        seed_row = self._row(5, PICKER_W)
        label = shapes.text("Deal number", 22, theme.text)
        surface.blit(label, label.get_rect(midleft=(seed_row.x + 18, seed_row.centery)))
        note = shapes.text("Rummy sets in crossword lines on a 13 × 13 premium board. Highest score wins.", 18,
                           theme.text_muted)
        surface.blit(note, (ROWS_LEFT, self._row(6, 1).y + 14))
        if self.problem:
            warn = shapes.text(self.problem, 20, theme.invalid, bold=True)
            surface.blit(warn, warn.get_rect(midleft=(PANEL.x + 40, PANEL.bottom - 57)))
