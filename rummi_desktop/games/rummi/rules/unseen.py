"""The Rummi tiles a seat has not seen: the set (106 tiles, 108 with four jokers) less its rack
and the table, from its seat view (the tracker's ``unseen`` entry point; see games/unseen.py).
Pure module (no pygame, no I/O)."""

from __future__ import annotations

from typing import Any, Mapping

from rummi_desktop.games.unseen import UnseenSheet, numbered_sheet
from rummi_desktop.tiles import HIGHEST, JOKERS_IN_SET, Tile, standard_set


def seen_tiles(view: Mapping[str, Any]) -> list[Tile]:
    """What the seat sees: its own rack and every tile on the table."""
    return [Tile.parse(text) for text in view["rack"]] + [Tile.parse(text) for meld in view["table"] for text in meld]


def unseen(view: Mapping[str, Any]) -> UnseenSheet:
    return numbered_sheet(standard_set(int(view.get("jokers", JOKERS_IN_SET))), seen_tiles(view), HIGHEST)
