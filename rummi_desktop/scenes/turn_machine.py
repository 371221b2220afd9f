"""Whose turn it is at a table, in what phase, and for how long: the one owner of those facts.

Every table, in every game and mode, runs its turns through one :class:`TurnMachine`. The table,
its turn flow and its modes tell the machine what happened (a person's turn began, a computer
played, the move has been shown, the round is over) and read what it says; none of them writes
the phase or its timing. ``elapse(dt)`` ages the phase and ``run_clock(dt)`` runs the person's turn time and
clock, saying when the clock ticks audibly or runs out.

Phases: ``PERSON`` (a person is on turn and their rack is shown), ``THINKING`` (a computer
seat is choosing its move), ``SHOWING`` (the move just made is being animated), ``HANDOFF``
(between turns: the privacy screen is up or the next turn is about to begin), ``ROUND_END``
(the round-end screen, or the match summary, takes over).
"""

from __future__ import annotations

import math
from enum import Enum

CLOCK_TICKS_FROM = 10  # s: the clock ticks audibly in a turn's last seconds
SKIPPED = 10.0  # s: a skipped phase counts as this old, past every wait a flow holds


class Phase(str, Enum):
    PERSON = "person"
    THINKING = "thinking"
    SHOWING = "showing"
    HANDOFF = "handoff"
    ROUND_END = "round end"


class ClockEvent(str, Enum):
    """What the turn clock did in one ``run_clock``."""

    TICK = "tick"  # a new whole second of the last ten
    TIMEOUT = "timeout"  # the person's time is up


class TurnMachine:
    """The phase of a table's turn, how long it has lasted, and the person's turn clock."""

    def __init__(self) -> None:
        self._phase = Phase.HANDOFF
        self._age = 0.0  # s in the current phase (or since the flow asked to count again)
        self._turn_time = 0.0  # s the person on turn has used
        self._clock_seconds: int | None = None
        self._clock_left = 0.0
        self._last_tick = -1

    # -- what the others read ------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def phase_time(self) -> float:
        """Seconds since the phase began (or since ``count_again``)."""
        return self._age

    @property
    def turn_time(self) -> float:
        """Seconds the person on turn has spent on it (for the players' statistics)."""
        return self._turn_time

    @property
    def clock_left(self) -> float:
        """Seconds left on the person's turn clock (0 without a clock)."""
        return self._clock_left

    # -- events --------------------------------------------------------------------------------
    def turn_begins(self) -> None:
        """A new turn: its time and the phase's age count from zero."""
        self._turn_time = 0.0
        self._age = 0.0

    def hand_over(self) -> None:
        """Between turns: the privacy screen is up, or the next turn is about to begin."""
        self._phase = Phase.HANDOFF

    def person_turn(self, clock_seconds: int | None) -> None:
        """A person may move now, with ``clock_seconds`` for it (None: no clock). The phase's
        age still counts from the turn's start: a privacy screen's wait is part of the turn."""
        self._phase = Phase.PERSON
        self._clock_seconds = clock_seconds
        self._clock_left = float(clock_seconds or 0)
        self._last_tick = -1

    def free_play(self) -> None:
        """A person moves with no turn to end (a sandbox or a puzzle): no clock, no timing reset."""
        self._phase = Phase.PERSON
        self._clock_seconds = None

    def computer_turn(self) -> None:
        """A computer seat is choosing its move."""
        self._phase = Phase.THINKING

    def move_made(self) -> None:
        """A move has been made and is now shown: the showing counts from now."""
        self._phase = Phase.SHOWING
        self._age = 0.0

    def move_shown(self) -> None:
        """The move has been shown: the table goes on to the next turn."""
        self._phase = Phase.HANDOFF

    def round_over(self) -> None:
        self._phase = Phase.ROUND_END

    def count_again(self) -> None:
        """The phase's age counts from zero again (a computer's claims wait a visible moment)."""
        self._age = 0.0

    def skip(self) -> None:
        """Skip what the phase is waiting for (an animation, a visible think)."""
        self._age = max(self._age, SKIPPED)

    # -- time ----------------------------------------------------------------------------------
    def elapse(self, dt: float) -> None:
        """Let ``dt`` seconds pass in the phase (first thing in a frame)."""
        self._age += dt

    def run_clock(self, dt: float) -> ClockEvent | None:
        """A person's ``dt`` seconds on turn (after the frame's other work, which may have ended
        the turn): their turn time and clock run; what the clock did, if anything."""
        if self._phase != Phase.PERSON:
            return None
        self._turn_time += dt
        if not self._clock_seconds:
            return None
        self._clock_left -= dt
        if self._clock_left <= 0:
            self._clock_left = 0.0
            return ClockEvent.TIMEOUT
        whole = math.ceil(self._clock_left)
        if whole <= CLOCK_TICKS_FROM and whole != self._last_tick:
            self._last_tick = whole
            return ClockEvent.TICK
        return None
