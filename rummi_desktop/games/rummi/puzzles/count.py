"""Counting the distinct optimal final tables of a Rummi puzzle (a grading feature).

Two final tables are the same when they hold the same melds (a group in any order; a run,
where order fixes what a joker is, as laid). The count enumerates every way to cut a pile of
tiles into valid melds: take the lowest real tile left (by number, then colour), try every
group and run that can hold it from what is left (jokers filling gaps, the ends of runs, or
missing colours), and go on with the rest. Each cut is kept only if the rules model accepts
it as a play from the start table (``check_play``: the joker rule included).

Counting is capped (``cap`` tables) and bounded (``budget`` search steps), so a wide-open
position costs a fixed amount of time; the count is then a lower bound, which is all a grade
needs ("many"). Pure module: no pygame, no I/O.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Iterator, Sequence

from rummi_desktop.games.rummi.ai.table import is_group
from rummi_desktop.games.rummi.rules.melds import is_valid_meld
from rummi_desktop.games.rummi.rules.play_check import check_play
from rummi_desktop.tiles import COLOURS, HIGHEST, JOKER, LOWEST, Tile

SOLUTION_CAP = 50
SEARCH_BUDGET = 20_000
MeldKey = tuple[Tile, ...]


def meld_key(meld: Sequence[Tile]) -> MeldKey:
    return tuple(sorted(meld)) if is_group(meld) else tuple(meld)


def table_key(melds: Sequence[Sequence[Tile]]) -> tuple[MeldKey, ...]:
    return tuple(sorted(meld_key(meld) for meld in melds))


def _lowest(pile: Counter[Tile]) -> Tile | None:
    real = [tile for tile, count in pile.items() if count > 0 and not tile.is_joker]
    return min(real, key=lambda tile: (tile.number, tile.colour)) if real else None


def _groups_with(tile: Tile, pile: Counter[Tile], jokers: int) -> Iterator[list[Tile]]:
    others = [Tile(c, tile.number) for c in COLOURS if c != tile.colour and pile[Tile(c, tile.number)] > 0]
    for size in (3, 4):
        for real in range(max(0, size - 1 - jokers), min(size - 1, len(others)) + 1):
            for chosen in combinations(others, real):
                yield [tile, *chosen] + [JOKER] * (size - 1 - real)


def _runs_with(tile: Tile, pile: Counter[Tile], jokers: int) -> Iterator[list[Tile]]:
    # Every real tile below ``tile`` is used up, so a run holding it starts at it or on jokers
    # just below it, and goes up, each number a copy from the pile or a joker.
    for below in range(min(jokers, tile.number - LOWEST) + 1):
        yield from _run_upward([JOKER] * below + [tile], pile, jokers - below)


def _run_upward(run: list[Tile], pile: Counter[Tile], jokers: int) -> Iterator[list[Tile]]:
    if len(run) >= 3:
        yield list(run)
    colour = next(tile.colour for tile in run if not tile.is_joker)
    number = next(tile.number - i for i, tile in enumerate(run) if not tile.is_joker) + len(run)
    if number > HIGHEST:
        return
    if pile[Tile(colour, number)] > 0:
        yield from _run_upward(run + [Tile(colour, number)], pile, jokers)
    if jokers > 0:
        yield from _run_upward(run + [JOKER], pile, jokers - 1)


def cuts(pile: Counter[Tile], budget: list[int]) -> Iterator[list[list[Tile]]]:
    """Every way (within ``budget[0]`` steps) to lay all of ``pile`` as valid melds."""
    budget[0] -= 1
    if budget[0] < 0:
        return
    tile = _lowest(pile)
    if tile is None:
        if pile[JOKER] == 0:
            yield []
        return
    jokers = pile[JOKER]
    seen = set()
    for meld in [*_groups_with(tile, pile, jokers), *_runs_with(tile, pile, jokers)]:
        key = meld_key(meld)
        if key in seen or not is_valid_meld(meld):
            continue
        seen.add(key)
        rest = pile - Counter(meld)
        for more in cuts(rest, budget):
            yield [meld, *more]


def count_final_tables(table: Sequence[Sequence[Tile]], rack: Sequence[Tile], placed: int, initial: bool = False,
                       cap: int = SOLUTION_CAP, budget: int = SEARCH_BUDGET) -> int:
    """How many distinct final tables lay ``placed`` rack tiles legally (at most ``cap``)."""
    start = Counter(tile for meld in table for tile in meld)
    found: set[tuple[MeldKey, ...]] = set()
    steps = [budget]
    subsets = {tuple(sorted(chosen)) for chosen in combinations(sorted(rack), placed)}
    for chosen in sorted(subsets):
        for cut in cuts(start + Counter(chosen), steps):
            key = table_key(cut)
            if key not in found and check_play(table, rack, cut, initial).legal:
                found.add(key)
                if len(found) >= cap:
                    return cap
    return len(found)
