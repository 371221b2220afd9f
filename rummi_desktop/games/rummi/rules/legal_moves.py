"""Which Rummi moves ``RummiState.legal_moves()`` yields, one at a time.

With free rearrangement a turn's moves have no useful end (any table, reached by any path), so
the legal moves are defined as the **single steps** the model accepts, in this order:

1. the moves that settle the turn: ``end`` when End Turn would accept the table as it is,
   ``draw`` (always: a pass on an empty pool), and ``timeout`` in a round with a turn clock
   (it is the clock's move; a round without one never sees it);
2. ``place``: every rack tile into every meld at every position, or as a new meld;
3. ``retrieve``: every tile laid this turn back to the rack;
4. ``swap``: every rack or table tile a table joker stands for, once the seat has opened;
5. ``split`` of every meld before each of its tiles but the first; ``merge`` of every
   ordered pair of melds;
6. ``shift``: every table tile to every other position of every meld, or to a new meld.

Not yielded: a shift that puts the tile back where it was (it changes nothing), and the
whole-table moves ``table`` (Rearrange) and ``play`` (a whole turn in faces), whose number is
that of the arrangements of the table. Every yielded move is one ``apply`` accepts, and
``draw`` alone finishes a round (the pool empties, then every seat passes). Pure module.
"""

from __future__ import annotations

from typing import Iterator, Protocol

from rummi_desktop.games.rummi.rules.melds import readings
from rummi_desktop.games.rummi.rules.moves import (Draw, EndTurn, Merge, Move, Place, Retrieve, Shift, Split, Swap,
                                                   Timeout, TurnBoard)
from rummi_desktop.games.rummi.rules.pieces import face, faces
from rummi_desktop.games.rummi.rules.play_check import PlayCheck


class _Clock(Protocol):
    clock_seconds: int | None


class TurnOnTable(Protocol):
    """What the legal moves read of a :class:`~rummi_desktop.games.rummi.rules.state.RummiState`
    (named here, not imported: the state module imports this one)."""

    board: TurnBoard
    params: _Clock

    @property
    def laid_this_turn(self) -> list[int]: ...

    def check_turn(self) -> PlayCheck: ...


def turn_steps(state: TurnOnTable) -> Iterator[Move]:
    """The legal moves of the seat on turn (see the module docstring), generated lazily."""
    if state.check_turn().legal:
        yield EndTurn()
    yield Draw()
    if state.params.clock_seconds is not None:
        yield Timeout()
    board = state.board
    table = board.table
    for tile_id in list(board.rack):
        for meld, tiles in enumerate(table):
            for position in range(len(tiles) + 1):
                yield Place(tile_id, meld, position)
        yield Place(tile_id, len(table), 0)
    for tile_id in state.laid_this_turn:
        yield Retrieve(tile_id)
    if board.opened:
        yield from _swaps(state)
    for meld, tiles in enumerate(table):
        for at in range(1, len(tiles)):
            yield Split(meld, at)
    for first in range(len(table)):
        for second in range(len(table)):
            if first != second:
                yield Merge(first, second)
    yield from _shifts(table)


def _swaps(state: TurnOnTable) -> Iterator[Swap]:
    board = state.board
    candidates = list(board.rack) + [tile_id for meld in board.table for tile_id in meld]
    for meld_ids in board.table:
        meld = faces(meld_ids)
        meld_readings = readings(meld)
        for position, joker in enumerate(meld_ids):
            if not meld[position].is_joker:
                continue
            for tile_id in candidates:
                tile = face(tile_id)
                if not tile.is_joker and any(reading.joker_can_be(position, tile) for reading in meld_readings):
                    yield Swap(tile_id, joker)


def _shifts(table: list[list[int]]) -> Iterator[Shift]:
    last = len(table) - 1
    for source, tiles in enumerate(table):
        for index, tile_id in enumerate(tiles):
            for meld, target in enumerate(table):
                # Positions count without the tile, so its own meld has one fewer.
                places = len(target) - 1 if meld == source else len(target)
                for position in range(places + 1):
                    if meld != source or position != index:
                        yield Shift(tile_id, meld, position)
            if not (len(tiles) == 1 and source == last):  # a lone last tile is already a new meld
                yield Shift(tile_id, len(table), 0)
