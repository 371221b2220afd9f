"""Player and puzzle ratings, updated after every attempt with OpenSkill's Plackett–Luce model.

An attempt is a two-team match: the player against the puzzle. Who "won" is decided by how
the attempt ended:

* solved with no hint: the player beats the puzzle;
* solved after hint level 1 or 2 (the meld to break, the tiles that move): a draw — the player
  found the play, but not alone, so both ratings move only toward each other;
* the solution played out (hint level 3), a wrong answer left, or giving up: the puzzle wins.

``openskill`` is imported only when a rating is first updated, so the menu's first frame does
not pay for it.
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_MU = 25.0
DEFAULT_SIGMA = DEFAULT_MU / 3
SOLUTION_SHOWN = 3  # the hint level that plays the whole solution out


@dataclass(frozen=True)
class Rating:
    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA

    @property
    def shown(self) -> int:
        """The number the player sees: mu scaled to a familiar range (25 → 1500)."""
        return round(self.mu * 60)


def attempt_ranks(solved: bool, hints_used: int) -> tuple[int, int]:
    """OpenSkill ranks (lower is better) for (player, puzzle) after one attempt."""
    if not solved or hints_used >= SOLUTION_SHOWN:
        return (1, 0)
    if hints_used > 0:
        return (0, 0)
    return (0, 1)


def rate_attempt(player: Rating, puzzle: Rating, solved: bool, hints_used: int) -> tuple[Rating, Rating]:
    """The player's and the puzzle's ratings after one attempt."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    teams = [[model.rating(mu=player.mu, sigma=player.sigma)], [model.rating(mu=puzzle.mu, sigma=puzzle.sigma)]]
    (new_player,), (new_puzzle,) = model.rate(teams, ranks=list(attempt_ranks(solved, hints_used)))
    return Rating(new_player.mu, new_player.sigma), Rating(new_puzzle.mu, new_puzzle.sigma)
