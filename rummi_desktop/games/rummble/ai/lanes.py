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

from rummi_desktop.games.rummble.ai.masks import ACROSS, ALL, DOWN, NUMBERS, Cross, bits, identity
from rummi_desktop.games.rummble.rules.board import CENTRE, SET_MULTIPLIER, SIZE, TILE_MULTIPLIER
from rummi_desktop.games.rummble.rules.play import RUMMMBLE_BONUS, RUMMMBLE_TILES


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
    bonus: int = RUMMMBLE_BONUS  # what filling ten slots earns at this table (0: the house plays without it)


def _lane_squares(start: int, step: int) -> list[int]:
    return [start + i * step for i in range(SIZE)]


def lines() -> list[tuple[list[int], int]]:
    """Every row and column as (its 13 squares, the step along it)."""
    rows = [(_lane_squares(r * SIZE, ACROSS), ACROSS) for r in range(SIZE)]
    cols = [(_lane_squares(c, DOWN), DOWN) for c in range(SIZE)]
    return rows + cols


LINES = lines()


def find_lanes(cells: list, crosses: dict[int, list], rack: RackBits, empty_board: bool,
               bonus: int = RUMMMBLE_BONUS) -> list[Lane]:
    """Every lane of 2+ new tiles worth trying (see the module docstring), bound included.

    ``crosses[step]`` are the cross-checks *perpendicular* to a main line along ``step``."""
    found = []
    for squares, step in LINES:
        places = [_place(cells, sq, crosses[step][sq], rack) for sq in squares]
        for start in range(SIZE):
            if start and places[start - 1] is not None and places[start - 1][0] >= 0:
                continue  # a lane starts after an empty square or the edge
            found += _lanes_from(squares, places, start, rack, empty_board, bonus)
    return found


def _place(cells: list, sq: int, cross: Cross | None, rack: RackBits) -> tuple:
    """What a lane needs of one square: (identity, value) of a board tile; for an empty square
    (-1, cross-check, allowed identities, the bound of its tile's value, of its crossing line)."""
    laid = cells[sq]
    if laid is not None:
        return (identity(laid[0], laid[1]), 0 if laid[2] else laid[1])
    allowed = (ALL if cross is None else cross.mask) & rack.playable
    if not allowed:
        return None  # no rack tile fits here
    crossing = 0 if cross is None else cross_best(cross, allowed, rack)
    return (-1, cross, allowed, top_number(allowed & rack.mask) * TILE_MULTIPLIER[sq], crossing)


def _lanes_from(squares, places, start, rack, empty_board, rummmble_bonus: int) -> list[Lane]:
    """The lanes starting at ``start``, grown one square at a time with their bound's parts."""
    lanes = []
    fixed, values, slots, crosses, allowed = [], [], [], [], []
    anchored, base, set_factor, crossing, colours = False, 0, 1, 0, set()
    for end in range(start, SIZE):
        place = places[end]
        if place is None:
            break  # no longer lane either
        if place[0] >= 0:
            fixed.append(place[0])
            values.append(place[1])
            base += place[1]
            colours.add(place[0] // NUMBERS)
            anchored = True
        else:
            _, cross, fits, top, best_cross = place
            if len(slots) == rack.size:
                break
            fixed.append(-1)
            values.append(0)
            slots.append(end - start)
            crosses.append(cross)
            allowed.append(fits)
            base += top
            set_factor *= SET_MULTIPLIER[squares[end]]
            crossing += best_cross
            anchored = anchored or cross is not None or (empty_board and squares[end] == CENTRE)
        closes = end == SIZE - 1 or places[end + 1] is None or places[end + 1][0] < 0
        if closes and len(slots) >= 2 and anchored:
            lane = Lane(tuple(squares[start:end + 1]), list(fixed), list(values), list(slots), list(crosses),
                        list(allowed), bonus=rummmble_bonus)
            bonus = rummmble_bonus if len(slots) >= RUMMMBLE_TILES else 0
            lane.bound = base * (2 if len(colours) <= 1 else 1) * set_factor + crossing + bonus
            lanes.append(lane)
    return lanes


_CROSS_BEST: dict[tuple, int] = {}


def cross_best(cross: Cross, allowed: int, rack: RackBits) -> int:
    """The most the crossing line can score with a rack tile the square allows."""
    key = (cross, allowed, rack.mask)
    found = _CROSS_BEST.get(key)
    if found is None:
        found = 0
        for ident in bits(allowed):
            value = ident % NUMBERS + 1 if rack.mask >> ident & 1 else 0
            found = max(found, cross.points(ident, value))
        if len(_CROSS_BEST) > 100_000:
            _CROSS_BEST.clear()
        _CROSS_BEST[key] = found
    return found
