"""After solving a puzzle, its best plays to study: the coach's five best plays of the position
the puzzle set, listed beside the board while the result card is put aside ("See the board");
a click on a row puts the board back to the puzzle's start and shows that play there, the way
the table's hint shows one. Nothing is booked: the attempt is over.

The search runs on a worker thread (the table's candidate panel starts it), so the window never
waits; the result card steps the table's frames while the board is studied, so the shown play
glides in as at the table.
"""

from __future__ import annotations

from typing import Any

from rummi_desktop.games.base import MoveNotationError
from rummi_desktop.shell.input import Action
from rummi_desktop.thinking.thread import ThinkingJob, answer_or_none

STUDY_BUDGET = 10.0  # s the coach may weigh a puzzle's position


class PuzzleStudy:
    """The study of ``table`` (a puzzle table, its mode a PuzzleMode that kept the opening)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.job: ThinkingJob | None = table.candidates.search(table.mode.opening, STUDY_BUDGET)

    @classmethod
    def of(cls, table: Any) -> "PuzzleStudy | None":
        """The study of a puzzle table whose game has a coach; None for any other scene."""
        panel, mode = getattr(table, "candidates", None), getattr(table, "mode", None)
        if panel is None or not panel.available or getattr(mode, "opening", None) is None:
            return None
        return cls(table)

    @property
    def busy(self) -> bool:
        """Something on the board still changes by itself: the search, or a play being shown."""
        return self.job is not None or self.table.flow.animating()

    def update(self, dt: float) -> None:
        self.table.update(dt)
        job = self.job
        if job is None or not job.done:
            return
        self.job = None
        found = answer_or_none(job)
        if found:
            panel = self.table.candidates
            panel.offer(found, self.show, self)
            panel.chosen = -1  # none is on the board yet: the player's own answer is

    def show(self, candidate: Any) -> None:
        table = self.table
        try:
            move = table.flow.hints.spec.parse_move(candidate.move)
        except MoveNotationError:
            return
        table.mode.board.reset_position()
        table.flow.show_hint(move)

    def handle_action(self, action: Action) -> bool:
        return self.table.candidates.handle_action(action, self.table.candidates_area())

    def close(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None
        self.table.candidates.clear(self)
