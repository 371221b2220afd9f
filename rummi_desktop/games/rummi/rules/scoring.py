"""Round scoring (rules/rummi.md, "End of round and scoring"): going out, blocked rounds, and a
round a seat resigned.

Racks are lists of :class:`Tile`; a joker left on a rack costs 30 (``Tile.penalty``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rummi_desktop.tiles import Tile

WENT_OUT = "went_out"
BLOCKED = "blocked"
RESIGNED = "resigned"


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round ended: who won and what every seat scores (in seat order); ``resigned``:
    the seat that gave up (None unless the kind is resigned)."""

    kind: str
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    rack_totals: tuple[int, ...]
    resigned: int | None = None


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
    return RoundResult(BLOCKED, winners, _shared([total - best for total in totals], winners), totals)


def resigned_scores(racks: Sequence[Sequence[Tile]], resigner: int) -> RoundResult:
    """``resigner`` gave up: scored as a blocked round among the others (their lowest rack
    wins, the rest of them pay the difference), and the resigner pays its whole rack."""
    totals = tuple(rack_total(rack) for rack in racks)
    best = min(total for seat, total in enumerate(totals) if seat != resigner)
    winners = tuple(seat for seat, total in enumerate(totals) if total == best and seat != resigner)
    owed = [total if seat == resigner else total - best for seat, total in enumerate(totals)]
    return RoundResult(RESIGNED, winners, _shared(owed, winners), totals, resigner)


def _shared(owed: Sequence[int], winners: tuple[int, ...]) -> tuple[int, ...]:
    """Each loser pays what it owes; the winners share the pot (odd points in seat order)."""
    share, odd = divmod(sum(owed[seat] for seat in range(len(owed)) if seat not in winners), len(winners))
    return tuple(share + (1 if winners.index(seat) < odd else 0) if seat in winners else -owed[seat]
                 for seat in range(len(owed)))
