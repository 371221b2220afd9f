"""The solo score attack's verdict for its results card: this game's score against the player's
best earlier score with the same settings (the same mode), read from the finished-game records.

The best comes from the records (``records.stat_totals.best_solo_score``), so the card, the
statistics and the leaderboard never disagree; the game just recorded is left out by its id.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rummi_desktop.records.finished_games import seat_profile
from rummi_desktop.records.stat_totals import best_solo_score
from rummi_desktop.storage.record_index import read_summaries

GAME = "tumblewords"


@dataclass(frozen=True)
class SoloVerdict:
    """``score`` this game; ``best_before``: the best earlier one with these settings (None: the
    first such game)."""

    score: int
    best_before: int | None

    @property
    def new_best(self) -> bool:
        return self.best_before is None or self.score > self.best_before

    def title(self) -> str:
        if self.best_before is None:
            return "Your first score to beat"
        return "New best!" if self.new_best else "Score attack over"

    def line(self) -> str:
        """The words under the score: the best it beat, or the best still standing."""
        if self.best_before is None:
            return "Play these settings again to beat it"
        if self.new_best:
            return f"Your best was {self.best_before}: {self.score - self.best_before} more this time"
        if self.score == self.best_before:
            return f"Level with your best, {self.best_before}"
        return f"Your best is {self.best_before}: {self.best_before - self.score} to go"


def solo_verdict(session: Any) -> SoloVerdict:
    """The verdict for the finished solo ``session`` (a records file that cannot be read counts
    as no earlier game: the card still shows the score)."""
    score = int(session.state.points[0])
    try:
        records, _notices = read_summaries()  # the index: seats and scores, not every whole game
    except OSError:
        records = []
    best = best_solo_score(records, seat_profile(session.setup.seats[0]), GAME, session.mode_name(),
                           excluding=(session.finished_record or {}).get("id", ""))
    return SoloVerdict(score, best)
