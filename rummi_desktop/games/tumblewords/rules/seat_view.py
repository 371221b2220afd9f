"""What one Tumblewords seat may see, as JSON-ready data: the board, its own hand, everyone's
score, the letters Zapper! took off, and of the others only their hand sizes.

The computer seats, the thinking process and the network get exactly this. ``board`` is the
rows top to bottom as analyze writes them (``.`` vacant, capitals for tiles, lower case for a
blank showing that letter); ``hand`` uses ``?`` for a blank. In Claim mode the words a drop
made are never shown while they may still be claimed: ``pending`` holds only the drop's square
and the spans claimed (or stolen) so far. ``words`` names the word list (by name and digest) for
a computer seat to fetch through the installed source. Pure module (no pygame, no I/O).
"""

from __future__ import annotations

from typing import Any

from rummi_desktop.games.tumblewords.rules.grid import FACES
from rummi_desktop.games.tumblewords.rules.state import TumblewordsState


def _pending(state: TumblewordsState) -> dict[str, Any] | None:
    pending = state.pending
    if pending is None:
        return None
    return {"seat": pending.seat, "row": pending.row, "col": pending.col,
            "claimed": [word.span() for word in pending.claimed], "stolen": [word.span() for word in pending.stolen]}


def seat_view(state: TumblewordsState, seat: int) -> dict[str, Any]:
    """The view of ``seat``. ``seed`` drives a tier's own chance decisions, so the same game
    plays the same way."""
    params = state.params
    return {
        "seat": seat,
        "current": state.current,
        "phase": state.phase,
        "columns": params.columns,
        "rows": params.rows,
        "board": state.grid.row_texts(),
        "removed": [FACES[tile_id] for tile_id in state.removed],  # what Zapper! took off: seen by all
        "hand": state.hand(seat),
        "scores": list(state.scores()),
        "other_hand_sizes": [len(state.hands[s]) for s in range(state.seats) if s != seat],
        "bag_size": len(state.bag),
        "options": {key: value for key, value in params.to_data().items() if key not in ("seats", "seed", "words")},
        "words": {"name": state.dictionary.name, "digest": state.dictionary.digest},
        "passes_in_row": state.passes_in_row,
        "pending": _pending(state),
        "is_terminal": state.is_terminal,
        "seed": params.seed * 1000 + state.turn_number,
    }


SEAT_OWN = frozenset({"seat", "hand", "other_hand_sizes", "seed"})


def public_view(state: TumblewordsState) -> dict[str, Any]:
    """What a spectator may see: what every seat sees alike (the board, the scores, the
    bag's size), and of every seat how many tiles it holds; never a hand."""
    view = {key: value for key, value in seat_view(state, 0).items() if key not in SEAT_OWN}
    view["hand_sizes"] = [len(state.hands[s]) for s in range(state.seats)]
    return view


def holdings(state: TumblewordsState) -> list[list[str]]:
    """Every seat's letters in hand (``?`` a blank), in seat order: what the end of the game
    lays open to all (the network sends it only once the game is over)."""
    return [state.hand(seat) for seat in range(state.seats)]


def board_cells(view: dict[str, Any]) -> dict[str, Any]:
    """The public view's board as grid cells for a spectator's table: ``rows``, ``columns``,
    ``cells`` [(row, column, face)] and ``kind`` ("tiles": tile notation; "letters")."""
    cells = [(row, col, letter) for row, text in enumerate(view["board"]) for col, letter in enumerate(text)
             if letter != "."]
    return {"rows": view["rows"], "columns": view["columns"], "cells": cells, "kind": "letters"}
