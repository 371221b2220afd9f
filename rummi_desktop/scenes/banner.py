"""The table's banner: one message at a time, shown for a few seconds, fading in and out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

BANNER_SECONDS = 3.2
LINE_SECONDS = 1.6  # s more for each further line of a message written on several lines


@dataclass
class Banner:
    message: str
    warning: bool = False
    left: float = BANNER_SECONDS
    seconds: float = BANNER_SECONDS  # how long it shows in all

    FADE_IN: ClassVar[float] = 0.12  # s after it appears, a banner is fully shown
    FADE_OUT: ClassVar[float] = 0.35  # s before it goes, a banner starts to fade

    @classmethod
    def to_read(cls, message: str, warning: bool = False) -> "Banner":
        """A banner shown long enough to read: a few seconds, more for each further line."""
        seconds = BANNER_SECONDS + LINE_SECONDS * message.count("\n")
        return cls(message, warning, left=seconds, seconds=seconds)

    @property
    def alpha(self) -> float:
        shown_for = self.seconds - self.left
        return min(1.0, self.left / self.FADE_OUT, 0.2 + 0.8 * shown_for / self.FADE_IN)


def aged(banner: Banner | None, dt: float) -> Banner | None:
    """The banner ``dt`` seconds on (None once it has gone)."""
    if banner is not None:
        banner.left -= dt
        if banner.left <= 0:
            return None
    return banner
