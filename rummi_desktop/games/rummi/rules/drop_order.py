"""Where tiles dropped on a meld go in it: runs take them in number order, groups anywhere.

A player dropping R6 on ``R4 R5 R7`` means "into this run", not "between the two tiles under
the pointer": the table puts it where its number belongs. :func:`joined_order` answers for a
tile or a block of tiles (the part of a meld moved with Shift held), in the order the meld's
tiles take once the drop joins them. It only arranges: whether the meld is valid stays the
End Turn check's question, and a drop whose place number order cannot tell keeps the place it
was dropped at. Pure module (no pygame, no I/O).

In order of preference:

1. a place where the meld comes out valid (the one nearest the drop; in a group any place is);
2. a single tile that fits where a joker of the run stands takes that place, and the joker
   moves to the run's end (or its start) where it still fits: ``R5 J R7`` + R6 is
   ``R5 R6 R7 J``;
3. a run still being built, or one the tile leaves a gap in: the place its number takes
   among the meld's numbered tiles (``R10`` + R12 is ``R10 R12``, then R11 goes between);
4. nothing else: None (another colour, a number the run has, a meld not in order).

A tile dropped squarely on a joker takes the joker off the table only when it is the tile the
joker stands for (:func:`takes_joker_place`); any other tile dropped there joins the meld.
"""

from __future__ import annotations

from typing import Sequence

from rummi_desktop.games.rummi.rules.melds import is_valid_meld, readings
from rummi_desktop.tiles import Tile

Order = tuple[int, ...]  # indices into meld + added: the new tile(s) are len(meld) onwards


def joined_order(meld: Sequence[Tile], added: Sequence[Tile], near: int) -> Order | None:
    """The order of ``meld``'s tiles once ``added`` (kept together, in its order) joins it,
    dropped at insert position ``near``; None when number order does not say where."""
    meld, added = list(meld), list(added)
    valid = [at for at in range(len(meld) + 1) if is_valid_meld(meld[:at] + added + meld[at:])]
    if valid:
        return _inserted(len(meld), len(added), min(valid, key=lambda at: abs(at - near)))
    if len(added) == 1 and not added[0].is_joker:
        displaced = _joker_displaced(meld, added[0])
        if displaced is not None:
            return displaced
    between = _number_order_places(meld, added)
    if between:
        return _inserted(len(meld), len(added), min(between, key=lambda at: abs(at - near)))
    return None


def takes_joker_place(meld: Sequence[Tile], joker: int, tile: Tile) -> bool:
    """Is ``tile`` one the joker at position ``joker`` of ``meld`` stands for?"""
    return any(reading.joker_can_be(joker, tile) for reading in readings(meld))


def insert_position(order: Order, meld_length: int) -> int | None:
    """Where the added tiles went when ``order`` only inserts them (None: it moved others too)."""
    added = len(order) - meld_length
    for at in range(meld_length + 1):
        if order == _inserted(meld_length, added, at):
            return at
    return None


def _inserted(meld_length: int, added: int, at: int) -> Order:
    return (*range(at), *range(meld_length, meld_length + added), *range(at, meld_length))


def _joker_displaced(meld: list[Tile], tile: Tile) -> Order | None:
    """The tile in a joker's place, the joker at the run's end (else its start), if valid."""
    added = len(meld)
    for joker in (index for index, t in enumerate(meld) if t.is_joker):
        rest = [index for index in range(len(meld)) if index != joker]
        filled = rest[:joker] + [added] + rest[joker:]
        for order in ((*filled, joker), (joker, *filled)):
            if is_valid_meld([(meld + [tile])[index] for index in order]):
                return order
    return None


def _number_order_places(meld: list[Tile], added: list[Tile]) -> list[int]:
    """Insert positions that keep one colour's numbers ascending with the added tiles among
    them (none when colours differ, a number repeats or the meld is not in order)."""
    numbered = [t for t in meld + added if not t.is_joker]
    new = [t.number for t in added if not t.is_joker]
    if not new or len({t.colour for t in numbered}) != 1 or len({t.number for t in numbered}) != len(numbered):
        return []
    if not _ascending(meld) or not _ascending(added):
        return []
    low, high = min(new), max(new)
    places = []
    for at in range(len(meld) + 1):
        before = [t.number for t in meld[:at] if not t.is_joker]
        after = [t.number for t in meld[at:] if not t.is_joker]
        if all(n < low for n in before) and all(n > high for n in after):
            places.append(at)
    return places


def _ascending(tiles: Sequence[Tile]) -> bool:
    numbers = [t.number for t in tiles if not t.is_joker]
    return all(a < b for a, b in zip(numbers, numbers[1:]))
