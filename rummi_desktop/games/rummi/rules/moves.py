"""Moves within a Rummi turn: small frozen values with a text notation that round-trips.

A move refers to tiles by id (see ``pieces``) and to melds by their index on the table, so it
can be stored, replayed and shown. ``move.apply(board)`` changes a :class:`TurnBoard` (the table
plus the rack of the seat on turn) or raises :class:`IllegalMove` with a plain reason and leaves
the board untouched. Moves only refuse what can never be right (a tile that is not there, a
table tile going to a rack, a joker swap with the wrong tile); whether the table is valid is
decided at End Turn, because players pass through invalid tables while rearranging.

Notation (``Move.parse(m.notation()) == m``)::

    place 17 3:0      rack tile 17 into meld 3 at position 0 (meld == len(table): a new meld)
    shift 17 2:1      table tile 17 to meld 2, position 1 (position counted without the tile)
    retrieve 17       a tile laid down this turn goes back to the rack
    split 2:3         meld 2 splits before its tile 3 (the tail becomes meld 3)
    merge 1 4         meld 4 is appended to meld 1
    swap 17 105       tile 17 takes joker 105's place; the joker starts a new meld at the end
    table 1,2,3/4,5,6 the whole table replaced by these melds (rack tiles it names are laid down)

and the moves that settle a turn, which the state carries out (``RummiState.apply``)::

    end               End Turn with the table as it is
    draw              take back this turn's tiles and draw one (a pass on an empty pool)
    timeout           the turn clock ran out
    resign            give the match up (the round ends at once; this seat loses)
    play R1,R2,R3/J,K5,B5    a whole turn at once, in faces: this table, then End Turn
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from rummi_desktop.games.base import RESIGN, IllegalMove, MoveNotationError, MoveVerbs
from rummi_desktop.games.base import Move as GameMove
from rummi_desktop.games.resignation import Resignation
from rummi_desktop.games.rummi.rules.melds import readings
from rummi_desktop.games.rummi.rules.pieces import FACES, face, faces
from rummi_desktop.tiles import Tile

__all__ = ["IllegalMove", "MoveNotationError", "VERBS", "Move", "TurnBoard", "Place", "Shift", "Retrieve",
           "Split", "Merge", "Swap", "Rearrange", "TurnAction", "EndTurn", "Draw", "Timeout", "Resign", "Play"]

VERBS = MoveVerbs("rummi")


@dataclass
class TurnBoard:
    """What a move may change: the table and the rack of the seat on turn."""

    table: list[list[int]]
    rack: list[int]
    start_table: frozenset[int] = field(default_factory=frozenset)
    opened: bool = True

    def locate(self, tile_id: int) -> tuple[int, int] | None:
        for meld_index, meld in enumerate(self.table):
            if tile_id in meld:
                return meld_index, meld.index(tile_id)
        return None

    def snapshot(self) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        return tuple(tuple(meld) for meld in self.table), tuple(self.rack)

    def restore(self, snapshot: tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]) -> None:
        table, rack = snapshot
        self.table = [list(meld) for meld in table]
        self.rack = list(rack)

    def drop_empty_melds(self) -> None:
        self.table = [meld for meld in self.table if meld]


def _check_tile_id(tile_id: int) -> None:
    if not 0 <= tile_id < len(FACES):
        raise IllegalMove(f"there is no tile number {tile_id}")


def _check_target(board: TurnBoard, meld: int, position: int) -> None:
    if meld == len(board.table):
        if position != 0:
            raise IllegalMove("a new meld starts at position 0")
        return
    if not 0 <= meld < len(board.table):
        raise IllegalMove(f"there is no meld {meld} on the table")
    if not 0 <= position <= len(board.table[meld]):
        raise IllegalMove(f"meld {meld} has no position {position}")


def _read_melds(words: list[str], read_item) -> tuple[tuple, ...]:
    """``1,2,3/4,5,6`` (one word; none for an empty table) as melds of items."""
    if not words:
        return ()
    (text,) = words
    return tuple(tuple(read_item(item) for item in meld.split(",")) for meld in text.split("/"))


def _write_melds(verb: str, melds, write_item) -> str:
    body = "/".join(",".join(write_item(item) for item in meld) for meld in melds)
    return f"{verb} {body}".rstrip()


def _insert(board: TurnBoard, tile_id: int, meld: int, position: int) -> None:
    if meld == len(board.table):
        board.table.append([tile_id])
    else:
        board.table[meld].insert(position, tile_id)


class Move(GameMove, verbs=VERBS):
    """Base of Rummi's moves; ``Move.parse(text)`` reads any of their notations."""

    def apply(self, board: TurnBoard) -> None:
        raise NotImplementedError


