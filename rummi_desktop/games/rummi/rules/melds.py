"""Rummi melds: is a row of tiles a valid group or run, what is it worth, and if not, why not.

A meld is a sequence of :class:`~rummi_desktop.tiles.Tile` in table order. Order matters for a
run (rules/rummi.md: runs are laid in ascending order and a joker's number is fixed by its
position); it does not matter for a group. A meld with jokers may have several readings
(``J J R5`` is the run R3 R4 R5 and the group of 5s): it is valid if any reading is, and worth
its highest reading.

Public API: :func:`readings`, :func:`is_valid_meld`, :func:`meld_value`, :func:`invalid_reason`,
:func:`check_meld` / :class:`MeldCheck`, :class:`MeldReading`, :func:`ascending_order`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from rummi_desktop.tiles import COLOUR_NAMES, COLOURS, HIGHEST, LOWEST, Tile

MIN_MELD = 3
MAX_GROUP = len(COLOURS)
GROUP = "group"
RUN = "run"

COUNT_WORDS = {2: "two", 3: "three", 4: "four"}


@dataclass(frozen=True, slots=True)
class MeldReading:
    """One way to read a valid meld: a group of ``number`` or a run of ``colour`` from ``start``.

    ``stands_for[i]`` lists the tiles tile ``i`` may stand for: the tile itself for a numbered
    tile; for a joker, the one tile its run position fixes, or every missing colour of a group.
    """

    kind: str
    value: int
    tiles: tuple[Tile, ...]
    colour: str = ""
    start: int = 0

    @property
    def stands_for(self) -> tuple[frozenset[Tile], ...]:
        # Built on demand: validation runs far more often than anyone asks what a joker is.
        if self.kind == RUN:
            return tuple(frozenset({Tile(self.colour, self.start + i)}) for i in range(len(self.tiles)))
        present = {tile.colour for tile in self.tiles if not tile.is_joker}
        number = self.value // len(self.tiles)
        missing = frozenset(Tile(c, number) for c in COLOURS if c not in present)
        return tuple(missing if tile.is_joker else frozenset({tile}) for tile in self.tiles)

    def joker_can_be(self, index: int, tile: Tile) -> bool:
        return tile in self.stands_for[index]


@dataclass(frozen=True, slots=True)
class MeldCheck:
    """The verdict on one meld: valid with its best value, or invalid with a plain reason."""

    valid: bool
    value: int
    reason: str
    readings: tuple[MeldReading, ...]


def readings(tiles: Sequence[Tile]) -> list[MeldReading]:
    """Every valid reading of ``tiles`` (empty when the meld is invalid)."""
    return list(_cached_readings(tuple(tiles)))


@lru_cache(maxsize=1 << 16)
def _cached_readings(tiles: tuple[Tile, ...]) -> tuple[MeldReading, ...]:
    # Cached because End Turn, the computer seats and simulate re-check the same melds all
    # the time; readings are immutable values, so sharing them is safe.
    return tuple(reading for reading in (_group_reading(tiles), _run_reading(tiles)) if reading)


def is_valid_meld(tiles: Sequence[Tile]) -> bool:
    return bool(_cached_readings(tuple(tiles)))


def meld_value(tiles: Sequence[Tile]) -> int:
    """The highest value among the meld's readings (jokers count as what they stand for)."""
    found = readings(tiles)
    if not found:
        raise ValueError(invalid_reason(tiles) or "not a valid meld")
    return max(reading.value for reading in found)


def check_meld(tiles: Sequence[Tile]) -> MeldCheck:
    found = _cached_readings(tuple(tiles))
    if found:
        return MeldCheck(True, max(r.value for r in found), "", found)
    return MeldCheck(False, 0, invalid_reason(tiles) or "not a valid meld", ())


def _group_reading(tiles: Sequence[Tile]) -> MeldReading | None:
    numbered = [tile for tile in tiles if not tile.is_joker]
    if not MIN_MELD <= len(tiles) <= MAX_GROUP or not numbered:
        return None
    number = numbered[0].number
    colours = [tile.colour for tile in numbered]
    if any(tile.number != number for tile in numbered) or len(set(colours)) != len(colours):
        return None
    return MeldReading(GROUP, number * len(tiles), tuple(tiles))


def _run_start(tiles: Sequence[Tile]) -> int | None:
    """The number the first tile stands for, if every numbered tile agrees on it."""
    starts = {tile.number - index for index, tile in enumerate(tiles) if not tile.is_joker}
    return starts.pop() if len(starts) == 1 else None


