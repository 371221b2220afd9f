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
        "other_rack_sizes": [len(state.rack(s)) for s in range(state.seats) if s != seat],
        "pool_size": len(state.pool),
        "seed": state.params.seed * 1000 + state.turn_number,
        "next_seat": next_seat_view(state, following),
    }


SEAT_OWN = frozenset({"rack", "owes_opening", "other_rack_sizes", "next_seat", "seed"})


def public_view(state: RummiState) -> dict[str, Any]:
    """What a spectator may see: what every seat sees alike (the table, the pool's size), and
    of every seat its rack size and whether it has opened; never a rack."""
    view = {key: value for key, value in seat_view(state, 0).items() if key not in SEAT_OWN}
    view["rack_sizes"] = [len(state.rack(s)) for s in range(state.seats)]
    view["opened"] = list(state.opened)
    return view


def holdings(state: RummiState) -> list[list[str]]:
    """Every seat's rack, in seat order: what the end of the round lays open to all (the
    network sends it only once the round is over)."""
    return [[tile.notation() for tile in state.rack_tiles(seat)] for seat in range(state.seats)]


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


SPECTATOR_COLUMNS, SPECTATOR_ROWS = 24, 12  # melds are laid left to right in rows this wide, a gap between them


def board_cells(view: dict[str, Any]) -> dict[str, Any]:
    """The public view's board as grid cells for a spectator's table: ``rows``, ``columns``,
    ``cells`` [(row, column, face)] and ``kind`` ("tiles": tile notation; "letters")."""
    cells, row, column = [], 0, 0
    for meld in view["table"]:
        if column and column + len(meld) > SPECTATOR_COLUMNS:
            row, column = row + 1, 0
        cells += [(row, column + index, text) for index, text in enumerate(meld)]
        column += len(meld) + 1
    return {"rows": max(row + 1, SPECTATOR_ROWS), "columns": SPECTATOR_COLUMNS, "cells": cells, "kind": "tiles"}
