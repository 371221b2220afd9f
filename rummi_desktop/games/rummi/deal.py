"""Starting a round: the first-player draw and the deal, or a position set up by hand.

Both use only the ``random.Random`` they are given (the state's own), so a seed replays them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from rummi_desktop.games.rummi.pieces import ALL_IDS, FACES, face
from rummi_desktop.tiles import Tile, excess_copies, format_tiles


@dataclass
class FirstPlayerDraw:
    """The draws that chose the first player: one dict (seat → tile id) per drawing round."""

    rounds: list[dict[int, int]] = field(default_factory=list)
    first: int = 0


def choose_first_player(rng: random.Random, seats: int) -> FirstPlayerDraw:
    """Each seat draws a tile; highest number starts (joker 0); tied seats draw again.
    The drawn tiles then go back (the caller shuffles a fresh full pool)."""
    pool = list(ALL_IDS)
    rng.shuffle(pool)
    result = FirstPlayerDraw()
    contenders = list(range(seats))
    while True:
        if len(pool) < len(contenders):  # practically never; keeps the loop total
            pool = list(ALL_IDS)
            rng.shuffle(pool)
        draws = {seat: pool.pop() for seat in contenders}
        result.rounds.append(draws)
        best = max(face(tile_id).number for tile_id in draws.values())
        contenders = [seat for seat, tile_id in draws.items() if face(tile_id).number == best]
        if len(contenders) == 1:
            result.first = contenders[0]
            return result


def deal(rng: random.Random, seats: int, rack_size: int) -> tuple[list[int], list[list[int]]]:
    """Shuffle all 106 tiles and deal ``rack_size`` to each seat: (pool, racks).
    The pool is drawn from its end."""
    pool = list(ALL_IDS)
    rng.shuffle(pool)
    racks = [[pool.pop() for _ in range(rack_size)] for _ in range(seats)]
    return pool, racks


@dataclass(frozen=True)
class PositionSetup:
    """A table and racks chosen by hand (sandbox, puzzles, tests) instead of a deal.

    ``pool``: the tiles left to draw, first drawn first; None means every remaining tile,
    shuffled by the state's RNG. ``opened``: which seats have made their initial meld.
    """

    table: tuple[tuple[Tile, ...], ...]
    racks: tuple[tuple[Tile, ...], ...]
    current: int = 0
    opened: tuple[bool, ...] = ()
    pool: tuple[Tile, ...] | None = None

    def all_named(self) -> list[Tile]:
        named = [t for meld in self.table for t in meld] + [t for rack in self.racks for t in rack]
        return named + list(self.pool or ())


def place_setup(setup: PositionSetup, rng: random.Random) -> tuple[list[int], list[list[int]], list[list[int]]]:
    """Tile ids for a hand-made position: (pool, racks, table). ValueError if it names a
    tile more often than the set holds it."""
    excess = excess_copies(setup.all_named())
    if excess:
        raise ValueError(f"the position names more copies than exist of {format_tiles(excess)}")
    free: dict[Tile, list[int]] = {}
    for tile_id in reversed(ALL_IDS):
        free.setdefault(FACES[tile_id], []).append(tile_id)

    def take(tiles: tuple[Tile, ...]) -> list[int]:
        return [free[tile].pop() for tile in tiles]

    table = [take(meld) for meld in setup.table]
    racks = [take(rack) for rack in setup.racks]
    if setup.pool is None:
        pool = sorted(tile_id for ids in free.values() for tile_id in ids)
        rng.shuffle(pool)
    else:
        pool = list(reversed(take(setup.pool)))
    return pool, racks, table

