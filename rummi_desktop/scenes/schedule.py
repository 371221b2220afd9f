"""Waits on a table's clock, in the spirit of pgzero's ``clock.schedule``: "call this once that
much animation time has passed", kept in one place instead of a counter per wait.

The table owns one :class:`Schedule` and advances it once a frame, after the frame's own work,
by the frame's animation time (seconds times the animation speed: an instant speed ends every
wait in the frame it was asked for). So a wait asked for during a frame counts that frame, as
the counters it replaces did. Game-neutral, no pygame.
"""

from __future__ import annotations

from typing import Callable

Callback = Callable[[], None]


class Schedule:
    """Callbacks due after a wait. A callback is one wait: asking again for the same one
    (``after``) starts it over, ``keep`` leaves a running one alone."""

    def __init__(self) -> None:
        self._waits: dict[Callback, tuple[float, float]] = {}  # callback -> (waited, wait)

    def after(self, seconds: float, callback: Callback) -> None:
        """Call ``callback`` once ``seconds`` of animation time have passed (from now)."""
        self._waits[callback] = (0.0, seconds)

    def keep(self, seconds: float, callback: Callback) -> None:
        """As :meth:`after`, unless ``callback`` is already waiting: then its wait goes on."""
        if callback not in self._waits:
            self.after(seconds, callback)

    def cancel(self, callback: Callback) -> None:
        self._waits.pop(callback, None)

    def waiting(self, callback: Callback) -> bool:
        return callback in self._waits

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` of animation time pass; call what is due, in the order asked for. A
        wait a callback asks for starts counting at the next advance."""
        for callback, (waited, wait) in list(self._waits.items()):
            if self._waits.get(callback) != (waited, wait):
                continue  # cancelled or asked for again by a callback called before it
            waited += seconds
            if waited >= wait:
                del self._waits[callback]
                callback()
            else:
                self._waits[callback] = (waited, wait)
