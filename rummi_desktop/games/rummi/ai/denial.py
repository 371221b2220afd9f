"""Expert's end-game look-ahead: do not hand the next seat the tiles it needs to go out.

Between two seats that both find the most tiles they can place, most rounds end the same
way: the seat about to go out is stuck with one to three tiles that fit nowhere, and the other
seat's next play gives them a place. (In 300 Hard-against-Hard rounds, the winner's last play
needed the loser's play just before it in 166: ``benchmarks/endgame_stats.py --games 300``.)
So when the next seat holds few tiles, Expert weighs its plays by what they hand over:

1. **What the next seat holds.** The tiles no one has seen, less those that could have joined
   the table the next seat left behind: a seat that places all it can (as the computer seats
   do) keeps only such tiles, except the one it drew if it drew. Racks are sampled from that.
2. **How likely it goes out.** For each candidate play, the share of sampled racks that could
   be laid down in full on the new table (:mod:`rummi_desktop.games.rummi.ai.feasibility`).
3. **What the play is worth.** A candidate's worth is the chance the next seat does not go
   out times Expert's chance to win from the rack it keeps (``win_chance``: a logistic fit of
   who won from which rack sizes in 300 Hard-against-Hard rounds, reproduced by
   ``benchmarks/endgame_stats.py``). A tile held back that could have been laid counts as
   half a tile (it can still go down later, when it hands nothing over). The candidates: the
   best play, drawing, and the best play without one of the tiles most to blame (those near
   the racks the best play lets go out).

Pure module: no pygame, no I/O; randomness only from a ``random.Random`` seeded by the view.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections import Counter, OrderedDict
from dataclasses import dataclass
from typing import Iterable, Sequence

from rummi_desktop.games.rummi.ai.dp import SolveInterrupted
from rummi_desktop.games.rummi.ai.feasibility import TableFeasibility
from rummi_desktop.games.rummi.ai.solver import Solution, lay_out, solve
from rummi_desktop.games.rummi.ai.table import is_group, run_start
from rummi_desktop.tiles import JOKERS_IN_SET, Tile, standard_set

DENIAL_RACK = 4  # the next seat holds this few tiles: weigh what each play hands it
SAMPLES = 12  # racks sampled for the next seat when it holds two tiles or more
LOOK_AHEAD_SECONDS = 0.4  # the weighing stops here and picks the best candidate seen
LAY_OUT_SECONDS = 0.03  # beyond the look-ahead, to lay a chosen partial play out tidily
RESERVE = 0.5  # a tile kept back that could have been laid counts as half a tile kept
CULPRITS = 3  # plays without one tile weighed at most (the tiles most to blame)
QUESTION_STEPS = 300  # a rack this dear to judge (rare: tens of ms) is left out of the count
# win_chance(r, m) = 1 / (1 + exp(-(SLOPE * ln((m + 1) / (r + 1)) + EDGE))): fitted by maximum
# likelihood to who won from (own rack r, next seat's rack m) at the start of a turn.
SLOPE = 1.2
EDGE = 0.05

Table = list[list[Tile]]


@dataclass(frozen=True)
class NextSeat:
    """What every seat can see of the seat playing after it."""

    rack_size: int
    opened: bool
    drawn: int  # tiles it took on its last turn (fresh: not yet tried against a table)
    left_table: tuple[tuple[Tile, ...], ...] | None  # the table it left; None: not seen yet


@dataclass(frozen=True)
class Candidate:
    """A weighed play: the best play, a draw, or the best play from part of the rack."""

    table: Table | None  # the new table; None: draw
    untidy: bool  # a play from part of the rack, laid out as the search cut it
    worth: float


def win_chance(rack: float, next_rack: int) -> float:
    """The chance to win for a seat keeping ``rack`` tiles against ``next_rack``."""
    if rack <= 0:
        return 1.0
    return 1.0 / (1.0 + math.exp(-(SLOPE * math.log((next_rack + 1) / (rack + 1)) + EDGE)))


def quick_fit(melds: Sequence[Sequence[Tile]], tile: Tile) -> bool:
    """A plain way for ``tile`` to join the table, no rearranging: a run's end, a group of
    three's missing colour, or splitting a run of five or more at a copy of an inner tile."""
    for meld in melds:
        numbered = [t for t in meld if not t.is_joker]
        if is_group(meld):
            if len(meld) == 3 and numbered[0].number == tile.number and all(
                    t.colour != tile.colour for t in numbered):  # fmt: skip
                return True
            continue
        start = run_start(meld)
        if start is None or numbered[0].colour != tile.colour:
            continue
        end = start + len(meld) - 1
        if tile.number in (start - 1, end + 1) or start + 2 <= tile.number <= end - 2:
            return True
    return False


