"""Yes-or-no questions about one table, asked many times: can these few tiles all join it?

Expert's look-ahead asks, for one table, whether each of dozens of possible opponent racks
(one to a few tiles) could be laid down in full, with any rearrangement. A full placement
search per question costs milliseconds; this answers most questions in a fraction of that by
sharing the work that does not depend on the question.

It walks the numbers 1 → 13 with the same states and moves as the placement search
(:mod:`rummi_desktop.games.rummi.ai.dp`), with every tile required (a feasibility question: the
table plus the asked tiles must all be laid out as valid melds). Tiles numbered ``a``–``b``
change nothing about the walk above ``b``, and below ``a`` only what a move may look ahead at:
so the states reachable at each number from below (looking ahead as if every copy might come),
and whether a state can be completed from above, are computed once per table and shared by
every question; a question only searches its own few numbers in between.

Same assumptions as the search, so an answer may be a yes that the solver would refuse when
jokers are on the table: a table joker may take any role (the joker rule is the solver's
business), and a table joker lifted off a meld finds room in another (a question with a joker
in it is put to the placement search itself, which counts the room). On tables with jokers
this says yes too often to about one question in twelve, never no too often. Pure module: no
pygame, no I/O.
"""

from __future__ import annotations

import threading
import time
from typing import Iterable, Iterator, Sequence

from rummi_desktop.games.rummi.ai.dp import BASE, PER_TILE, PlacementSearch, SearchBudgetSpent, SolveInterrupted
from rummi_desktop.games.rummi.ai.groups import GROUP_FITS, JOKER_SPAN
from rummi_desktop.games.rummi.ai.table import COLOUR_INDEX, count_grid
from rummi_desktop.tiles import Tile

LOOKAHEAD = 2  # a move at number v looks at the copies of v + 1 and v + 2
COPIES = 2  # of each tile in the set
CHECK_EVERY = 128  # search steps between deadline / cancel checks (a few milliseconds)
State = tuple[int, int]  # (run state code before normalising, jokers left)


def _empty_grid() -> list[list[int]]:
    return count_grid(())[0]


