"""Where Rummi's keyboard points, and how the arrows move it: pure geometry over the table's
and the rack's layouts, no pygame, no rules.

With nothing in hand the keyboard points at tiles: the rack's, and the table's on your turn.
With a tile in hand it points at the places the tile can go down: each gap of each meld (its
two ends included), a new meld after the last one, each joker on the table (to swap it out)
and each gap of the rack. A spot carries the point a mouse would put the tile down at, so the
controller puts it down through the very drop a mouse makes (the model decides), and the box
the focus ring is drawn round. Left/Right step through the spots in reading order (the table's
first, then the rack's); Up/Down go to the nearest spot in the row above or below, which takes
the keyboard from the table's bottom row down onto the rack and back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rummi_desktop.games.rummi.table.layout import TableLayout
from rummi_desktop.ui.geometry import Box
from rummi_desktop.ui.rack_layout import RACK_PADDING, RackLayout

Point = tuple[float, float]
CARET_W = 6  # px: the ring round a gap is a thin upright bar between two tiles
ROW_SLACK = 8  # px: spots whose centres differ less than this in height are in one row
COUNTED = ("rack", "slot")  # spots named by a place in the rack, which may have grown shorter


@dataclass(frozen=True, slots=True)
class Spot:
    """One place the keyboard can point at. ``name`` finds it again after a relayout:
    ("rack", index), ("tile", id), ("gap", meld, index), ("new",), ("joker", id),
    ("slot", index) — the last is a gap of the rack, before its tile ``index``."""

    name: tuple
    point: Point
    ring: Box


def tile_spots(table_layout: TableLayout, table: Sequence[Sequence[int]], rack_layout: RackLayout,
               table_too: bool) -> list[Spot]:
    """Nothing in hand: the tiles that can be picked up (the table's only on your turn)."""
    spots = []
    if table_too:
        for meld, boxes in zip(table, table_layout.tile_boxes):
            spots += [Spot(("tile", tile), box.center, box) for tile, box in zip(meld, boxes)]
    spots += [Spot(("rack", index), box.center, box) for index, box in enumerate(rack_layout.slots)]
    return spots


def target_spots(table_layout: TableLayout, table: Sequence[Sequence[int]], rack_layout: RackLayout,
                 jokers: set[int]) -> list[Spot]:
    """A tile in hand: everywhere it can be put down (``jokers``: the ones it may swap out)."""
    spots = []
    half = (table_layout.pitch - table_layout.tile_w) / 2
    for meld, (meld_box, boxes) in enumerate(zip(table_layout.meld_boxes, table_layout.tile_boxes)):
        for index in range(len(boxes) + 1):
            x = meld_box.x + index * table_layout.pitch - half  # in the gap before tile ``index``
            spots.append(Spot(("gap", meld, index), (x, meld_box.center[1]), _caret(x, meld_box)))
            if index < len(boxes) and table[meld][index] in jokers:
                box = boxes[index]
                spots.append(Spot(("joker", table[meld][index]), box.center, box))
    new = table_layout.new_meld_box
    first = Box(new.x, new.y, table_layout.tile_w, table_layout.tile_h)  # the new meld's first tile
    if table_layout.area.contains(*first.center):
        spots.append(Spot(("new",), first.center, first))
    return spots + _rack_gaps(rack_layout)


def _rack_gaps(rack: RackLayout) -> list[Spot]:
    slots = rack.slots
    if not slots:  # an empty rack: one place, where its first tile would stand
        box = Box(rack.area.x + RACK_PADDING, rack.area.y + RACK_PADDING, rack.tile_w, rack.tile_h)
        return [Spot(("slot", 0), box.center, box)]
    half = (rack.pitch - rack.tile_w) / 2
    spots = [Spot(("slot", index), (box.x - half, box.center[1]), _caret(box.x - half, box))
             for index, box in enumerate(slots)]
    last = slots[-1]
    return spots + [Spot(("slot", len(slots)), (last.right + half, last.center[1]), _caret(last.right + half, last))]


def _caret(x: float, beside: Box) -> Box:
    return Box(x - CARET_W / 2, beside.y - 4, CARET_W, beside.h + 8)


def step(spots: Sequence[Spot], at: int, key: str) -> int:
    """The spot an arrow key goes to from spot ``at`` (itself at an edge)."""
    if key == "left":
        return max(0, at - 1)
    if key == "right":
        return min(len(spots) - 1, at + 1)
    x, y = spots[at].point
    sign = -1 if key == "up" else 1
    ahead = [index for index, spot in enumerate(spots) if (spot.point[1] - y) * sign > ROW_SLACK]
    if not ahead:
        return at
    nearest = min(abs(spots[index].point[1] - y) for index in ahead)
    row = [index for index in ahead if abs(spots[index].point[1] - y) - nearest <= ROW_SLACK]
    return min(row, key=lambda index: abs(spots[index].point[0] - x))


def find(spots: Sequence[Spot], name: tuple | None) -> int:
    """The index of the spot called ``name``; when it is gone (a meld closed up, the rack got
    shorter), the nearest spot of its kind, else the first."""
    if name is None or not spots:
        return 0
    for index, spot in enumerate(spots):
        if spot.name == name:
            return index
    same_kind = [index for index, spot in enumerate(spots) if spot.name[0] == name[0]]
    if not same_kind:
        return 0
    if name[0] in COUNTED:
        return min(same_kind, key=lambda index: abs(spots[index].name[1] - name[1]))
    return same_kind[0]


def place_of(table: Sequence[Sequence[int]], tile: int | None) -> tuple[int, int] | None:
    """(meld, position) of ``tile`` on the table, or None."""
    for meld, tiles in enumerate(table):
        if tile in tiles:
            return (meld, list(tiles).index(tile))
    return None


@dataclass
class KeyFocus:
    """The keyboard's place on the table. It shows only once a key is used (a mouse player
    never sees it) and hides again when the pointer presses."""

    shown: bool = False
    name: tuple = ("rack", 0)
    beside: int | None = None  # the tile the keyboard last put on the table: the next one starts beside it
