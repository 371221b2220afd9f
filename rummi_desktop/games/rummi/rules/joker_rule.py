"""Jokers already on the table: they leave their place only by substitution (rules/rummi.md).

A seat may take a joker off the table only by putting the exact tile it stands for in its
place (from the rack or from another meld); the freed joker must then be used on the table.
The end-of-turn check sees faces, not the moves that led to them, so the rule is checked on
what it leaves behind. Each joker on the table at turn start stands for a tile (its role; in
a group, any missing colour will do). At turn end each such joker must be either

- *kept*: some joker on the new table still stands for a tile of its role, or
- *freed*: a real tile of its role lies on the new table (the tile put in its place; it may
  have moved on since, as free rearrangement allows).

A kept joker is matched to a joker of its own on the new table, under one reading of each new
meld: two jokers in one meld stand for tiles of the same reading (`J J R11` is R9 R10 R11 or a
group of 11s, so it cannot keep one joker as R9 and another as Y11). A freed joker needs only a
real tile of its role on the new table: mid-turn the table may be invalid, so one real tile may
take the place of one joker and then of another. Given that the new table is valid and that
free rearrangement is allowed, the condition is also sufficient: put the tile in the joker's
place, then rearrange into the new table. Jokers played from the rack this turn are free.
Pure module (no pygame, no I/O).
"""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Sequence

from rummi_desktop.games.rummi.rules.melds import readings
from rummi_desktop.tiles import Tile, format_tiles

Roles = frozenset[Tile]


def joker_roles(melds: Sequence[Sequence[Tile]]) -> list[Roles]:
    """For every joker on ``melds``, the tiles it may stand for (over every valid reading)."""
    roles: list[Roles] = []
    for meld in melds:
        found = readings(meld)
        for index, tile in enumerate(meld):
            if tile.is_joker:
                roles.append(frozenset().union(*(reading.stands_for[index] for reading in found)))
    return roles


def joint_joker_roles(melds: Sequence[Sequence[Tile]]) -> list[list[tuple[int, Roles]]]:
    """Every way to read the jokers on ``melds`` at once: one valid reading per meld, giving
    each joker (in table order) its meld's number and the tiles it may stand for there."""
    per_meld: list[list[list[tuple[int, Roles]]]] = []
    for number, meld in enumerate(melds):
        jokers = [index for index, tile in enumerate(meld) if tile.is_joker]
        if jokers:
            per_meld.append([[(number, reading.stands_for[index]) for index in jokers] for reading in readings(meld)])
    return [[joker for meld_jokers in choice for joker in meld_jokers] for choice in product(*per_meld)]


def stranded_joker_error(before: Sequence[Sequence[Tile]], after: Sequence[Sequence[Tile]]) -> str:
    """Why a joker from the table moved without its tile taking its place ("" if none did).

    ``after`` must be a table of valid melds (the caller checks that first)."""
    start = joker_roles(before)
    if not start:
        return ""
    real = Counter(tile for meld in after for tile in meld if not tile.is_joker)
    if any(_accounted_for(start, final, real) for final in joint_joker_roles(after)):
        return ""
    missing = sorted(set().union(*start))
    return (f"a joker taken from the table must be replaced by the tile it stands for "
            f"({' or '.join(format_tiles([tile]) for tile in missing)}) before it is used elsewhere")


def _accounted_for(start: list[Roles], final: list[tuple[int, Roles]], real: Counter[Tile]) -> bool:
    """Under one reading of the new table (``final``: each joker's meld and roles there), is
    there a way to call each starting joker kept (matched to a distinct final joker of its
    role) or freed (a real tile of its role is on the table)? At most four jokers (the "4
    jokers" house rule), so trying every assignment is cheap (6**4 at the very most)."""
    keep_choices = range(-1, len(final))  # -1: freed; otherwise the final joker it became
    for kept_as in product(keep_choices, repeat=len(start)):
        chosen = [k for k in kept_as if k >= 0]
        if len(chosen) != len(set(chosen)):
            continue
        if any(k >= 0 and not start[j] & final[k][1] for j, k in enumerate(kept_as)):
            continue
        if not _distinct_tiles_in_one_meld(start, final, kept_as):
            continue
        freed = [start[j] for j, k in enumerate(kept_as) if k < 0]
        if all(any(real[tile] for tile in roles) for roles in freed):
            return True
    return False


def _distinct_tiles_in_one_meld(start: list[Roles], final: list[tuple[int, Roles]], kept_as: tuple[int, ...]) -> bool:
    """Two jokers kept in one meld stand for two different tiles of it (a group's two missing
    colours, a run's two places): some choice of a tile each, of both roles, differs."""
    kept = [(start[j] & final[k][1], final[k][0]) for j, k in enumerate(kept_as) if k >= 0]
    for first in range(len(kept)):
        for second in range(first + 1, len(kept)):
            (roles_a, meld_a), (roles_b, meld_b) = kept[first], kept[second]
            if meld_a == meld_b and len(roles_a | roles_b) < 2:
                return False
    return True
