"""Where a Rummble play of two or more tiles can go: lanes, found from anchors.

A *lane* is one stretch of a row or column that a play would turn into its main line: from an
empty square (or the board edge) to the next, everything between is board tiles or new tiles,
and the new tiles fill exactly the empty squares inside (a play may leave no gap). A lane is
worth trying only if it holds an *anchor* (a board tile, an empty square touching a board tile
sideways, or the star on an empty board), needs no more tiles than the rack holds, and every
empty square in it can take some tile of the rack by its cross-check (otherwise any longer
lane through that square is dead too, so the scan stops there).

Each lane carries an upper bound on what any play in it can score (every new tile at the best
value the rack allows there, every set doubled as if a straight flush, every ×SET applied), so
the best play can be searched best-first and stop when no lane left can beat it. Pure module.
"""

from __future__ import annotations

from dataclasses import dataclass

from rummi_desktop.ai.rummble_masks import ACROSS, ALL, DOWN, NUMBERS, Cross
from rummi_desktop.games.rummble.board import CENTRE, SET_MULTIPLIER, SIZE, TILE_MULTIPLIER
from rummi_desktop.games.rummble.play import RUMMMBLE_BONUS, RUMMMBLE_TILES


@dataclass(slots=True)
class RackBits:
    """A rack as the generator reads it: how many of each identity, the jokers, their mask."""

    counts: list[int]  # 52 entries
    jokers: int
    mask: int  # identities present as real tiles
    size: int
    playable: int  # identities a rack tile can be laid as (every identity of the set with a joker)

    @classmethod
    def of(cls, idents: list[int], jokers: int, set_mask: int) -> "RackBits":
        counts = [0] * (NUMBERS * 4)
        mask = 0
        for ident in idents:
            counts[ident] += 1
            mask |= 1 << ident
        return cls(counts, jokers, mask, len(idents) + jokers, set_mask if jokers else mask)


def top_number(mask: int) -> int:
    """The highest number among the identities of ``mask`` (0 for none)."""
    top = 0
    for colour in range(4):
        top = max(top, (mask >> (colour * NUMBERS) & ((1 << NUMBERS) - 1)).bit_length())
    return top


@dataclass(slots=True)
class Lane:
    """One stretch of a row or column to fill: its squares in reading order, the board tile's
    identity at each (-1 where a new tile goes), and for the new tiles their cross-checks and
    the identities they may be."""

    squares: tuple[int, ...]
    fixed: list[int]  # identity of the board tile, or -1 for an empty square
    values: list[int]  # the board tile's value (a joker 0), 0 on empty squares
    slots: list[int]  # indices into squares of the empty squares
    crosses: list[Cross | None]  # per slot
    allowed: list[int]  # per slot: cross-check ∩ what the rack can lay
    bound: int = 0

    @property
    def new_tiles(self) -> int:
        return len(self.slots)


def _lane_squares(start: int, step: int) -> list[int]:
    return [start + i * step for i in range(SIZE)]


def lines() -> list[tuple[list[int], int]]:
    """Every row and column as (its 13 squares, the step along it)."""
    rows = [(_lane_squares(r * SIZE, ACROSS), ACROSS) for r in range(SIZE)]
    cols = [(_lane_squares(c, DOWN), DOWN) for c in range(SIZE)]
    return rows + cols


LINES = lines()


def find_lanes(cells: list, crosses: dict[int, list], rack: RackBits, empty_board: bool) -> list[Lane]:
    """Every lane of 2+ new tiles worth trying (see the module docstring), bound included.

    ``crosses[step]`` are the cross-checks *perpendicular* to a main line along ``step``."""
    found = []
    for squares, step in LINES:
        perpendicular = crosses[step]
        for start in range(SIZE):
            if start and cells[squares[start - 1]] is not None:
                continue  # a lane starts after an empty square or the edge
            found += _lanes_from(cells, squares, start, perpendicular, rack, empty_board)
    return found


def _lanes_from(cells, squares, start, perpendicular, rack, empty_board) -> list[Lane]:
    lanes = []
    slots, anchored = [], False
    for end in range(start, SIZE):
        sq = squares[end]
        if cells[sq] is None:
            cross = perpendicular[sq]
            if cross is not None and not cross.mask & rack.playable:
                break  # no rack tile fits here: no longer lane either
            slots.append(end)
            if len(slots) > rack.size:
                break
            anchored = anchored or cross is not None or (empty_board and sq == CENTRE)
        else:
            anchored = True
        closes = end == SIZE - 1 or cells[squares[end + 1]] is None
        if closes and len(slots) >= 2 and anchored:
            lanes.append(_make_lane(cells, squares[start:end + 1], [s - start for s in slots], perpendicular, rack))
    return lanes


def _make_lane(cells, squares, slots, perpendicular, rack: RackBits) -> Lane:
    fixed, values = [], []
    for sq in squares:
        laid = cells[sq]
        if laid is None:
            fixed.append(-1)
            values.append(0)
        else:
            fixed.append("KBRY".index(laid[0]) * NUMBERS + laid[1] - 1)
            values.append(0 if laid[2] else laid[1])
    crosses = [perpendicular[squares[i]] for i in slots]
    allowed = [(ALL if c is None else c.mask) & rack.playable for c in crosses]
    lane = Lane(tuple(squares), fixed, values, slots, crosses, allowed)
    lane.bound = lane_bound(lane, rack)
    return lane


def lane_bound(lane: Lane, rack: RackBits) -> int:
    """No play in ``lane`` scores more than this."""
    base = sum(lane.values)
    set_factor = 1
    cross_total = 0
    for index, cross, allowed in zip(lane.slots, lane.crosses, lane.allowed):
        sq = lane.squares[index]
        best = top_number(allowed & rack.mask)
        base += best * TILE_MULTIPLIER[sq]
        set_factor *= SET_MULTIPLIER[sq]
        if cross is not None:
            cross_total += (cross.board_sum + best * cross.tile_factor) * 2 * cross.set_factor
    bonus = RUMMMBLE_BONUS if lane.new_tiles >= RUMMMBLE_TILES else 0
    return base * 2 * set_factor + cross_total + bonus
