"""How one attempt at a puzzle ended, as a puzzle table reports it to whoever opened it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PuzzleOutcome:
    """``seconds`` on the stopwatch, ``hints_used`` the highest hint level shown (0–3),
    ``gave_up`` when the player left without solving it."""

    solved: bool
    seconds: float
    hints_used: int
    gave_up: bool = False
