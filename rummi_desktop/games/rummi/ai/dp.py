"""The exact Rummi placement search: a dynamic program over the numbers 1 → 13.

After the method of van Rijn, Takes & Vis ("The Complexity of Rummikub Problems", 2015).
Walking the numbers upward, the only thing the future needs to know about the past is, per
colour, how many runs are still open and how long each is (1, 2, or "3 or more", the length
at which a run may stop). At each number we decide, per colour, how many rack copies join
the table (table copies must), how many jokers stand in that colour, and how many of those
tiles go to groups instead of runs; jokers may also fill the missing colours of groups.

Jokers are a budget, not a colour: a joker placed at colour c and number v is just one more
"c v" position, so up to six runs of one colour can be open at once (two real copies plus
four jokers, under the "4 jokers" house rule). Counting runs by length (not by copy) keeps the state small, and continuing an
open run always dominates closing it and opening a new one at the same number, so the run
bookkeeping of a colour is fully determined by how many of its positions go to runs.

Jokers in canonical form (outside initial-meld mode): a joker at the end of a run of four or
more, or in a group of four, could be lifted off and the meld would stay valid, so the search
never puts one there. Such "loose" jokers are instead added at the end to any meld with room
for one (a group of three, or a run with a free end). A run of three or more that just took a
joker is therefore marked "must go on" (its joker is inside the run). By default the search
assumes such room exists (it nearly always does) and the layout checks it; if it does not,
the search runs again counting the room it builds (``track_room``), so the answer stays exact.

Pruning that keeps the answer exact: states that behave alike from a number on are merged
(``normalise``), runs that would need more jokers than are left are cut early, and a
branch-and-bound with a fail-low memo drops states that cannot beat the best play found.
Its ceilings: a search that runs past a few hundred states first solves, exactly, the same
problem from each number v on with free incoming runs (``_relax``); no real state at v can
score more, so a tile that no arrangement of the higher numbers can place (the usual reason a
rack is not emptied) cuts the search where it starts instead of after every low-number choice.

Score of a play: 1000 per rack tile placed plus its value (numbers; 30 for a joker), so
"most tiles, then highest value" is one integer to maximise; a computer seat's policy may
replace the values (``tile_values``, ``joker_value``) as its tie-break. Pure module (no
pygame, no I/O).
"""

from __future__ import annotations

import threading
import time
from typing import NamedTuple

from rummi_desktop.games.rummi.ai.groups import GROUP_BASE, GROUP_FITS, JOKER_SPAN
from rummi_desktop.games.rummi.ai.run_codes import (
    BASE, JOKERS_FOR_ALL_JOKER_RUNS, MOST_POSITIONS, RUN_DIGIT, RUNS, JokerPlaces, joker_layouts, must_go_on, pack,
    tracked_layouts, unpack, without_jokers)
from rummi_desktop.games.rummi.rules.pieces import MOST_JOKERS
from rummi_desktop.tiles import COLOURS, JOKER_PENALTY

PER_TILE = 1000
INITIAL_MELD_POINTS = 30
IMPOSSIBLE = -(10**9)
# Per colour a run state is packed by ``run_codes`` (open runs by length, and the runs of
# jokers alone); four colours in a search's ``base``.
MAX_ROOM = MOST_JOKERS  # loose jokers to place: never more than the jokers of the set
PROBE_STATES = 100  # states searched before computing the exact ceilings
# Ceilings from number 3 on: below it few states are expanded, and the ceilings from the low
# numbers (nearly the whole problem) are the dearest to compute.
RELAX_DOWN_TO = 3
CHECK_EVERY = 512  # solver calls between deadline / cancel checks


class SolveInterrupted(RuntimeError):
    """The search passed its deadline or was cancelled; no answer (never a wrong one)."""


class SearchBudgetSpent(SolveInterrupted):
    """A search given a budget of states (an optional nicety, such as a tidier layout) used it up."""


