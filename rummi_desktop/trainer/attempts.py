"""One finished attempt booked into the player's progress: counts, best time, both ratings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from rummi_desktop.trainer.progress_file import PuzzleProgress
from rummi_desktop.trainer.catalog import rating_of
from rummi_desktop.trainer.rating import SOLUTION_SHOWN, AttemptScore, Rating, explain, rate_attempt, score_attempt


@dataclass(frozen=True)
class AttemptResult:
    counted_solved: bool  # solved without the solution being played out
    before: Rating
    after: Rating
    scored: AttemptScore | None = None

    @property
    def change(self) -> int:
        return self.after.shown - self.before.shown

    def explanation(self) -> list[str]:
        """Why the rating moved as it did (the expected score, what hints and time cost)."""
        return [] if self.scored is None else explain(self.scored, self.before)


def counts_as_solved(solved: bool, hints_used: int) -> bool:
    return solved and hints_used < SOLUTION_SHOWN


def book_attempt(progress: PuzzleProgress, game: str, puzzle: Mapping[str, Any], solved: bool,
                 seconds: float, hints_used: int) -> AttemptResult:
    """Update ``progress`` for one attempt at ``puzzle`` and return the player's rating change."""
    mine = progress.game(game)
    record = mine.record(str(puzzle["id"]))
    record.attempts += 1
    success = counts_as_solved(solved, hints_used)
    if success:
        if not record.solved or record.best_seconds is None or seconds < record.best_seconds:
            record.best_seconds = seconds
            record.hints = hints_used
        record.solved = True
    before = mine.rating
    puzzle_rating = record.rating or Rating(rating_of(puzzle))
    scored = score_attempt(before, puzzle_rating, solved, hints_used, seconds)
    mine.rating, record.rating = rate_attempt(before, puzzle_rating, solved, hints_used, seconds)
    return AttemptResult(success, before, mine.rating, scored)
