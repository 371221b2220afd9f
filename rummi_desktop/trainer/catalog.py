"""What the trainer offers: packs and their unlock order, the daily puzzle, streak runs.

Plain data in, plain answers out (puzzles are the contract's dicts), no pygame, no files.
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

Puzzle = Mapping[str, Any]


@dataclass(frozen=True)
class Pack:
    """One pack of one game, its puzzles in unlock order (the file's order)."""

    game: str
    id: str
    title: str
    order: int
    puzzles: tuple[Puzzle, ...]


def packs_of(game: str, pack_rows: Iterable[Any], puzzles: Iterable[Puzzle]) -> list[Pack]:
    """A game's packs from a puzzle file's pack rows (dicts or objects with id/title/order)
    and its puzzles; puzzles whose pack is not listed form a pack of their own."""
    puzzles = list(puzzles)
    packs, seen = [], set()
    for row in pack_rows:
        pack_id, title, order = (_field(row, "id"), _field(row, "title"), _field(row, "order"))
        seen.add(pack_id)
        members = tuple(p for p in puzzles if p.get("pack") == pack_id)
        packs.append(Pack(game, str(pack_id), str(title or pack_id), int(order or 0), members))
    loose = tuple(p for p in puzzles if p.get("pack") not in seen)
    if loose:
        packs.append(Pack(game, f"{game}-more", "More puzzles", 1_000, loose))
    return sorted(packs, key=lambda pack: (pack.order, pack.id))


def _field(row: Any, name: str) -> Any:
    return row.get(name) if isinstance(row, Mapping) else getattr(row, name, None)


def unlocked_count(pack: Pack, solved: set[str]) -> int:
    """How many of the pack's puzzles are open: every solved one at the start of the pack, and
    the first unsolved after them (within a pack puzzles unlock in order)."""
    count = 0
    for puzzle in pack.puzzles:
        count += 1
        if puzzle["id"] not in solved:
            break
    return count


def is_unlocked(pack: Pack, index: int, solved: set[str]) -> bool:
    return index < unlocked_count(pack, solved)


def daily_puzzle(day: datetime.date, puzzles_by_game: Mapping[str, list[Puzzle]]) -> tuple[str, Puzzle] | None:
    """The puzzle of the day: the games take turns day by day (in key order, those that have
    puzzles), and the date's hash picks the puzzle. Same date, same puzzle, on every machine."""
    games = sorted(game for game, puzzles in puzzles_by_game.items() if puzzles)
    if not games:
        return None
    game = games[day.toordinal() % len(games)]
    puzzles = puzzles_by_game[game]
    digest = hashlib.sha256(day.isoformat().encode("ascii")).digest()
    return game, puzzles[int.from_bytes(digest[:8], "big") % len(puzzles)]


def rating_of(puzzle: Puzzle) -> float:
    return float(puzzle.get("rating", 25.0))


@dataclass
class StreakRun:
    """Puzzles of rising rating, one after another, until the first miss."""

    ladder: list[Puzzle]
    solved: int = 0
    over: bool = False
    last_rating: float = field(default=float("-inf"))

    @classmethod
    def over_puzzles(cls, puzzles: Iterable[Puzzle]) -> "StreakRun":
        return cls(sorted(puzzles, key=lambda p: (rating_of(p), str(p["id"]))))

    def next_puzzle(self) -> Puzzle | None:
        """The easiest puzzle rated above the last one played; None when the run is over or
        the ladder is climbed to the top."""
        if self.over:
            return None
        return next((p for p in self.ladder if rating_of(p) > self.last_rating), None)

    def finish(self, puzzle: Puzzle, success: bool) -> None:
        """Record the attempt at ``puzzle``: a success climbs on, a miss ends the run."""
        self.last_rating = rating_of(puzzle)
        if success:
            self.solved += 1
        else:
            self.over = True
        if self.next_puzzle() is None:
            self.over = True
