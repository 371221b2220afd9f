"""Starting a round: the first-player draw and the deal, or a position set up by hand.

Both use only the ``random.Random`` they are given (the state's own), so a seed replays them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rummi_desktop.games import tile_draws
from rummi_desktop.games.rummi.rules.pieces import round_faces
from rummi_desktop.games.tile_draws import FirstPlayerDraw, take_ids
from rummi_desktop.tiles import JOKERS_IN_SET, Tile

__all__ = ["FirstPlayerDraw", "PositionSetup", "choose_first_player", "deal", "place_setup"]


def choose_first_player(rng: random.Random, seats: int, jokers: int = JOKERS_IN_SET) -> FirstPlayerDraw:
    """Each seat draws a tile of the set (``jokers`` jokers); highest number starts (joker 0);
    tied seats draw again. The drawn tiles then go back (the caller shuffles a fresh full pool)."""
    return tile_draws.choose_first_player(rng, seats, round_faces(jokers))


def deal(rng: random.Random, seats: int, rack_size: int, jokers: int = JOKERS_IN_SET) -> tuple[list[int], list[list[int]]]:
    """Shuffle all the set's tiles (106, or 108 with four jokers) and deal ``rack_size`` to
    each seat: (pool, racks). The pool is drawn from its end."""
    return tile_draws.deal(rng, len(round_faces(jokers)), seats, rack_size)


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


def check_setup(setup: PositionSetup, seats: int) -> None:
    """ValueError unless ``setup`` has a rack for each of the ``seats``, a seat on turn among
    them, and (if it says) whether each has melded."""
    if len(setup.racks) != seats:
        raise ValueError(f"the position has {len(setup.racks)} racks for {seats} seats")
    if not 0 <= setup.current < len(setup.racks):
        raise ValueError(f"there is no seat {setup.current}")
    if setup.opened and len(setup.opened) != len(setup.racks):
        raise ValueError("opened must say, for every seat, whether it has melded")


def place_setup(setup: PositionSetup, rng: random.Random,
                jokers: int = JOKERS_IN_SET) -> tuple[list[int], list[list[int]], list[list[int]]]:
    """Tile ids for a hand-made position: (pool, racks, table). ValueError if it names a
    tile more often than the set (with ``jokers`` jokers) holds it."""
    pool_named = list(setup.pool or ())
    groups = [*setup.table, *setup.racks, pool_named]
    taken, free = take_ids(round_faces(jokers), groups)
    table, racks = taken[: len(setup.table)], taken[len(setup.table): -1]
    if setup.pool is None:
        pool = free
        rng.shuffle(pool)
    else:
        pool = list(reversed(taken[-1]))
    return pool, racks, table
