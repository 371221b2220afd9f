"""Physical tiles with an identity: ids 0–105, each showing a :class:`Tile` face.

Two copies of ``R7`` are equal as values, but the GUI drags *that* R7; so the game state
stores tile ids and moves refer to ids. Id ``i`` shows ``FACES[i]`` (the order of
``standard_set()``: ids 104 and 105 are the jokers).
"""

from __future__ import annotations

from typing import Iterable, Sequence

from rummi_desktop.tiles import Tile, standard_set

FACES: tuple[Tile, ...] = tuple(standard_set())
ALL_IDS: tuple[int, ...] = tuple(range(len(FACES)))


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
