"""The solver's view of tiles: validating an input table and counting tiles per colour and number.

Whether a meld is a group or a run is the rules model's answer (``games/rummi/melds``): the
solver and the tiers ask it rather than keep a validator of their own. Pure module: no pygame,
no I/O.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

from rummi_desktop.games.rummi.rules.melds import GROUP, RUN, is_valid_meld, readings
from rummi_desktop.games.rummi.rules.pieces import MOST_JOKERS
from rummi_desktop.tiles import COLOURS, Tile, excess_copies, format_tiles, standard_set

COLOUR_INDEX = {colour: index for index, colour in enumerate(COLOURS)}


class InvalidPositionError(ValueError):
    """A table that is not a set of valid melds, or more copies of a tile than exist."""


def is_group(meld: Sequence[Tile]) -> bool:
    return any(reading.kind == GROUP for reading in readings(meld))


def run_start(meld: Sequence[Tile]) -> int | None:
    """The number the run starts at, reading jokers by position; None if not a run."""
    return next((reading.start for reading in readings(meld) if reading.kind == RUN), None)


def check_position(table: Sequence[Sequence[Tile]], rack: Iterable[Tile]) -> None:
    """Raise InvalidPositionError unless every meld is valid and no tile is over-counted (the
    jokers against the largest set a house rule deals: the rules model holds a round to its own)."""
    for index, meld in enumerate(table):
        if not is_valid_meld(meld):
            raise InvalidPositionError(
                f"table meld {index + 1} ({format_tiles(meld)}) is neither a group nor a run"
            )
    everything = [tile for meld in table for tile in meld] + list(rack)
    extra = excess_copies(everything, standard_set(MOST_JOKERS))
    if extra:
        raise InvalidPositionError(
            f"more copies than the set holds of: {format_tiles(extra)}"
        )


def count_grid(tiles: Iterable[Tile]) -> tuple[list[list[int]], int]:
    """``grid[colour][number]`` counts (numbers 1–13, padded to 15) and the joker count."""
    grid = [[0] * 16 for _ in COLOURS]
    jokers = 0
    for tile in tiles:
        if tile.is_joker:
            jokers += 1
        else:
            grid[COLOUR_INDEX[tile.colour]][tile.number] += 1
    return grid, jokers


def multiset_key(meld: Iterable[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(meld))


def subtract(tiles: Counter[Tile], melds: Iterable[Sequence[Tile]]) -> Counter[Tile]:
    left = Counter(tiles)
    for meld in melds:
        left.subtract(meld)
    return +left
