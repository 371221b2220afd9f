"""The placement search's run state of one colour, packed into an int, and the ways jokers may
sit among its runs at one number (``dp``'s vocabulary; its layout follows the same ways).

A colour's open runs are counted by length: 1, 2, "3 or more" (may stop) and, in canonical
form, "4 or more ending in a joker" (must go on). With three jokers or more in play a run may
also be made of jokers alone so far, and a meld needs a numbered tile: such runs are counted
apart (of length 1 and 2, within the counts above; of length 3 or more, on their own) and must
take a real tile before they may stop. With two jokers no run of three can be all jokers, so
those counts stay 0 and the search is the one it always was. Pure module: no pygame, no I/O.
"""

from __future__ import annotations

from typing import Iterator, NamedTuple

from rummi_desktop.games.rummi.rules.pieces import MOST_JOKERS
from rummi_desktop.tiles import COPIES

MOST_POSITIONS = COPIES + MOST_JOKERS  # of one colour at one number: two copies, four jokers
RUN_DIGIT = MOST_POSITIONS + 1
RUNS = RUN_DIGIT**4  # the four length counts
DIGIT_2, DIGIT_3 = RUN_DIGIT**2, RUN_DIGIT**3  # the places of n2 and n1 (worked out once: hot code)
# All-joker runs of length 1 (≤ 4: one joker each), 2 (≤ 2) and 3+ (≤ 1): mixed-radix above RUNS.
ALL_JOKER_1, ALL_JOKER_2 = MOST_JOKERS + 1, MOST_JOKERS // 2 + 1
BASE = RUNS * ALL_JOKER_1 * ALL_JOKER_2 * (MOST_JOKERS // 3 + 1)  # one colour's code
JOKERS_FOR_ALL_JOKER_RUNS = 3  # fewer jokers than this never make a run of three of jokers


# A colour's run state unpacked, a plain tuple (built by the hundred thousand, so no class):
# (n1, n2, n3, nx, a1, a2, a3) — open runs of length 1, of length 2, of length 3 or more that
# may stop, of length 4 or more ending in a joker that must go on (canonical form); of the n1
# runs those of a joker alone, of the n2 runs those of two jokers, and runs of three or more
# jokers (apart from n3 and nx, and they must go on).
RunState = tuple[int, int, int, int, int, int, int]


def must_go_on(state: RunState) -> int:
    """Runs that have to take a tile at the next number."""
    return state[0] + state[1] + state[3] + state[6]


class JokerPlaces(NamedTuple):
    """Where a colour's run jokers sit at one number (the rest go on short runs with a real
    tile already): on new runs, on all-joker runs of length 1, 2 and 3+, on long runs."""

    new: int
    on_a1: int
    on_a2: int
    on_a3: int
    on_long: int


def pack(n1: int, n2: int, n3: int, nx: int, a1: int = 0, a2: int = 0, a3: int = 0) -> int:
    runs = n1 * DIGIT_3 + n2 * DIGIT_2 + n3 * RUN_DIGIT + nx
    if a1 or a2 or a3:
        return ((a3 * ALL_JOKER_2 + a2) * ALL_JOKER_1 + a1) * RUNS + runs
    return runs


def unpack(code: int) -> RunState:
    if code < RUNS:  # no run of jokers alone (always so with two jokers)
        return code // DIGIT_3, code // DIGIT_2 % RUN_DIGIT, code // RUN_DIGIT % RUN_DIGIT, code % RUN_DIGIT, 0, 0, 0
    runs, jokers_part = code % RUNS, code // RUNS
    return (runs // DIGIT_3, runs // DIGIT_2 % RUN_DIGIT, runs // RUN_DIGIT % RUN_DIGIT, runs % RUN_DIGIT,
            jokers_part % ALL_JOKER_1, jokers_part // ALL_JOKER_1 % ALL_JOKER_2, jokers_part // (ALL_JOKER_1 * ALL_JOKER_2))


def without_jokers(state: RunState) -> RunState:
    """The state once no joker is left: a run of jokers needs real tiles like any short run
    (one of three or more, like a run of two: one more tile, then it may stop), and a long run
    ending in a joker needs one more tile too."""
    n1, n2, n3, nx, _, _, a3 = state
    return n1, n2 + nx + a3, n3, 0, 0, 0, 0


def joker_layouts(v: int, state: RunState, going_on: int, started: int, jokers: int, real_ahead: bool,
                  canonical: bool) -> Iterator[tuple[int, None]]:
    """Next run states for the ways ``jokers`` can sit among the continuing and new runs, with
    fewer than three jokers in play (no run of jokers alone to tell apart: no places given)."""
    n1, n2, _, nx, _, _, _ = state
    long_runs = nx + going_on
    base = n1 * DIGIT_2  # the code's n2 digit is n1 (every run one longer): pack, inlined
    for on_long in range(min(jokers, long_runs) + 1):
        for on_new in range(min(jokers - on_long, started) + 1):
            if jokers - on_long - on_new > n1 + n2:
                continue
            if on_new and not real_ahead:
                continue  # a run started on a joker needs a real tile right after
            if not canonical:
                yield started * DIGIT_3 + base + (n2 + long_runs) * RUN_DIGIT, None
                break
            if v == 13 and on_long:
                continue  # a long run may not end on a joker
            yield started * DIGIT_3 + base + (n2 + long_runs - on_long) * RUN_DIGIT + on_long, None


def tracked_layouts(v: int, state: RunState, going_on: int, started: int, jokers: int, real_ahead: bool,
                    canonical: bool) -> Iterator[tuple[int, JokerPlaces]]:
    """Next run states (and where the jokers sit) for ``jokers`` among the runs at number v,
    all-joker runs counted apart. ``real_ahead``: a real tile of the colour within the jokers'
    reach above v (a run of jokers must meet one)."""
    n1, n2, _, nx, a1, a2, a3 = state
    long_runs = nx + going_on
    short_with_real = n1 - a1 + n2 - a2
    for on_long in range(min(jokers, long_runs) + 1):
        if canonical and v == 13 and on_long:
            continue  # a long run may not end on a joker
        for new in range(min(jokers - on_long, started) + 1):
            for on_a3 in range(min(jokers - on_long - new, a3) + 1):
                for on_a2 in range(min(jokers - on_long - new - on_a3, a2) + 1):
                    for on_a1 in range(min(jokers - on_long - new - on_a3 - on_a2, a1) + 1):
                        if jokers - on_long - new - on_a3 - on_a2 - on_a1 > short_with_real:
                            continue
                        if (new or on_a1 or on_a2 or on_a3) and (v == 13 or not real_ahead):
                            continue  # a run of jokers only must still meet a real tile
                        kept_joker = on_long if canonical else 0
                        code = pack(started, n1, n2 - on_a2 + a3 - on_a3 + long_runs - kept_joker, kept_joker,
                                    new, on_a1, on_a2 + on_a3)
                        yield code, JokerPlaces(new, on_a1, on_a2, on_a3, on_long)
