"""Drawing physical tiles, shared by the numbered-tile games (Rummi, Rummble), and giving ids
to a position set up by hand (all three games: :func:`take_ids`).

A game's tiles are ids ``0 … len(faces) - 1``; id ``i`` shows ``faces[i]`` (a :class:`Tile`,
or for Tumblewords a letter).
Everything here uses only the ``random.Random`` it is given (the state's own), so a seed
replays it. Pure module: no pygame, no I/O.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Hashable, Sequence, TypeVar

from rummi_desktop.tiles import Tile

Face = TypeVar("Face", bound=Hashable)


@dataclass
class FirstPlayerDraw:
    """The draws that chose the first player: one dict (seat → tile id) per drawing round."""

    rounds: list[dict[int, int]] = field(default_factory=list)
    first: int = 0


def choose_first_player(rng: random.Random, seats: int, faces: Sequence[Tile]) -> FirstPlayerDraw:
    """Each seat draws a tile; highest number starts (joker 0); tied seats draw again.
    The drawn tiles then go back (the caller shuffles a fresh full pool)."""
    all_ids = range(len(faces))
    pool = list(all_ids)
    rng.shuffle(pool)
    result = FirstPlayerDraw()
    contenders = list(range(seats))
    while True:
        if len(pool) < len(contenders):  # practically never; keeps the loop total
            pool = list(all_ids)
            rng.shuffle(pool)
        draws = {seat: pool.pop() for seat in contenders}
        result.rounds.append(draws)
        best = max(faces[tile_id].number for tile_id in draws.values())
        contenders = [seat for seat, tile_id in draws.items() if faces[tile_id].number == best]
        if len(contenders) == 1:
            result.first = contenders[0]
            return result


def deal(rng: random.Random, tile_count: int, seats: int, rack_size: int) -> tuple[list[int], list[list[int]]]:
    """Shuffle all ``tile_count`` ids and deal ``rack_size`` to each seat: (pool, racks).
    The pool is drawn from its end."""
    pool = list(range(tile_count))
    rng.shuffle(pool)
    racks = [[pool.pop() for _ in range(rack_size)] for _ in range(seats)]
    return pool, racks


def take_ids(faces: Sequence[Face], groups: Sequence[Sequence[Face]]) -> tuple[list[list[int]], list[int]]:
    """Ids for tiles named by hand (a position's table, racks, pool; a board, hands, bag),
    lowest free id first: (the ids of each group, the ids nobody named, ascending). ValueError
    if the groups name a face more often than the set holds it (faces print as their notation)."""
    available = Counter(faces)
    named = Counter(face for group in groups for face in group)
    excess = sorted(face for face, count in named.items() if count > available[face])  # type: ignore[type-var]
    if excess:
        raise ValueError(f"the position names more copies than exist of {' '.join(map(str, excess))}")
    free: dict[Face, list[int]] = {}
    for tile_id in reversed(range(len(faces))):
        free.setdefault(faces[tile_id], []).append(tile_id)
    taken = [[free[tile].pop() for tile in group] for group in groups]
    return taken, sorted(tile_id for ids in free.values() for tile_id in ids)
