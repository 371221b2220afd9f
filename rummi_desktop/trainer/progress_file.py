"""Puzzle progress per profile: one versioned TOML file in the data folder.

What it keeps, for each profile (by profile id; ``guest`` for playing without one): per puzzle
(by game and id) solved / attempts / best seconds / most hints used on the best solve, and the
puzzle's own rating as that player's attempts moved it; per game the player's rating, best
streak and the dates whose daily puzzle (of that game) is done.

File shape (version 3)::

    version = 3
    [players."p-3fa2c01b".games.rummi]
    mu = 25.0
    sigma = 8.33
    streak_best = 4
    daily_done = ["2026-12-01"]
    [players."p-3fa2c01b".games.rummi.puzzles."rummi-easy-001"]
    solved = true
    attempts = 2
    best_seconds = 41.5      # absent until solved
    hints = 0                # hints used on the best solve
    mu = 23.1                # the puzzle's rating after this player's attempts
    sigma = 7.9

Version 1 kept ratings as a bare ``rating = mu`` (the upgrader gives them the default sigma).
Version 2 was one player's progress with the daily dates beside the games: the upgrader gives
it to the only profile on this computer, or to Guest when there are none or several, and each
date to the game whose daily puzzle it was (the rotation over every game, as the release that
wrote version 2 files had it). Writes are atomic (``toml_files.write_toml_atomic``); a file that
cannot be read is moved aside as ``.bad`` with a notice, and play goes on from empty progress.
"""

from __future__ import annotations

import datetime
import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from rummi_desktop.games import GAMES
from rummi_desktop.records.profiles import GUEST
from rummi_desktop.storage.paths import data_dir
from rummi_desktop.storage.schema import MapOf, Table, Text, Whole, check
from rummi_desktop.storage.toml_files import quarantine, read_toml_or_quarantine, write_toml_atomic
from rummi_desktop.trainer.catalog import daily_game
from rummi_desktop.trainer.rating import DEFAULT_SIGMA, Rating

VERSION = 3
FILE_NAME = "puzzle_progress.toml"


def daily_games_of_version(version: int) -> tuple[str, ...]:
    """The games whose daily puzzles took turns when files of this version were written (each
    game's ``PuzzleTerms.daily_since``): the upgrader gives an old date to the game it was of."""
    return tuple(key for key, spec in GAMES.items()
                 if spec.puzzle_terms is not None and spec.puzzle_terms.daily_since is not None
                 and spec.puzzle_terms.daily_since <= version)


# The games whose daily puzzles a version 2 file's dates were.
V2_DAILY_GAMES = daily_games_of_version(2)


def progress_path(folder: str | os.PathLike[str] | None = None) -> Path:
    return Path(folder if folder is not None else data_dir()) / FILE_NAME


@dataclass
class PuzzleRecord:
    solved: bool = False
    attempts: int = 0
    best_seconds: float | None = None
    hints: int = 0
    rating: Rating | None = None  # None: still the puzzle's shipped rating

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"solved": self.solved, "attempts": self.attempts, "hints": self.hints}
        if self.best_seconds is not None:
            data["best_seconds"] = round(self.best_seconds, 2)
        if self.rating is not None:
            data["mu"], data["sigma"] = self.rating.mu, self.rating.sigma
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "PuzzleRecord":
        best = data.get("best_seconds")
        rating = Rating(_number(data["mu"]), _number(data.get("sigma"))) if "mu" in data else None
        return cls(_bool(data.get("solved", False)), _count(data.get("attempts", 0)),
                   None if best is None else _number(best), _count(data.get("hints", 0)), rating)


