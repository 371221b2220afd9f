"""Player and puzzle ratings, updated after every attempt by a rule a player can follow.

An attempt is a match between the player and the puzzle, scored from 0 to 1:

* a solve scores 1, less :data:`HINT_COST` for each hint level used (the meld to break, the
  tiles that move), less :data:`TIME_COST` for every started half minute over
  :data:`PAR_SECONDS` (at most :data:`TIME_COST_MAX`);
* the solution played out (hint level 3), a wrong answer left, or giving up scores 0.

The expected score is Elo's, from the two ratings as the player sees them (400 points apart:
10 to 1). The player's rating moves by ``k × (score − expected)`` in whole shown points, where
``k`` starts at :data:`K_MAX` and settles towards :data:`K_MIN` as attempts add certainty
(``sigma`` shrinks). A solve never lowers the rating: it gains at least :data:`SOLVE_FLOOR`.
The puzzle's rating moves the other way (with no floor). :func:`explain` words all of it.
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_MU = 25.0
DEFAULT_SIGMA = DEFAULT_MU / 3
MIN_SIGMA = DEFAULT_SIGMA / 4
SIGMA_DECAY = 0.92  # each attempt makes a rating this much more certain
SOLUTION_SHOWN = 3  # the hint level that plays the whole solution out
SHOWN_PER_MU = 60  # mu 25 → 1500
HINT_COST = 0.25  # of a solve's score, per hint level used
PAR_SECONDS = 90.0
TIME_COST = 0.05  # per started half minute over par
TIME_COST_MAX = 0.25
K_MIN, K_MAX = 24, 48  # shown points moved by a whole point of surprise
SOLVE_FLOOR = 1  # shown points a solve always gains


@dataclass(frozen=True)
class Rating:
    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA

    @property
    def shown(self) -> int:
        """The number the player sees: mu scaled to a familiar range (25 → 1500)."""
        return round(self.mu * SHOWN_PER_MU)

    @property
    def k(self) -> float:
        """Shown points one whole point of surprise moves this rating."""
        certainty = min(1.0, max(0.0, (self.sigma - MIN_SIGMA) / (DEFAULT_SIGMA - MIN_SIGMA)))
        return K_MIN + (K_MAX - K_MIN) * certainty

    def moved(self, points: int) -> "Rating":
        """This rating ``points`` shown points up (or down), a little more certain."""
        return Rating((self.shown + points) / SHOWN_PER_MU, max(MIN_SIGMA, self.sigma * SIGMA_DECAY))


@dataclass(frozen=True)
class AttemptScore:
    """How one attempt is scored: ``expected`` (0–1, from the ratings), what hints and time
    cost a solve, and the score itself."""

    solved: bool  # solved without the solution being played out
    expected: float
    puzzle_shown: int
    hints: int = 0
    hint_cost: float = 0.0
    time_cost: float = 0.0

    @property
    def score(self) -> float:
        return max(0.0, 1.0 - self.hint_cost - self.time_cost) if self.solved else 0.0


def expected_score(player: Rating, puzzle: Rating) -> float:
    """Elo's expected score of the player against the puzzle (0.5 when rated alike)."""
    return 1.0 / (1.0 + 10.0 ** ((puzzle.shown - player.shown) / 400.0))


def time_cost(seconds: float) -> float:
    over = max(0.0, seconds - PAR_SECONDS)
    halves = int(-(-over // 30))  # started half minutes
    return min(TIME_COST_MAX, TIME_COST * halves)


def score_attempt(player: Rating, puzzle: Rating, solved: bool, hints_used: int, seconds: float = 0.0) -> AttemptScore:
    counted = solved and hints_used < SOLUTION_SHOWN
    expected = expected_score(player, puzzle)
    if not counted:
        return AttemptScore(False, expected, puzzle.shown, hints_used)
    return AttemptScore(True, expected, puzzle.shown, hints_used, HINT_COST * hints_used, time_cost(seconds))


def player_points(player: Rating, scored: AttemptScore) -> int:
    """Shown points the player's rating moves: never fewer than :data:`SOLVE_FLOOR` on a solve."""
    points = round(player.k * (scored.score - scored.expected))
    return max(points, SOLVE_FLOOR) if scored.solved else points


def rate_attempt(player: Rating, puzzle: Rating, solved: bool, hints_used: int,
                 seconds: float = 0.0) -> tuple[Rating, Rating]:
    """The player's and the puzzle's ratings after one attempt."""
    scored = score_attempt(player, puzzle, solved, hints_used, seconds)
    return (player.moved(player_points(player, scored)),
            puzzle.moved(-round(puzzle.k * (scored.score - scored.expected))))


def percent(share: float) -> str:
    return f"{round(share * 100)} %"


def explain(scored: AttemptScore, player: Rating) -> list[str]:
    """The card's words for the change of ``player``'s rating (as it was before the attempt):
    the expected score against the puzzle's rating, and the score with what hints and time cost."""
    lines = [f"Expected score {percent(scored.expected)} against a puzzle rated {scored.puzzle_shown}"]
    if not scored.solved:
        why = "the solution was shown" if scored.hints >= SOLUTION_SHOWN else "unsolved"
        lines.append(f"Score 0 % ({why})")
        return lines
    costs = [f"{'hint' if scored.hints == 1 else f'{scored.hints} hints'} −{percent(scored.hint_cost)}"
             if scored.hints else "", f"time −{percent(scored.time_cost)}" if scored.time_cost else ""]
    costs = [cost for cost in costs if cost]
    detail = f"solved 100 %, {', '.join(costs)}" if costs else "solved, no hints, in time"
    lines.append(f"Score {percent(scored.score)} ({detail})")
    if round(player.k * (scored.score - scored.expected)) < SOLVE_FLOOR:
        lines.append(f"A solve never lowers your rating: +{SOLVE_FLOOR} at least")
    return lines
