"""When the real loop runs its next frame, and how many seconds that frame advances the game.

While anything moves, frames come at the frame rate (60 in front, fewer in the background).
When the picture is still (the scenes say how long it stays so: ``Scene.next_change_in``), the
loop sleeps until the next change, an input event or ``IDLE_WAKE``, whichever comes first,
looking for events every ``IDLE_POLL`` seconds. So a menu nobody touches costs almost nothing,
and a click is still answered within about 10 ms.

The real time since the previous frame comes back in two parts. ``still``: the planned idle
wait, up to where it ended — nothing moved during it, so the app passes it to the scenes'
clocks and timers *before* the frame's input (the turn clock loses none of it, and a tween that
a click starts does not jump ahead by it). ``dt``: the rest, the frame's own time, capped at
``MAX_DT`` so a stall (window dragged, laptop asleep) doesn't make animations jump.

The clock and the sleep are passed in: tests drive the pacer with a fake clock.
"""

from __future__ import annotations

import time
from typing import Callable

MAX_DT = 0.1  # s: the longest frame animations see after a stall
IDLE_WAKE = 1.0  # s: a still screen still runs a frame this often (scene timers, a safety net)
IDLE_POLL = 0.01  # s: how often a sleeping loop looks for events (~1% of a core under X11)


def frame_gap(period: float, still_for: float) -> float:
    """Seconds from one frame's start to the next: the frame period while something moves,
    longer (up to ``IDLE_WAKE``) while the picture stays still."""
    if still_for <= period:
        return period
    return min(still_for, IDLE_WAKE)


def split_elapsed(elapsed: float, period: float, gap: float) -> tuple[float, float]:
    """``(still, dt)`` of a frame that came ``elapsed`` s after the previous one, ``gap`` s
    having been planned: an idle wait (``gap > period``) is still time up to the gap; the rest
    (all of it while animating) is the frame's own time, capped at ``MAX_DT``."""
    still = min(elapsed, gap) if gap > period else 0.0
    return still, min(elapsed - still, MAX_DT)


class FramePacer:
    """Sleeps until each frame is due and measures its ``dt``.

    ``events_waiting()`` says whether input is queued (``pygame.event.peek``): it ends an idle
    wait at once. ``now`` is a monotonic clock in seconds, ``sleep`` sleeps for seconds.
    """

    def __init__(self, events_waiting: Callable[[], bool], now: Callable[[], float] = time.perf_counter,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self._events_waiting = events_waiting
        self._now = now
        self._sleep = sleep
        self.last_frame = now()

    def next_frame(self, period: float, still_for: float) -> tuple[float, float]:
        """Wait for the next frame (``period``: 1 / frame rate; ``still_for``: how long the
        picture stays the same without input); returns its ``(still, dt)`` seconds."""
        gap = frame_gap(period, still_for)
        due = self.last_frame + gap
        if gap > period:
            self._sleep_until_event(due)
        else:
            self._sleep_until(due)
        now = self._now()
        elapsed, self.last_frame = max(0.0, now - self.last_frame), now
        return split_elapsed(elapsed, period, gap)

    def _sleep_until(self, due: float) -> None:
        left = due - self._now()
        if left > 0:
            self._sleep(left)

    def _sleep_until_event(self, due: float) -> None:
        while not self._events_waiting():
            left = due - self._now()
            if left <= 0:
                return
            self._sleep(min(IDLE_POLL, left))
