"""What one Rummble seat may see, as JSON-ready data: the board, its own rack, everyone's
score, and of the others only their rack sizes.

The computer seats, the thinking process and the network get exactly this. The board is
``[[row, col, tile], …]`` with ``"J=K7"`` for a declared joker (as analyze writes it).
Pure module (no pygame, no I/O).
"""

from __future__ import annotations

from typing import Any

from rummi_desktop.games.rummble.rules.board import SIZE, Laid
from rummi_desktop.games.rummble.rules.serialize import board_texts
from rummi_desktop.games.rummble.rules.state import RummbleState


def seat_view(state: RummbleState, seat: int) -> dict[str, Any]:
    """The view of ``seat``. ``seed`` drives a tier's own chance decisions, so the same game
    plays the same way."""
    return {
        "seat": seat,
        "current": state.current,
        "board": board_texts(state.board.tiles()),
        "rack": [tile.notation() for tile in state.rack_tiles(seat)],
        "scores": list(state.scores()),
        "other_rack_sizes": [len(state.rack(s)) for s in range(state.seats) if s != seat],
        "pool_size": len(state.pool),
        "can_exchange": state.can_exchange,
        "tile_set": state.params.tile_set,
        "highest": state.params.highest,
        "bonus": state.params.bonus,
        "idle_turns": state.idle_turns,
        "seed": state.params.seed * 1000 + state.turn_number,
    }


SEAT_OWN = frozenset({"seat", "rack", "other_rack_sizes", "seed"})


def public_view(state: RummbleState) -> dict[str, Any]:
    """What a spectator may see: what every seat sees alike (the board, the scores, the
    pool's size), and of every seat how many tiles it holds; never a rack."""
    view = {key: value for key, value in seat_view(state, 0).items() if key not in SEAT_OWN}
    view["rack_sizes"] = [len(state.rack(s)) for s in range(state.seats)]
    return view


def holdings(state: RummbleState) -> list[list[str]]:
    """Every seat's rack, in seat order: what the end of the game lays open to all (the network
    sends it only once the game is over)."""
    return [[tile.notation() for tile in state.rack_tiles(seat)] for seat in range(state.seats)]


def board_cells(view: dict[str, Any]) -> dict[str, Any]:
    """The public view's board as grid cells for a spectator's table: ``rows``, ``columns``,
    ``cells`` [(row, column, face)] and ``kind`` ("tiles": tile notation; "letters")."""
    cells = [(int(row), int(col), Laid.parse(str(text)).rack_tile.notation()) for row, col, text in view["board"]]
    return {"rows": SIZE, "columns": SIZE, "cells": cells, "kind": "tiles"}
