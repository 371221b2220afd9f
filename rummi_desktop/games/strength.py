"""Strengths on the Elo scale from game results: the computer tiers' ladder and a person's
rating against them.

Game-neutral and pure: results in, numbers out. Two players' ratings ``a`` and ``b`` say that
``a`` scores ``1 / (1 + 10 ** ((b - a) / 400))`` of their games against ``b`` (a shared win or a
draw scores half). The ladder's ratings are the Bradley–Terry maximum-likelihood fit of all
pairings at once (Hunter's MM iteration), anchored so that one named tier (Easy) is exactly
1000. Each pairing also gets half a win on each side, a prior that keeps a clean sweep finite
(a sweep of 400 games rates the winner about 1,040 points higher, not infinitely).

Intervals are a parametric bootstrap: each pairing's games are replayed from its measured win
rate (with the prior) using a seeded ``random.Random``, the ratings refitted, and the 2.5th and 97.5th percentiles
kept. A person's rating is the one rating that makes their expected score against the tiers they
met equal to their actual score (with one drawn game of prior at 1000, so a first win is not
infinite).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Iterable, Sequence

ELO_BASE = 1000.0  # the anchor's rating
ELO_SCALE = 400 / math.log(10)  # Elo points per unit of the logistic's natural scale
PRIOR = 0.5  # games won by each side of a pairing before any is played
BOOTSTRAP_ROUNDS = 400
FIT_ROUNDS = 2000
FIT_TOLERANCE = 1e-9


@dataclass(frozen=True)
class Pairing:
    """The games between two players: ``score_a`` and ``score_b`` are games won, a shared win
    or a draw counting half for each."""

    a: str
    b: str
    score_a: float
    score_b: float

    @property
    def games(self) -> float:
        return self.score_a + self.score_b


def expected_score(rating: float, other: float) -> float:
    """The share of the games a player rated ``rating`` scores against one rated ``other``."""
    return 1 / (1 + 10 ** ((other - rating) / 400))


def fit_ratings(pairings: Sequence[Pairing], anchor: str) -> dict[str, float]:
    """Every player's rating, the ``anchor`` at :data:`ELO_BASE` (Bradley–Terry, MM iteration)."""
    players = sorted({p.a for p in pairings} | {p.b for p in pairings})
    if anchor not in players:
        raise ValueError(f"the anchor {anchor!r} played no games")
    wins = {name: 0.0 for name in players}
    for p in pairings:
        wins[p.a] += p.score_a + PRIOR
        wins[p.b] += p.score_b + PRIOR
    strength = {name: 1.0 for name in players}
    for _ in range(FIT_ROUNDS):
        updated = {name: wins[name] / _opponent_weight(name, pairings, strength) for name in players}
        scale = updated[anchor]
        updated = {name: value / scale for name, value in updated.items()}
        moved = max(abs(math.log(updated[n] / strength[n])) for n in players)
        strength = updated
        if moved < FIT_TOLERANCE:
            break
    return {name: ELO_BASE + ELO_SCALE * math.log(strength[name]) for name in players}


def _opponent_weight(name: str, pairings: Sequence[Pairing], strength: dict[str, float]) -> float:
    total = 0.0
    for p in pairings:
        if name in (p.a, p.b):
            total += (p.games + 2 * PRIOR) / (strength[p.a] + strength[p.b])
    return total


def rating_intervals(pairings: Sequence[Pairing], anchor: str, seed: int = 0,
                     rounds: int = BOOTSTRAP_ROUNDS) -> dict[str, tuple[float, float]]:  # fmt: skip
    """Each player's 95% interval (low, high), by the parametric bootstrap of the module doc."""
    rng = random.Random(seed)
    samples: dict[str, list[float]] = {}
    for _ in range(rounds):
        replayed = [_replayed(p, rng) for p in pairings]
        for name, rating in fit_ratings(replayed, anchor).items():
            samples.setdefault(name, []).append(rating)
    return {name: (_percentile(values, 0.025), _percentile(values, 0.975)) for name, values in samples.items()}


def _replayed(pairing: Pairing, rng: random.Random) -> Pairing:
    games = round(pairing.games)
    share = (pairing.score_a + PRIOR) / (pairing.games + 2 * PRIOR)  # with the prior: a sweep still varies
    won = sum(rng.random() < share for _ in range(games))
    return Pairing(pairing.a, pairing.b, won, games - won)


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def wilson_interval(wins: float, games: float, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (as shares, 0–1)."""
    if games <= 0:
        return (0.0, 1.0)
    rate = wins / games
    centre = rate + z * z / (2 * games)
    spread = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return ((centre - spread) / scale, (centre + spread) / scale)


def performance_rating(results: Iterable[tuple[float, float]]) -> float | None:
    """A person's rating from (opponent rating, score) pairs, each score 1 for a win, 0 for a
    loss and ½ for a shared win: the rating whose expected score equals the actual one, with
    one drawn game of prior against a player rated :data:`ELO_BASE`. None without any game."""
    games = [(ELO_BASE, 0.5)] + list(results)  # the prior: a sweep is not an infinite rating
    if len(games) == 1:
        return None
    actual = sum(score for _, score in games)
    low, high = -2000.0, 5000.0
    for _ in range(60):  # bisection: the expected score only grows with the rating
        middle = (low + high) / 2
        expected = sum(expected_score(middle, other) for other, _ in games)
        low, high = (middle, high) if expected < actual else (low, middle)
    return (low + high) / 2
