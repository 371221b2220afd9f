"""The end of a Rummble game (rules/rummble.md, "Turn flow and end of game").

Racks are lists of :class:`Tile`; a tile left in a hand counts its number, a joker 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rummi_desktop.games.resignation import winners_without
from rummi_desktop.tiles import Tile

WENT_OUT = "went_out"  # a seat played its last tile with the pool empty
STALLED = "stalled"  # two full rounds of passes and exchanges
RESIGNED = "resigned"  # a seat gave the game up


@dataclass(frozen=True, slots=True)
class GameResult:
    """How the game ended: the final scores, the winners (every seat on the top score) and
    each hand's total; ``resigned``: the seat that gave the game up (None otherwise)."""

    kind: str
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    hand_totals: tuple[int, ...]
    resigned: int | None = None


def hand_total(rack: Sequence[Tile]) -> int:
    return sum(0 if tile.is_joker else tile.number for tile in rack)


def _result(kind: str, scores: list[int], totals: tuple[int, ...]) -> GameResult:
    best = max(scores)
    return GameResult(kind, tuple(scores), tuple(s for s, score in enumerate(scores) if score == best), totals)


def went_out(scores: Sequence[int], racks: Sequence[Sequence[Tile]], seat: int) -> GameResult:
    """Every other seat subtracts its hand; the seat that went out adds all those hands."""
    totals = tuple(hand_total(rack) for rack in racks)
    final = [score - totals[s] for s, score in enumerate(scores)]
    final[seat] = scores[seat] + sum(totals) - totals[seat]
    return _result(WENT_OUT, final, totals)


def stalled(scores: Sequence[int], racks: Sequence[Sequence[Tile]]) -> GameResult:
    """Every seat subtracts its own hand."""
    totals = tuple(hand_total(rack) for rack in racks)
    return _result(STALLED, [score - totals[s] for s, score in enumerate(scores)], totals)


def resigned(scores: Sequence[int], racks: Sequence[Sequence[Tile]], seat: int) -> GameResult:
    """``seat`` gave up: the scores stand as they are (no hand is subtracted) and the top
    score among the other seats wins."""
    totals = tuple(hand_total(rack) for rack in racks)
    return GameResult(RESIGNED, tuple(scores), winners_without(scores, seat), totals, seat)
