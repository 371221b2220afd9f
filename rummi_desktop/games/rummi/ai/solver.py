"""The exact Rummi solver: the best play for a table and a rack, with full rearrangement.

``solve(table, rack, initial)`` finds the play that places the most rack tiles; among those,
the highest value placed (numbers; a joker 30). Every table tile stays on the table in a valid
meld (so jokers on the table stay there), and a joker from the table takes a new role only
once a tile it stood for is on the table (the joker rule; see
:mod:`rummi_desktop.games.rummi.ai.joker_fates`). ``initial=True`` is the 30-point rule: only new melds
from the rack, worth at least 30 or the house's threshold (jokers count as the tile they stand for), table untouched.

The search itself is :mod:`rummi_desktop.games.rummi.ai.dp`; this module validates the input, turns
the search's decisions into melds, and lays the new table out so that it disturbs the existing
melds as little as it can (see :mod:`rummi_desktop.games.rummi.ai.layout`).

A ``deadline`` (a ``time.perf_counter()`` instant) or a ``cancel`` event stops the search with
:class:`SolveInterrupted`: the solver never returns a guess. Pure module: no pygame, no I/O.
"""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass, field
from typing import Sequence

from rummi_desktop.games.rummi.ai.dp import IMPOSSIBLE, INITIAL_MELD_POINTS, PlacementSearch, SolveInterrupted
from rummi_desktop.games.rummi.ai.joker_fates import best_under_joker_rule, joker_fates
from rummi_desktop.games.rummi.ai.layout import arrange_table, best_melds, search_melds
from rummi_desktop.games.rummi.ai.table import COLOUR_INDEX, InvalidPositionError, check_position, count_grid
from rummi_desktop.games.rummi.rules.joker_rule import stranded_joker_error
from rummi_desktop.tiles import JOKER_PENALTY, Tile

__all__ = ["InvalidPositionError", "Solution", "SolveInterrupted", "lay_out", "solve"]


@dataclass(frozen=True, slots=True)
class Solution:
    """The best play: tiles placed, their value, the table after it and what stays on the rack."""

    placed: int
    value: int
    table: list[list[Tile]] = field(default_factory=list)
    rack: list[Tile] = field(default_factory=list)


def solve(
    table: Sequence[Sequence[Tile]],
    rack: Sequence[Tile],
    initial: bool,
    *,
    deadline: float | None = None,
    cancel: threading.Event | None = None,
    tile_values: list[list[int]] | None = None,
    joker_value: int | None = None,
    tidy: bool = True,
    opening_needed: int = INITIAL_MELD_POINTS,
) -> Solution:
    """The best play (see the module docstring). Raises InvalidPositionError for a bad table.

    ``tile_values[colour index][number]`` / ``joker_value`` replace a rack tile's value as the
    tie-break between plays placing as many tiles (computer seat policies; ``value`` in the
    Solution is still the plain value placed). A negative ``joker_value`` below -1000 keeps
    rack jokers unless they bring down more other tiles. ``tidy=False`` skips laying the new
    table out to disturb the old melds least (for a caller that only weighs the play).
    ``opening_needed``: the points the initial melds must reach (the table's house rule)."""
    table = [list(meld) for meld in table]
    rack = list(rack)
    check_position(table, rack)
    if initial:
        return _solve_initial(table, rack, deadline, cancel, opening_needed)
    table_grid, table_jokers = count_grid(tile for meld in table for tile in meld)
    rack_grid, rack_jokers = count_grid(rack)

    def make_search(table_grid, rack_grid, table_jokers, rack_jokers, track_room) -> PlacementSearch:
        return PlacementSearch(
            table_grid, rack_grid, table_jokers, rack_jokers, deadline=deadline, cancel=cancel,
            track_room=track_room, tile_values=tile_values,
            joker_value=JOKER_PENALTY if joker_value is None else joker_value)  # fmt: skip

    score, final_melds = best_melds(
        lambda track_room: make_search(table_grid, rack_grid, table_jokers, rack_jokers, track_room))
    if score == IMPOSSIBLE:  # check_position makes this unreachable; guard against a bug
        raise InvalidPositionError("the table cannot be laid out as valid melds")
    fates = joker_fates(table, rack) if final_melds is not None else None
    if fates and stranded_joker_error(table, final_melds):
        # The best play moved a table joker without its tile: search again per joker fate.
        def tile_value(tile: Tile) -> int:
            return tile_values[COLOUR_INDEX[tile.colour]][tile.number] if tile_values else tile.number

        score, final_melds = best_under_joker_rule(
            fates, table, rack_grid, rack_jokers, make_search, tile_value)
    if final_melds is None:
        return Solution(0, 0, table, rack)
    if not tidy:
        return _solution(score, final_melds, table, rack)
    return _solution(score, lay_out(table, final_melds, deadline, cancel), table, rack)


def lay_out(table: Sequence[Sequence[Tile]], melds: list[list[Tile]], deadline: float | None = None,
            cancel: threading.Event | None = None) -> list[list[Tile]]:  # fmt: skip
    """``melds`` (a legal new table) laid out to disturb ``table``'s melds least."""
    new_table = arrange_table(table, melds, deadline, cancel)
    if stranded_joker_error(table, new_table):
        # The tidier layout re-cuts the tiles and may move a table joker: keep the search's cut.
        return melds
    return new_table


def _solve_initial(table: list[list[Tile]], rack: list[Tile], deadline, cancel, opening_needed: int) -> Solution:
    empty, _ = count_grid(())
    rack_grid, rack_jokers = count_grid(rack)
    search = PlacementSearch(empty, rack_grid, 0, rack_jokers, initial=True,
                             deadline=deadline, cancel=cancel, opening_needed=opening_needed)  # fmt: skip
    score = search.best()
    if score <= 0:
        return Solution(0, 0, table, rack)
    return _solution(score, table + search_melds(search), table, rack)


def _solution(score: int, new_table: list[list[Tile]], table, rack) -> Solution:
    before = Counter(tile for meld in table for tile in meld)
    after = Counter(tile for meld in new_table for tile in meld)
    placed = after - before
    count, value = sum(placed.values()), sum(tile.penalty for tile in placed.elements())
    to_remove, left = Counter(placed), []
    for tile in rack:  # keep the player's own rack order
        if to_remove[tile] > 0:
            to_remove[tile] -= 1
        else:
            left.append(tile)
    return Solution(count, value, new_table, left)