@dataclass(frozen=True, repr=False)
class _ToPlace(Move):
    """A move putting one tile at ``meld:position``; its notation is ``VERB tile meld:position``.
    Not a move itself (no verb): :class:`Place` and :class:`Shift` differ only in where the
    tile comes from."""

    tile: int
    meld: int
    position: int = 0

    @classmethod
    def from_words(cls, words: list[str]) -> "_ToPlace":
        if len(words) != 2:
            raise MoveNotationError("expected a tile and meld:position")
        meld, position = words[1].split(":")
        return cls(int(words[0]), int(meld), int(position))

    def notation(self) -> str:
        return f"{self.verb} {self.tile} {self.meld}:{self.position}"


@dataclass(frozen=True, repr=False)
class Place(_ToPlace):
    """A rack tile goes onto the table."""

    verb: ClassVar[str] = "place"

    def apply(self, board: TurnBoard) -> None:
        _check_tile_id(self.tile)
        if self.tile not in board.rack:
            raise IllegalMove(f"{face(self.tile)} is not on your rack")
        _check_target(board, self.meld, self.position)
        board.rack.remove(self.tile)
        _insert(board, self.tile, self.meld, self.position)


@dataclass(frozen=True, repr=False)
class Shift(_ToPlace):
    """A table tile moves to another place on the table (same or other meld, or a new one)."""

    verb: ClassVar[str] = "shift"

    def apply(self, board: TurnBoard) -> None:
        _check_tile_id(self.tile)
        where = board.locate(self.tile)
        if where is None:
            raise IllegalMove(f"{face(self.tile)} is not on the table")
        source, index = where
        board.table[source].pop(index)
        try:
            _check_target(board, self.meld, self.position)
        except IllegalMove:
            board.table[source].insert(index, self.tile)
            raise
        _insert(board, self.tile, self.meld, self.position)
        board.drop_empty_melds()


@dataclass(frozen=True, repr=False)
class Retrieve(Move):
    """A tile laid down earlier in this turn goes back to the rack (table tiles never do)."""

    verb: ClassVar[str] = "retrieve"
    tile: int

    @classmethod
    def from_words(cls, words: list[str]) -> "Retrieve":
        (tile,) = words
        return cls(int(tile))

    def notation(self) -> str:
        return f"retrieve {self.tile}"

    def apply(self, board: TurnBoard) -> None:
        _check_tile_id(self.tile)
        if self.tile in board.start_table:
            raise IllegalMove(f"{face(self.tile)} was on the table when your turn began: "
                              "tiles on the table never go back to a rack")
        where = board.locate(self.tile)
        if where is None:
            raise IllegalMove(f"{face(self.tile)} is not on the table")
        board.table[where[0]].pop(where[1])
        board.rack.append(self.tile)
        board.drop_empty_melds()


@dataclass(frozen=True, repr=False)
class Split(Move):
    """A meld splits in two before tile ``at``; the tail becomes the next meld."""

    verb: ClassVar[str] = "split"
    meld: int
    at: int

    @classmethod
    def from_words(cls, words: list[str]) -> "Split":
        (where,) = words
        meld, at = where.split(":")
        return cls(int(meld), int(at))

    def notation(self) -> str:
        return f"split {self.meld}:{self.at}"

    def apply(self, board: TurnBoard) -> None:
        if not 0 <= self.meld < len(board.table):
            raise IllegalMove(f"there is no meld {self.meld} on the table")
        tiles = board.table[self.meld]
        if not 0 < self.at < len(tiles):
            raise IllegalMove(f"meld {self.meld} cannot be split before its tile {self.at}")
        board.table[self.meld: self.meld + 1] = [tiles[: self.at], tiles[self.at:]]


@dataclass(frozen=True, repr=False)
class Merge(Move):
    """Meld ``second`` is appended to the end of meld ``first``."""

    verb: ClassVar[str] = "merge"
    first: int
    second: int

    @classmethod
    def from_words(cls, words: list[str]) -> "Merge":
        first, second = words
        return cls(int(first), int(second))

    def notation(self) -> str:
        return f"merge {self.first} {self.second}"

    def apply(self, board: TurnBoard) -> None:
        count = len(board.table)
        if not (0 <= self.first < count and 0 <= self.second < count) or self.first == self.second:
            raise IllegalMove(f"cannot merge meld {self.second} into meld {self.first}")
        board.table[self.first].extend(board.table[self.second])
        board.table[self.second] = []
        board.drop_empty_melds()


