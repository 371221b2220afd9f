"""A Rummi puzzle on the window's side: its position as a one-turn round of the rules model,
and the translations between the puzzle's tile names and the round's tile ids (hints and the
solution name tiles; the table moves tile ids). No rules here: the model and the puzzle module
decide everything."""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping, Sequence

from rummi_desktop.games.rummi.rules.pieces import face
from rummi_desktop.games.rummi.rules.position import RummiPosition
from rummi_desktop.games.rummi.rules.state import RummiParameters, RummiState
from rummi_desktop.tiles import Tile

PUZZLE_SEATS = ("human", "human")  # the solver's seat and an idle one (a round has two or more)


def puzzle_round(puzzle: Mapping[str, Any]) -> RummiState:
    """The puzzle's position as the round seat 0 is on turn in (ValueError for a bad position)."""
    return RummiPosition.from_dict(puzzle["position"]).to_state(RummiParameters(seats=PUZZLE_SEATS), pool=[])


def names(melds: Iterable[Iterable[int]]) -> list[list[str]]:
    return [[face(tile).notation() for tile in meld] for meld in melds]


def ids_for_names(wanted: Sequence[str], candidates: Sequence[int]) -> list[int]:
    """Tile ids among ``candidates`` (in their order) for the names in ``wanted``, each id once."""
    left = Counter(Tile.parse(name).notation() for name in wanted)
    chosen = []
    for tile in candidates:
        name = face(tile).notation()
        if left[name] > 0:
            left[name] -= 1
            chosen.append(tile)
    return chosen


def solution_table(solution: Sequence[Sequence[str]], start_table: Sequence[Sequence[int]],
                   rack: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The solution's melds as tile ids: tiles that were on the table at the start are used
    first for their names (they must stay on the table), then rack tiles."""
    pool = [tile for meld in start_table for tile in meld] + list(rack)
    taken: set[int] = set()
    melds = []
    for meld in solution:
        ids = []
        for name in meld:
            wanted = Tile.parse(name).notation()
            tile = next((t for t in pool if t not in taken and face(t).notation() == wanted), None)
            if tile is None:
                raise ValueError(f"the solution names {wanted}, which is neither on the table nor on the rack")
            taken.add(tile)
            ids.append(tile)
        melds.append(tuple(ids))
    return tuple(melds)


def focus_melds(focus: Any) -> list[int]:
    """A level-1 hint's focus as a list of starting-table meld indices (one index or several)."""
    if isinstance(focus, bool):
        return []
    if isinstance(focus, int):
        return [focus]
    if isinstance(focus, (list, tuple)):
        return [item for item in focus if isinstance(item, int) and not isinstance(item, bool)]
    return []


def hint_tile_names(hint: Mapping[str, Any]) -> list[str]:
    """A level-2 hint's tiles (its ``tiles``, or a ``focus`` that lists tile names)."""
    for key in ("tiles", "focus"):
        value = hint.get(key)
        if isinstance(value, (list, tuple)) and all(isinstance(item, str) for item in value):
            return list(value)
    return []
