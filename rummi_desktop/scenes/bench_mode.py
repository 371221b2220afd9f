"""The bench mode: a game's real table, computer seats only, timed by ``rummi-desktop bench``.

Seat 0's rack stays in view, as a player's would be, and a finished round or game starts
again at once (the game says how: ``restart(table)``), so the frame loop keeps being timed on
a full table. Nothing is saved or recorded.
"""

from __future__ import annotations

from typing import Any, Callable

from rummi_desktop.scenes.table_mode import TableMode


class BenchMode(TableMode):
    saves = False
    may_resign = False  # the bench times computer seats: nobody gives up
    tracks_unseen = False  # the bench measures the table's speed: no extra card on it

    def __init__(self, restart: Callable[[Any], None]) -> None:
        self.restart = restart

    def turn_begun(self) -> None:
        if self.table.viewer != 0:
            self.table.viewer = 0
            self.table.relayout()

    def round_over(self) -> bool:
        self.restart(self.table)
        self.table.begin_turn()
        return True
