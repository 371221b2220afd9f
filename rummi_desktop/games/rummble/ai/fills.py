"""Filling one lane: every way the rack's tiles make its main line a set, each scored.

A set is one of a few *shapes*, and each shape fixes what a new tile may be at each place of
the line: n of a kind of N (number N, any colour), a straight up or down from a start number
(the number at each place is known, any colour), or a flush of one colour going up or down
(3+ tiles, numbers strictly monotone). Board tiles in the lane fix the shape's parameters;
only a lane of new tiles alone tries them all. Each place then allows the identities of its
shape ∩ its cross-check ∩ what the rack can lay, and a depth-first walk hands out rack tiles
(each face once per copy; a joker as each identity still allowed — never a blind 52).

A straight flush is a straight and, from 3 tiles, also a flush: the flush walk skips it, so
every play is produced once. Scores are computed here exactly as the rules score them
(tests/test_rummble_movegen.py checks every play against ``check_play``). Pure module.
"""

from __future__ import annotations

from typing import Callable

from rummi_desktop.games.rummble.ai.lanes import Lane, RackBits, cross_best, top_number
from rummi_desktop.games.rummble.ai.masks import COLOUR_MASK, JOKER_LAID, LAID, NUMBER_MASK, NUMBERS, bits
from rummi_desktop.games.rummble.rules.board import SET_MULTIPLIER, TILE_MULTIPLIER
from rummi_desktop.games.rummble.rules.play import RUMMMBLE_TILES

# ABOVE[n] / BELOW[n]: identities whose number is greater / smaller than n.
ABOVE = [sum(NUMBER_MASK[m] for m in range(n + 1, NUMBERS + 1)) for n in range(NUMBERS + 2)]
BELOW = [sum(NUMBER_MASK[m] for m in range(1, min(n, NUMBERS + 1))) for n in range(NUMBERS + 2)]

Emit = Callable[[int, tuple], None]  # (score, placements in square order)


def fill_lane(lane: Lane, rack: RackBits, highest: int, emit: Emit | None, floor: list[int] | None = None) -> int:
    """Call ``emit(score, placements)`` for every legal play of ``lane``; returns how many
    there are (``emit`` None: only count them, without scoring or building placements).

    With ``floor`` (a one-item list: the best score found so far, which ``emit`` may raise),
    shapes whose upper bound cannot beat it are skipped: only the best play is wanted."""
    known = [(i, ident) for i, ident in enumerate(lane.fixed) if ident >= 0]
    length = len(lane.squares)
    # Number sets (bit n-1: number n) every empty place can take, to skip hopeless shapes.
    kinds, ups, downs = (1 << NUMBERS) - 1, (1 << NUMBERS) - 1, (1 << NUMBERS) - 1
    for index, allowed in zip(lane.slots, lane.allowed):
        numbers = number_set(allowed)
        kinds &= numbers
        ups &= numbers >> index
        downs &= numbers << index
    walk = _Walk(lane, rack, emit)
    walk.floor = floor
    numbers = {ident % NUMBERS + 1 for _, ident in known}
    if len(numbers) <= 1:
        for number in (numbers if known else range(1, highest + 1)):
            if kinds >> (number - 1) & 1:
                walk.run([NUMBER_MASK[number]] * length, 0, False)
    for step, starts in ((1, ups), (-1, downs)):
        for first in _straight_starts(known, length, step, highest):
            if starts >> (first - 1) & 1:
                walk.run([NUMBER_MASK[first + step * i] for i in range(length)], 0, True)
    if length >= 3:
        for colour, step in _flush_shapes(known):
            if all(allowed & COLOUR_MASK[colour] for allowed in lane.allowed):
                walk.run(_flush_masks(lane, known, colour, step, highest), step, False)
    return walk.found


def number_set(mask: int) -> int:
    """The numbers among the identities of ``mask``, as bits (bit n-1: number n)."""
    full = (1 << NUMBERS) - 1
    return (mask | mask >> NUMBERS | mask >> 2 * NUMBERS | mask >> 3 * NUMBERS) & full


def _straight_starts(known, length: int, step: int, highest: int) -> list[int]:
    if known:
        at, ident = known[0]
        first = ident % NUMBERS + 1 - step * at
        if any(ident % NUMBERS + 1 != first + step * i for i, ident in known):
            return []
        starts = [first]
    else:
        starts = list(range(1, highest + 1))
    last = length - 1
    return [s for s in starts if 1 <= s <= highest and 1 <= s + step * last <= highest]


