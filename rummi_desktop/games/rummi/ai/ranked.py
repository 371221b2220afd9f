"""The N best Rummi plays of a position, exactly: distinct by the rack tiles they lay.

Two plays that lay the same tiles differ only in how the table is cut, so they count as one
candidate. The exact solver gives the best play of any rack; the others come from a
best-first search over smaller racks (after Lawler's k-best method):

- a play laying every tile of the best play M and more would lay more tiles than M, so every
  other play leaves out at least one tile of M: it is a play of the rack less that tile;
- so each rack searched hands on, for each distinct tile of its own best play, the rack
  without one copy of it; the racks wait in a queue by their best play's rank.

Every play is a play of some rack in the queue whose best ranks at least as high, so taking
the racks from the queue best first gives the plays in order (equal ranks in any order). A
play that lays nothing (a draw) is listed only when nothing can be laid. Pure module.
"""

from __future__ import annotations

import heapq
import threading
from collections import Counter
from typing import Sequence

from rummi_desktop.games.rummi.ai.dp import INITIAL_MELD_POINTS
from rummi_desktop.games.rummi.ai.solver import Solution, lay_out, solve
from rummi_desktop.tiles import Tile

Rack = tuple[Tile, ...]


def laid_tiles(table: Sequence[Sequence[Tile]], new_table: Sequence[Sequence[Tile]]) -> Counter:
    """The tiles ``new_table`` holds beyond ``table``: what the play laid from the rack."""
    return Counter(tile for meld in new_table for tile in meld) - Counter(tile for meld in table for tile in meld)


def ranked_plays(table: Sequence[Sequence[Tile]], rack: Sequence[Tile], initial: bool, top: int, *,
                 deadline: float | None = None, cancel: threading.Event | None = None,
                 opening_needed: int = INITIAL_MELD_POINTS) -> list[Solution]:
    """Up to ``top`` plays, best first (most tiles laid, then most points), each laying a
    different multiset of rack tiles; at least the one the solver gives (see the module
    docstring). The tables are laid out to disturb the old melds least. ``opening_needed``:
    the initial meld's threshold (a house rule)."""
    table = [list(meld) for meld in table]

    def best_of(sub_rack: Rack) -> Solution:
        return solve(table, list(sub_rack), initial, deadline=deadline, cancel=cancel, tidy=False,
                     opening_needed=opening_needed)

    root = tuple(sorted(rack))
    solutions: dict[Rack, Solution] = {root: best_of(root)}
    queue = [(_order(solutions[root]), 0, root)]
    seen_plays: set[Rack] = set()
    found: list[Solution] = []
    while queue:
        _, _, sub_rack = heapq.heappop(queue)
        best = solutions[sub_rack]
        laid = tuple(sorted(laid_tiles(table, best.table).elements()))
        if laid not in seen_plays and (laid or not found):
            seen_plays.add(laid)
            found.append(best)
            if len(found) >= top:
                break  # its smaller racks are searched only for a play still wanted
        for tile in sorted(set(laid)):
            child = _without(sub_rack, tile)
            if child not in solutions:
                solutions[child] = best_of(child)
                heapq.heappush(queue, (_order(solutions[child]), len(solutions), child))
    return [_tidied(table, rack, solution, initial, deadline, cancel) for solution in found]


def _order(solution: Solution) -> tuple[int, int]:
    return -solution.placed, -solution.value


def _without(rack: Rack, tile: Tile) -> Rack:
    index = rack.index(tile)
    return rack[:index] + rack[index + 1:]


def _tidied(table: list[list[Tile]], rack: Sequence[Tile], solution: Solution, initial: bool,
            deadline: float | None, cancel: threading.Event | None) -> Solution:
    """The play against the whole rack: its table laid out as the solver lays one out, and
    the rack that stays (in the player's order)."""
    if not solution.placed:
        return Solution(0, 0, table, list(rack))
    new_table = solution.table if initial else lay_out(table, solution.table, deadline, cancel)
    to_take, left = laid_tiles(table, new_table), []
    for tile in rack:
        if to_take[tile] > 0:
            to_take[tile] -= 1
        else:
            left.append(tile)
    return Solution(solution.placed, solution.value, new_table, left)
