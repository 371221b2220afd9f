"""Is a proposed table a legal play? One check shared by End Turn, the computer seats,
``simulate`` and ``analyze`` check mode, so they agree by construction.

The check compares the table at turn start and the rack with the proposed table, all as
:class:`Tile` faces (two copies of a tile are interchangeable, so faces are enough):
no table tile lost (tiles never go back to a rack), no tile invented, every meld valid, at
least one rack tile laid down, a joker from the table moved only once the tile it stands for
took its place (``joker_rule``), and before the initial meld: the old melds untouched and the
new melds, made only from the rack, worth at least 30.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from rummi_desktop.games.rummi.rules.joker_rule import stranded_joker_error
from rummi_desktop.games.rummi.rules.melds import GROUP, check_meld, readings
from rummi_desktop.tiles import Tile, format_tiles

OPENING_POINTS = 30

NOTHING_LAID = "no tile from your rack was laid down: play at least one, or draw"


@dataclass(frozen=True, slots=True)
class MeldProblem:
    """One invalid meld on the proposed table: its index, tiles and why it is wrong."""

    index: int
    tiles: tuple[Tile, ...]
    reason: str

    def sentence(self) -> str:
        return f"meld {self.index + 1} ({format_tiles(self.tiles)}) is not valid: {self.reason}"


@dataclass(frozen=True, slots=True)
class PlayCheck:
    """The verdict. ``placed``/``value``: rack tiles laid down and what they would have cost on
    the rack (joker 30). ``opening_points``: value of the new rack-only melds (30-point rule)."""

    legal: bool
    placed: int
    value: int
    error: str = ""
    problems: tuple[MeldProblem, ...] = ()
    opening_points: int = 0


def _as_key(meld: Sequence[Tile]) -> tuple[Tile, ...]:
    """A meld's identity for "untouched": a group is the same group in any order; anything
    else (runs, where order fixes what a joker is) must be exactly as it was."""
    found = readings(meld)
    if found and all(reading.kind == GROUP for reading in found):
        return tuple(sorted(meld))
    return tuple(meld)


def meld_problems(table: Sequence[Sequence[Tile]]) -> tuple[MeldProblem, ...]:
    problems = []
    for index, meld in enumerate(table):
        verdict = check_meld(meld)
        if not verdict.valid:
            problems.append(MeldProblem(index, tuple(meld), verdict.reason))
    return tuple(problems)


def new_melds(before: Sequence[Sequence[Tile]], after: Sequence[Sequence[Tile]]) -> list[list[Tile]] | None:
    """The melds of ``after`` that are not untouched melds of ``before``; None if a meld of
    ``before`` is no longer on the table as it was."""
    untouched = Counter(_as_key(meld) for meld in before)
    fresh = []
    for meld in after:
        key = _as_key(meld)
        if untouched[key] > 0:
            untouched[key] -= 1
        else:
            fresh.append(list(meld))
    return None if +untouched else fresh


def opening_points(before: Sequence[Sequence[Tile]], after: Sequence[Sequence[Tile]]) -> int:
    """Points laid down toward the initial meld: the value of the valid new melds."""
    fresh = new_melds(before, after) or []
    return sum(verdict.value for verdict in map(check_meld, fresh) if verdict.valid)


def _tile_counts(melds: Sequence[Sequence[Tile]]) -> Counter[Tile]:
    return Counter(tile for meld in melds for tile in meld)


def _conservation_error(table_before: Counter[Tile], rack: Counter[Tile], table_after: Counter[Tile]) -> str:
    lost = table_before - table_after
    if lost:
        return (f"{format_tiles(sorted(lost.elements()))} left the table: "
                "tiles on the table never go back to a rack")
    invented = (table_after - table_before) - rack
    if invented:
        return f"{format_tiles(sorted(invented.elements()))}: not on your rack (tiles cannot be invented)"
    return ""


def check_play(before: Sequence[Sequence[Tile]], rack: Sequence[Tile],
               after: Sequence[Sequence[Tile]], initial: bool,
               opening_needed: int = OPENING_POINTS) -> PlayCheck:
    """Check that ``after`` is a legal play from table ``before`` with ``rack``."""
    # Tile hashing dominates this check's cost, so each pile is counted once.
    table_before, table_after = _tile_counts(before), _tile_counts(after)
    placed_tiles = list((table_after - table_before).elements())
    placed, value = len(placed_tiles), sum(tile.penalty for tile in placed_tiles)
    error = _conservation_error(table_before, Counter(rack), table_after)
    if error:
        return PlayCheck(False, placed, value, error)
    problems = meld_problems(after)
    if problems:
        return PlayCheck(False, placed, value, problems[0].sentence(), problems)
    if placed == 0:
        return PlayCheck(False, 0, 0, NOTHING_LAID)
    error = stranded_joker_error(before, after)
    if error:
        return PlayCheck(False, placed, value, error)
    if not initial:
        return PlayCheck(True, placed, value)
    return _check_opening(before, after, placed, value, opening_needed)


def _check_opening(before: Sequence[Sequence[Tile]], after: Sequence[Sequence[Tile]],
                   placed: int, value: int, opening_needed: int) -> PlayCheck:
    fresh = new_melds(before, after)
    if fresh is None:
        return PlayCheck(False, placed, value,
                         "before your initial meld you may not touch the melds on the table: "
                         "lay down new melds from your own rack")
    points = sum(check_meld(meld).value for meld in fresh)
    if points < opening_needed:
        return PlayCheck(False, placed, value,
                         f"your initial meld is worth {points} points; it needs at least {opening_needed}",
                         opening_points=points)
    return PlayCheck(True, placed, value, opening_points=points)
