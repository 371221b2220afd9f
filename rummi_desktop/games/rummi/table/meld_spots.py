"""Where the player put melds down on the felt: display only, never part of the rules model.

The layout flows melds in rows; a meld the player put down somewhere holds that spot (a mark:
the tile that started it → (row, x), see ``layout.Hint``). The marks change as tiles move, so
Undo and Reset must give back the marks of that point of the turn, with the table: the same
table and the same marks lay out the same, and nothing on the felt jumps. The model's undo
history is one entry a move; this keeps the marks from before each move beside it.
"""

from __future__ import annotations

from rummi_desktop.games.rummi.table.layout import Hint


class MeldSpots:
    """The marks on the felt now, and the marks from before each move of this turn."""

    def __init__(self) -> None:
        self.marks: dict[int, Hint] = {}
        self.history: list[dict[int, Hint]] = []  # the marks before each move (Undo)

    def move_applied(self, first_of_turn: bool) -> None:
        """The model applied a move; the marks are still those from before it (a gesture
        marks its spot after all its moves). The turn's first move: older entries are from
        another turn, or another scenario, and go."""
        if first_of_turn:
            self.history = []
        self.history.append(dict(self.marks))

    def move_refused(self) -> None:
        """A move recorded with :meth:`move_applied` was taken back by its gesture."""
        self.history.pop()

    def undone(self, moves_left: int) -> None:
        """Undo left the turn with ``moves_left`` moves: the marks from before the next one."""
        if len(self.history) > moves_left:
            self._restore(self.history[moves_left])
            del self.history[moves_left:]

    def back_to_turn_start(self) -> None:
        """Reset, or a Draw or timeout taking the turn's play back: the marks it began with."""
        if self.history:
            self._restore(self.history[0])
        self.history = []

    def turn_begins(self) -> None:
        self.history = []

    def clear(self) -> None:
        self.marks.clear()
        self.history = []

    def _restore(self, marks: dict[int, Hint]) -> None:
        self.marks.clear()  # in place: the view hands this very dict out as ``meld_hints``
        self.marks.update(marks)
