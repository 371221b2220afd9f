"""What a drag (or a click-select then click-place) means, as rules-model moves.

The input controller picks a tile up (from the rack or the table), and later puts it down at
a point. This module turns "that tile, put down there" into the rules model's Move values — or
into a rack reorder, which is only a matter of display and never reaches the model. It decides
nothing about legality: the model applies the move or refuses it with a reason the table shows.

Gestures:

* rack → table: ``Place`` into a meld at the drop position, or a new meld on open felt (at
  the end of the meld order with ``Place``; anywhere else the whole table is restated with
  ``Rearrange``, so the new meld sits where it was dropped instead of jumping to the end);
  dropped squarely on a joker whose place the tile can take: ``Swap`` (the model checks it).
* table → table: ``Shift`` (moving a tile: split a run by moving its end away, merge by
  moving tiles over); with Shift held, the tile *and everything after it in its meld* moves
  (``Split``, then ``Merge`` when dropped on another meld).
* table → rack: ``Retrieve`` (the model refuses tiles that were on the table at turn start).
* rack → rack: reorder.
"""

from __future__ import annotations

from dataclasses import dataclass

from rummi_desktop.games.rummi.rules.moves import Merge, Move, Place, Rearrange, Retrieve, Shift, Split, Swap
from rummi_desktop.games.rummi.rules.pieces import face
from rummi_desktop.games.rummi.table.layout import TableLayout, table_drop_target, tile_at
from rummi_desktop.ui.rack_layout import RackLayout, rack_insert_index


@dataclass(frozen=True, slots=True)
class Pick:
    """A tile taken in hand: from the rack (``meld`` None) or the table (meld, position)."""

    tile: int
    meld: int | None = None
    position: int = 0
    with_tail: bool = False  # table only: the tile and the rest of its meld

    @property
    def from_rack(self) -> bool:
        return self.meld is None

    def lone_meld(self, table: list[list[int]]) -> int | None:
        """The meld this tile is alone in (so no drop can join it), or None."""
        if self.meld is None or self.with_tail or len(table[self.meld]) != 1:
            return None
        return self.meld


@dataclass(frozen=True, slots=True)
class RackReorder:
    """Rack → rack: show ``tile`` at ``index`` (display order only)."""

    tile: int
    index: int


Intent = tuple[Move, ...] | RackReorder | None


def _joker_under(layout: TableLayout, table: list[list[int]], px: float, py: float) -> int | None:
    """The id of the joker squarely under the point, if the point is on a joker tile."""
    hit = tile_at(layout, px, py)
    if hit is None:
        return None
    tile_id = table[hit[0]][hit[1]]
    return tile_id if face(tile_id).is_joker else None


def intent_for_drop(
    pick: Pick,
    px: float,
    py: float,
    table: list[list[int]],
    rack_count: int,
    table_layout: TableLayout,
    rack_layout: RackLayout,
) -> Intent:
    """The moves a drop at (px, py) asks for; None when the drop means nothing (put it back)."""
    rack_index = rack_insert_index(rack_layout, px, py, rack_count)
    if rack_index is not None:
        if pick.from_rack:
            return RackReorder(pick.tile, rack_index)
        return (Retrieve(pick.tile),)
    target = table_drop_target(table_layout, px, py, pick.lone_meld(table))
    if target is None:
        return None
    joker = _joker_under(table_layout, table, px, py)
    if joker is not None and joker != pick.tile and not face(pick.tile).is_joker and not pick.with_tail:
        return (Swap(pick.tile, joker),)
    if pick.from_rack:
        if target.is_new_meld:
            return _new_meld(pick, target.index, table)
        return (Place(pick.tile, target.meld, target.index),)
    if pick.with_tail:
        return _tail_moves(pick, target.meld, table)
    if target.is_new_meld:
        return _new_meld(pick, target.index, table)
    return _shift(pick, target.meld, target.index, table)


def _new_meld(pick: Pick, order: int, table: list[list[int]]) -> Intent:
    """The picked tile alone as a new meld at place ``order`` of the meld order (counted on
    the table as it is, the tile still in its meld)."""
    melds = [[t for t in meld if t != pick.tile] for meld in table]
    if not pick.from_rack and not melds[pick.meld]:
        del melds[pick.meld]  # a lone tile moving away: its old place closes up
        order -= 1 if order > pick.meld else 0
    at_end = order >= len(melds)
    if at_end and pick.from_rack:
        return (Place(pick.tile, len(table), 0),)
    if at_end and len(melds) == len(table):
        return (Shift(pick.tile, len(table), 0),)
    melds.insert(order, [pick.tile])
    if melds == table:
        return None  # dropped where it already was
    return (Rearrange(tuple(tuple(meld) for meld in melds)),)


def _shift(pick: Pick, meld: int, index: int, table: list[list[int]]) -> Intent:
    if meld == pick.meld:
        # Positions are counted without the moving tile; dropping it where it is does nothing.
        if index in (pick.position, pick.position + 1):
            return None
        if index > pick.position:
            index -= 1
    return (Shift(pick.tile, meld, index),)


def _tail_moves(pick: Pick, meld: int | None, table: list[list[int]]) -> Intent:
    """Shift-drag: split the meld before the picked tile; merge the tail onto a target meld."""
    source = pick.meld
    assert source is not None
    moves: list[Move] = []
    tail_index = source
    if pick.position > 0:
        moves.append(Split(source, pick.position))
        tail_index = source + 1
    if meld is None or meld == source:
        return tuple(moves) or None
    # After the split every meld after the source moved up by one.
    target = meld + 1 if (pick.position > 0 and meld > source) else meld
    moves.append(Merge(target, tail_index))
    return tuple(moves)
