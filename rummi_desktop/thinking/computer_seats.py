"""How a table asks a computer seat for its move, off the frame loop, for any game.

The table calls ``start(state, tier)`` at the seat's turn and polls the job each frame. The
seat's view is taken from the state at that moment as plain data (the game's ``seat_view``),
so the thinking and the frame loop share nothing mutable; the answer is the chosen move's
notation, which the table hands to the rules model (``play_seat_move``).

Thinking runs in a separate process where one can be started (it never competes with the
frame loop for the GIL; see :mod:`rummi_desktop.thinking.worker` for how it is started safely),
else on a thread. One ``ComputerSeats`` per table; ``close`` on leaving.
"""

from __future__ import annotations

from typing import Any

from rummi_desktop.thinking.worker import ThinkingProcess, processes_available
from rummi_desktop.thinking.thread import start_thinking
from rummi_desktop.thinking.tasks import choose_move, task_for
from rummi_desktop.games import GAMES
from rummi_desktop.games.seats import THINKING_BUDGET

HANDLER = "rummi_desktop.thinking.tasks:think_task"


def _think_on_thread(task: dict[str, Any], deadline: float, cancel) -> str:
    return choose_move(task, deadline, cancel).notation()


class ComputerSeats:
    """Starts computer seats' thinking for one game's table."""

    def __init__(self, game: str, use_process: bool | None = None) -> None:
        self.spec = GAMES[game]
        self.use_process = processes_available() if use_process is None else use_process
        self._process: ThinkingProcess | None = None

    def prepare(self) -> None:
        """Start the thinking process now (at table set-up) so it is warm for the first turn."""
        if self.use_process and (self._process is None or not self._process.alive):
            try:
                self._process = ThinkingProcess(HANDLER)
            except OSError:
                self.use_process = False

    def start(self, state: Any, tier: str, budget: float = THINKING_BUDGET):
        """Ask the seat on turn for its move; returns a job whose ``poll()`` gives its notation."""
        task = task_for(self.spec.key, tier, self.spec.seat_view(state, state.current))
        if self._process is not None and self._process.failed:
            self.use_process = False  # no child process could be started here: think on a thread
        if self.use_process:
            try:
                if self._process is None or not self._process.alive:
                    self._process = ThinkingProcess(HANDLER)
                return self._process.submit(task, budget, f"{tier} seat")
            except OSError:
                self.use_process = False  # no process here after all: think on a thread
        return start_thinking(lambda deadline, cancel: _think_on_thread(task, deadline, cancel), budget,
                              name=f"{tier} seat")

    def close(self) -> None:
        if self._process is not None:
            self._process.close()
            self._process = None
