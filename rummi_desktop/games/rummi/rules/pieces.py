"""Physical tiles with an identity: ids 0–107, each showing a :class:`Tile` face.

Two copies of ``R7`` are equal as values, but the GUI drags *that* R7; so the game state
stores tile ids and moves refer to ids. Id ``i`` shows ``FACES[i]`` (the order of
``standard_set()``: ids 104 and 105 are the jokers), then the two jokers only the "4 jokers"
house rule deals (106, 107). A round holds the ids of its own set, ``round_ids(jokers)``: a
2-joker round never sees 106 or 107, so its ids (old saves, replays) are what they always were.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from rummi_desktop.tiles import JOKERS_IN_SET, Tile, standard_set

# The house rule on jokers: how many the set holds (the usual two, or four).
JOKER_CHOICES = (JOKERS_IN_SET, 4)
MOST_JOKERS = max(JOKER_CHOICES)
FACES: tuple[Tile, ...] = tuple(standard_set(MOST_JOKERS))
ALL_IDS: tuple[int, ...] = tuple(range(len(FACES)))


def round_faces(jokers: int = JOKERS_IN_SET) -> tuple[Tile, ...]:
    """The faces of a set with ``jokers`` jokers, by id (the jokers come last)."""
    return FACES[: len(FACES) - MOST_JOKERS + jokers]


def round_ids(jokers: int = JOKERS_IN_SET) -> range:
    """The ids of a set with ``jokers`` jokers: 0–105 for two, 0–107 for four."""
    return range(len(round_faces(jokers)))


def face(tile_id: int) -> Tile:
    return FACES[tile_id]


def faces(tile_ids: Iterable[int]) -> list[Tile]:
    return [FACES[tile_id] for tile_id in tile_ids]


def table_faces(table: Sequence[Sequence[int]]) -> list[list[Tile]]:
    return [faces(meld) for meld in table]


def ids_for_faces(wanted: Sequence[Tile], preferred: Sequence[int], spare: Sequence[int]) -> list[int] | Tile:
    """Ids showing ``wanted`` (in order), taken from ``preferred`` first, then ``spare``.

    Returns the first face that neither pile can supply, so callers can name it.
    """
    pools: dict[Tile, list[int]] = {}
    for tile_id in list(preferred) + list(spare):
        pools.setdefault(FACES[tile_id], []).append(tile_id)
    for pile in pools.values():
        pile.reverse()  # pop() then yields ids in the order given
    chosen: list[int] = []
    for tile in wanted:
        pile = pools.get(tile)
        if not pile:
            return tile
        chosen.append(pile.pop())
    return chosen
