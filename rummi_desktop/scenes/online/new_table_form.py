"""The lobby's "New table" form: the game, who sits there (people, computer seats), the clock
(none, live seconds a turn, or 1–7 days a move), whether the table is listed, and each of the
game's options that a server table may have (``GameSpec.online_options``: its house rules, a
Rummi match's mode and target); what it holds becomes one ``create_table`` request.

Two columns of narrow pickers, so the game with the most options still fits above the Create
button, which stays where it is whichever game is chosen."""

from __future__ import annotations

from typing import Any, Awaitable, Callable

import pygame

from rummi_desktop.games import GAMES
from rummi_desktop.scenes.online.choices import PLAYABLE_ONLINE, clock_choices, option_choices, rule_options, seat_choices
from rummi_desktop.ui.stacked_picker import StackedPicker
from rummi_desktop.ui.widget_group import WidgetGroup

CELL_H, CELL_STEP, GAP = 58, 62, 10
VISIBILITY = [("public", "Public (listed)"), ("private", "Private (invite)")]
FIXED_CELLS = 4  # game, table, seats, clock
MOST_CELLS = FIXED_CELLS + max(len(rule_options(game)) for game in PLAYABLE_ONLINE)


class NewTableForm:
    def __init__(self, group: WidgetGroup, left: int, top: int, width: int) -> None:
        self.group, self.left, self.top, self.half = group, left, top, (width - GAP) // 2
        self.game = PLAYABLE_ONLINE[0]
        self.seats = seat_choices(self.game)[0][0]
        self.clock: dict[str, Any] = {"kind": "none"}
        self.visibility = "public"
        self.options: dict[str, Any] = {}  # the choices away from the game's defaults
        self.game_picker = self._cell(0, "Game", [(key, GAMES[key].title) for key in PLAYABLE_ONLINE], self.game,
                                      self._set_game, "The game at the new table")
        self._cell(1, "Table", VISIBILITY, self.visibility, self._set_visibility, "Listed in the lobby, or by invite only")
        self.seat_picker = self._cell(2, "Seats", seat_choices(self.game), self.seats, self._set_seats,
                                      "Who sits at the new table: people join, computers play on the server")
        self._cell(3, "Clock", clock_choices(), self.clock, self._set_clock,
                   "Live: seconds a turn; or days a move (play at your pace)")
        self.rule_pickers: list[StackedPicker] = []
        self._add_rule_pickers()
        self.bottom = top + (MOST_CELLS + 1) // 2 * CELL_STEP - (CELL_STEP - CELL_H)

    def _cell(self, index: int, label: str, choices: list, value: Any, on_change: Callable,
              tooltip: str) -> StackedPicker:
        row, column = divmod(index, 2)
        rect = pygame.Rect(self.left + column * (self.half + GAP), self.top + row * CELL_STEP, self.half, CELL_H)
        return self.group.add(StackedPicker(rect, label, choices, value, on_change, tooltip=tooltip))

    def _add_rule_pickers(self) -> None:
        for index, option in enumerate(rule_options(self.game), start=FIXED_CELLS):
            def chosen(value: Any, key: str = option.key, default: Any = option.default) -> None:
                self._set_option(key, value, default)
            self.rule_pickers.append(self._cell(index, option.label, option_choices(option), option.default, chosen,
                                                f"{GAMES[self.game].title}: {option.label}, a rule of the table"))

    def _set_game(self, game: str) -> None:
        self.game = game
        self.seat_picker.options = seat_choices(game)
        self.seat_picker.index = 0
        self.seats = self.seat_picker.value
        for picker in self.rule_pickers:  # another game's options: its own pickers
            self.group.widgets.remove(picker)
            if self.group.focused is picker:
                self.group.focus(None)
        self.rule_pickers, self.options = [], {}
        self._add_rule_pickers()

    def _set_option(self, key: str, value: Any, default: Any) -> None:
        if value == default and type(value) is type(default):
            self.options.pop(key, None)
        else:
            self.options[key] = value

    def _set_seats(self, seats: tuple[str, ...]) -> None:
        self.seats = seats

    def _set_clock(self, clock: dict[str, Any]) -> None:
        self.clock = clock

    def _set_visibility(self, visibility: str) -> None:
        self.visibility = visibility

    def picker(self, label: str) -> StackedPicker:
        """The form's picker of that label (the game's options' too)."""
        return next(w for w in self.group.widgets if isinstance(w, StackedPicker) and w.label == label)

    def request(self) -> Callable[[Any], Awaitable[dict[str, Any]]]:
        """The ``create_table`` call for the link, with the form's choices as they are now."""
        game, seats, clock, visibility = self.game, list(self.seats), self.clock, self.visibility
        options = dict(self.options)
        return lambda client: client.create_table(game, seats, options, clock=clock, visibility=visibility)
