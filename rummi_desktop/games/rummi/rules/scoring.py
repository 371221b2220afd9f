"""Round scoring (rules/rummi.md, "End of round and scoring"): going out and blocked rounds.

Racks are lists of :class:`Tile`; a joker left on a rack costs 30 (``Tile.penalty``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rummi_desktop.tiles import Tile

WENT_OUT = "went_out"
BLOCKED = "blocked"


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round ended: who won and what every seat scores (in seat order)."""

    kind: str
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    rack_totals: tuple[int, ...]


def rack_total(rack: Sequence[Tile]) -> int:
    return sum(tile.penalty for tile in rack)


def going_out_scores(racks: Sequence[Sequence[Tile]], winner: int) -> RoundResult:
    """The winner gains every other rack's total; each other seat loses its own."""
    totals = tuple(rack_total(rack) for rack in racks)
    scores = tuple(
        sum(totals) - totals[seat] if seat == winner else -totals[seat]
        for seat in range(len(racks))
    )
    return RoundResult(WENT_OUT, (winner,), scores, totals)


def blocked_scores(racks: Sequence[Sequence[Tile]]) -> RoundResult:
    """Lowest rack total wins; the others pay the difference; the round sums to zero.

    Tied winners share the pot; when it does not divide evenly, the odd points go one each to
    the tied winners in seat order (a decision of ours: the rules only say "share").
    """
    totals = tuple(rack_total(rack) for rack in racks)
    best = min(totals)
    winners = tuple(seat for seat, total in enumerate(totals) if total == best)
    pot = sum(total - best for total in totals)
    share, odd = divmod(pot, len(winners))
    scores = []
    for seat, total in enumerate(totals):
        if seat in winners:
            scores.append(share + (1 if winners.index(seat) < odd else 0))
        else:
            scores.append(best - total)
    return RoundResult(BLOCKED, winners, tuple(scores), totals)
