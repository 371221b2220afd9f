"""How long the Rummi table's picture stays the same without input (``Scene.next_change_in``).

While a computer seat thinks or its play is shown, tiles glide or a meld glows, the table
animates: a frame at the full rate. At a person's turn with nothing moving, only two things
change by themselves: the banner (it fades in and out, still in between) and the turn clock —
its number once a second, and its ring, whose end moves one pixel every
``total / (2π · radius)`` seconds (a 60 s clock: about 0.37 s). Drawing more often than that
would show the very same pixels, so the ring is exactly as smooth at three frames a second.
"""

from __future__ import annotations

import math
from typing import Any

from rummi_desktop.scenes.rummi.layout import screen_regions

_CLOCK = screen_regions().clock
RING_RADIUS = min(_CLOCK.w, _CLOCK.h) / 2  # px: the outer edge of the clock ring (table_view.draw_clock)
BANNER_FADE_IN = 0.12  # s after it appears, a banner is fully shown (Banner.alpha)
BANNER_FADE_OUT = 0.35  # s before it goes, a banner starts to fade (Banner.alpha)


def table_next_change_in(scene: Any, banner_seconds: float) -> float:
    """For ``RummiTableScene`` (not imported: it imports this module); ``banner_seconds`` is
    how long its banners show."""
    if scene.stack is not None and scene.stack.top is not scene:
        return math.inf  # under an overlay the table is not updated: nothing on it moves
    if scene.phase != "human" or _moving(scene):
        return 0.0
    waits = [math.inf]
    if scene.banner is not None:
        waits.append(banner_still_for(scene.banner.left, banner_seconds))
    if scene.session.clock_seconds:
        waits.append(clock_still_for(scene.clock_left, float(scene.session.clock_seconds)))
    return min(waits)


def _moving(scene: Any) -> bool:
    return bool(scene.incoming) or not scene.sprites.settled or any(left > 0 for left in scene.meld_glow.values())


def banner_still_for(left: float, seconds: float) -> float:
    """0 while a banner shown for ``seconds`` (``left`` to go) fades; while it is fully shown,
    the time until it starts to fade."""
    if seconds - left < BANNER_FADE_IN:
        return 0.0
    return max(0.0, left - BANNER_FADE_OUT)


def clock_still_for(left: float, total: float) -> float:
    """Until the clock's number changes or its ring's end moves one pixel, whichever is first."""
    if left <= 0:
        return math.inf
    to_next_number = left - (math.ceil(left) - 1)
    one_pixel = total / (2 * math.pi * RING_RADIUS)
    return min(to_next_number, one_pixel)
