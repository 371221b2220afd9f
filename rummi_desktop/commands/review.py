"""``rummi-desktop review``: the post-game review of a finished game, as one JSON line
(docs/analysis-format.md).

- ``review FILE``: a replay file (exported from History, see ``records/replay_files.py``).
- ``review --game G --seats A,B --seed S``: plays that seeded game between computer seats
  first (every seat thinks without a time limit, so Hard plays the exact best move), then
  reviews it.

The review itself is :func:`rummi_desktop.games.review.review_game` with the game's ``coach``
entry point; ``seconds`` is the time it took (not the time playing the game took). Unusable
input (a file that is not a replay, an unknown game, bad seats or seed, both sources or
neither) prints one line on standard error and exits with status 2.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass
from typing import Any, Sequence, TextIO

from rummi_desktop.entry_points import load_entry
from rummi_desktop.games import GAMES, find_game
from rummi_desktop.games.base import GameSpec, IllegalMove, MoveNotationError, play_seat_move
from rummi_desktop.games.review import review_game
from rummi_desktop.records.replay import ReplayError
from rummi_desktop.records.replay_files import load_replay

MAX_TURNS = 2000  # as simulate: a game this long stops (it is reviewed as far as it went)


class ReviewInputError(ValueError):
    """What the command was given cannot be reviewed; the message is the one line to print."""


@dataclass(frozen=True)
class GameToReview:
    spec: GameSpec
    fresh: Any  # the game as dealt (changed by the review as it replays the moves)
    moves: tuple[str, ...]


def reviewable_games() -> list[str]:
    return [key for key, spec in GAMES.items() if spec.has("coach")]


def from_replay_file(path: str) -> GameToReview:
    replay, problem = load_replay(path)
    if replay is None:
        raise ReviewInputError(problem)
    spec = GAMES[replay.game]
    if not spec.has("coach"):
        raise ReviewInputError(f"{spec.title} games cannot be reviewed yet")
    try:
        return GameToReview(spec, replay.fresh_state(), replay.moves)
    except ReplayError as error:
        raise ReviewInputError(f"{path} is not a replay this game can show: {error}.") from error


def read_seed(text: str) -> int:
    try:
        seed = int(text)
    except ValueError:
        seed = -1
    if seed < 0:
        raise ReviewInputError(f"--seed must be a whole number from 0, not {text[:30]!r}")
    return seed


def read_seats(spec: GameSpec, seats_csv: str) -> tuple[str, ...]:
    tiers = tuple(name.strip().lower() for name in seats_csv.split(",") if name.strip())
    unknown = [name for name in tiers if name not in spec.tiers]
    if unknown or not spec.min_seats <= len(tiers) <= spec.max_seats:
        raise ReviewInputError(f"--seats: give {spec.min_seats} to {spec.max_seats} computer seats from "
                               f"{', '.join(spec.tiers)} (got {seats_csv!r})")
    return tiers


def from_computer_game(game: str, seats_csv: str | None, seed_text: str) -> GameToReview:
    spec = find_game(game)
    if spec is None or not spec.has("coach") or not spec.has("computer"):
        raise ReviewInputError(f"unknown game {game!r} (one of {', '.join(reviewable_games())})")
    if seats_csv is None:
        raise ReviewInputError("--game needs --seats, e.g. --seats hard,easy")
    tiers, seed = read_seats(spec, seats_csv), read_seed(seed_text)
    played = play_computer_game(spec, tiers, seed)
    return GameToReview(spec, spec.new_state(tiers, seed), tuple(played.log))


def play_computer_game(spec: GameSpec, tiers: Sequence[str], seed: int) -> Any:
    """The seeded game played to its end by computer seats, each thinking as long as it needs."""
    choose = load_entry(spec, "computer")
    state = spec.new_state(tuple(tiers), seed)
    for _ in range(MAX_TURNS):
        if state.is_terminal:
            break
        play_seat_move(spec, state, choose(spec.seat_view(state, state.current), tiers[state.current]))
    return state


def review_data(target: GameToReview) -> dict[str, Any]:
    started = time.perf_counter()
    try:
        review = review_game(target.spec.key, load_entry(target.spec, "coach"), target.fresh, target.moves)
    except (IllegalMove, MoveNotationError, ValueError) as error:
        raise ReviewInputError(f"the game cannot be reviewed ({error})") from error
    return {**review.to_data(), "seconds": round(time.perf_counter() - started, 2)}


def run_review(file: str | None, game: str | None, seats: str | None, seed: str,
               stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """Review one game and print it; returns the exit status (0, or 2 on unusable input)."""
    stdout, stderr = stdout or sys.stdout, stderr or sys.stderr
    try:
        if (file is None) == (game is None):
            raise ReviewInputError("give a replay FILE, or --game with --seats and --seed (not both)")
        target = from_replay_file(file) if file is not None else from_computer_game(game or "", seats, seed)
        data = review_data(target)
    except ReviewInputError as error:
        print("review: " + " ".join(str(error).split()), file=stderr)
        return 2
    print(json.dumps(data, separators=(",", ":")), file=stdout, flush=True)
    return 0
