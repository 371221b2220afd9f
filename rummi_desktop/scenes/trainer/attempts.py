"""Running one attempt from the trainer: open the game's puzzle table, book the outcome into
the progress file (counts, best time, both ratings), then show the result card."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping

from rummi_desktop.scenes.puzzle_outcome import PuzzleOutcome
from rummi_desktop.scenes.trainer.result import AttemptResultScene, Choice
from rummi_desktop.scenes.trainer.sources import GamePuzzles
from rummi_desktop.trainer.progress_file import ProgressBook, PuzzleProgress, write_book
from rummi_desktop.trainer.attempts import AttemptResult, book_attempt

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App
    from rummi_desktop.shell.scene import Scene

# After the attempt: the trainer's follow-up choices for the result card (given the result).
FollowUp = Callable[[PuzzleOutcome, AttemptResult], tuple[list[str], list[Choice]]]


def clock_text(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def headline(outcome: PuzzleOutcome) -> str:
    if outcome.solved and outcome.hints_used >= 3:
        return "Solution shown"
    if outcome.solved:
        return f"Solved in {clock_text(outcome.seconds)}"
    return "Puzzle left unsolved"


class AttemptRunner:
    """Opens puzzles and books their outcomes into the active profile's progress in ``book``
    (the whole file written after each)."""

    def __init__(self, app: "App", book: ProgressBook, profile_id: str, notices: list[str]) -> None:
        self.app = app
        self.progress_book = book
        self.profile_id = profile_id
        self.notices = notices
        self.last: tuple[str, AttemptResult] | None = None

    @property
    def progress(self) -> PuzzleProgress:
        return self.progress_book.of(self.profile_id)

    def open(self, stack: Any, game: GamePuzzles, puzzle: Mapping[str, Any], follow_up: FollowUp) -> None:
        holder: dict[str, "Scene"] = {}

        def on_finish(outcome: PuzzleOutcome) -> None:
            result = self.book(game.key, puzzle, outcome)
            lines, choices = follow_up(outcome, result)
            change = f"{result.change:+d}"
            lines = [f"Your {game.title} rating {result.before.shown} → {result.after.shown} ({change})",
                     *result.explanation(), *lines]
            table = None if outcome.gave_up else holder.get("table")
            look = None
            if outcome.gave_up:
                look = ("See the solution", lambda: self.show_solution(stack, game, puzzle, card))
            card = AttemptResultScene(self.app, headline(outcome), lines, choices, table, look)
            stack.push(card)

        scene = self._table(game, puzzle, on_finish)
        if scene is not None:
            holder["table"] = scene
            stack.push(scene)

    def _table(self, game: GamePuzzles, puzzle: Mapping[str, Any], on_finish: Callable[[PuzzleOutcome], None]):
        try:
            return game.entry.puzzle_scene(self.app, dict(puzzle), on_finish)
        except (ValueError, KeyError, TypeError, LookupError) as error:  # a bad puzzle costs only itself
            self.notices.append(f"Puzzle {puzzle.get('id', '?')} cannot be opened: {error}")
            return None

    def show_solution(self, stack: Any, game: GamePuzzles, puzzle: Mapping[str, Any],
                      card: AttemptResultScene) -> None:
        """After giving up: the card steps aside for a fresh table that plays the solution out
        (booked as nothing), then comes back over it, the board in view to study."""
        def shown(outcome: PuzzleOutcome) -> None:
            card.over_table(scene)
            stack.push(card)
            card.study()

        scene = self._table(game, puzzle, shown)
        if scene is None:
            return
        card.close()
        stack.push(scene)
        scene.mode.reveal_solution()

    def book(self, game: str, puzzle: Mapping[str, Any], outcome: PuzzleOutcome) -> AttemptResult:
        result = book_attempt(self.progress, game, puzzle, outcome.solved, outcome.seconds, outcome.hints_used)
        self.last = (str(puzzle["id"]), result)
        self.save()
        return result

    def save(self) -> None:
        try:
            write_book(self.progress_book)
        except OSError as error:
            self.notices.append(f"Could not save puzzle progress ({error.strerror or error}).")
