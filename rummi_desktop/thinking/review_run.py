"""The post-game review run off the frame loop, for any game: in a thinking process of its
own (where one can start), else on a thread, one turn per request so the window can show a
progress bar and stop it at any time.

A review asks two kinds of question, both plain JSON data naming the game, its start (a
replay's ``start``: the game's saved state without its log) and its moves:

- ``{"ask": "turns", ...}``: how many turns the game has (and its seat count);
- ``{"ask": "turn", ..., "index": i}``: the review of turn ``i`` (counted from 0): the seat,
  the play made, the best play and the replay position the turn starts at, or null for a
  stretch of the log the game's coach does not weigh (see :mod:`rummi_desktop.games.review`).

The child replays the game once and keeps its turns for the questions that follow (the same
game is asked about turn after turn). Progress is turns answered of turns; cancelling closes
the child (or sets the thread's event): nothing is left thinking. No pygame here: the thinking
process imports this module, and nothing of the window.
"""

from __future__ import annotations

import hashlib
import json
import threading
from dataclasses import dataclass
from typing import Any, Sequence

from rummi_desktop.entry_points import load_entry, start_games
from rummi_desktop.games import GAMES
from rummi_desktop.games.base import Candidate
from rummi_desktop.games.review import GameReview, ReviewCancelled, Turn, TurnReview, review_turn, split_turns
from rummi_desktop.thinking.thread import ThinkingFailed, start_thinking
from rummi_desktop.thinking.worker import ThinkingProcess, processes_available

HANDLER = "rummi_desktop.thinking.review_run:review_task"
TURN_BUDGET = 60.0  # s: the exact searches take far less; past this a child is taken as stuck
START_BUDGET = 30.0  # s to replay the whole game and count its turns
IN_FLIGHT = 12  # turns asked of the child ahead of their answers (a pipe holds 64 KiB)
THREAD_BUDGET = 3600.0  # s: the thread fallback has no stall watch; its budget is only the deadline

start_games()  # a game's start may name data its game looks up (a word list), as the seats' tasks do

_cached: tuple[str, list[Turn], int] | None = None  # (the game's fingerprint, its turns, seats)


def review_request(game: str, start: dict[str, Any], moves: Sequence[str], ask: str, index: int = 0) -> dict:
    return {"ask": ask, "game": game, "start": start, "moves": list(moves), "index": index}


def _game_turns(task: dict[str, Any]) -> tuple[list[Turn], int]:
    """The task's game cut into turns, replayed once per game and kept for the next question."""
    global _cached
    fingerprint = hashlib.sha256(json.dumps([task["game"], task["start"], task["moves"]],
                                            sort_keys=True).encode("utf-8")).hexdigest()
    if _cached is None or _cached[0] != fingerprint:
        fresh = GAMES[task["game"]].state_from_dict({**task["start"], "log": []})
        seats = len(fresh.scores())
        _cached = (fingerprint, split_turns(fresh, task["moves"]), seats)
    return _cached[1], _cached[2]


def candidate_from(data: dict[str, Any]) -> Candidate:
    return Candidate(str(data["move"]), tuple(int(n) for n in data["rank"]), int(data["points"]),
                     tuple(str(tile) for tile in data["tiles"]))


def _candidate_data(candidate: Candidate) -> dict[str, Any]:
    return {"move": candidate.move, "rank": list(candidate.rank), "points": candidate.points,
            "tiles": list(candidate.tiles)}


def review_task(task: dict[str, Any], deadline: float, cancel: threading.Event) -> Any:
    """The thinking process's handler (also what the thread fallback calls turn by turn)."""
    turns, seats = _game_turns(task)
    if task["ask"] == "turns":
        return {"turns": len(turns), "seats": seats}
    index = int(task["index"])
    reviewed = review_turn(load_entry(GAMES[task["game"]], "coach"), turns[index], index + 1, cancel)
    if reviewed is None:
        return None
    position = sum(len(turn.actions) for turn in turns[:index])
    return {"seat": reviewed.seat, "position": position, "played": _candidate_data(reviewed.played),
            "best": _candidate_data(reviewed.best)}


@dataclass(frozen=True)
class ReviewedGame:
    """A finished review: the game's :class:`GameReview`, and for each of its turns the replay
    position (moves played) the turn started at, to open the board there."""

    review: GameReview
    positions: tuple[int, ...]

    def position_of(self, turn: TurnReview) -> int:
        return self.positions[self.review.turns.index(turn)]


