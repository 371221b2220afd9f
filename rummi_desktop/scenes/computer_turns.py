"""The shared half of every game's turn flow: what the table asks of it at each point of a
turn (defaults a game's flow overrides), its computer seats and its hints.

A computer seat thinks off the frame loop (``ComputerSeats``): the flow asks the seat on turn
(``start``), reads its answer (``poll``) frame by frame and, once it is in and the seat has
visibly thought for a moment, plays it through the session. A hint is the same request made
for the person on turn, by a tier of its own; what the hint shows is the game's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rummi_desktop.games.seats import THINKING_BUDGET
from rummi_desktop.thinking.computer_seats import ComputerSeats
from rummi_desktop.games.base import MoveNotationError
from rummi_desktop.thinking.thread import ThinkingFailed, ThinkingJob

if TYPE_CHECKING:
    from rummi_desktop.scenes.table_context import TableContext

MIN_THINK_SHOWN = 0.7  # s: a computer seat visibly "thinks" at least this long (at speed 1)
HINT_TIER = "medium"  # the computer whose move a hint shows


class ComputerTurnFlow:
    """The shared half of a game's turn flow: the table's turn hooks and the computer seats.
    ``seats_think`` False: the game has no computer entry point, and a computer's turn is
    played as "no move" after the pause."""

    def __init__(self, table: "TableContext", session: Any, game: str, seats_think: bool = True) -> None:
        self.table = table
        self.session = session
        self.computers = ComputerSeats(game)
        self.seats_think = seats_think
        if seats_think and session.thinks_locally and any(not seat.is_human for seat in session.setup.seats):
            self.computers.prepare()  # warm for the first computer turn
        self.job: ThinkingJob | None = None

    # -- what the table asks of every game's turn flow (defaults) ---------------------------
    @property
    def clock_seconds(self) -> int | None:
        """Seconds a person has for a turn in this game (None: no clock)."""
        return None

    def turn_begins(self) -> None:
        """A turn is about to begin: clear what described the last one."""

    def person_turn_begins(self, seat: int) -> None:
        """The person at ``seat`` may move now (the table lays out next)."""

    def end_move(self, timed_out: bool) -> None:
        """The person's move ends: confirmed, or (``timed_out``) the clock ran out."""
        raise NotImplementedError

    def confirm_move(self) -> None:
        """Enter on a person's turn."""
        self.end_move(timed_out=False)

    def resign(self) -> None:
        """The person on turn gives the game up (asked first): the game's ``resign`` move,
        played as any of its moves is, so the log, the autosave and a server all see it."""
        raise NotImplementedError

    def skip_animation(self) -> None:
        """Enter while a move is shown: the pieces go straight to where they land."""

    def animating(self) -> bool:
        """True while the game's own pieces move (tiles gliding, a glow fading, a hint searched)."""
        return False

    def next_round_begins(self) -> None:
        """A game played once through has no next round (its results offer a rematch)."""

    # -- computer seats ---------------------------------------------------------------------
    def computer_turn_begins(self) -> None:
        self.job = None  # requested on the next frame (see _computer_move)

    def _computer_move(self) -> Any:
        """The turn record of the computer seat's move, once it is played; None while the seat
        is still thinking (or still visibly thinking)."""
        if not self.seats_think:
            if self.table.turns.phase_time * self._speed() < MIN_THINK_SHOWN:
                return None
            return self.session.play_computer(None, self.table.turns.phase_time)
        job = self.job
        if job is None:
            # Asked for one frame after the turn began, so the request does not share a
            # frame with repainting the seat panel.
            self.job = self.session.start_thinking(self.computers, self.session.current)
            return None
        try:
            move = job.poll()  # the move's notation
        except ThinkingFailed:
            move = None  # a failing tier plays "no move" instead of freezing the table
        if not job.done or self.table.turns.phase_time * self._speed() < MIN_THINK_SHOWN:
            return None
        self.job = None
        return self._play_answer(move, job.elapsed)

    def _play_answer(self, move: str | None, elapsed: float) -> Any:
        return self.session.play_computer(move, elapsed)

    def _speed(self) -> float:
        """The animation speed as a factor on shown times (instant: every wait is over)."""
        return self.table.animation_factor

    def cancel_thinking(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def close(self) -> None:
        self.cancel_thinking()
        self.computers.close()


class HintingTurnFlow(ComputerTurnFlow):
    """A turn flow that also offers the Hint: the game says how it shows the move found
    (``update_hint``, ``show_hint``) and how it clears it (``clear_hint``), and may ask a
    stronger tier (``hint_tier``). A game with a coach answers the hint with its five best
    plays instead, listed on the table (scenes/candidate_panel.py); the best of them is what
    the hint shows, and the player may choose another."""

    hint_tier = HINT_TIER
    hint_budget = THINKING_BUDGET

    def __init__(self, table: "TableContext", session: Any, game: str, seats_think: bool = True) -> None:
        super().__init__(table, session, game, seats_think)
        self.hints = ComputerSeats(game)
        self.hint_job: ThinkingJob | None = None

    def start_hint(self, message: str) -> None:
        """Ask the hint tier for the person on turn's move; ``message`` says it is looking."""
        if not self.table.my_turn or self.hint_job is not None or not self.hints.spec.has("computer"):
            return
        candidates = self.table.candidates
        if candidates.available:  # the coach's best plays: the hint shows the first
            candidates.clear(self)
            self.hint_job = candidates.search(self.session.state, self.hint_budget)
        else:
            self.hint_job = self.hints.start(self.session.state, self.hint_tier, self.hint_budget)
        self.table.say(message)

    def _show_candidate(self, candidate: Any) -> None:
        if not self.table.my_turn:
            return
        try:
            move = self.hints.spec.parse_move(candidate.move)
        except MoveNotationError:
            return
        self.show_hint(move)

    def hint_answer(self) -> tuple[bool, Any]:
        """(answered, move): whether the hint is in, and the move found (None when there is
        none or its notation cannot be read)."""
        job = self.hint_job
        if job is None:
            return False, None
        try:
            notation = job.poll()
        except ThinkingFailed:
            notation = None
        if not job.done:
            return False, None
        self.hint_job = None
        if isinstance(notation, list):  # the coach's candidates, best first
            if notation and self.table.my_turn:
                self.table.candidates.offer(notation, self._show_candidate, self)
            notation = notation[0].move if notation else None
        try:
            return True, self.hints.spec.parse_move(notation) if notation else None
        except MoveNotationError:
            return True, None

    def update_hint(self) -> None:
        raise NotImplementedError

    def show_hint(self, move: Any) -> None:
        """Show ``move`` on the board without making it (the hint's, or a chosen candidate)."""
        raise NotImplementedError

    def clear_hint(self) -> None:
        """Take the shown hint off the table."""
        raise NotImplementedError

    def cancel_hint(self) -> None:
        if self.hint_job is not None:
            self.hint_job.cancel()
            self.hint_job = None
        self.table.candidates.clear(self)
        self.clear_hint()

    def cancel_thinking(self) -> None:
        super().cancel_thinking()
        self.cancel_hint()

    def close(self) -> None:
        super().close()
        self.hints.close()