class ColourChoice(NamedTuple):
    """What happens to one colour at one number (a plain tuple: built by the thousand)."""

    gain: int  # score from rack tiles of this colour and number
    real: int  # real tiles of this colour and number on the table after the play
    to_groups: int  # how many of those real tiles go to groups
    run_jokers: int  # jokers standing for this colour and number in runs
    next_code: int  # the colour's run state after this number
    points: int  # meld points of the positions (initial meld rule)
    room: int  # loose-joker room of the runs that stopped at the number before
    places: JokerPlaces | None = None  # where the run jokers sit, when runs of jokers are counted


class Step(NamedTuple):
    """The decision taken at one number: a choice per colour plus jokers in groups."""

    colours: tuple[ColourChoice, ...]
    group_jokers: int
    next_extra: int  # opening points or loose-joker room after this number


class PlacementSearch:
    """One exact search over a table multiset (must all stay) and a rack (may be placed)."""

    def __init__(
        self,
        table: list[list[int]],
        rack: list[list[int]],
        table_jokers: int,
        rack_jokers: int,
        initial: bool = False,
        deadline: float | None = None,
        cancel: threading.Event | None = None,
        budget: int | None = None,
        track_room: bool = False,
        tile_values: list[list[int]] | None = None,
        joker_value: int = JOKER_PENALTY,
        opening_needed: int = INITIAL_MELD_POINTS,
    ) -> None:
        self.table, self.rack = table, rack  # [colour][number] counts, number 0 unused
        self.table_jokers, self.rack_jokers = table_jokers, rack_jokers
        # What placing a rack tile is worth beyond PER_TILE: its number unless a computer
        # seat's policy says otherwise (e.g. keep well-connected tiles and jokers for later).
        self.tile_values = tile_values or [list(range(16)) for _ in COLOURS]
        self.joker_gain = PER_TILE + joker_value
        self.initial = initial
        # The house's opening threshold (initial mode): points the new melds must reach.
        self.opening_needed = opening_needed
        self.extra_span = max(32, opening_needed + 1)  # the memo key's room for ``extra``
        self.canonical = not initial  # opening points need every joker counted in its meld
        # Room for loose jokers is nearly always there; by default the search assumes it and
        # the solver checks the layout, searching again with room tracked if it was not.
        self.track_room = self.canonical and track_room
        self.deadline, self.cancel = deadline, cancel
        self.budget = budget  # most states to expand, or None
        self.memo: dict[tuple[int, int, int, int], int] = {}
        self.normal_cache: dict[int, tuple[int, int]] = {}
        self.bounds: dict[int, int] = {}  # upper bounds of states cut short by alpha
        self.steps: dict[tuple[int, int, int, int], Step] = {}
        self.option_cache: dict[tuple[int, int, int, int], list[ColourChoice]] = {}
        self.calls = 0
        # Three jokers or more can make a run of jokers alone (no meld): count such runs apart.
        jokers = table_jokers + rack_jokers
        self.all_joker_runs = jokers >= JOKERS_FOR_ALL_JOKER_RUNS
        # Four colours' codes side by side: without runs of jokers alone, the smaller base
        # keeps the memo keys small ints (the search's speed with two jokers).
        self.base = BASE if self.all_joker_runs else RUNS
        self.powers = tuple(self.base**c for c in range(4))
        self.has_real = [
            [table[c][v] + rack[c][v] > 0 if 1 <= v <= 13 else False for v in range(16)]
            for c in range(len(COLOURS))
        ]
        # real_ahead[c][v]: a real tile of colour c close enough above v for a run's joker at v
        # (as far above as the jokers reach; with two jokers, the next two numbers).
        reach = jokers if self.all_joker_runs else 2
        self.real_ahead = [[any(row[v + 1: v + 1 + reach]) for v in range(15)] for row in self.has_real]
        self.suffix_bound = self._suffix_bounds()
        loose = max(0, self.joker_gain) * rack_jokers
        # ceiling[v][j]: the best score from number v on with j jokers left, whatever runs
        # come in (see ``_relax``); until computed, every rack tile from v on placed.
        self.ceiling = [[self.suffix_bound[v] + loose] * JOKER_SPAN for v in range(15)]
        self.ceiling_upto = [list(row) for row in self.ceiling]  # max over j' <= j

    def _suffix_bounds(self) -> list[int]:
        """Best conceivable rack score from number v on: every rack tile placed (a bound, so
        the search can drop states that cannot beat the best found)."""
        bounds = [0] * 15
        for v in range(13, 0, -1):
            bounds[v] = bounds[v + 1] + sum(
                self.rack[c][v] * (PER_TILE + self.tile_values[c][v]) for c in range(4))
        return bounds

    def best(self) -> int:
        """The highest score reachable (IMPOSSIBLE if the table itself cannot be melded)."""
        jokers = self.table_jokers + self.rack_jokers
        if self.budget is None and self.suffix_bound[1] > 0:
            # Most positions are solved in a few hundred states; only a search that runs
            # longer pays for the exact ceilings (what it learnt so far stays valid).
            self.budget = self.calls + PROBE_STATES
            try:
                return max(IMPOSSIBLE, self._value(1, 0, jokers, 0, IMPOSSIBLE - 1))
            except SearchBudgetSpent:
                pass
            finally:
                self.budget = None
            self._relax()
        return max(IMPOSSIBLE, self._value(1, 0, jokers, 0, IMPOSSIBLE - 1))

    def _relax(self) -> None:
        """Exact ceilings for the branch and bound: for each number v (13 down to 2) and jokers
        left, the best score from v on when any colour may bring in as many long runs as it
        likes. A long run may stop or go on, so it can stand in for any incoming run (short
        runs must go on; a run ending in a joker must too): no real state from v on scores
        more. Tiles that no arrangement of the later numbers can place (the usual reason a
        rack is not emptied) then cut the search at once instead of at the top of the table."""
        free_runs = sum(pack(0, 0, MOST_POSITIONS, 0) * self.base**c for c in range(4))
        jokers = self.table_jokers + self.rack_jokers
        for v in range(13, RELAX_DOWN_TO - 1, -1):
            for j in range(jokers + 1):
                extra = j if self.track_room else 0 if self.canonical else self.opening_needed
                self.ceiling[v][j] = self._value(v, free_runs, j, extra, IMPOSSIBLE - 1)
                self.ceiling_upto[v][j] = max(self.ceiling[v][: j + 1])

    def _terminal(self, jokers_left: int, extra: int) -> int:
        """``extra`` is the opening points so far (initial mode) or the loose-joker room."""
        if self.canonical:
            jokers_left -= self.loose_jokers(jokers_left, extra)
        elif 0 < extra < self.opening_needed:
            return IMPOSSIBLE
        if jokers_left > self.rack_jokers:
            return IMPOSSIBLE  # a table joker would be left over
        return self.joker_gain * (self.rack_jokers - jokers_left)

    def loose_jokers(self, jokers_left: int, room: int) -> int:
        """How many unplaced jokers go loose onto melds with room at the end: all that fit,
        or, when rack jokers are worth keeping (negative gain), only the table's."""
        fit = min(jokers_left, room) if self.track_room else jokers_left
        if self.joker_gain < 0:
            return min(fit, max(0, jokers_left - self.rack_jokers))
        return fit

    def _check_time(self) -> None:
        if self.cancel is not None and self.cancel.is_set():
            raise SolveInterrupted("cancelled")
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise SolveInterrupted("out of time")

    def _value(self, v: int, code: int, jokers_left: int, extra: int, alpha: int) -> int:
        """The best future score from this state if it beats ``alpha``; otherwise some upper
        bound no higher than ``alpha`` (fail-low: the caller could not use it anyway)."""
        if v == 14:
            return self._terminal(jokers_left, extra)
        code, stopped = self.normalise(v, code, jokers_left)
        if code < 0:
            return IMPOSSIBLE
        if stopped and self.track_room:
            extra = min(jokers_left, extra + stopped * min(MAX_ROOM, 14 - v))
        key = ((code * 16 + v) * JOKER_SPAN + jokers_left) * self.extra_span + extra
        exact = self.memo.get(key)
        if exact is not None:
            return exact
        bound = self.bounds.get(key)
        if bound is not None and bound <= alpha:
            return bound
        self.calls += 1
        if self.calls % CHECK_EVERY == 1:  # at once, then every so often
            self._check_time()
        if self.budget is not None and self.calls > self.budget:
            raise SearchBudgetSpent("budget spent")
        result, step = self._search_number(v, code, jokers_left, extra, alpha)
        if result > alpha:
            self.memo[key] = result
            if step is not None:
                self.steps[(v, code, jokers_left, extra)] = step
        else:
            self.bounds[key] = result
        return result

    def normalise(self, v: int, code: int, jokers_left: int) -> tuple[int, int]:
        """States that behave alike from number v on become one: runs of three or more beyond
        what the copies at v (plus jokers) can continue stop now; with no joker left, a long
        run ending in a joker needs one more tile just like a run of two. Returns the code
        (-1: a short run cannot go on) and how many runs stopped (their loose-joker room)."""
        cache_key = (code * 16 + v) * JOKER_SPAN + jokers_left
        cached = self.normal_cache.get(cache_key)
        if cached is not None:
            return cached
        result, stopped, jokers_needed = 0, 0, 0
        base = self.base
        for c, power in enumerate(self.powers):
            part = code // power % base
            state = unpack(part)
            if jokers_left == 0:
                state = without_jokers(state)
                part = pack(*state)
            n1, n2, n3, nx, _, _, a3 = state
            must = n1 + n2 + nx + a3
            copies = self.table[c][v] + self.rack[c][v]
            positions = copies + jokers_left
            # Runs of one need a tile at v and at v + 1: jokers must cover what copies cannot.
            following = self.table[c][v + 1] + self.rack[c][v + 1] if v < 13 else 0
            jokers_needed += max(0, must - copies) + max(0, n1 - following)
            if must > positions or jokers_needed > jokers_left:
                result = -1
                break
            going_on = min(n3, positions - must)
            stopped += n3 - going_on
            result += (part - (n3 - going_on) * RUN_DIGIT) * power  # its n3 digit: the runs going on
        self.normal_cache[cache_key] = (result, stopped)
        return result, stopped

    def _colour_options(self, v: int, c: int, code: int, jokers_left: int) -> list[tuple]:
        """Colour c's choices as flat tuples, its code and group count already shifted to its
        place: (gain, run jokers, code part, group part, room or points, ColourChoice)."""
        key = ((v * 4 + c) * BASE + code) * JOKER_SPAN + jokers_left
        cached = self.option_cache.get(key)
        if cached is None:
            cached = [
                (o.gain, o.run_jokers, o.next_code * self.base**c, o.to_groups * GROUP_BASE**c,
                 o.room if self.track_room else 0 if self.canonical else o.points, o)
                for o in self._build_colour_options(v, c, code, jokers_left)
            ]  # fmt: skip
            self.option_cache[key] = cached
        return cached

    def _build_colour_options(self, v: int, c: int, code: int, jokers_left: int) -> list[ColourChoice]:
        state = unpack(code)
        n3 = state[2]
        if v == 13 and state[0]:
            return []  # a run of one at 12 cannot reach three tiles
        must = must_go_on(state)  # short runs, and long runs ending in a joker, have to go on
        on_table, on_rack = self.table[c][v], self.rack[c][v]
        later_real = self.real_ahead[c][v]
        room = n3 and min(MAX_ROOM, 14 - v)  # per run stopping at v - 1
        colours_here = sum(self.has_real[o][v] for o in range(4))
        groups_possible = colours_here + jokers_left >= 3  # a group needs three colours
        ways = tracked_layouts if self.all_joker_runs else joker_layouts
        found = {}
        for real in range(on_table, on_table + on_rack + 1):
            gain = (real - on_table) * (PER_TILE + self.tile_values[c][v])
            for to_groups in range(real + 1 if groups_possible else 1):
                for jokers in range(jokers_left + 1):
                    positions = real - to_groups + jokers
                    if positions < must:
                        continue
                    going_on = min(n3, positions - must)
                    started = positions - must - going_on
                    if started and v >= 12:
                        continue
                    for option, places in ways(v, state, going_on, started, jokers, later_real, self.canonical):
                        if self._jokers_needed_after(v, c, option) > jokers_left - jokers:
                            continue
                        choice = ColourChoice(gain, real, to_groups, jokers, option,
                                              (real + jokers) * v, (n3 - going_on) * room, places)  # fmt: skip
                        # One choice per outcome, whatever the places (any of them lays it out).
                        found.setdefault(choice if places is None else choice[:-1], choice)
        return sorted(found.values(), key=lambda o: -o.gain)

    def _jokers_needed_after(self, v: int, c: int, next_code: int) -> int:
        """Jokers the colour's runs will need at v + 1 and v + 2 that its copies cannot give."""
        n1, n2, _, nx, _, _, a3 = unpack(next_code)
        must = n1 + n2 + nx + a3
        if not must:
            return 0
        copies = self.table[c][v + 1] + self.rack[c][v + 1]
        following = self.table[c][v + 2] + self.rack[c][v + 2]
        return max(0, must - copies) + max(0, n1 - following)

    def _search_number(self, v: int, code: int, jokers_left: int, extra: int, alpha: int):
        """Best over every combination of per-colour choices at number v, by branch and bound:
        (the hot loop of the solver, kept in one piece on purpose: locals and unpacked tuples
        are what make it fast enough in pure Python)
        options come sorted by gain, so a loop stops once the rest cannot beat the better of
        the best so far and ``alpha``. Returns (value, step); a value ≤ alpha is only a bound."""
        base = self.base
        o0 = self._colour_options(v, 0, code % base, jokers_left)
        o1 = self._colour_options(v, 1, (code // base) % base, jokers_left)
        o2 = self._colour_options(v, 2, (code // base**2) % base, jokers_left)
        o3 = self._colour_options(v, 3, code // base**3, jokers_left)
        if not (o0 and o1 and o2 and o3):
            return IMPOSSIBLE, None
        ceiling = self.ceiling_upto[v + 1][jokers_left]
        child_ceiling = self.ceiling[v + 1]
        b3 = o3[0][0] + ceiling
        b2 = o2[0][0] + b3
        b1 = o1[0][0] + b2
        fits_table, span = GROUP_FITS[self.canonical], JOKER_SPAN  # locals: the innermost loop reads them
        value = self._value
        track_room, canonical = self.track_room, self.canonical
        best, step, cut = IMPOSSIBLE, None, False
        floor = alpha  # max(best, alpha): what a combination must beat
        for gain0, j0, code0, group0, extra0, choice0 in o0:
            if gain0 + b1 <= floor:
                cut = True
                break
            for gain1, j1, code1, group1, extra1, choice1 in o1:
                g1 = gain0 + gain1
                if g1 + b2 <= floor:
                    cut = True
                    break
                j1 += j0
                if j1 > jokers_left:
                    continue
                for gain2, j2, code2, group2, extra2, choice2 in o2:
                    g2 = g1 + gain2
                    if g2 + b3 <= floor:
                        cut = True
                        break
                    j2 += j1
                    if j2 > jokers_left:
                        continue
                    partial_groups = group0 + group1 + group2
                    partial_code = code0 + code1 + code2
                    partial_extra = extra + extra0 + extra1 + extra2
                    for gain3, j3, code3, group3, extra3, choice3 in o3:
                        gain = g2 + gain3
                        if gain + ceiling <= floor:
                            cut = True
                            break
                        j3 += j2
                        if j3 > jokers_left:
                            continue
                        left = jokers_left - j3
                        fits = fits_table[(partial_groups + group3) * span + left]
                        if not fits:
                            continue
                        next_code = partial_code + code3
                        base_extra = partial_extra + extra3
                        for group_jokers, room in fits:
                            if gain + child_ceiling[left - group_jokers] <= floor:
                                cut = True
                                continue
                            if track_room:
                                new_extra = min(left - group_jokers, base_extra + room)
                            elif canonical:
                                new_extra = 0
                            else:
                                new_extra = min(self.opening_needed, base_extra + group_jokers * v)
                            future = value(v + 1, next_code, left - group_jokers, new_extra, floor - gain)
                            if future == IMPOSSIBLE or gain + future <= best:
                                continue
                            best = gain + future
                            if best > floor:
                                floor = best
                                step = Step((choice0, choice1, choice2, choice3), group_jokers, new_extra)
        if best <= alpha and cut:
            return alpha, None  # cut branches could reach alpha, no more
        return best, step
