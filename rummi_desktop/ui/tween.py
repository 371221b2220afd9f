"""Easing curves and tweens: smooth motion driven by ``update(dt)``, no clock of their own.

A ``Tween`` moves a number or a tuple of numbers (a position, a colour) from ``start`` to ``end``
over ``duration`` seconds along an easing curve, after an optional ``delay``. A ``Tweener`` runs
many of them and applies the animation-speed setting as one multiplier (``math.inf`` finishes
every tween at once — the "instant" setting). Tests drive them with a fixed ``dt``.
"""

from __future__ import annotations

import math
from typing import Callable, Sequence, Union

Value = Union[float, tuple[float, ...]]
Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_in_quad(t: float) -> float:
    return t * t


def ease_out_quad(t: float) -> float:
    return 1 - (1 - t) * (1 - t)


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: a tile that lands with a bit of life."""
    c1 = 1.70158
    return 1 + (c1 + 1) * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_elastic(t: float) -> float:
    if t in (0.0, 1.0):
        return t
    return 2 ** (-10 * t) * math.sin((t * 10 - 0.75) * (2 * math.pi) / 3) + 1


def ease_in_out_sine(t: float) -> float:
    """Gentle both ways: for idle bobbing and breathing glows."""
    return -(math.cos(math.pi * t) - 1) / 2


EASINGS: dict[str, Easing] = {
    f.__name__: f
    for f in (linear, ease_in_quad, ease_out_quad, ease_out_cubic, ease_in_out_cubic,
              ease_out_back, ease_out_elastic, ease_in_out_sine)
}


def lerp(start: Value, end: Value, t: float) -> Value:
    """Interpolate numbers or equal-length tuples of numbers."""
    if isinstance(start, (int, float)) and isinstance(end, (int, float)):
        return start + (end - start) * t
    if not (isinstance(start, Sequence) and isinstance(end, Sequence) and len(start) == len(end)):
        raise ValueError(f"cannot interpolate from {start!r} to {end!r}: numbers or "
                         "equal-length tuples of numbers only")
    return tuple(a + (b - a) * t for a, b in zip(start, end))


class Tween:
    """One animated value. Read ``value``; ``done`` once it reached ``end``."""

    def __init__(
        self,
        start: Value,
        end: Value,
        duration: float,
        easing: Easing = ease_out_cubic,
        delay: float = 0.0,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        if duration < 0 or delay < 0:
            raise ValueError("duration and delay must not be negative")
        lerp(start, end, 0.0)  # refuses mismatched values here, where the mistake is made
        self.start, self.end = start, end
        self.duration, self.delay = duration, delay
        self.easing = easing
        self.on_done = on_done
        self.elapsed = 0.0
        self.done = False
        self.value: Value = start

    @property
    def progress(self) -> float:
        """0 before the start (including the delay), 1 at the end."""
        if self.duration == 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        if self.elapsed >= self.delay + self.duration:
            self.finish()
        else:
            self.value = lerp(self.start, self.end, self.easing(self.progress))

    def finish(self) -> None:
        """Jump to the end now (e.g. Space skips an animation) and call ``on_done`` once."""
        if self.done:
            return
        self.done = True
        self.elapsed = self.delay + self.duration
        self.value = self.end
        if self.on_done is not None:
            self.on_done()


class Tweener:
    """Runs tweens; ``speed`` scales time (1 normal, 2 twice as fast, ``math.inf`` instant)."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self._tweens: list[Tween] = []

    def add(self, tween: Tween) -> Tween:
        self._tweens.append(tween)
        if math.isinf(self.speed):
            tween.finish()
        return tween

    def tween(self, start: Value, end: Value, duration: float, easing: Easing = ease_out_cubic,
              delay: float = 0.0, on_done: Callable[[], None] | None = None) -> Tween:
        return self.add(Tween(start, end, duration, easing, delay, on_done))

    @property
    def busy(self) -> bool:
        return any(not tween.done for tween in self._tweens)

    def __len__(self) -> int:
        return len(self._tweens)

    def update(self, dt: float) -> None:
        scaled = math.inf if math.isinf(self.speed) else dt * self.speed
        for tween in list(self._tweens):  # on_done may add new tweens
            if math.isinf(scaled):
                tween.finish()
            else:
                tween.update(scaled)
        self._tweens = [tween for tween in self._tweens if not tween.done]

    def finish_all(self) -> None:
        while self._tweens:
            pending, self._tweens = self._tweens, []
            for tween in pending:
                tween.finish()