@dataclass(frozen=True, repr=False)
class Swap(Move):
    """Take a joker by substitution: ``tile`` (rack or table) takes the joker's place.

    The freed joker starts a new meld at the end of the table: it may never reach a rack, and
    End Turn refuses until it sits in a valid meld.
    """

    verb: ClassVar[str] = "swap"
    tile: int
    joker: int

    @classmethod
    def from_words(cls, words: list[str]) -> "Swap":
        tile, joker = words
        return cls(int(tile), int(joker))

    def notation(self) -> str:
        return f"swap {self.tile} {self.joker}"

    def apply(self, board: TurnBoard) -> None:
        _check_tile_id(self.tile)
        _check_tile_id(self.joker)
        joker_at = self._joker_place(board)
        meld = [face(tile_id) for tile_id in board.table[joker_at[0]]]
        wanted = face(self.tile)
        if not any(reading.joker_can_be(joker_at[1], wanted) for reading in readings(meld)):
            raise IllegalMove(f"{wanted} cannot take this joker's place: "
                              f"it stands for {self._stands_for(meld, joker_at[1])}")
        if self.tile in board.rack:
            board.rack.remove(self.tile)
        else:
            source = board.locate(self.tile)
            if source is None:
                raise IllegalMove(f"{wanted} is neither on your rack nor on the table")
            board.table[source[0]][source[1]] = -1  # placeholder keeps indices stable
        board.table[joker_at[0]][joker_at[1]] = self.tile
        board.table = [[tile_id for tile_id in meld if tile_id != -1] for meld in board.table]
        board.table.append([self.joker])
        board.drop_empty_melds()

    def _joker_place(self, board: TurnBoard) -> tuple[int, int]:
        if not face(self.joker).is_joker:
            raise IllegalMove(f"{face(self.joker)} is not a joker")
        if not board.opened:
            raise IllegalMove("you can take a joker only after your initial meld")
        where = board.locate(self.joker)
        if where is None:
            raise IllegalMove("that joker is not on the table")
        if self.tile == self.joker or face(self.tile).is_joker:
            raise IllegalMove("a joker can only be taken with the tile it stands for")
        return where

    @staticmethod
    def _stands_for(meld: list, index: int) -> str:
        options = sorted({tile for reading in readings(meld) for tile in reading.stands_for[index]})
        if not options:
            return "nothing yet (its meld is not valid)"
        return " or ".join(str(tile) for tile in options)


@dataclass(frozen=True, repr=False)
class Rearrange(Move):
    """The whole table replaced at once (the computer seats' and the solver's way to play).

    Every tile on the table must stay on it; any other tile must come from the rack.
    """

    verb: ClassVar[str] = "table"
    melds: tuple[tuple[int, ...], ...]

    @classmethod
    def from_words(cls, words: list[str]) -> "Rearrange":
        return cls(_read_melds(words, int))

    def notation(self) -> str:
        return _write_melds("table", self.melds, str)

    def apply(self, board: TurnBoard) -> None:
        named = [tile_id for meld in self.melds for tile_id in meld]
        for tile_id in named:
            _check_tile_id(tile_id)
        if len(set(named)) != len(named):
            raise IllegalMove("the new table names one tile twice")
        on_table = {tile_id for meld in board.table for tile_id in meld}
        missing = on_table - set(named)
        if missing:
            lost = " ".join(str(t) for t in faces(sorted(missing)))
            raise IllegalMove(f"tiles on the table must stay on the table: {lost} would be lost")
        strangers = set(named) - on_table - set(board.rack)
        if strangers:
            invented = " ".join(str(t) for t in faces(sorted(strangers)))
            raise IllegalMove(f"{invented}: neither on the table nor on your rack")
        board.rack = [tile_id for tile_id in board.rack if tile_id not in set(named)]
        board.table = [list(meld) for meld in self.melds if meld]


class TurnAction(Move):
    """A move that ends or settles the turn; the state carries it out (not the board)."""

    @classmethod
    def from_words(cls, words: list[str]) -> "TurnAction":
        if words:
            raise MoveNotationError(f"{cls.verb} takes nothing after it")
        return cls()

    def notation(self) -> str:
        return self.verb

    def apply(self, board: TurnBoard) -> None:
        raise IllegalMove(f"{self.verb} ends the turn: the state carries it out, not the table")


@dataclass(frozen=True, repr=False)
class EndTurn(TurnAction):
    """End the turn with the table as it is (refused, with reasons, if it is not legal)."""

    verb: ClassVar[str] = "end"


@dataclass(frozen=True, repr=False)
class Draw(TurnAction):
    """Take back anything laid this turn and draw a tile (a pass when the pool is empty)."""

    verb: ClassVar[str] = "draw"


@dataclass(frozen=True, repr=False)
class Timeout(TurnAction):
    """The turn clock ran out (a legal table stands; otherwise a draw or the penalty)."""

    verb: ClassVar[str] = "timeout"


@dataclass(frozen=True, repr=False)
class Resign(Resignation, TurnAction):
    """Give up: this turn's tiles go back to the rack and the round (and the match) ends."""

    verb: ClassVar[str] = RESIGN


@dataclass(frozen=True, repr=False)
class Play(Move):
    """A whole turn in one move: the table after it, as tile faces, then End Turn.

    The computer seats' move: they think in faces, not ids. ``play R1,R2,R3/K5,B5,Y5``.
    """

    verb: ClassVar[str] = "play"
    melds: tuple[tuple[Tile, ...], ...]

    @classmethod
    def from_words(cls, words: list[str]) -> "Play":
        return cls(_read_melds(words, Tile.parse))

    def notation(self) -> str:
        return _write_melds("play", self.melds, Tile.notation)

    def apply(self, board: TurnBoard) -> None:
        raise IllegalMove("play ends the turn: the state carries it out, not the table")
