"""How long a table's picture stays the same without input (``Scene.next_change_in``).

While a computer seat thinks or its play is shown, or the game's own pieces move, the table
animates: a frame at the full rate. At a person's turn with nothing moving, only two things
change by themselves: the banner (it fades in and out, still in between) and the turn clock —
its number once a second, and its ring, whose end moves one pixel every
``total / (2π · radius)`` seconds (a 60 s clock: about 0.37 s). Drawing more often than that
would show the very same pixels, so the ring is exactly as smooth at three frames a second.
"""

from __future__ import annotations

import math


def banner_still_for(left: float, seconds: float, fade_in: float, fade_out: float) -> float:
    """0 while a banner shown for ``seconds`` (``left`` to go) fades; while it is fully shown,
    the time until it starts to fade."""
    if seconds - left < fade_in:
        return 0.0
    return max(0.0, left - fade_out)


def clock_still_for(left: float, total: float, ring_radius: float) -> float:
    """Until the clock's number changes or its ring's end moves one pixel, whichever is first."""
    if left <= 0:
        return math.inf
    to_next_number = left - (math.ceil(left) - 1)
    one_pixel = total / (2 * math.pi * ring_radius)
    return min(to_next_number, one_pixel)