def successors(search: PlacementSearch, v: int, code: int, jokers: int) -> Iterator[State]:
    """Every state at v + 1 one move away from (code, jokers) at v, every tile at v laid."""
    code, _ = search.normalise(v, code, jokers)
    if code < 0:
        return
    options = [search._colour_options(v, c, (code // search.base**c) % search.base, jokers) for c in range(4)]
    if not all(options):
        return
    fits_table = GROUP_FITS[True]
    seen: set[State] = set()
    o0, o1, o2, o3 = options
    for _, j0, code0, group0, _, _ in o0:
        for _, j1, code1, group1, _, _ in o1:
            j01 = j0 + j1
            if j01 > jokers:
                continue
            for _, j2, code2, group2, _, _ in o2:
                j012 = j01 + j2
                if j012 > jokers:
                    continue
                for _, j3, code3, group3, _, _ in o3:
                    used = j012 + j3
                    if used > jokers:
                        continue
                    left = jokers - used
                    for group_jokers, _ in fits_table[(group0 + group1 + group2 + group3) * JOKER_SPAN + left]:
                        state = (code0 + code1 + code2 + code3, left - group_jokers)
                        if state not in seen:
                            seen.add(state)
                            yield state


class Moves:
    """The moves at each number for one grid of tile counts. Which moves there are at number v
    depends only on the counts at v, v + 1 and v + 2, so they are cached under those counts, in
    a cache that any number of grids (tables, questions) may share."""

    def __init__(self, grid: list[list[int]], jokers: int, shared: dict) -> None:
        self.grid, self.jokers, self.shared = grid, jokers, shared
        self.search: PlacementSearch | None = None

    def __call__(self, v: int, code: int, jokers: int) -> list[State]:
        grid = self.grid
        key = (v, code, jokers, grid[0][v], grid[1][v], grid[2][v], grid[3][v],
               grid[0][v + 1], grid[1][v + 1], grid[2][v + 1], grid[3][v + 1],
               grid[0][v + 2], grid[1][v + 2], grid[2][v + 2], grid[3][v + 2])  # fmt: skip
        found = self.shared.get(key)
        if found is None:
            if self.search is None:
                self.search = PlacementSearch(grid, _empty_grid(), self.jokers, 0)
            found = self.shared[key] = list(successors(self.search, v, code, jokers))
        return found


class TableFeasibility:
    """One table, and the shared halves of every "can these tiles all join it?" question."""

    def __init__(self, table_tiles: Iterable[Tile], moves_cache: dict | None = None) -> None:
        self.tiles = list(table_tiles)
        self.grid, self.jokers = count_grid(self.tiles)
        self.cache = {} if moves_cache is None else moves_cache  # may be shared between tables
        self.moves = Moves(self.grid, self.jokers, self.cache)
        self.forward: list[set[State]] = [set(), {(0, self.jokers)}]  # index: number
        self.completes: dict[tuple[int, int, int], bool] = {}
        self.answers: dict[tuple[Tile, ...], bool] = {}
        self.deadline: float | None = None  # of the question being answered
        self.cancel: threading.Event | None = None
        self.ticks = 0

    def table_is_valid(self) -> bool:
        return any(self._completes(1, code, jokers) for code, jokers in self.forward[1])

    def can_add(self, tiles: Sequence[Tile], budget: int | None = None, deadline: float | None = None,
                cancel: threading.Event | None = None) -> bool | None:  # fmt: skip
        """Whether every one of ``tiles`` can join the table at once (with any rearrangement);
        None if that takes more than ``budget`` search steps (a few dozen microseconds each).
        Past ``deadline`` (a ``time.perf_counter()`` instant) or once ``cancel`` is set it
        raises SolveInterrupted; what it learnt of the table so far stays valid."""
        key = tuple(sorted(tiles))
        known = self.answers.get(key)
        if known is None:
            self.deadline, self.cancel = deadline, cancel
            try:
                known = self.answers[key] = self._can_add(tiles, budget)
            except SearchBudgetSpent:
                return None
        return known

    def _tick(self) -> None:
        self.ticks += 1
        if self.ticks % CHECK_EVERY == 0:
            if self.cancel is not None and self.cancel.is_set():
                raise SolveInterrupted("cancelled")
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise SolveInterrupted("out of time")

    def _can_add(self, tiles: Sequence[Tile], budget: int | None) -> bool:
        if not tiles:
            return self.table_is_valid()
        if any(tile.is_joker for tile in tiles):
            return self._full_search(tiles, budget)  # a joker changes the budget at every number
        grid = [list(row) for row in self.grid]
        for tile in tiles:
            grid[COLOUR_INDEX[tile.colour]][tile.number] += 1
        if not all(_has_partners(grid, self.jokers, tile) for tile in tiles):
            return False
        low = min(tile.number for tile in tiles)
        high = max(tile.number for tile in tiles)
        moves = Moves(grid, self.jokers, self.cache)
        memo: dict[State, bool] = {}
        steps = 0

        def completes(v: int, code: int, jokers: int) -> bool:
            nonlocal steps
            if v > high:
                return self._completes(v, code, jokers)
            key = (v * BASE**4 + code) * JOKER_SPAN + jokers
            known = memo.get(key)
            if known is None:
                steps += 1
                if budget is not None and steps > budget:
                    raise SearchBudgetSpent("question too dear")
                self._tick()
                known = any(completes(v + 1, *state) for state in moves(v, code, jokers))
                memo[key] = known
            return known

        return any(completes(low, code, jokers) for code, jokers in self._forward(low))

    def _forward(self, v: int) -> set[State]:
        """The states at number v reachable from below, for the table plus any tiles
        numbered v or more: moves look ahead as if v + 1 and v + 2 held every copy, so
        the set is a superset; a state no question can complete dies in its own search."""
        while len(self.forward) <= v:
            number = len(self.forward) - 1
            moves = Moves(self._open_ahead(number), self.jokers, self.cache)
            following: set[State] = set()
            for code, jokers in self.forward[number]:
                self._tick()
                following.update(moves(number, code, jokers))
            self.forward.append(following)
        return self.forward[v]

    def _open_ahead(self, v: int) -> list[list[int]]:
        grid = [list(row) for row in self.grid]
        for ahead in range(v + 1, min(v + LOOKAHEAD, 13) + 1):
            for row in grid:
                row[ahead] = COPIES
        return grid

    def _completes(self, v: int, code: int, jokers: int) -> bool:
        """Whether the table alone can be finished from this state at number v."""
        if v == 14:
            return True  # moves never leave a short run open past 13; loose jokers find room
        key = (v, code, jokers)
        known = self.completes.get(key)
        if known is None:
            self._tick()
            known = any(self._completes(v + 1, *state) for state in self.moves(v, code, jokers))
            self.completes[key] = known
        return known

    def _full_search(self, tiles: Sequence[Tile], budget: int | None) -> bool:
        rack_grid, rack_jokers = count_grid(tiles)
        search = PlacementSearch(self.grid, rack_grid, self.jokers, rack_jokers, budget=budget,
                                 deadline=self.deadline, cancel=self.cancel,
                                 track_room=True)  # a rack joker needs a meld with room
        wanted = len(tiles) * PER_TILE - 1  # every tile placed scores more than this
        return search._value(1, 0, self.jokers + rack_jokers, 0, wanted) > wanted


def _has_partners(grid: list[list[int]], jokers: int, tile: Tile) -> bool:
    """Whether any meld could hold ``tile`` at all: three numbers in a row of its colour
    around it, or two other colours of its number, with jokers filling what is missing.
    (Cheap, and enough to refuse most tiles that cannot join a table.)"""
    colour, number = COLOUR_INDEX[tile.colour], tile.number
    others = sum(1 for c in range(4) if c != colour and grid[c][number])
    if others + jokers >= 2:
        return True
    for start in range(max(1, number - 2), min(number, 11) + 1):
        missing = sum(1 for n in range(start, start + 3) if not grid[colour][n])
        if missing <= jokers:
            return True
    return False
