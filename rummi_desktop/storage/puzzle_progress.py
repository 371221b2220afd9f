"""The player's puzzle progress: one versioned TOML file in the data folder.

What it keeps: per puzzle (by game and id) solved / attempts / best seconds / most hints used
on the best solve, and the puzzle's own rating as the player's attempts moved it; per game the
player's rating and best streak; the dates whose daily puzzle is done.

File shape (version 2)::

    version = 2
    daily_done = ["2026-12-01"]
    [games.rummi]
    mu = 25.0
    sigma = 8.33
    streak_best = 4
    [games.rummi.puzzles."rummi-easy-001"]
    solved = true
    attempts = 2
    best_seconds = 41.5      # absent until solved
    hints = 0                # hints used on the best solve
    mu = 23.1                # the puzzle's rating after this player's attempts
    sigma = 7.9

Version 1 (this branch's first format) kept ratings as a bare ``rating = mu``; the upgrader
gives them the default sigma. Writes are atomic (``toml_files.write_toml_atomic``); a file that
cannot be read is moved aside as ``.bad`` with a notice, and play goes on from empty progress.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from rummi_desktop.storage.paths import data_dir
from rummi_desktop.storage.toml_files import quarantine, read_toml_or_quarantine, write_toml_atomic
from rummi_desktop.trainer.rating import DEFAULT_SIGMA, Rating

VERSION = 2
FILE_NAME = "puzzle_progress.toml"


def progress_path() -> Path:
    return data_dir() / FILE_NAME


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
        rating = Rating(float(data["mu"]), float(data["sigma"])) if "mu" in data else None
        return cls(_bool(data.get("solved", False)), int(data.get("attempts", 0)),
                   None if best is None else float(best), int(data.get("hints", 0)), rating)


@dataclass
class GameProgress:
    rating: Rating = field(default_factory=Rating)
    streak_best: int = 0
    puzzles: dict[str, PuzzleRecord] = field(default_factory=dict)

    def record(self, puzzle_id: str) -> PuzzleRecord:
        return self.puzzles.setdefault(puzzle_id, PuzzleRecord())

    def to_dict(self) -> dict[str, Any]:
        return {"mu": self.rating.mu, "sigma": self.rating.sigma, "streak_best": self.streak_best,
                "puzzles": {key: record.to_dict() for key, record in self.puzzles.items()}}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "GameProgress":
        puzzles = data.get("puzzles", {})
        if not isinstance(puzzles, dict):
            raise ValueError("puzzles must be a table")
        return cls(Rating(float(data.get("mu", Rating().mu)), float(data.get("sigma", DEFAULT_SIGMA))),
                   int(data.get("streak_best", 0)),
                   {str(key): PuzzleRecord.from_dict(_table(value)) for key, value in puzzles.items()})


@dataclass
class PuzzleProgress:
    games: dict[str, GameProgress] = field(default_factory=dict)
    daily_done: set[str] = field(default_factory=set)

    def game(self, key: str) -> GameProgress:
        return self.games.setdefault(key, GameProgress())

    def to_dict(self) -> dict[str, Any]:
        return {"version": VERSION, "daily_done": sorted(self.daily_done),
                "games": {key: game.to_dict() for key, game in self.games.items()}}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "PuzzleProgress":
        games = _table(data.get("games", {}))
        daily = data.get("daily_done", [])
        if not isinstance(daily, list):
            raise ValueError("daily_done must be a list of dates")
        return cls({str(key): GameProgress.from_dict(_table(value)) for key, value in games.items()},
                   {str(day) for day in daily})


def _table(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"expected a table, found {type(value).__name__}")
    return value


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, found {value!r}")
    return value


# -- upgrading older files ---------------------------------------------------------------------

def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
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


UPGRADERS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2}


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """Bring file data to the current version (ValueError for a version this copy cannot read)."""
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ValueError("it has no version number")
    if version > VERSION:
        raise ValueError(f"it is version {version}, newer than this copy of the game reads ({VERSION})")
    while version < VERSION:
        if version not in UPGRADERS:
            raise ValueError(f"version {version} cannot be upgraded")
        data = UPGRADERS[version](data)
        version = data["version"]
    return data


# -- reading and writing -------------------------------------------------------------------------

def read_progress(path: Path | None = None) -> tuple[PuzzleProgress, str | None]:
    """The progress on file (empty when there is none) and a notice for the player when the file
    could not be used (it is then kept as ``.bad``). Never raises for a bad file."""
    source = path or progress_path()
    data, notice = read_toml_or_quarantine(source)
    if data is None:
        return PuzzleProgress(), notice
    try:
        return PuzzleProgress.from_dict(upgrade(data)), None
    except (ValueError, TypeError, KeyError) as error:
        try:
            bad = quarantine(source)
        except OSError:
            return PuzzleProgress(), f"{source.name} was damaged ({error}); starting puzzle progress afresh."
        return PuzzleProgress(), f"{source.name} was damaged ({error}); kept it as {bad.name} and started afresh."


def write_progress(progress: PuzzleProgress, path: Path | None = None) -> None:
    write_toml_atomic(path or progress_path(), progress.to_dict())
