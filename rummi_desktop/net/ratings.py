"""Ratings per game with openskill's Plackett-Luce model: winners share first place, everyone
else shares second. Only seats held by accounts are rated; computer seats are not players.
The leaderboard orders by the conservative ``mu - 3 sigma`` (openskill's ordinal)."""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

DEFAULT_MU = 25.0
DEFAULT_SIGMA = 25.0 / 3.0


@lru_cache(maxsize=1)
def _model():
    from openskill.models import PlackettLuce  # the server extra, imported on first use

    return PlackettLuce()


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3.0 * sigma


def rated(players: Sequence[tuple[str, tuple[float, float, int] | None, bool]]) -> dict[str, tuple[float, float, int]]:
    """New (mu, sigma, games) per account from ``(account, old rating or None, won)``."""
    model = _model()
    teams = [[model.rating(mu=old[0], sigma=old[1]) if old else model.rating(mu=DEFAULT_MU, sigma=DEFAULT_SIGMA)]
             for _, old, _ in players]
    ranks = [1 if won else 2 for _, _, won in players]
    if all(rank == ranks[0] for rank in ranks):
        ranks = [1] * len(players)  # no winner (or all won): a draw
    new = model.rate(teams, ranks=ranks)
    return {account: (team[0].mu, team[0].sigma, (old[2] if old else 0) + 1)
            for (account, old, _), team in zip(players, new)}