@dataclass
class GameProgress:
    rating: Rating = field(default_factory=Rating)
    streak_best: int = 0
    puzzles: dict[str, PuzzleRecord] = field(default_factory=dict)
    daily_done: set[str] = field(default_factory=set)  # ISO dates whose daily puzzle was this game's

    def record(self, puzzle_id: str) -> PuzzleRecord:
        return self.puzzles.setdefault(puzzle_id, PuzzleRecord())

    @property
    def attempts(self) -> int:
        return sum(record.attempts for record in self.puzzles.values())

    def to_dict(self) -> dict[str, Any]:
        return {"mu": self.rating.mu, "sigma": self.rating.sigma, "streak_best": self.streak_best,
                "daily_done": sorted(self.daily_done),
                "puzzles": {key: record.to_dict() for key, record in self.puzzles.items()}}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "GameProgress":
        puzzles = data.get("puzzles", {})
        if not isinstance(puzzles, dict):
            raise ValueError("puzzles must be a table")
        daily = data.get("daily_done", [])
        if not isinstance(daily, list):
            raise ValueError("daily_done must be a list of dates")
        return cls(Rating(_number(data.get("mu", Rating().mu)), _number(data.get("sigma", DEFAULT_SIGMA))),
                   _count(data.get("streak_best", 0)),
                   {str(key): PuzzleRecord.from_dict(_table(value)) for key, value in puzzles.items()},
                   {str(day) for day in daily})


@dataclass
class PuzzleProgress:
    """One player's progress in every game."""

    games: dict[str, GameProgress] = field(default_factory=dict)

    def game(self, key: str) -> GameProgress:
        return self.games.setdefault(key, GameProgress())

    def daily_done(self, day: str, game: str) -> bool:
        return game in self.games and day in self.games[game].daily_done

    def to_dict(self) -> dict[str, Any]:
        return {"games": {key: game.to_dict() for key, game in self.games.items()}}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "PuzzleProgress":
        games = _table(data.get("games", {}))
        return cls({str(key): GameProgress.from_dict(_table(value)) for key, value in games.items()})


@dataclass
class ProgressBook:
    """Every profile's progress, by profile id (``guest`` for playing without a profile)."""

    players: dict[str, PuzzleProgress] = field(default_factory=dict)

    def of(self, profile_id: str) -> PuzzleProgress:
        return self.players.setdefault(profile_id or GUEST, PuzzleProgress())

    def to_dict(self) -> dict[str, Any]:
        return {"version": VERSION, "players": {key: player.to_dict() for key, player in self.players.items()
                                                if player.games}}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "ProgressBook":
        players = _table(data.get("players", {}))
        return cls({str(key): PuzzleProgress.from_dict(_table(value)) for key, value in players.items()})


def _table(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"expected a table, found {type(value).__name__}")
    return value


NUMBER_LIMIT = 1e9  # no rating, time or count the trainer keeps comes near it


