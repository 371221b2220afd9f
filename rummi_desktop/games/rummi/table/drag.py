"""What a drag (or a click-select then click-place) means, as rules-model moves.

The input controller picks a tile up (from the rack or the table), and later puts it down at
a point. This module turns "that tile, put down there" into the rules model's Move values — or
into a rack reorder, which is only a matter of display and never reaches the model. It decides
nothing about legality: the model applies the move or refuses it with a reason the table shows.

Gestures:

* rack → table: ``Place`` into a meld, or a new meld on open felt (at the end of the meld
  order with ``Place``; anywhere else the whole table is restated with ``Rearrange``, so the
  new meld sits where it was dropped instead of jumping to the end); dropped squarely on a
  joker the tile stands for: ``Swap`` (the model checks the rest: the opening, the turn).
* table → table: ``Shift`` (moving a tile: split a run by moving its end away, merge by
  moving tiles over).
* A tile joining a meld goes where ``rules.drop_order`` puts it: a run takes it in number
  order, a group where it was dropped, and a tile number order cannot place (another colour,
  a number the run has) stays where it was dropped, for End Turn to refuse. When a joker makes
  room for it (``R5 J R7`` + R6 is ``R5 R6 R7 J``) the table is restated with ``Rearrange``.
* Shift held: the tile *and everything after it in its meld* moves, as one ``Rearrange``:
  to open felt as a new meld where it was dropped, onto another meld in its order there (the
  same way a tile slots in), or back onto its own meld as a plain ``Split`` there.
* table → rack: ``Retrieve`` (the model refuses tiles that were on the table at turn start).
* rack → rack: reorder.
"""

from __future__ import annotations

from dataclasses import dataclass

from rummi_desktop.games.rummi.rules.drop_order import insert_position, joined_order, takes_joker_place
from rummi_desktop.games.rummi.rules.moves import Move, Place, Rearrange, Retrieve, Shift, Split, Swap
from rummi_desktop.games.rummi.rules.pieces import face, faces
from rummi_desktop.games.rummi.table.layout import TableDrop, TableLayout, table_drop_target, tile_at
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

    def moving(self, table: list[list[int]]) -> list[int]:
        """The tiles this pick moves: the tile, or with Shift the rest of its meld too."""
        if self.meld is None or not self.with_tail:
            return [self.tile]
        return list(table[self.meld][self.position:])

    def whole_meld(self, table: list[list[int]]) -> bool:
        """The pick takes a whole meld off the table (a lone tile, or a meld from its start)."""
        return self.meld is not None and len(self.moving(table)) == len(table[self.meld])

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


def _joker_for(pick: Pick, layout: TableLayout, table: list[list[int]], px: float, py: float) -> int | None:
    """The joker squarely under the point, if the picked tile is one it stands for (any
    other tile dropped on it joins its meld)."""
    hit = tile_at(layout, px, py)
    if hit is None or pick.with_tail:
        return None
    meld, position = hit
    joker = table[meld][position]
    if joker == pick.tile or not face(joker).is_joker or face(pick.tile).is_joker:
        return None
    return joker if takes_joker_place(faces(table[meld]), position, face(pick.tile)) else None


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
    joker = _joker_for(pick, table_layout, table, px, py)
    if joker is not None:
        return (Swap(pick.tile, joker),)
    if pick.with_tail:
        return _tail_moves(pick, target, table)
    if target.is_new_meld:
        return _new_meld(pick, target.index, table)
    return _join(pick, target.meld, target.index, table)


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


def _join(pick: Pick, meld: int, index: int, table: list[list[int]]) -> Intent:
    """The picked tile into ``meld``, dropped before its tile ``index`` (counted with the
    tile still where it is): where the meld's order puts it, else where it was dropped."""
    others = [t for t in table[meld] if t != pick.tile]
    near = index - 1 if meld == pick.meld and index > pick.position else index
    order = joined_order(faces(others), [face(pick.tile)], near)
    at = near if order is None else insert_position(order, len(others))
    if at is None:  # a joker made room: the meld is restated
        arranged = [[*others, pick.tile][i] for i in order]
        return _restated(table, {meld: arranged}, pick.moving(table))
    if pick.from_rack:
        return (Place(pick.tile, meld, at),)
    if meld == pick.meld and at == pick.position:
        return None  # dropped where it already was
    return (Shift(pick.tile, meld, at),)


def _restated(table: list[list[int]], replaced: dict[int, list[int]], moving: list[int],
              new_meld: tuple[int, list[int]] | None = None) -> Intent:
    """The whole table as one ``Rearrange``: ``moving`` tiles taken out, the melds in
    ``replaced`` set, ``new_meld`` (place in the order, tiles) added; None if nothing changed."""
    melds = [list(replaced.get(i, [t for t in meld if t not in moving])) for i, meld in enumerate(table)]
    if new_meld is not None:
        melds.insert(*new_meld)
    melds = [meld for meld in melds if meld]
    if melds == table:
        return None
    return (Rearrange(tuple(tuple(meld) for meld in melds)),)


def _tail_moves(pick: Pick, target: TableDrop, table: list[list[int]]) -> Intent:
    """Shift-drag: the picked tile and the rest of its meld go where they were dropped — a
    new meld on open felt, into another meld in its order, or split off in place over their
    own meld."""
    source = pick.meld
    assert source is not None
    tail = pick.moving(table)
    if target.meld == source:
        return (Split(source, pick.position),) if pick.position > 0 else None
    if target.is_new_meld:
        return _restated(table, {}, tail, (target.index, tail))
    others = table[target.meld]
    order = joined_order(faces(others), faces(tail), target.index)
    if order is None:
        arranged = others[:target.index] + tail + others[target.index:]
    else:
        arranged = [[*others, *tail][i] for i in order]
    return _restated(table, {target.meld: arranged}, tail)
