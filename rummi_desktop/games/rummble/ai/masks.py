"""Tile identities as bits, and the cross-checks of a Rummble board.

A tile *identity* is what the set rules read: a colour and a number, 4 × 13 = 52 of them,
numbered ``colour index * 13 + number - 1`` (colours in ``tiles.COLOURS`` order). A set of
identities is an int used as a 52-bit mask, as word-game engines keep the letters allowed on
a square (wolges' cross-sets).

The cross-check of an empty square for a direction is the mask of identities that, laid there,
keep the line through that square along that direction legal (the tiles already before and
after it on the board, plus this one). A square with no neighbour along the direction forms no
line there: every identity passes and no points are scored. Along with the mask come the data
to score that line quickly: the board tiles' value sum and which identities would make it a
straight flush. Lines repeat from one turn to the next, so their masks are cached by content.
Pure module (no pygame, no I/O).
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from rummi_desktop.games.rummble.rules.board import SET_MULTIPLIER, SIZE, SQUARES, TILE_MULTIPLIER, Laid
from rummi_desktop.games.rummble.rules.sets import STRAIGHT_FLUSH, classify
from rummi_desktop.tiles import COLOURS, HIGHEST

NUMBERS = HIGHEST
IDENTITIES = len(COLOURS) * NUMBERS
ALL = (1 << IDENTITIES) - 1
ACROSS, DOWN = 1, SIZE

COLOUR_INDEX = {colour: index for index, colour in enumerate(COLOURS)}
NUMBER_MASK = [0] + [sum(1 << (c * NUMBERS + n - 1) for c in range(len(COLOURS))) for n in range(1, NUMBERS + 1)]
COLOUR_MASK = [((1 << NUMBERS) - 1) << (c * NUMBERS) for c in range(len(COLOURS))]
# LAID[i] / JOKER_LAID[i]: identity i laid as itself / as a joker declared to be it.
LAID = [Laid(COLOURS[i // NUMBERS], i % NUMBERS + 1) for i in range(IDENTITIES)]
JOKER_LAID = [Laid(COLOURS[i // NUMBERS], i % NUMBERS + 1, True) for i in range(IDENTITIES)]


def identity(colour: str, number: int) -> int:
    return COLOUR_INDEX[colour] * NUMBERS + number - 1


def up_to(highest: int) -> int:
    """The identities of a tile set whose numbers run 1 to ``highest``."""
    return sum(NUMBER_MASK[n] for n in range(1, highest + 1))


def bits(mask: int):
    """The identities in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Cross(NamedTuple):
    """The line a tile on one empty square would join along one direction (None: no line)."""

    mask: int  # identities that keep it a set
    flush_mask: int  # identities that make it a straight flush (×2)
    board_sum: int  # the values of the board tiles in it
    tile_factor: int  # the square's ×2 / ×3 TILE
    set_factor: int  # the square's ×2 / ×3 SET

    def points(self, ident: int, value: int) -> int:
        """What the line scores with ``ident`` (worth ``value``: 0 for a joker) on the square."""
        base = self.board_sum + value * self.tile_factor
        if self.flush_mask >> ident & 1:
            base *= 2
        return base * self.set_factor


_LINE_MASKS: dict[tuple, tuple[int, int]] = {}
_CACHE_LIMIT = 200_000


def line_masks(before: Sequence[tuple], after: Sequence[tuple]) -> tuple[int, int]:
    """(legal, straight-flush) masks for the identity between ``before`` and ``after``.

    Only identities sharing the number, a neighbouring number or the colour of an adjacent
    tile can make a set with it, so only those are classified."""
    key = (tuple((t[0], t[1]) for t in before), tuple((t[0], t[1]) for t in after))
    found = _LINE_MASKS.get(key)
    if found is not None:
        return found
    near = before[-1] if before else after[0]
    candidates = (NUMBER_MASK[near[1]] | COLOUR_MASK[COLOUR_INDEX[near[0]]]
                  | (NUMBER_MASK[near[1] - 1] if near[1] > 1 else 0)
                  | (NUMBER_MASK[near[1] + 1] if near[1] < NUMBERS else 0))
    legal = flush = 0
    head, tail = list(key[0]), list(key[1])
    for ident in bits(candidates):
        kind = classify(head + [(COLOURS[ident // NUMBERS], ident % NUMBERS + 1)] + tail)
        if kind is not None:
            legal |= 1 << ident
            if kind == STRAIGHT_FLUSH:
                flush |= 1 << ident
    if len(_LINE_MASKS) > _CACHE_LIMIT:
        _LINE_MASKS.clear()
    _LINE_MASKS[key] = (legal, flush)
    return legal, flush


def neighbours_along(cells: list, sq: int, step: int) -> tuple[list, list]:
    """The board tiles touching ``sq`` before and after it along ``step``, in reading order."""
    before, after = [], []
    if step == ACROSS:
        at = sq - 1
        while at % SIZE != SIZE - 1 and at >= 0 and cells[at] is not None:
            before.append(cells[at])
            at -= 1
        at = sq + 1
        while at % SIZE != 0 and cells[at] is not None:
            after.append(cells[at])
            at += 1
    else:
        at = sq - SIZE
        while at >= 0 and cells[at] is not None:
            before.append(cells[at])
            at -= SIZE
        at = sq + SIZE
        while at < SQUARES and cells[at] is not None:
            after.append(cells[at])
            at += SIZE
    before.reverse()
    return before, after


def cross_at(cells: list, sq: int, step: int) -> Cross | None:
    """The cross-check of empty ``sq`` along ``step`` (None when no tile touches it that way)."""
    before, after = neighbours_along(cells, sq, step)
    if not before and not after:
        return None
    legal, flush = line_masks(before, after)
    board_sum = sum(0 if t[2] else t[1] for t in before) + sum(0 if t[2] else t[1] for t in after)
    return Cross(legal, flush, board_sum, TILE_MULTIPLIER[sq], SET_MULTIPLIER[sq])


def cross_checks(cells: list, step: int) -> list[Cross | None]:
    """``cross_at`` for every square (None on filled squares too)."""
    return [cross_at(cells, sq, step) if cells[sq] is None else None for sq in range(SQUARES)]