def _number(value: Any) -> float:
    """A finite number of a sane size: 10**400, inf or nan in a damaged file is refused here,
    not met later by a float() that overflows or a stopwatch that cannot be drawn."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"expected a number, found {value!r}")
    if isinstance(value, int) and abs(value) > NUMBER_LIMIT:
        raise ValueError("a number too large for this file")
    if not math.isfinite(value) or abs(value) > NUMBER_LIMIT:
        raise ValueError(f"expected a finite number, found {value!r}")
    return float(value)


def _count(value: Any) -> int:
    number = _number(value)
    if number != int(number) or number < 0:
        raise ValueError(f"expected a whole number from 0, found {value!r}")
    return int(number)


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, found {value!r}")
    return value


# -- what the statistics show ------------------------------------------------------------------

def summary_of(progress: PuzzleProgress, game: str) -> dict[str, int]:
    """A player's puzzle numbers in one game: rating (as shown), puzzles solved, best streak,
    daily puzzles done."""
    mine = progress.games.get(game, GameProgress())
    return {"rating": mine.rating.shown, "puzzles_solved": sum(r.solved for r in mine.puzzles.values()),
            "best_streak": mine.streak_best, "daily_puzzles_done": len(mine.daily_done)}


def profile_summary(profile_id: str, game: str, book: ProgressBook | None = None) -> dict[str, int]:
    """``summary_of`` the profile's progress in ``game``, from ``book`` (read from the progress
    file when not given; a damaged file counts as no progress — the trainer names it)."""
    if book is None:
        book = read_book()[0]
    return summary_of(book.players.get(profile_id or GUEST, PuzzleProgress()), game)


# -- upgrading older files ---------------------------------------------------------------------

def _v1_to_v2(data: dict[str, Any], heir: str) -> dict[str, Any]:
    """Version 1 kept each rating as ``rating = mu``: give it the default sigma."""
    def split(table: dict[str, Any]) -> None:
        if "rating" in table:
            table["mu"] = float(table.pop("rating"))
            table.setdefault("sigma", DEFAULT_SIGMA)

    for game in _table(data.get("games", {})).values():
        split(_table(game))
        for record in _table(_table(game).get("puzzles", {})).values():
            split(_table(record))
    return {**data, "version": 2}


def _v2_to_v3(data: dict[str, Any], heir: str) -> dict[str, Any]:
    """Version 2 was one player's: it becomes ``heir``'s, each daily date filed under its game."""
    games = {key: dict(_table(value)) for key, value in _table(data.get("games", {})).items()}
    daily = data.get("daily_done", [])
    if not isinstance(daily, list):
        raise ValueError("daily_done must be a list of dates")
    for day in daily:
        try:
            game = daily_game(datetime.date.fromisoformat(str(day)), V2_DAILY_GAMES)
        except ValueError as error:
            raise ValueError(f"{day!r} in daily_done is not a date") from error
        games.setdefault(game, {}).setdefault("daily_done", []).append(str(day))
    return {"version": 3, "players": {heir: {"games": games}} if games else {}}


UPGRADERS: dict[int, Callable[[dict[str, Any], str], dict[str, Any]]] = {1: _v1_to_v2, 2: _v2_to_v3}


def upgrade(data: dict[str, Any], heir: str = GUEST) -> dict[str, Any]:
    """Bring file data to the current version; a single player's older progress becomes
    ``heir``'s (ValueError for a version this copy cannot read)."""
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ValueError("it has no version number")
    if version > VERSION:
        raise ValueError(f"it is version {version}, newer than this copy of the game reads ({VERSION})")
    while version < VERSION:
        if version not in UPGRADERS:
            raise ValueError(f"version {version} cannot be upgraded")
        data = UPGRADERS[version](data, heir)
        version = data["version"]
    return data


def heir_of_old_progress(folder: str | os.PathLike[str] | None = None) -> str:
    """Who inherits a one-player progress file: the only profile here, else Guest."""
    from rummi_desktop.records.profile_file import load_profiles

    profiles = load_profiles(folder)[0].profiles
    return profiles[0].id if len(profiles) == 1 else GUEST


# -- reading and writing -------------------------------------------------------------------------

# The file's schema (today's version): each player's games, each game's table of numbers and
# dates (ProgressBook.from_dict reads those one by one, bounded), plain data throughout.
PROGRESS_SCHEMA = Table({"version": Whole(VERSION, VERSION),
                         "players": MapOf(Table({"games": MapOf(Table({}))}), key=Text(limit=100))},
                        required=("version",))


def read_book(path: Path | None = None) -> tuple[ProgressBook, str | None]:
    """Every profile's progress on file (empty when there is none) and a notice for the player
    when the file could not be used (it is then kept as ``.bad``). Never raises for a bad file.
    An older one-player file is upgraded for the profiles in the same folder."""
    source = path or progress_path()
    data, notice = read_toml_or_quarantine(source)
    if data is None:
        return ProgressBook(), notice
    try:
        heir = heir_of_old_progress(source.parent) if data.get("version") != VERSION else GUEST
        return ProgressBook.from_dict(check(PROGRESS_SCHEMA, upgrade(data, heir))), None
    except (ValueError, TypeError, KeyError) as error:
        try:
            bad = quarantine(source)
        except OSError:
            return ProgressBook(), f"{source.name} was damaged ({error}); starting puzzle progress afresh."
        return ProgressBook(), f"{source.name} was damaged ({error}); kept it as {bad.name} and started afresh."


def write_book(book: ProgressBook, path: Path | None = None) -> None:
    write_toml_atomic(path or progress_path(), book.to_dict())
