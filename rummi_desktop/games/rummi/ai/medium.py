"""Rack-only melds and simple table additions: the building blocks of the Easy and Medium seats.

``rack_melds`` is exact for melds made purely from the rack (the same search as the full
solver, on an empty table). ``add_to_table`` is a greedy pass that lays single rack tiles
onto table melds: at either end of a run, as the missing colour of a group, or by splitting a
run in two at a copy of an inner tile (R3–R8 + R6 → R3–R6 / R6–R8). No full rearrangement.
Pure module: no pygame, no I/O.
"""

from __future__ import annotations

import threading

from rummi_desktop.games.rummi.ai.dp import INITIAL_MELD_POINTS, PlacementSearch
from rummi_desktop.games.rummi.ai.layout import best_melds
from rummi_desktop.games.rummi.ai.table import count_grid, is_group, is_valid_meld, run_start
from rummi_desktop.tiles import Tile


def rack_melds(
    rack: list[Tile],
    opening: bool,
    deadline: float | None = None,
    cancel: threading.Event | None = None,
    opening_needed: int = INITIAL_MELD_POINTS,
) -> list[list[Tile]]:
    """The best melds from the rack alone (most tiles, then value); worth at least
    ``opening_needed`` (30 unless the table's house rules say otherwise) if ``opening``."""
    empty, _ = count_grid(())
    grid, jokers = count_grid(rack)
    _, melds = best_melds(lambda track_room: PlacementSearch(
        empty, grid, 0, jokers, initial=opening, deadline=deadline, cancel=cancel,
        track_room=track_room, opening_needed=opening_needed))  # fmt: skip
    return melds or []


def without(rack: list[Tile], used: list[list[Tile]]) -> list[Tile]:
    left = list(rack)
    for meld in used:
        for tile in meld:
            left.remove(tile)
    return left


def add_to_table(table: list[list[Tile]], rack: list[Tile]) -> tuple[list[list[Tile]], list[Tile]]:
    """Lay rack tiles onto the melds one at a time while any fits (highest tiles first)."""
    table = [list(meld) for meld in table]
    rack = sorted(rack, key=lambda tile: -tile.penalty)
    placed_something = True
    while placed_something:
        placed_something = False
        for tile in [t for t in rack if not t.is_joker]:
            if _lay_tile(table, tile):
                rack.remove(tile)
                placed_something = True
    return table, rack


def _lay_tile(table: list[list[Tile]], tile: Tile) -> bool:
    for index, meld in enumerate(table):
        for candidate in _extensions(meld, tile):
            if all(is_valid_meld(part) for part in candidate):
                table[index: index + 1] = candidate
                return True
    return False


def _extensions(meld: list[Tile], tile: Tile) -> list[list[list[Tile]]]:
    """Ways to put ``tile`` into ``meld``: each a list of the resulting melds."""
    if is_group(meld):
        return [[meld + [tile]]]
    start = run_start(meld)
    if start is None or any(t.colour != tile.colour for t in meld if not t.is_joker):
        return []
    end = start + len(meld) - 1
    ways = []
    if tile.number == end + 1:
        ways.append([meld + [tile]])
    if tile.number == start - 1:
        ways.append([[tile] + meld])
    if start < tile.number <= end:
        cut = tile.number - start  # the split: meld[:cut+1] ends at tile.number, tile starts the rest
        ways.append([meld[: cut + 1], [tile] + meld[cut + 1:]])
    return ways