def _run_reading(tiles: Sequence[Tile]) -> MeldReading | None:
    numbered = [tile for tile in tiles if not tile.is_joker]
    if len(tiles) < MIN_MELD or not numbered:
        return None
    colour = numbered[0].colour
    start = _run_start(tiles)
    if any(tile.colour != colour for tile in numbered) or start is None:
        return None
    end = start + len(tiles) - 1
    if start < LOWEST or end > HIGHEST:
        return None
    return MeldReading(RUN, (start + end) * len(tiles) // 2, tuple(tiles), colour, start)


def invalid_reason(tiles: Sequence[Tile]) -> str | None:
    """A sentence saying why ``tiles`` is not a meld, or None when it is one."""
    if readings(tiles):
        return None
    if len(tiles) < MIN_MELD:
        return f"a meld needs at least {MIN_MELD} tiles (this one has {len(tiles)})"
    numbered = [tile for tile in tiles if not tile.is_joker]
    if not numbered:
        return "a meld needs at least one numbered tile"
    if len({tile.number for tile in numbered}) == 1 and len(numbered) > 1:
        return _group_reason(tiles, numbered)
    if len({tile.colour for tile in numbered}) == 1:
        return _run_reason(tiles)
    if len(numbered) == 1:
        return _run_reason(tiles)
    return (
        "mixes colours and numbers: a group is one number in different colours, "
        "a run is one colour in consecutive numbers"
    )


def _group_reason(tiles: Sequence[Tile], numbered: list[Tile]) -> str:
    for colour in COLOURS:
        same = [tile for tile in numbered if tile.colour == colour]
        if len(same) > 1:
            count = COUNT_WORDS.get(len(same), str(len(same)))
            return f"{count} {COLOUR_NAMES[colour]} {same[0].number}s in one group"
    return f"a group has at most {MAX_GROUP} tiles, one of each colour (this one has {len(tiles)})"


def _run_reason(tiles: Sequence[Tile]) -> str:
    """Why tiles of one colour (plus jokers) are not a run."""
    numbered = [(index, tile) for index, tile in enumerate(tiles) if not tile.is_joker]
    for (i, a), (j, b) in zip(numbered, numbered[1:]):
        reason = _pair_reason(tiles, i, a, j, b)
        if reason:
            return reason
    start = _run_start(tiles)
    if start is None:  # unreachable with one colour; kept so the function is total
        return "these tiles do not form a run"
    if start < LOWEST:
        return "a run cannot go below 1: nothing comes before 1"
    if len(tiles) > HIGHEST - LOWEST + 1:
        return f"a run has at most {HIGHEST} tiles"
    return "a run cannot go past 13: 1 is only ever the lowest, so a run cannot go from 13 to 1"


def _pair_reason(tiles: Sequence[Tile], i: int, a: Tile, j: int, b: Tile) -> str | None:
    """Why two numbered tiles at positions i < j cannot sit in one run, if they cannot."""
    if b.number - a.number == j - i:
        return None
    if a.number == HIGHEST and b.number == LOWEST:
        return "a run cannot go from 13 to 1 (1 is only ever the lowest)"
    if b.number == a.number:
        return f"two {COLOUR_NAMES[a.colour]} {a.number}s in one run"
    if b.number < a.number:
        return f"a run is laid in ascending order: {b} cannot come after {a}"
    between = b.number - a.number - 1
    slots = j - i - 1
    if between > slots:
        return f"a gap in the run: {a} and {b} need {between} tile(s) between them, not {slots}"
    return f"too many tiles between {a} and {b} for a run ({slots} where {between} fit)"


def ascending_order(tiles: Sequence[Tile]) -> list[Tile] | None:
    """The numbered tiles of a one-colour run sorted, jokers filling gaps then the top end.

    A convenience for arranging a dropped meld (the GUI, the solver's output); returns None if
    no such arrangement is a valid run. Groups need no order, so they are returned unchanged.
    """
    if _group_reading(tiles):
        return list(tiles)
    numbered = sorted(tile for tile in tiles if not tile.is_joker)
    jokers = [tile for tile in tiles if tile.is_joker]
    arranged: list[Tile] = []
    for tile in numbered:
        while arranged and jokers and _last_number(arranged) + 1 < tile.number:
            arranged.append(jokers.pop())
        arranged.append(tile)
    arranged.extend(jokers)
    if not _run_reading(arranged):
        arranged = _shift_jokers_to_front(arranged)
    return arranged if _run_reading(arranged) else None


def _last_number(arranged: list[Tile]) -> int:
    start = _run_start(arranged)
    return (start or 0) + len(arranged) - 1


def _shift_jokers_to_front(arranged: list[Tile]) -> list[Tile]:
    """Trailing jokers that run past 13 go below the lowest tile instead."""
    trailing = 0
    while trailing < len(arranged) and arranged[-1 - trailing].is_joker:
        trailing += 1
    if trailing == 0:
        return arranged
    return arranged[len(arranged) - trailing:] + arranged[: len(arranged) - trailing]
