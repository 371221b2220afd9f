"""A computer seat's turn on the table: wait for its thinking, then show the play.

A mixin of :class:`RummiTableScene`. While the seat thinks (in the worker process) the frame
loop keeps running; once the answer is in and the seat has visibly "thought" for a moment,
the play is applied through the model and animated: rearranged tiles glide to their new
places, new tiles fly in one by one from the seat's chip. Space skips the animation.
"""

from __future__ import annotations

import math

from rummi_desktop.ai_worker import ThinkingFailed
from rummi_desktop.ui.sprites import SHOWN_RATE

MIN_THINK_SHOWN = 0.7  # s: a computer seat visibly "thinks" at least this long (at speed 1)
HOLD_AFTER_PLAY = 0.45  # s: a pause after a shown play settles, before the next turn


class ComputerTurns:
    """Thinking and showing phases (mixed into the table scene, whose attributes it uses)."""

    def _update_thinking(self) -> None:
        job = self.job
        if job is None:
            # Asked for one frame after the turn began, so the request does not share a
            # frame with repainting the seat panel.
            seat = self.session.current
            self.job = self.computers.start(self.state, self.session.seat(seat).kind)
            return
        try:
            melds = job.poll()
        except ThinkingFailed:
            melds = None  # a failing tier draws instead of freezing the table
        if not job.done:
            return
        if self.phase_time * self._speed() < MIN_THINK_SHOWN:
            return
        self.job = None
        self.show_computer_play(melds, job.elapsed)

    def _speed(self) -> float:
        speed = self.app.animation_speed
        return 1e9 if math.isinf(speed) else speed

    def show_computer_play(self, melds, seconds: float) -> None:
        seat = self.session.current
        before = {t for meld in self.state.table for t in meld}
        record = self.session.play_computer(melds, seconds)
        self.last_record = record
        name = self.session.seat(seat).name
        if record.result.outcome in ("played", "went_out"):
            placed = len(record.placed_ids)
            self.say(f"{name} plays {placed} tile{'s' if placed != 1 else ''}")
        elif record.result.outcome == "passed":
            self.say(f"{name} passes")
        else:
            self.say(f"{name} draws a tile")
            self.play("rack")
        table_now = self.view_state.table
        self.incoming = {t for meld in table_now for t in meld if t not in before}
        self.phase = "showing"
        self.phase_time = 0.0
        self._relayout_shown(seat)

    def _relayout_shown(self, seat: int) -> None:
        """Lay out the table after a computer play: moved tiles glide, new ones fly in."""
        self.relayout(spawn=self._seat_spawn(seat), rate=SHOWN_RATE, stagger=0.22)

    def _update_showing(self) -> None:
        # The hold counts from the moment everything has landed: the frame that repaints
        # the settled table and the frame that moves on to the next turn are not the same.
        if not self.sprites.settled:
            self.settled_time = 0.0
            return
        self.settled_time += self.last_dt
        if self.settled_time * self._speed() < HOLD_AFTER_PLAY:
            return
        record = self.last_record
        if record is None:
            return
        self.phase = "waiting"
        self.after_turn(record, shown=True)

