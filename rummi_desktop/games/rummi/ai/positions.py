"""Seeded random Rummi positions: a table built from valid melds (with jokers) and a rack.

Used by the solver benchmark and the tests, and handy for sandbox and puzzle generation.
The caller passes the ``random.Random``; pure module (no pygame, no I/O).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from rummi_desktop.tiles import COLOURS, JOKER, JOKERS_IN_SET, Tile, standard_set

JOKER_IN_MELD_CHANCE = 0.25
MAX_ATTEMPTS = 400


@dataclass(frozen=True, slots=True)
class Position:
    table: list[list[Tile]]
    rack: list[Tile]
    initial: bool


def random_meld(rng: random.Random, bag: Counter[Tile]) -> list[Tile] | None:
    """A valid run or group drawn from ``bag`` (not removed), maybe with a joker; or None."""
    if rng.random() < 0.55:
        colour = rng.choice(COLOURS)
        length = rng.choice((3, 3, 3, 4, 4, 5, 6))
        start = rng.randint(1, 14 - length)
        meld = [Tile(colour, n) for n in range(start, start + length)]
    else:
        number = rng.randint(1, 13)
        meld = [Tile(c, number) for c in rng.sample(COLOURS, rng.choice((3, 3, 4)))]
    if bag[JOKER] and rng.random() < JOKER_IN_MELD_CHANCE:
        meld[rng.randrange(len(meld))] = JOKER
    needed = Counter(meld)
    if any(bag[tile] < count for tile, count in needed.items()):
        return None
    return meld


def random_table(rng: random.Random, bag: Counter[Tile], target_tiles: int) -> list[list[Tile]]:
    """Melds taken from ``bag`` (removed from it) until about ``target_tiles`` are down."""
    table: list[list[Tile]] = []
    laid = 0
    for _ in range(MAX_ATTEMPTS):
        if laid + 3 > target_tiles:
            break
        meld = random_meld(rng, bag)
        if meld is None or laid + len(meld) > target_tiles + 2:
            continue
        bag.subtract(meld)
        table.append(meld)
        laid += len(meld)
    return table


def random_position(rng: random.Random, table_tiles: int, rack_tiles: int, initial: bool,
                    jokers: int = JOKERS_IN_SET) -> Position:
    bag = Counter(standard_set(jokers))
    table = random_table(rng, bag, table_tiles)
    rest = sorted((+bag).elements())
    rack = rng.sample(rest, min(rack_tiles, len(rest)))
    return Position(table, rack, initial)


def benchmark_positions(seed: int, count: int, jokers: int = JOKERS_IN_SET) -> list[Position]:
    """The benchmark's deal: tables of 0–60 tiles, racks of 1–30, about a third opening, from
    a set of ``jokers`` jokers."""
    rng = random.Random(seed)
    return [
        random_position(rng, rng.randint(0, 60), rng.randint(1, 30), rng.random() < 1 / 3, jokers)
        for _ in range(count)
    ]
