"""How one puzzle attempt ended, as a game's puzzle scene hands it back to the trainer."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PuzzleOutcome:
    """``solved``: the player's answer passed the puzzle module's check; ``seconds`` on the
    stopwatch; ``hints_used``: the highest hint level shown (0–3; 3 means the solution was
    played out for them); ``gave_up``: the player left without a correct answer."""

    solved: bool
    seconds: float
    hints_used: int = 0
    gave_up: bool = False
