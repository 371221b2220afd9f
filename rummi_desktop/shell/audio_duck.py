"""The music's dip under a loud cue: a gain that falls, holds while the cue rings, and comes back.

    duck = Duck()
    duck.start(now, hold=2.4)     # the fanfare starts; it lasts 2.4 s
    duck.gain(now + 1.0)          # → DUCK_LEVEL
    duck.gain(now + 4.0)          # → 1.0 again
    duck.changing(now)            # True until the music is back at full level

Pure arithmetic on times the caller passes in, so tests drive it with a fake clock.
"""

from __future__ import annotations

DUCK_LEVEL = 0.3  # music gain under the cue: still there, out of the fanfare's way
FALL_SECONDS = 0.15  # quick, so the cue's first note is clear
RISE_SECONDS = 1.2  # slow, so the music swells back rather than jumps


class Duck:
    def __init__(self) -> None:
        self._start = 0.0
        self._hold = 0.0
        self._from = 1.0  # gain when this dip began (a second cue may start mid-dip)
        self._active = False

    def start(self, now: float, hold: float) -> None:
        """Dip from wherever the gain is now, stay down for ``hold`` seconds, then rise."""
        self._from = self.gain(now)
        self._start, self._hold, self._active = now, max(0.0, hold), True

    def gain(self, now: float) -> float:
        if not self._active:
            return 1.0
        age = now - self._start
        if age < FALL_SECONDS:
            return self._from + (DUCK_LEVEL - self._from) * max(0.0, age) / FALL_SECONDS
        age -= FALL_SECONDS + self._hold
        if age < 0:
            return DUCK_LEVEL
        if age < RISE_SECONDS:
            return DUCK_LEVEL + (1.0 - DUCK_LEVEL) * age / RISE_SECONDS
        self._active = False
        return 1.0

    def changing(self, now: float) -> bool:
        """True while the gain is below full or still moving (the loop should keep updating)."""
        return self._active and now - self._start < FALL_SECONDS + self._hold + RISE_SECONDS
