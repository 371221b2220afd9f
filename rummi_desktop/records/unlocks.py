"""Unlockables and their milestones: pure rules, no pygame, no I/O.

Given what a profile has done — its finished-game records (the seats' stats the games
measured) and its solved puzzles — :func:`unlock_progress` says, for every unlockable, how far
the profile is towards it ("7/10 wins") and whether it is earned. The unlock state on disk only
remembers *when* each was first earned and what the player chose; the rules are always these.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

from rummi_desktop.games import GAMES
from rummi_desktop.games.base import GameSpec, Milestone

FELT, TILE_BACK = "felt", "tile_back"


@dataclass(frozen=True)
class ProfileFacts:
    """What the milestones read of one profile, added up from its records."""

    games: int = 0
    wins: int = 0
    sums: Mapping[str, float] = None  # type: ignore[assignment]  # "game.measure" -> total over games
    bests: Mapping[str, float] = None  # type: ignore[assignment]  # "game.measure" -> best of one game
    hard_packs: Mapping[str, float] = None  # type: ignore[assignment]  # game -> part of its hard pack solved

    def total(self, name: str) -> float:
        return (self.sums or {}).get(name, 0)

    def best(self, name: str) -> float:
        return (self.bests or {}).get(name, 0)

    def hard_packs_finished(self) -> int:
        return sum(1 for part in (self.hard_packs or {}).values() if part >= 1.0)


@dataclass(frozen=True)
class Unlockable:
    key: str
    kind: str  # FELT (a theme's name is its key) or TILE_BACK
    title: str
    milestone: str  # what earns it, in words
    goal: int
    unit: str  # "wins": shown as "7/10 wins"
    measure: Callable[[ProfileFacts], float]


# The house's own unlockables, in their order in Players › Collection; each game's milestones
# (GameSpec.milestones) take their places among them.
HOUSE_UNLOCKABLES: tuple[Unlockable, ...] = (
    Unlockable("midnight", FELT, "Midnight felt", "Win a game", 1, "wins", lambda f: f.wins),
    Unlockable("velvet", FELT, "Royal velvet felt", "Win 10 games", 10, "wins", lambda f: f.wins),
    Unlockable("gilded", TILE_BACK, "Gilded tile back", "Finish a hard puzzle pack in the trainer", 1,
               "hard packs", lambda f: f.hard_packs_finished()),
    Unlockable("argyle", TILE_BACK, "Argyle tile back", "Finish 25 games", 25, "games", lambda f: f.games),
)


def game_unlockable(game: str, milestone: Milestone) -> Unlockable:
    """A game's milestone as an unlockable: it reads the game's measure, totalled or at its best."""
    if milestone.kind not in (FELT, TILE_BACK):
        raise ValueError(f"{game} milestone {milestone.key}: kind {milestone.kind!r} is not {FELT} or {TILE_BACK}")
    name = f"{game}.{milestone.measure}"
    measure = (lambda f: f.total(name)) if milestone.reads == "sum" else (lambda f: f.best(name))
    return Unlockable(milestone.key, milestone.kind, milestone.title, milestone.milestone, milestone.goal,
                      milestone.unit, measure)


def all_unlockables(games: Iterable[GameSpec]) -> tuple[Unlockable, ...]:
    """The house's unlockables with every game's milestones put in their places."""
    placed = sorted(((milestone.place, game_unlockable(spec.key, milestone))
                     for spec in games for milestone in spec.milestones), key=lambda pair: pair[0])
    ordered = list(HOUSE_UNLOCKABLES)
    for place, unlock in placed:  # in rising place: each insert leaves the earlier places be
        ordered.insert(place, unlock)
    return tuple(ordered)


UNLOCKABLES: tuple[Unlockable, ...] = all_unlockables(GAMES.values())
BY_KEY = {unlock.key: unlock for unlock in UNLOCKABLES}


@dataclass(frozen=True)
class Progress:
    unlock: Unlockable
    done: float

    @property
    def earned(self) -> bool:
        return self.done >= self.unlock.goal

    @property
    def fraction(self) -> float:
        return min(1.0, self.done / self.unlock.goal)

    def text(self) -> str:
        return f"{int(min(self.done, self.unlock.goal))}/{self.unlock.goal} {self.unlock.unit}"


def profile_facts(records: Iterable[Mapping[str, Any]], profile_id: str,
                  hard_packs: Mapping[str, float] | None = None) -> ProfileFacts:
    """The profile's facts from its records (a seat credited to it) and its solved puzzles."""
    games = wins = 0
    sums: dict[str, float] = {}
    bests: dict[str, float] = {}
    for record in records:
        for seat in record.get("seats", []):
            if seat.get("profile") != profile_id:
                continue
            games += 1
            wins += bool(seat.get("won"))
            for name, value in seat.get("stats", {}).items():
                key = f"{record.get('game')}.{name}"
                sums[key] = sums.get(key, 0) + value
                bests[key] = max(bests.get(key, value), value)
    return ProfileFacts(games, wins, sums, bests, dict(hard_packs or {}))


def unlock_progress(facts: ProfileFacts) -> list[Progress]:
    return [Progress(unlock, float(unlock.measure(facts))) for unlock in UNLOCKABLES]


def earned_keys(facts: ProfileFacts) -> set[str]:
    return {progress.unlock.key for progress in unlock_progress(facts) if progress.earned}
