"""A profile's statistics and the local leaderboards, added up from finished-game records.

Every number here is computed from the records (``storage.game_records``), so statistics can
never disagree with the games they describe. Measures add up by their declared kind — the
highest ("best"), a total ("sum"), or an average over games ("mean") — so no game is named
here. Pure: no pygame, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from rummi_desktop.games.base import StatMeasure
from rummi_desktop.games.seats import HUMAN
from rummi_desktop.storage.record_digest import REVIEW_ACCURACY

LEADERBOARD_SIZE = 10
PERSON = "person"  # an opponent who is a person (a computer opponent is named by its tier)


@dataclass
class Tally:
    games: int = 0
    wins: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass
class ProfileGameStats:
    """One profile's totals in one game."""

    games: int = 0
    wins: int = 0
    best_score: int | None = None
    score_total: int = 0
    measures: dict[str, float] = field(default_factory=dict)
    score_history: list[tuple[str, int]] = field(default_factory=list)  # (finished_at, score), oldest first
    by_opponent: dict[str, Tally] = field(default_factory=dict)  # opponent kind -> games and wins against it
    accuracy_history: list[tuple[str, float]] = field(default_factory=list)  # reviewed games: (finished_at, 0–1)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average_score(self) -> float:
        return self.score_total / self.games if self.games else 0.0


def _seats_of(record: dict[str, Any], profile_id: str) -> list[int]:
    return [index for index, seat in enumerate(record["seats"]) if seat["profile"] == profile_id]


def _opponent_kinds(record: dict[str, Any], seat: int) -> set[str]:
    return {PERSON if other["kind"] == HUMAN else other["kind"]
            for index, other in enumerate(record["seats"]) if index != seat}


def _add_measures(totals: dict[str, float], counts: dict[str, int], stats: dict[str, float],
                  measures: Sequence[StatMeasure]) -> None:
    for measure in measures:
        if measure.name not in stats:
            continue
        value = stats[measure.name]
        if measure.kind == "best":
            totals[measure.name] = max(totals.get(measure.name, value), value)
        else:
            totals[measure.name] = totals.get(measure.name, 0) + value
            counts[measure.name] = counts.get(measure.name, 0) + 1


def is_solo(record: dict[str, Any]) -> bool:
    """A game played alone (Tumblewords' solo score attack): nobody won or lost it."""
    return len(record["seats"]) == 1


def profile_game_stats(records: Iterable[dict[str, Any]], profile_id: str, game: str,
                       measures: Sequence[StatMeasure]) -> ProfileGameStats:
    """The profile's statistics over its finished ``game`` records (oldest first). Solo games
    are left out: with nobody to beat they are neither won nor lost, and counted as games they
    would pull every win rate down (their scores have their own best: :func:`best_solo_score`)."""
    totals = ProfileGameStats()
    sums: dict[str, float] = {}
    counts: dict[str, int] = {}
    for record in records:
        if record["game"] != game or is_solo(record):
            continue
        for index in _seats_of(record, profile_id):
            seat = record["seats"][index]
            totals.games += 1
            totals.wins += seat["won"]
            totals.score_total += seat["score"]
            totals.best_score = seat["score"] if totals.best_score is None else max(totals.best_score, seat["score"])
            totals.score_history.append((record["finished_at"], seat["score"]))
            _add_measures(sums, counts, seat.get("stats", {}), measures)
            if REVIEW_ACCURACY in seat.get("stats", {}):  # a game reviewed after it ended
                totals.accuracy_history.append((record["finished_at"], seat["stats"][REVIEW_ACCURACY]))
            for kind in _opponent_kinds(record, index):
                tally = totals.by_opponent.setdefault(kind, Tally())
                tally.games += 1
                tally.wins += seat["won"]
    kinds = {measure.name: measure.kind for measure in measures}
    totals.measures = {name: (value / counts[name] if kinds[name] == "mean" else value)
                       for name, value in sums.items()}
    return totals


def best_solo_score(records: Iterable[dict[str, Any]], profile_id: str, game: str, mode: str,
                    excluding: str = "") -> int | None:
    """The profile's best score in solo ``game`` records of ``mode`` (the same settings), the
    record ``excluding`` (the game just recorded) left out; None when there is none."""
    scores = [record["seats"][0]["score"] for record in records
              if record["game"] == game and is_solo(record) and record["mode"] == mode
              and record["id"] != excluding and record["seats"][0]["profile"] == profile_id]
    return max(scores, default=None)


@dataclass(frozen=True)
class LeaderboardEntry:
    name: str
    profile: str
    score: int
    finished_at: str
    record_id: str


def leaderboards(records: Iterable[dict[str, Any]], game: str,
                 size: int = LEADERBOARD_SIZE) -> dict[str, list[LeaderboardEntry]]:
    """The top scores of people in ``game``, one table per mode: highest score first, and of
    equal scores the one made first (it was there first)."""
    tables: dict[str, list[LeaderboardEntry]] = {}
    for record in records:
        if record["game"] != game:
            continue
        for seat in record["seats"]:
            if seat["kind"] == HUMAN:
                tables.setdefault(record["mode"], []).append(LeaderboardEntry(
                    seat["name"], seat["profile"], seat["score"], record["finished_at"], record["id"]))
    return {mode: sorted(entries, key=lambda entry: (-entry.score, entry.finished_at, entry.record_id))[:size]
            for mode, entries in sorted(tables.items())}


def records_of(records: Iterable[dict[str, Any]], profile_id: str) -> list[dict[str, Any]]:
    """The records in which this profile sat at a seat."""
    return [record for record in records if _seats_of(record, profile_id)]