def reviewed_game(game: str, seats: int, answers: Sequence[dict | None]) -> ReviewedGame:
    """The review put together from the turns' answers, in order (the unweighed left out)."""
    turns, positions = [], []
    for answer in answers:
        if answer is None:
            continue
        turns.append(TurnReview(int(answer["seat"]), len(turns) + 1, candidate_from(answer["played"]),
                                candidate_from(answer["best"])))
        positions.append(int(answer["position"]))
    return ReviewedGame(GameReview(game, seats, tuple(turns)), tuple(positions))


class ReviewRun:
    """One game's review, started at once and polled once a frame: ``progress`` (turns done,
    turns), ``poll()`` (the :class:`ReviewedGame` once done, else None; ThinkingFailed if the
    review failed), ``cancel()`` (leaving the screen)."""

    def __init__(self, game: str, start: dict[str, Any], moves: Sequence[str], use_process: bool | None = None) -> None:
        self.game, self.start, self.moves = game, start, tuple(moves)
        self.use_process = processes_available() if use_process is None else use_process
        self.answers: list[dict | None] = []
        self.total: int | None = None
        self.seats = 0
        self._result: ReviewedGame | None = None
        self._process: ThinkingProcess | None = None
        self._jobs: list[Any] = []
        self._thread_job: Any = None
        self.cancelled = False
        self._asked = 0  # turns asked of the child so far
        if self.use_process:
            try:
                self._process = ThinkingProcess(HANDLER)
            except OSError:
                self.use_process = False
        if self.use_process:
            self._jobs = [self._process.submit(self._request("turns"), START_BUDGET, "replaying the game")]
        else:
            self._thread_job = start_thinking(self._review_on_thread, THREAD_BUDGET, name="the review")

    def _request(self, ask: str, index: int = 0) -> dict[str, Any]:
        return review_request(self.game, self.start, self.moves, ask, index)

    @property
    def progress(self) -> tuple[int, int]:
        return len(self.answers), self.total or 0

    @property
    def done(self) -> bool:
        return self._result is not None

    def _review_on_thread(self, deadline: float, cancel: threading.Event) -> None:
        counted = review_task(self._request("turns"), deadline, cancel)
        self.seats, self.total = counted["seats"], counted["turns"]
        for index in range(counted["turns"]):
            if cancel.is_set():
                raise ReviewCancelled("the review was cancelled")
            self.answers.append(review_task(self._request("turn", index), deadline, cancel))

    def poll(self) -> ReviewedGame | None:
        if self._result is None and not self.cancelled:
            finished = self._poll_thread() if self._thread_job is not None else self._poll_process()
            if finished:
                self._result = reviewed_game(self.game, self.seats, self.answers)
                self.close()
        return self._result

    def _poll_thread(self) -> bool:
        if not self._thread_job.done:
            return False
        self._thread_job.poll()  # raises ThinkingFailed when the review failed
        return True

    def _poll_process(self) -> bool:
        if self._process is not None and self._process.failed:
            self._fall_back_to_thread()
            return False
        while self._jobs and self._jobs[0].done:
            answer = self._jobs.pop(0).poll()  # raises ThinkingFailed with the child's error
            if self.total is None:
                self.seats, self.total = int(answer["seats"]), int(answer["turns"])
            else:
                self.answers.append(answer)
        self._ask_ahead()
        return self.total is not None and not self._jobs and self._asked == self.total

    def _ask_ahead(self) -> None:
        """Keep a few turns asked for (they queue in the child, so it never waits on us), but
        never the whole game at once: the pipe would fill, and the frame wait on it."""
        if self.total is None or self._process is None:
            return
        while len(self._jobs) < IN_FLIGHT and self._asked < self.total:
            index, self._asked = self._asked, self._asked + 1
            self._jobs.append(self._process.submit(self._request("turn", index), TURN_BUDGET,
                                                   f"weighing turn {index + 1}"))

    def _fall_back_to_thread(self) -> None:
        """No child could start here after all: review on a thread, from the start."""
        self.close()
        self.use_process, self._jobs, self.answers, self.total, self._asked = False, [], [], None, 0
        self._thread_job = start_thinking(self._review_on_thread, THREAD_BUDGET, name="the review")

    def cancel(self) -> None:
        self.cancelled = True
        if self._thread_job is not None:
            self._thread_job.cancel()
        self.close()

    def close(self) -> None:
        if self._process is not None:
            self._process.close()
            self._process = None


__all__ = ["ReviewRun", "ReviewedGame", "ThinkingFailed", "review_task", "reviewed_game"]