class NextSeatModel:
    """Sampled racks of the next seat and how often they could go out on a table."""

    def __init__(self, unseen: Counter[Tile], seat: NextSeat, rng: random.Random, deadline: float,
                 cancel: threading.Event | None = None) -> None:  # fmt: skip
        self.seat = seat
        self.deadline, self.cancel = deadline, cancel
        held = list(self._held_tiles(unseen).elements())
        every = list(unseen.elements())
        fresh = min(seat.drawn, seat.rack_size)
        kept = seat.rack_size - fresh
        if kept > len(held):  # the next seat is not the kind that places all it can
            held, kept, fresh = every, 0, seat.rack_size
        self.fresh = fresh
        self.racks: Counter[tuple[Tile, ...]] = Counter()
        if kept + fresh == 1:
            for tile in held if kept else every:  # one tile: every possibility, by its copies
                self.racks[(tile,)] += 1
        else:
            for _ in range(SAMPLES):
                old = rng.sample(held, kept)
                rest = list((Counter(every) - Counter(old)).elements())
                self.racks[tuple(sorted(old + rng.sample(rest, fresh)))] += 1
        self.weight = sum(self.racks.values())

    def feasibility(self, tiles: Iterable[Tile]) -> TableFeasibility:
        return _feasibility(tuple(sorted(tiles)))

    def _held_tiles(self, unseen: Counter[Tile]) -> Counter[Tile]:
        """The unseen tiles that could not have joined the table the next seat left."""
        left = self.seat.left_table
        if left is None:
            return unseen
        feasibility = self.feasibility(tile for meld in left for tile in meld)
        held: Counter[Tile] = Counter()
        for tile, count in unseen.items():
            self._check()
            if tile.is_joker or quick_fit(left, tile):
                continue
            if feasibility.can_add([tile], QUESTION_STEPS, self.deadline, self.cancel) is False:
                held[tile] = count
        return held

    def go_out_chance(self, table: Table, enough: float = 1.0,
                      gone_out: Counter[tuple[Tile, ...]] | None = None) -> float:  # fmt: skip
        """The share of sampled racks that could all be laid down on ``table`` (those racks
        are added to ``gone_out``). Counting stops once the share reaches ``enough`` (the
        caller has no use for more)."""
        added = self._added_since_left(table)
        if added is not None and not added and not self.fresh:
            return 0.0  # the seat placed all it could there and has drawn nothing since
        out, judged, weight_left = 0, 0, self.weight
        for rack, weight in self.racks.items():
            self._check()
            weight_left -= weight
            goes_out = self._goes_out(rack, table, added)
            if goes_out is None:
                continue  # too dear to judge: left out of the count
            judged += weight
            if goes_out:
                out += weight
                if gone_out is not None:
                    gone_out[rack] += weight
            if out >= enough * (judged + weight_left):
                break  # the share can no longer fall below what the caller needs
        return out / judged if judged else 0.0

    def _goes_out(self, rack: tuple[Tile, ...], table: Table, added: Counter[Tile] | None) -> bool | None:
        if added is not None and not any(_within_reach(tile, added) for tile in rack):
            # Nothing laid since the seat's last turn is near these tiles: they fare as they
            # did on the table it left, where its own tiles could not go (the fresh one may).
            if not self.fresh:
                return False
            table = [list(meld) for meld in self.seat.left_table]
        if len(rack) == 1 and quick_fit(table, rack[0]):
            return True
        feasibility = self.feasibility(tile for meld in table for tile in meld)
        return feasibility.can_add(rack, QUESTION_STEPS, self.deadline, self.cancel)

    def _check(self) -> None:
        if self.cancel is not None and self.cancel.is_set():
            raise SolveInterrupted("cancelled")
        if time.perf_counter() > self.deadline:
            raise SolveInterrupted("out of time")

    def _added_since_left(self, table: Table) -> Counter[Tile] | None:
        """The tiles laid since the next seat's last turn (None: its table is not known)."""
        left = self.seat.left_table
        if left is None:
            return None
        added = Counter(t for meld in table for t in meld)
        added.subtract(t for meld in left for t in meld)
        return +added


def _culprits(placed: Counter[Tile], handed: Counter[tuple[Tile, ...]]) -> list[Tile]:
    """The tiles the best play lays, most to blame first: each is charged with every rack it
    lets go out that holds a tile within its reach; tiles charged with nothing are left out."""
    blame: Counter[Tile] = Counter()
    for tile in placed:
        for rack, weight in handed.items():
            if _within_reach(tile, rack):
                blame[tile] += weight
    return [tile for tile, _ in blame.most_common()]


