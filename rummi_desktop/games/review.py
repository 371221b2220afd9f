"""The post-game review: every turn of a finished game set against the best play of its
position, and a summary per seat. Game-neutral: it asks the game's :class:`Coach` (its
``coach`` entry point, loaded by the caller) and never which game it is.

``review_game(key, coach, fresh, moves, progress=...)`` replays ``moves`` on ``fresh`` (the
game as dealt, as a replay's ``fresh_state()`` gives it), cuts the log into turns (a turn is
the actions one seat takes until another seat is to move or the game ends), and for each turn
the coach weighs what was played and finds the best play of the position the turn began in.

- ``missed_points``: the best play's points less the played one's, in the game's terms (Rummi:
  tile points laid; the others: the turn's score). In Rummi it can be negative: the best play
  lays more tiles, which may be worth fewer points.
- ``missed_tiles``: how many of the tiles the best play lays the played one did not lay (0
  when the play ranks as high as the best: another play of the same worth misses nothing).
- ``accuracy`` per seat: the share of its turns whose play ranks as high as the best.
- a turn that ends in a resignation is not weighed (giving up is no play).
- the biggest misses per seat: its three turns that fell furthest short (by the game's rank,
  then by points), at-best turns never among them.

Pure: no I/O. ``progress(done, total)`` is called after each turn is weighed (the window's
thinking process reports it); ``cancel`` (a ``threading.Event``) stops between turns with
:class:`ReviewCancelled`.
"""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from rummi_desktop.games.base import RESIGN, Candidate, Coach

BIGGEST_MISSES = 3

Progress = Callable[[int, int], None]


class ReviewCancelled(RuntimeError):
    """The review was cancelled before it was done."""


@dataclass(frozen=True)
class Turn:
    """A stretch of the log one seat played: the state before it, after it, and its actions."""

    seat: int
    before: Any
    after: Any
    actions: tuple[str, ...]


@dataclass(frozen=True)
class TurnReview:
    seat: int
    turn: int  # counted from 1 over the whole game, every seat's turns together
    played: Candidate
    best: Candidate

    @property
    def at_best(self) -> bool:
        return self.played.rank >= self.best.rank

    @property
    def missed_points(self) -> int:
        return 0 if self.at_best else self.best.points - self.played.points

    @property
    def missed_tiles(self) -> int:
        if self.at_best:
            return 0  # another play of the same worth misses nothing
        return sum((Counter(self.best.tiles) - Counter(self.played.tiles)).values())

    @property
    def shortfall(self) -> tuple[int, ...]:
        """How far short the play fell, rank by rank, then in points (the misses' order)."""
        return (*(b - p for b, p in zip(self.best.rank, self.played.rank)), self.missed_points)

    def to_data(self) -> dict[str, Any]:
        return {"seat": self.seat, "turn": self.turn, "played": candidate_data(self.played),
                "best": candidate_data(self.best), "missed_points": self.missed_points,
                "missed_tiles": self.missed_tiles}


def candidate_data(candidate: Candidate) -> dict[str, Any]:
    return {"move": candidate.move, "points": candidate.points, "tiles": list(candidate.tiles)}


@dataclass(frozen=True)
class GameReview:
    game: str
    seats: int
    turns: tuple[TurnReview, ...]

    def seat_turns(self, seat: int) -> list[TurnReview]:
        return [turn for turn in self.turns if turn.seat == seat]

    def accuracy(self, seat: int) -> float | None:
        """The share of the seat's turns played at the best (None: it had no turn)."""
        turns = self.seat_turns(seat)
        return sum(turn.at_best for turn in turns) / len(turns) if turns else None

    def missed_points(self, seat: int) -> int:
        return sum(turn.missed_points for turn in self.seat_turns(seat))

    def biggest_misses(self, seat: int) -> list[TurnReview]:
        misses = [turn for turn in self.seat_turns(seat) if not turn.at_best]
        return sorted(misses, key=lambda turn: turn.shortfall, reverse=True)[:BIGGEST_MISSES]

    def to_data(self) -> dict[str, Any]:
        """The review as ``rummi-desktop review`` prints it (docs/analysis-format.md), but for
        ``seconds``, which the command adds."""
        seats = range(self.seats)
        return {
            "game": self.game,
            "turns": [turn.to_data() for turn in self.turns],
            "accuracy": [_rounded(self.accuracy(seat)) for seat in seats],
            "missed_points": [self.missed_points(seat) for seat in seats],
            "biggest_misses": [[turn.turn for turn in self.biggest_misses(seat)] for seat in seats],
        }


def _rounded(share: float | None) -> float | None:
    return None if share is None else round(share, 4)


def split_turns(fresh: Any, moves: Sequence[str]) -> list[Turn]:
    """``moves`` performed on ``fresh`` (which they change), cut into turns: a turn ends when
    another seat is to move or the game is over. Each turn keeps copies of the states around it."""
    turns: list[Turn] = []
    state, actions, before = fresh, [], fresh.clone()
    for action in moves:
        seat = before.current
        state.perform(action)
        actions.append(action)
        if state.is_terminal or state.current != seat:
            after = state.clone()
            turns.append(Turn(seat, before, after, tuple(actions)))
            before, actions = after, []  # read only from here on: one copy serves both turns
    return turns


def review_turn(coach: Coach, turn: Turn, number: int, cancel: threading.Event | None = None) -> TurnReview | None:
    if turn.actions and turn.actions[-1] == RESIGN:
        return None  # giving up is no play to weigh against the best one
    played = coach.turn_played(turn.before, turn.after, turn.actions)
    if played is None:
        return None
    best = coach.best_plays(turn.before, 1, cancel=cancel)[0]
    return TurnReview(turn.seat, number, played, best)


def review_game(game: str, coach: Coach, fresh: Any, moves: Sequence[str], *, progress: Progress | None = None,
                cancel: threading.Event | None = None) -> GameReview:
    """The review of the game ``moves`` play from ``fresh`` (see the module docstring)."""
    turns = split_turns(fresh, moves)
    reviewed: list[TurnReview] = []
    for done, turn in enumerate(turns, start=1):
        if cancel is not None and cancel.is_set():
            raise ReviewCancelled("the review was cancelled")
        try:
            review = review_turn(coach, turn, len(reviewed) + 1, cancel)
        except Exception as error:  # each game's search stops in its own way when cancelled
            if cancel is not None and cancel.is_set():
                raise ReviewCancelled("the review was cancelled") from error
            raise
        if review is not None:
            reviewed.append(review)
        if progress is not None:
            progress(done, len(turns))
    return GameReview(game, len(fresh.scores()), tuple(reviewed))
