"""Which Rummble moves ``RummbleState.legal_moves()`` yields, one at a time.

A play may lay any number of tiles along a line, so the full list is far too long to walk;
the legal moves are defined as the plays of the fewest tiles, in this order:

1. ``play`` of one rack tile on an empty square next to the board that the play check
   accepts, for every distinct rack face (a joker declared as every tile of the set); on an
   empty board, where a first play needs two tiles over the star, ``play`` of two rack tiles:
   one on the star and one right of it or below it;
2. ``exchange`` of one rack tile, every distinct face, while the pool allows exchanges;
3. ``pass``.

Every yielded move is one ``apply`` accepts; passing alone ends a game (two idle rounds).
Pure module.
"""

from __future__ import annotations

from typing import Iterator, Protocol

from rummi_desktop.games.rummble.rules.board import CENTRE, SIZE, SQUARES, Board, Laid
from rummi_desktop.games.rummble.rules.moves import Exchange, Move, Pass, Placement, Play
from rummi_desktop.tiles import COLOURS, Tile
from rummi_desktop.games.rummble.rules.play import PlayVerdict


class _Highest(Protocol):
    highest: int


class PlayOnBoard(Protocol):
    """What the legal moves read of a :class:`~rummi_desktop.games.rummble.rules.state.RummbleState`
    (named here, not imported: the state module imports this one)."""

    board: Board
    params: _Highest

    @property
    def can_exchange(self) -> bool: ...

    def rack_tiles(self, seat: int | None = None) -> list[Tile]: ...

    def check(self, move: Play) -> PlayVerdict: ...


def fewest_tile_moves(state: PlayOnBoard) -> Iterator[Move]:
    """The legal moves of the seat on turn (see the module docstring), generated lazily."""
    faces = sorted(set(state.rack_tiles()))
    if state.board.is_empty:
        yield from _first_plays(state)
    else:
        for sq in _anchors(state):
            for tile in faces:
                for laid in _declarations(tile, state.params.highest):
                    move = Play((Placement(*divmod(sq, SIZE), laid),))
                    if state.check(move).legal:
                        yield move
    if state.can_exchange:
        for tile in faces:
            yield Exchange((tile,))
    yield Pass()


def _first_plays(state: PlayOnBoard) -> Iterator[Play]:
    rack = state.rack_tiles()
    highest = state.params.highest
    pairs = sorted({(a, b) for i, a in enumerate(rack) for j, b in enumerate(rack) if i != j})
    for beside in (CENTRE + 1, CENTRE + SIZE):
        for on_star, other in pairs:
            for laid_star in _declarations(on_star, highest):
                for laid_other in _declarations(other, highest):
                    move = Play((Placement(*divmod(CENTRE, SIZE), laid_star),
                                 Placement(*divmod(beside, SIZE), laid_other)))
                    if state.check(move).legal:
                        yield move


def _declarations(tile: Tile, highest: int) -> Iterator[Laid]:
    """How a rack tile may be laid: as itself, or a joker as every tile of the set."""
    if not tile.is_joker:
        yield Laid(tile.colour, tile.number)
        return
    for colour in COLOURS:
        for number in range(1, highest + 1):
            yield Laid(colour, number, True)


def _anchors(state: PlayOnBoard) -> list[int]:
    """Empty squares next to a board tile."""
    cells = state.board.cells

    def filled(sq: int) -> bool:
        return 0 <= sq < SQUARES and cells[sq] is not None

    return [sq for sq in range(SQUARES) if cells[sq] is None
            and (filled(sq - SIZE) or filled(sq + SIZE) or (sq % SIZE and filled(sq - 1))
                 or (sq % SIZE != SIZE - 1 and filled(sq + 1)))]
