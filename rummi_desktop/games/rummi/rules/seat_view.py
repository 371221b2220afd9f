"""What one Rummi seat may see, as JSON-ready data: the table, its own rack, and of the others
only what lies open (rack sizes, who has opened, the table each left behind).

The computer seats, the thinking process and the network all get exactly this, so a seat sees
the same in the window, in ``simulate`` and online. Pure module (no pygame, no I/O).
"""

from __future__ import annotations

from typing import Any

from rummi_desktop.games.rummi.rules.state import RummiState
from rummi_desktop.tiles import Tile


def _meld_texts(melds) -> list[list[str]]:
    return [[tile.notation() for tile in meld] for meld in melds]


def seat_view(state: RummiState, seat: int) -> dict[str, Any]:
    """The view of ``seat`` (usually the seat on turn). ``seed`` drives a tier's own chance
    decisions, so the same game plays the same way."""
    following = (seat + 1) % state.seats
    return {
        "table": _meld_texts(state.table_tiles()),
        "rack": [tile.notation() for tile in state.rack_tiles(seat)],
        "owes_opening": not state.opened[seat],
        "opening_points": state.params.opening_points,
        "jokers": state.params.jokers,  # the set's (a house rule): what the unseen tiles count
        "other_rack_sizes": [len(state.rack(s)) for s in range(state.seats) if s != seat],
        "pool_size": len(state.pool),
        "seed": state.params.seed * 1000 + state.turn_number,
        "next_seat": next_seat_view(state, following),
    }


def next_seat_view(state: RummiState, seat: int) -> dict[str, Any]:
    """What the table shows of ``seat``: its rack size, whether it has opened, how its last
    turn ended (tiles drawn) and the table it left — unless that turn was its opening, which
    could not use the table and so tells nothing about what it holds."""
    end = state.turn_ends[seat]
    known = end is not None and not end.opening
    return {
        "rack_size": len(state.rack(seat)),
        "opened": state.opened[seat],
        "drawn": end.drawn if end is not None else 0,
        "left_table": _meld_texts(end.table) if known else None,
    }


def tiles_of(texts: list[str]) -> tuple[Tile, ...]:
    return tuple(Tile.parse(text) for text in texts)
