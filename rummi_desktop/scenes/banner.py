"""The table's banner: one message at a time, shown for a few seconds, fading in and out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

BANNER_SECONDS = 3.2


@dataclass
class Banner:
    message: str
    warning: bool = False
    left: float = BANNER_SECONDS

    FADE_IN: ClassVar[float] = 0.12  # s after it appears, a banner is fully shown
    FADE_OUT: ClassVar[float] = 0.35  # s before it goes, a banner starts to fade

    @property
    def alpha(self) -> float:
        shown_for = BANNER_SECONDS - self.left
        return min(1.0, self.left / self.FADE_OUT, 0.2 + 0.8 * shown_for / self.FADE_IN)


def aged(banner: Banner | None, dt: float) -> Banner | None:
    """The banner ``dt`` seconds on (None once it has gone)."""
    if banner is not None:
        banner.left -= dt
        if banner.left <= 0:
            return None
    return banner
