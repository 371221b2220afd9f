"""The lobby's "New table" form: the game, who sits there (people, computer seats), the clock
(none, live seconds a turn, or 1–7 days a move), whether the table is listed and the game's
rules; what it holds becomes one ``create_table`` request."""

from __future__ import annotations

from typing import Any, Awaitable, Callable

import pygame

from rummi_desktop.games import GAMES
from rummi_desktop.scenes.online.choices import PLAYABLE_ONLINE, clock_choices, rules_choices, seat_choices
from rummi_desktop.ui.widget_group import WidgetGroup
from rummi_desktop.ui.widgets import OptionPicker

PICKER_H, PICKER_STEP = 48, 52
VISIBILITY = [("public", "Public (listed)"), ("private", "Private (invite code)")]


class NewTableForm:
    def __init__(self, group: WidgetGroup, left: int, top: int, width: int) -> None:
        self.game = PLAYABLE_ONLINE[0]
        self.seats = seat_choices(self.game)[0][0]
        self.clock: dict[str, Any] = {"kind": "none"}
        self.visibility = "public"
        self.options: dict[str, Any] = rules_choices(self.game)[0][0]

        def row(index: int, label: str, options: list, value: Any, on_change: Callable, tooltip: str) -> OptionPicker:
            rect = pygame.Rect(left, top + index * PICKER_STEP, width, PICKER_H)
            return group.add(OptionPicker(rect, label, options, value, on_change, tooltip=tooltip))

        self.game_picker = row(0, "Game", [(key, GAMES[key].title) for key in PLAYABLE_ONLINE], self.game,
                               self._set_game, "The game at the new table")
        self.seat_picker = row(1, "Seats", seat_choices(self.game), self.seats, self._set_seats,
                               "Who sits at the new table: people join, computers play on the server")
        row(2, "Clock", clock_choices(), self.clock, self._set_clock,
            "Live: seconds a turn; or days a move (play at your pace)")
        row(3, "Table", VISIBILITY, self.visibility, self._set_visibility, "Listed in the lobby, or by invite only")
        self.rules_picker = row(4, "Rules", rules_choices(self.game), self.options, self._set_options,
                                "The game's options at the new table")
        self.bottom = top + 4 * PICKER_STEP + PICKER_H

    def _set_game(self, game: str) -> None:
        self.game = game
        self.seat_picker.options = seat_choices(game)
        self.seat_picker.index = 0
        self.seats = self.seat_picker.value
        self.rules_picker.options = rules_choices(game)
        self.rules_picker.index = 0
        self.options = self.rules_picker.value

    def _set_options(self, options: dict[str, Any]) -> None:
        self.options = options

    def _set_seats(self, seats: tuple[str, ...]) -> None:
        self.seats = seats

    def _set_clock(self, clock: dict[str, Any]) -> None:
        self.clock = clock

    def _set_visibility(self, visibility: str) -> None:
        self.visibility = visibility

    def request(self) -> Callable[[Any], Awaitable[dict[str, Any]]]:
        """The ``create_table`` call for the link, with the form's choices as they are now."""
        game, seats, clock, visibility, options = self.game, list(self.seats), self.clock, self.visibility, self.options
        return lambda client: client.create_table(game, seats, options, clock=clock, visibility=visibility)
