"""Rummi's own statistics of a finished round, per seat (the ``stats`` entry point).

The round is replayed from its seed (or hand-made setup) and its log, and every committed turn
is measured against the table it started from (``turn_change``): the tiles laid, the melds
played (new melds that hold a tile laid this turn: a meld only rearranged from table tiles is
not played, so a seat never plays more melds than it lays tiles), the jokers laid from the
rack or freed from the table, and the rearrangement (table tiles parted from a tile they
shared a meld with: extending a meld rearranges nothing). Jokers kept are those still on the
seat's rack at the end.
Pure module (no pygame, no I/O).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from rummi_desktop.games.base import GameStats, StatMeasure
from rummi_desktop.games.rummi.rules.pieces import face
from rummi_desktop.games.rummi.rules.state import RummiState

MEASURES = (
    StatMeasure("tiles_per_turn", "Tiles placed per turn", "mean"),
    StatMeasure("tiles_placed", "Tiles placed", "sum"),
    StatMeasure("melds_played", "Melds played", "sum"),
    StatMeasure("jokers_played", "Jokers laid", "sum"),
    StatMeasure("jokers_freed", "Jokers freed", "sum"),
    StatMeasure("jokers_kept", "Jokers kept on the rack", "sum"),
    StatMeasure("longest_rearrangement", "Longest rearrangement (tiles)", "best"),
)


@dataclass
class _Tally:
    turns: int = 0
    tiles: int = 0
    melds: int = 0
    jokers_played: int = 0
    jokers_freed: int = 0
    longest: int = 0
    seen: set = field(default_factory=set)


@dataclass(frozen=True)
class TurnChange:
    """What one committed turn did to the table (tile ids)."""

    placed: tuple[int, ...]  # laid from the rack
    melds: tuple[tuple[int, ...], ...]  # the melds played: new, and holding a tile laid
    moved: tuple[int, ...]  # table tiles parted from a tile they shared a meld with


def turn_change(before: Sequence[Sequence[int]], after: Sequence[Sequence[int]]) -> TurnChange:
    """The turn that took the table from ``before`` to ``after``."""
    before = [tuple(meld) for meld in before]
    after = [tuple(meld) for meld in after]
    old_melds = {frozenset(meld) for meld in before}
    old_tiles = {tile for meld in before for tile in meld}
    placed = tuple(tile for meld in after for tile in meld if tile not in old_tiles)
    laid = set(placed)
    melds = tuple(meld for meld in after if frozenset(meld) not in old_melds and laid.intersection(meld))
    return TurnChange(placed, melds, tuple(moved_tiles(before, after)))


def moved_tiles(before: Sequence[Sequence[int]], after: Sequence[Sequence[int]]) -> list[int]:
    """Table tiles parted from a tile they shared a meld with. A meld only added to (or joined
    whole to another) keeps its tiles together, so extending a run moves nothing; a joker
    taken out of its meld to be laid elsewhere is freed."""
    old_meld_of = {tile: frozenset(meld) for meld in before for tile in meld}
    moved = []
    for meld in after:
        now = frozenset(meld)
        moved.extend(tile for tile in meld if tile in old_meld_of and not old_meld_of[tile] <= now)
    return moved


def _measure_turn(tally: _Tally, before: list[tuple[int, ...]], after: list[tuple[int, ...]]) -> None:
    change = turn_change(before, after)
    tally.tiles += len(change.placed)
    tally.melds += len(change.melds)
    tally.jokers_played += sum(1 for tile in change.placed if face(tile).is_joker)
    tally.jokers_freed += sum(1 for tile in change.moved if face(tile).is_joker)
    tally.longest = max(tally.longest, len(change.moved))


def _tallies(state: RummiState) -> list[_Tally]:
    """Each seat's measures over the round's committed turns."""
    tallies = [_Tally() for _ in range(state.seats)]
    replay = RummiState(state.params, state.setup)
    before = [tuple(meld) for meld in replay.table]
    for action in state.log:
        seat = replay.current
        result = replay.perform(action)
        if result is None or not result.ok:
            continue
        tallies[seat].turns += 1
        after = [tuple(meld) for meld in replay.table]
        if result.laid_tiles:
            _measure_turn(tallies[seat], before, after)
        before = after
    return tallies


def seat_stats(state: RummiState, seat: int) -> dict[str, float]:
    tally = _tallies(state)[seat]
    return {
        "tiles_per_turn": round(tally.tiles / tally.turns, 3) if tally.turns else 0.0,
        "tiles_placed": tally.tiles,
        "melds_played": tally.melds,
        "jokers_played": tally.jokers_played,
        "jokers_freed": tally.jokers_freed,
        "jokers_kept": sum(1 for tile in state.rack(seat) if face(tile).is_joker),
        "longest_rearrangement": tally.longest,
    }


STATS = GameStats(MEASURES, seat_stats)