def _flush_shapes(known) -> list[tuple[int, int]]:
    """(colour, direction) of every flush the board tiles of the lane still allow."""
    if not known:
        return [(colour, step) for colour in range(4) for step in (1, -1)]
    colours = {ident // NUMBERS for _, ident in known}
    if len(colours) > 1:
        return []
    colour = colours.pop()
    # Same colour, so identities differ as the numbers do; strictly monotone needs room.
    return [(colour, step) for step in (1, -1)
            if all((b - a) * step >= j - i for (i, a), (j, b) in zip(known, known[1:]))]


def _flush_masks(lane: Lane, known, colour: int, step: int, highest: int) -> list[int]:
    """Per place: the colour, and the numbers a strictly monotone line still leaves it: each
    place before it (after it) needs a smaller (greater) number in reading order of ``step``."""
    masks = []
    last = len(lane.squares) - 1
    for i in range(last + 1):
        ahead, behind = (i, last - i) if step == 1 else (last - i, i)  # places below / above it
        low, high = ahead + 1, highest - behind
        for at, ident in known:
            if at == i:
                continue
            number, gap = ident % NUMBERS + 1, abs(at - i)
            if (at < i) == (step == 1):
                low = max(low, number + gap)
            else:
                high = min(high, number - gap)
        masks.append(COLOUR_MASK[colour] & ABOVE[low - 1] & BELOW[high + 1] if low <= high else 0)
    return masks


class _Walk:
    """The depth-first hand-out of rack tiles to a lane's empty squares for one shape."""

    def __init__(self, lane: Lane, rack: RackBits, emit: Emit | None) -> None:
        self.lane, self.rack, self.emit = lane, rack, emit
        self.found = 0
        self.counts = list(rack.counts)
        self.jokers = rack.jokers
        self.chosen: list[tuple[int, bool]] = []
        self.masks: list[int] = []
        self.step = 0  # a flush's direction (0: not a flush)
        self.straight = False
        self.need: list[int] = []
        self.floor: list[int] | None = None

    def run(self, masks: list[int], flush_step: int, straight: bool) -> None:
        lane = self.lane
        slot_masks = [masks[i] & allowed for i, allowed in zip(lane.slots, lane.allowed)]
        if not all(slot_masks):
            return
        for i, ident in enumerate(lane.fixed):
            if ident >= 0 and not masks[i] >> ident & 1:
                return
        # need[k]: how many of the places from k on no rack tile but a joker can take.
        need = [0] * (len(slot_masks) + 1)
        for k in range(len(slot_masks) - 1, -1, -1):
            need[k] = need[k + 1] + (not slot_masks[k] & self.rack.mask)
        if need[0] > self.jokers:
            return
        if self.floor is not None and self._bound(slot_masks, straight) <= self.floor[0]:
            return
        self.masks, self.step, self.straight, self.need = slot_masks, flush_step, straight, need
        if self.emit is None:
            self.found += self._count_flush(slot_masks) if flush_step else self._count(0)
        else:
            self._place(0)

    def _bound(self, slot_masks: list[int], straight: bool) -> int:
        """No play of this shape scores more (as lane_bound, with the shape's own masks)."""
        lane, rack = self.lane, self.rack
        base, set_factor, crossing = sum(lane.values), 1, 0
        for index, mask, cross in zip(lane.slots, slot_masks, lane.crosses):
            sq = lane.squares[index]
            base += top_number(mask & rack.mask) * TILE_MULTIPLIER[sq]
            set_factor *= SET_MULTIPLIER[sq]
            if cross is not None:
                crossing += cross_best(cross, mask, rack)
        bonus = lane.bonus if len(slot_masks) >= RUMMMBLE_TILES else 0
        return base * (2 if straight else 1) * set_factor + crossing + bonus

    def _count_flush(self, slot_masks: list[int]) -> int:
        """The flushes (straight flushes left out) of this shape, by dynamic programming over
        the places: the state is the previous number, the jokers used and whether the line is
        consecutive so far. A flush never repeats an identity, so one copy on the rack is enough."""
        lane, step, jokers, have = self.lane, self.step, self.jokers, self.rack.mask
        states = {(0, 0, True): 1}
        masks = iter(slot_masks)
        for ident in lane.fixed:
            following: dict[tuple, int] = {}
            choices = [(ident, 0)] if ident >= 0 else None
            mask = next(masks) if ident < 0 else 0
            for (previous, used, straight), ways in states.items():
                if choices is None:
                    order = -1 if not previous else (ABOVE[previous] if step == 1 else BELOW[previous])
                    options = [(i, 0) for i in bits(mask & order & have)]
                    if used < jokers:
                        options += [(i, 1) for i in bits(mask & order)]
                else:
                    options = choices
                for chosen, joker in options:
                    number = chosen % NUMBERS + 1
                    if previous and (number - previous) * step <= 0:
                        continue
                    key = (number, used + joker, straight and (not previous or number - previous == step))
                    following[key] = following.get(key, 0) + ways
            states = following
        return sum(ways for (_, _, straight), ways in states.items() if not straight)

    def _count(self, k: int) -> int:
        """The plays from place k on, for a shape whose places do not constrain each other (not
        a flush): a joker there counts once per identity it may be declared as."""
        if k == len(self.masks):
            return 1
        if self.need[k] > self.jokers:
            return 0
        mask, counts, total = self.masks[k], self.counts, 0
        naturals = mask & self.rack.mask
        while naturals:
            low = naturals & -naturals
            ident = low.bit_length() - 1
            naturals ^= low
            if counts[ident]:
                counts[ident] -= 1
                total += self._count(k + 1)
                counts[ident] += 1
        if self.jokers:
            self.jokers -= 1
            total += mask.bit_count() * self._count(k + 1)
            self.jokers += 1
        return total

    def _place(self, k: int) -> None:
        if k == len(self.masks):
            self._finish()
            return
        if self.need[k] > self.jokers:
            return  # too few jokers left for the places only a joker can take
        mask = self.masks[k]
        if self.step:
            mask &= self._flush_order(k)
        counts = self.counts
        while mask:
            low = mask & -mask
            ident = low.bit_length() - 1
            mask ^= low
            if counts[ident]:
                counts[ident] -= 1
                self.chosen.append((ident, False))
                self._place(k + 1)
                self.chosen.pop()
                counts[ident] += 1
            if self.jokers:
                self.jokers -= 1
                self.chosen.append((ident, True))
                self._place(k + 1)
                self.chosen.pop()
                self.jokers += 1

    def _flush_order(self, k: int) -> int:
        """A flush tile must go beyond the new tile just before it (when that is adjacent)."""
        lane = self.lane
        if k == 0 or lane.slots[k - 1] != lane.slots[k] - 1:
            return -1
        number = self.chosen[k - 1][0] % NUMBERS + 1
        return ABOVE[number] if self.step == 1 else BELOW[number]

    def _finish(self) -> None:
        lane, chosen = self.lane, self.chosen
        idents = list(lane.fixed)
        for index, (ident, _) in zip(lane.slots, chosen):
            idents[index] = ident
        if self.step:
            numbers = [ident % NUMBERS + 1 for ident in idents]
            if all(b - a == self.step for a, b in zip(numbers, numbers[1:])):
                return  # a straight flush: the straight walk has it
        self.found += 1
        if self.emit is not None:
            self.emit(self._score(idents), self._placements())

    def _score(self, idents: list[int]) -> int:
        lane = self.lane
        base = sum(lane.values)
        set_factor = 1
        cross_total = 0
        for index, (ident, joker), cross in zip(lane.slots, self.chosen, lane.crosses):
            sq = lane.squares[index]
            value = 0 if joker else ident % NUMBERS + 1
            base += value * TILE_MULTIPLIER[sq]
            set_factor *= SET_MULTIPLIER[sq]
            if cross is not None:
                cross_total += cross.points(ident, value)
        if self.straight and len({ident // NUMBERS for ident in idents}) == 1:
            base *= 2
        bonus = lane.bonus if len(self.chosen) >= RUMMMBLE_TILES else 0
        return base * set_factor + cross_total + bonus

    def _placements(self) -> tuple:
        lane = self.lane
        return tuple((lane.squares[index], JOKER_LAID[ident] if joker else LAID[ident])
                     for index, (ident, joker) in zip(lane.slots, self.chosen))
