"""An independent brute-force Rummi solver for small positions (test helper, not shipped).

It shares nothing with the dynamic program: it tries every sub-multiset of the rack and asks
whether the table plus those tiles can be cut into valid melds by plain recursive search
(take the lowest real tile, try every meld that can hold it). Where a table joker's role has
no tile on the table, the joker rule may forbid some cuts: then every cut is laid out as
ordered melds and judged by the rules model's own joker rule (the rule is the specification;
the search that meets it is what is under test).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations, product

from rummi_desktop.games.rummi.rules.joker_rule import joker_roles, stranded_joker_error
from rummi_desktop.tiles import COLOURS, JOKER, Tile

NEG = float("-inf")


def _melds_with(first: Tile, pool: Counter) -> list[tuple[Counter, int, tuple[Tile, ...]]]:
    """Every meld (as a tile multiset, its points and its tiles in table order) holding
    ``first``, drawn from ``pool``."""
    found = []
    jokers = pool[JOKER]
    # Runs of first's colour holding first.number.
    for start in range(1, first.number + 1):
        for end in range(first.number, 14):
            if end - start < 2:
                continue
            positions = [n for n in range(start, end + 1) if n != first.number]
            missing = [n for n in positions if not pool[Tile(first.colour, n)]]
            present = [n for n in positions if pool[Tile(first.colour, n)]]
            if len(missing) > jokers:
                continue
            for extra in range(jokers - len(missing) + 1):
                for as_joker in combinations(present, extra):
                    need = Counter({first: 1})
                    for number in present:
                        if number not in as_joker:
                            need[Tile(first.colour, number)] += 1
                    if need[first] > pool[first]:
                        continue
                    if len(missing) + extra:
                        need[JOKER] = len(missing) + extra
                    as_jokers = set(missing) | set(as_joker)
                    ordered = tuple(JOKER if n in as_jokers else Tile(first.colour, n)
                                    for n in range(start, end + 1))
                    found.append((need, sum(range(start, end + 1)), ordered))
    # Groups of first.number holding first.
    others = [Tile(c, first.number) for c in COLOURS if c != first.colour and pool[Tile(c, first.number)]]
    for size in (3, 4):
        for real_count in range(0, size):
            joker_count = size - 1 - real_count
            if joker_count > jokers or real_count > len(others):
                continue
            for chosen in combinations(others, real_count):
                need = Counter({first: 1, **{t: 1 for t in chosen}})
                if joker_count:
                    need[JOKER] = joker_count
                ordered = (first, *chosen) + (JOKER,) * joker_count
                found.append((need, first.number * size, ordered))
    return found


@lru_cache(maxsize=None)
def best_points(tiles: tuple[Tile, ...]) -> float:
    """The highest total points of a partition of ``tiles`` into melds (-inf: none)."""
    if not tiles:
        return 0
    pool = Counter(tiles)
    real = sorted(t for t in pool if not t.is_joker)
    if not real:
        return NEG
    first = real[0]
    best = NEG
    for need, points, _ordered in _melds_with(first, pool):
        rest = pool - need
        sub = best_points(tuple(sorted(rest.elements())))
        if sub != NEG:
            best = max(best, points + sub)
    return best


def partitions(tiles: tuple[Tile, ...]):
    """Every cut of ``tiles`` into melds, each a list of melds in table order."""
    if not tiles:
        yield []
        return
    pool = Counter(tiles)
    real = sorted(t for t in pool if not t.is_joker)
    if not real:
        return
    for need, _points, ordered in _melds_with(real[0], pool):
        for rest in partitions(tuple(sorted((pool - need).elements()))):
            yield [list(ordered), *rest]


def _joker_rule_matters(table: list[list[Tile]]) -> bool:
    on_table = Counter(t for meld in table for t in meld)
    return any(not any(on_table[t] for t in roles) for roles in joker_roles(table))


def _legal_cut_exists(table: list[list[Tile]], tiles: tuple[Tile, ...]) -> bool:
    return any(not stranded_joker_error(table, cut) for cut in partitions(tiles))


def _sub_multisets(rack: list[Tile]):
    counts = Counter(rack)
    tiles = sorted(counts)
    for picks in product(*(range(counts[t] + 1) for t in tiles)):
        yield [t for t, k in zip(tiles, picks) for _ in range(k)]


def brute_force(table: list[list[Tile]], rack: list[Tile], initial: bool) -> tuple[int, int]:
    """(tiles placed, value placed) of the best play, by exhaustive search."""
    base = [t for meld in table for t in meld]
    best = (0, 0)
    for subset in _sub_multisets(rack):
        score = (len(subset), sum(t.penalty for t in subset))
        if score <= best:
            continue
        tiles = tuple(sorted(subset if initial else base + subset))
        points = best_points(tiles)
        if points == NEG or (initial and points < 30):
            continue
        if not initial and _joker_rule_matters(table) and not _legal_cut_exists(table, tiles):
            continue
        best = score
    return best
