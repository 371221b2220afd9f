"""One attempt at a puzzle as its table keeps it: the stopwatch, the hint levels shown, what
Check said; and the words the table shows for them. No pygame here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from rummi_desktop.scenes.puzzle_outcome import PuzzleOutcome

BANNER_CHARS = 44  # a longer verdict would spill out of the board's width as a banner


@dataclass
class PuzzleRun:
    """One attempt at a puzzle: the stopwatch, the hint levels shown, what Check said."""

    puzzle: dict[str, Any]
    hints: list[dict[str, Any]]
    level: int = 0  # the highest hint level shown
    seconds: float = 0.0
    checks: int = 0
    message: str = ""  # what the last Check said
    solved: bool = False
    hint_text: str = ""
    finished: bool = False

    @property
    def target(self) -> int:
        return int(self.puzzle.get("target", 0))

    @property
    def hints_left(self) -> bool:
        return self.level < len(self.hints)

    def next_hint(self) -> dict[str, Any] | None:
        """The next hint level (None when all are shown)."""
        if not self.hints_left:
            return None
        hint = self.hints[self.level]
        self.level += 1
        self.hint_text = str(hint.get("text", "")) if self.level < 3 else "The solution is played for you"
        return hint

    def outcome(self, solved: bool, gave_up: bool = False) -> PuzzleOutcome:
        return PuzzleOutcome(solved=solved, seconds=round(self.seconds, 1), hints_used=self.level, gave_up=gave_up)


def stopwatch_text(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def short_verdict(message: str, value: Any) -> str:
    """The banner's words for a wrong answer: the message when short, else its points (the
    card keeps the whole message)."""
    if message and len(message) <= BANNER_CHARS:
        return message
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return f"Not yet: {value} points"
    return message or "Not the answer yet"


def goal_text(puzzle: Mapping[str, Any], noun: str = "play") -> str:
    """The puzzle's goal in words, for every game's goals: "Score at least 20 points in one
    play", "Lay 4 of your tiles"."""
    goal, target = puzzle.get("goal", "best-score"), int(puzzle.get("target", 0))
    if goal == "best-score":
        return f"Score at least {target} points in one {noun}"
    if goal == "place-all":
        return "Lay every tile on your rack"
    if goal == "place-n":
        return f"Lay {target} of your tiles"
    if goal == "free-joker":
        return f"Free the joker and lay {target} tiles"
    return f"{goal}: {target}"