def _within_reach(tile: Tile, laid: Iterable[Tile]) -> bool:
    """Whether a laid tile could have opened a place for ``tile``: a joker, a tile of its
    colour within four numbers, or any tile within two numbers (a group may have freed one)."""
    for other in laid:
        if other.is_joker or tile.is_joker:
            return True
        gap = abs(other.number - tile.number)
        if gap <= 2 or other.colour == tile.colour and gap <= 4:
            return True
    return False


def denial_play(table: Table, rack: list[Tile], best: Solution, seat: NextSeat, seed: int,
                deadline: float, cancel: threading.Event | None = None,
                unseen: Counter[Tile] | None = None, jokers: int = JOKERS_IN_SET) -> Table | None:  # fmt: skip
    """The play (new table, or None to draw) worth most once the next seat's reply is weighed.
    ``best`` is the exact best play, which does not empty the rack. Candidates are weighed
    best play first until ``deadline`` (a ``time.perf_counter()`` instant). ``unseen`` (the
    tiles neither on the table nor on this rack, of a set with ``jokers`` jokers) is worked out
    unless given."""
    if unseen is None:
        unseen = Counter(standard_set(jokers)) - Counter(tile for meld in table for tile in meld) - Counter(rack)
    reply = seat.rack_size + 1  # the next seat's rack if it draws
    chosen: Candidate | None = None

    def kept_worth(placed: int) -> float:
        """The worth of laying ``placed`` tiles if the next seat cannot go out: tiles kept
        back that could have been laid count as only part of a tile (they can go later)."""
        left = len(rack) - placed
        return win_chance(max(1.0, left - RESERVE * (best.placed - max(placed, 0))), reply)

    def weigh(after: Table, placed: int, play: Table | None, untidy: bool = False,
              gone_out: Counter | None = None) -> None:  # fmt: skip
        nonlocal chosen
        ceiling = kept_worth(placed)
        if chosen is not None and ceiling <= chosen.worth:
            return
        enough = 1.0 if chosen is None else 1.0 - chosen.worth / ceiling
        worth = (1.0 - model.go_out_chance(after, enough, gone_out)) * ceiling
        if chosen is None or worth > chosen.worth:
            chosen = Candidate(play, untidy, worth)

    try:
        model = NextSeatModel(unseen, seat, random.Random(seed), deadline, cancel)
        handed: Counter[tuple[Tile, ...]] = Counter()  # racks the best play lets go out
        weigh(best.table, best.placed, best.table, gone_out=handed)
        if not handed:
            return best.table  # the best play hands nothing over: nothing can beat it
        weigh(table, -1, None)  # a draw: one tile more
        for tile in _culprits(Counter(rack) - Counter(best.rack), handed)[:CULPRITS]:
            if kept_worth(best.placed - 1) <= chosen.worth:
                break  # laying fewer cannot beat what is found
            fewer = list(rack)
            fewer.remove(tile)  # the best play without it
            play = solve(table, fewer, False, deadline=deadline, cancel=cancel, tidy=False)
            if play.placed:
                weigh(play.table, play.placed, play.table, untidy=True)
    except SolveInterrupted:
        if cancel is not None and cancel.is_set():
            raise
    if chosen is None:
        return best.table
    if chosen.untidy:  # lay the chosen play out tidily (the table scene shows it)
        try:
            return lay_out(table, chosen.table, deadline + LAY_OUT_SECONDS, cancel)
        except SolveInterrupted:
            if cancel is not None and cancel.is_set():
                raise
    return chosen.table  # (a play from part of the rack, if out of time: legal, just untidy)


# The same tables come back turn after turn at the end of a round (both seats drawing), so
# what was learnt about a table is kept for a while: it depends on nothing but the table.
_KNOWN_TABLES: OrderedDict[tuple[Tile, ...], TableFeasibility] = OrderedDict()
_MOVES: dict = {}
KNOWN_TABLES = 8  # a heavy table keeps a few MiB of states
MOVES_KEPT = 40_000  # cached moves: tens of MiB at most


def _feasibility(key: tuple[Tile, ...]) -> TableFeasibility:
    known = _KNOWN_TABLES.get(key)
    if known is None:
        if len(_MOVES) > MOVES_KEPT:
            _MOVES.clear()
        known = _KNOWN_TABLES[key] = TableFeasibility(key, _MOVES)
        if len(_KNOWN_TABLES) > KNOWN_TABLES:
            _KNOWN_TABLES.popitem(last=False)
    _KNOWN_TABLES.move_to_end(key)
    return known
