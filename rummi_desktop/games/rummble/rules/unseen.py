"""The Rummble tiles a seat has not seen: its tile set less its rack and the board, from its
seat view (the tracker's ``unseen`` entry point; see games/unseen.py). A joker laid on the
board (``"J=K7"``) counts as a joker. Pure module (no pygame, no I/O)."""

from __future__ import annotations

from typing import Any, Mapping

from rummi_desktop.games.rummble.rules.state import RummbleParameters
from rummi_desktop.games.unseen import UnseenSheet, numbered_sheet
from rummi_desktop.tiles import Tile


def seen_tiles(view: Mapping[str, Any]) -> list[Tile]:
    """What the seat sees: its own rack and every tile on the board (a declared joker as the joker)."""
    board = [Tile.parse(text.partition("=")[0]) for _row, _col, text in view["board"]]
    return [Tile.parse(text) for text in view["rack"]] + board


def full_set(view: Mapping[str, Any]) -> tuple[Tile, ...]:
    """Every tile of the game's set (the view names the set)."""
    return RummbleParameters(tile_set=view.get("tile_set", "standard")).faces


def unseen(view: Mapping[str, Any]) -> UnseenSheet:
    return numbered_sheet(full_set(view), seen_tiles(view), view.get("highest", 13))
