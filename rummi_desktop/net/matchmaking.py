"""Matchmaking pairs ranked players of one game whose ratings are close; the longer someone
waits, the wider the gap they accept. The queue lives in the store, so players waiting on
different server processes are paired too (each pair is taken from the queue atomically). Two
accounts who played a ranked game lately are not paired again (``apart``: see
:mod:`rummi_desktop.net.ranked`)."""

from __future__ import annotations

from typing import AbstractSet, Sequence

BASE_GAP = 3.0  # ordinal points accepted at once
GAP_PER_SECOND = 0.5  # and this much more per second waited


def accepted_gap(waited: float) -> float:
    return BASE_GAP + GAP_PER_SECOND * max(0.0, waited)


def pairs(waiting: Sequence[tuple[str, float, float]], now: float,
          apart: AbstractSet[frozenset[str]] = frozenset()) -> list[tuple[str, str]]:
    """Greedy pairs from ``(account, rating, since)`` in order of waiting: each takes the closest
    rating still free whose gap both accept, never a pair in ``apart``."""
    free = list(waiting)
    found = []
    while free:
        account, rating, since = free.pop(0)
        fits = [(abs(rating - other[1]), index) for index, other in enumerate(free)
                if abs(rating - other[1]) <= min(accepted_gap(now - since), accepted_gap(now - other[2]))
                and frozenset((account, other[0])) not in apart]
        if fits:
            _, index = min(fits)
            found.append((account, free.pop(index)[0]))
    return found
