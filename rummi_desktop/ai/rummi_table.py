"""The solver's view of tiles: validating an input table and counting tiles per colour and number.

The solver relies only on ``tiles.py``; this is the small check it needs to refuse a table
that is not a set of valid melds (the rules model in ``games/rummi`` is the authority for the
game itself). Pure module: no pygame, no I/O.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

from rummi_desktop.tiles import COLOURS, HIGHEST, LOWEST, Tile, excess_copies, format_tiles

COLOUR_INDEX = {colour: index for index, colour in enumerate(COLOURS)}


class InvalidPositionError(ValueError):
    """A table that is not a set of valid melds, or more copies of a tile than exist."""


def is_group(meld: Sequence[Tile]) -> bool:
    numbered = [tile for tile in meld if not tile.is_joker]
    if not 3 <= len(meld) <= len(COLOURS) or not numbered:
        return False
    colours = {tile.colour for tile in numbered}
    return len({tile.number for tile in numbered}) == 1 and len(colours) == len(numbered)


def run_start(meld: Sequence[Tile]) -> int | None:
    """The number the run starts at, reading jokers by position; None if not a run."""
    numbered = [(i, tile) for i, tile in enumerate(meld) if not tile.is_joker]
    if len(meld) < 3 or not numbered or len({tile.colour for _, tile in numbered}) != 1:
        return None
    first_index, first = numbered[0]
    start = first.number - first_index
    if start < LOWEST or start + len(meld) - 1 > HIGHEST:
        return None
    if any(tile.number != start + i for i, tile in numbered):
        return None
    return start


def is_valid_meld(meld: Sequence[Tile]) -> bool:
    return is_group(meld) or run_start(meld) is not None


def check_position(table: Sequence[Sequence[Tile]], rack: Iterable[Tile]) -> None:
    """Raise InvalidPositionError unless every meld is valid and no tile is over-counted."""
    for index, meld in enumerate(table):
        if not is_valid_meld(meld):
            raise InvalidPositionError(
                f"table meld {index + 1} ({format_tiles(meld)}) is neither a group nor a run"
            )
    everything = [tile for meld in table for tile in meld] + list(rack)
    extra = excess_copies(everything)
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
