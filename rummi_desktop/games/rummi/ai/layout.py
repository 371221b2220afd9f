"""From the search's decisions to a readable table of melds.

Two jobs: :func:`search_melds` walks the decisions of a finished
:class:`~rummi_desktop.games.rummi.ai.dp.PlacementSearch` number by number and builds the runs and
groups they describe; :func:`arrange_table` then keeps as many of the original table melds as
it can exactly as they were (so the play animates and reads as "these tiles were added"),
putting each changed meld where its original stood and new melds at the end.
Pure module: no pygame, no I/O.
"""

from __future__ import annotations

import threading
from collections import Counter
from typing import Callable, Sequence

from rummi_desktop.games.rummi.ai.dp import (
    IMPOSSIBLE,
    PlacementSearch,
    SearchBudgetSpent,
    MAX_ROOM,
    Step,
)
from rummi_desktop.games.rummi.ai.run_codes import JokerPlaces
from rummi_desktop.games.rummi.ai.groups import groups_fit
from rummi_desktop.games.rummi.ai.table import count_grid, is_group, is_valid_meld, multiset_key, run_start, subtract
from rummi_desktop.tiles import COLOURS, JOKER, Tile

LAYOUT_BUDGET = 150  # states per attempt to keep one original meld as it was
FREEZE_TRIALS = 4  # original melds tried that way


class _OpenRuns:
    """The runs of one colour still open while the numbers are walked."""

    def __init__(self) -> None:
        self.runs: list[list[Tile]] = []

    def advance(self, colour: str, number: int, real: int, jokers: int, finished: list) -> None:
        """Lay ``real`` copies and ``jokers`` at ``number``: short runs first, then long ones."""
        self.runs.sort(key=len)
        tiles = [Tile(colour, number)] * real + [JOKER] * jokers
        continued, closed = self.runs[: len(tiles)], self.runs[len(tiles):]
        finished.extend(closed)
        for run, tile in zip(continued, tiles):
            run.append(tile)
        self.runs = continued + [[tile] for tile in tiles[len(continued):]]

    def advance_as_placed(self, tile: Tile, real: int, jokers: int, places: JokerPlaces, canonical: bool,
                          finished: list) -> None:
        """Lay ``real`` copies of ``tile`` and ``jokers`` where the search put the jokers
        (``places``: runs of jokers alone are told apart, so each meets a real tile)."""
        of_jokers = [run for run in self.runs if all(t.is_joker for t in run)]
        with_real = [run for run in self.runs if run not in of_jokers]
        short = [run for run in with_real if len(run) <= 2]
        must_go_on = [run for run in with_real if len(run) >= 4 and run[-1].is_joker and canonical]
        may_stop = [run for run in with_real if len(run) >= 3 and run not in must_go_on]
        going_on = min(len(may_stop), real + jokers - len(of_jokers) - len(short) - len(must_go_on))
        finished.extend(may_stop[going_on:])
        long_runs = must_go_on + may_stop[:going_on]
        on_short = jokers - sum(places)
        started = real + jokers - len(of_jokers) - len(short) - len(long_runs)
        new_runs: list[list[Tile]] = [[] for _ in range(started)]
        joker_runs = [[run for run in of_jokers if min(len(run), 3) == length] for length in (1, 2, 3)]
        wanted = [(new_runs, places.new), (joker_runs[0], places.on_a1), (joker_runs[1], places.on_a2),
                  (joker_runs[2], places.on_a3), (short, on_short), (long_runs, places.on_long)]
        for runs, count in wanted:
            for index, run in enumerate(runs):
                run.append(JOKER if index < count else tile)
        self.runs = short + of_jokers + long_runs + new_runs


def search_melds(search: PlacementSearch) -> list[list[Tile]]:
    """The melds of the best play found by ``search`` (after ``search.best()``)."""
    open_runs = [_OpenRuns() for _ in COLOURS]
    finished: list[list[Tile]] = []
    code, jokers_left, extra = 0, search.table_jokers + search.rack_jokers, 0
    for number in range(1, 14):
        code, stopped = search.normalise(number, code, jokers_left)
        if stopped and search.track_room:
            extra = min(jokers_left, extra + stopped * min(MAX_ROOM, 14 - number))
        step: Step = search.steps[(number, code, jokers_left, extra)]
        group_real = []
        for index, choice in enumerate(step.colours):
            in_runs = choice.real - choice.to_groups
            if choice.places is None:
                open_runs[index].advance(COLOURS[index], number, in_runs, choice.run_jokers, finished)
            else:
                open_runs[index].advance_as_placed(Tile(COLOURS[index], number), in_runs, choice.run_jokers,
                                                   choice.places, search.canonical, finished)
            group_real.append(choice.to_groups)
            jokers_left -= choice.run_jokers
        finished.extend(_groups(number, group_real, step.group_jokers, search.canonical))
        jokers_left -= step.group_jokers
        extra = step.next_extra
        code = sum(choice.next_code * search.base**i for i, choice in enumerate(step.colours))
    for runs in open_runs:
        finished.extend(runs.runs)
    if search.canonical:
        if not _add_loose_jokers(finished, search.loose_jokers(jokers_left, extra)):
            raise NoRoomForJokers("no meld has room for a loose joker")
    return finished


class NoRoomForJokers(Exception):
    """The search assumed room for loose jokers that the melds do not have (search again
    with room tracked)."""


def _add_loose_jokers(melds: list[list[Tile]], count: int) -> bool:
    """Put ``count`` jokers on melds with room: a group of three, or either end of a run."""
    for _ in range(count):
        for meld in melds:
            if is_group(meld) and len(meld) == 3:
                meld.append(JOKER)
                break
            start = run_start(meld)
            if start is not None and start + len(meld) - 1 < 13:
                meld.append(JOKER)
                break
            if start is not None and start > 1 and len(meld) < 13:
                meld.insert(0, JOKER)
                break
        else:
            return False
    return True


def _groups(number: int, real_counts: list[int], jokers: int, canonical: bool) -> list[list[Tile]]:
    """Deal real copies round the groups (never two of a colour in one), then the jokers."""
    count = groups_fit(tuple(real_counts), jokers, canonical)
    groups: list[list[Tile]] = [[] for _ in range(count)]
    for colour, copies in zip(COLOURS, real_counts):
        smallest = sorted(range(count), key=lambda g: len(groups[g]))[:copies]
        for g in smallest:
            groups[g].append(Tile(colour, number))
    for _ in range(jokers):
        min(groups, key=len).append(JOKER)
    return groups


def best_melds(make_search: Callable[[bool], PlacementSearch],
               least: int = 1) -> tuple[int, list[list[Tile]] | None]:  # fmt: skip
    """Run a search (``make_search(track_room)``) and lay out its melds when its score is at
    least ``least``; if the quick search assumed room for loose jokers that is not there,
    search again tracking room. Returns (score, melds or None)."""
    search = make_search(False)
    score = search.best()
    if score == IMPOSSIBLE or score < least:
        return score, None
    try:
        return score, search_melds(search)
    except NoRoomForJokers:
        search = make_search(True)
        score = search.best()
        if score == IMPOSSIBLE or score < least:
            return score, None
        return score, search_melds(search)


def _melds_of(tiles: Counter[Tile], deadline, cancel) -> list[list[Tile]] | None:
    """Some partition of ``tiles`` into valid melds (all must be used), or None (also when
    it is not found within LAYOUT_BUDGET states: keeping a meld is a nicety, not a must)."""
    grid, jokers = count_grid(tiles.elements())
    empty, _ = count_grid(())
    try:
        return best_melds(lambda track_room: PlacementSearch(
            grid, empty, jokers, 0, deadline=deadline, cancel=cancel, budget=LAYOUT_BUDGET,
            track_room=track_room), least=0)[1]  # fmt: skip
    except SearchBudgetSpent:
        return None


def arrange_table(
    original: Sequence[Sequence[Tile]],
    found: list[list[Tile]],
    deadline: float | None = None,
    cancel: threading.Event | None = None,
) -> list[list[Tile]]:
    """Lay out the final table (same tiles as ``found``), keeping original melds where possible.

    First, runs of ``found`` that merely join original runs end to end are cut back into
    them (free); then each original meld still missing is tried frozen, with a small search
    budget each and at most FREEZE_TRIALS tries (a tidier table is a nicety, not a must)."""
    found = _split_out_originals(found, original)
    wanted = Counter(multiset_key(meld) for meld in found)
    kept, disturbed = [], []
    for index, meld in enumerate(original):
        key = multiset_key(meld)
        if wanted[key] > 0:
            wanted[key] -= 1
            kept.append(index)
        else:
            disturbed.append(index)
    final_tiles = Counter(tile for meld in found for tile in meld)
    if disturbed:
        remainder_melds = None
        for index in disturbed[:FREEZE_TRIALS]:  # freeze original melds the rest can do without
            trial = subtract(final_tiles, [original[i] for i in kept + [index]])
            melds = _melds_of(trial, deadline, cancel)
            if melds is not None:
                kept.append(index)
                remainder_melds = melds
        if remainder_melds is None:  # nothing frozen: the search's own melds stand
            remainder_melds = _without(found, [original[i] for i in kept])
    else:
        remainder_melds = _without(found, [original[i] for i in kept])
    return _in_table_order(original, sorted(kept), remainder_melds or [])


def _split_out_originals(found: list[list[Tile]], original: Sequence[Sequence[Tile]]) -> list[list[Tile]]:
    """Cut original runs back out of the runs that contain them tile for tile, when what is
    left on either side is empty or itself a valid meld."""
    originals = [tuple(meld) for meld in original if run_start(meld) is not None]
    result = []
    for meld in found:
        pieces = [list(meld)]
        if run_start(meld) is not None and len(meld) >= 6:
            for wanted in list(originals):
                cut = _cut(pieces, wanted)
                if cut is not None:
                    pieces = cut
                    originals.remove(wanted)
        result.extend(pieces)
    return result


def _cut(pieces: list[list[Tile]], wanted: tuple[Tile, ...]) -> list[list[Tile]] | None:
    size = len(wanted)
    for index, piece in enumerate(pieces):
        for at in range(len(piece) - size + 1):
            if tuple(piece[at: at + size]) != wanted or len(piece) == size:
                continue
            left, right = piece[:at], piece[at + size:]
            if all(not part or is_valid_meld(part) for part in (left, right)):
                parts = [part for part in (left, list(wanted), right) if part]
                return pieces[:index] + parts + pieces[index + 1:]
    return None


def _without(melds: list[list[Tile]], taken: list[Sequence[Tile]]) -> list[list[Tile]]:
    to_take = Counter(multiset_key(meld) for meld in taken)
    left = []
    for meld in melds:
        key = multiset_key(meld)
        if to_take[key] > 0:
            to_take[key] -= 1
        else:
            left.append(meld)
    return left


def _in_table_order(original, kept: list[int], others: list[list[Tile]]) -> list[list[Tile]]:
    """Kept melds in their places, each changed meld where the original it most overlaps
    stood, wholly new melds at the end."""
    slots: dict[int, list[list[Tile]]] = {index: [list(original[index])] for index in kept}
    free = [index for index in range(len(original)) if index not in slots]
    tail = []
    for meld in others:
        overlap = {i: sum((Counter(meld) & Counter(original[i])).values()) for i in free}
        best = max(overlap, key=overlap.get, default=None)
        if best is None or overlap[best] == 0:
            tail.append(meld)
        else:
            slots.setdefault(best, []).append(meld)
    ordered = [meld for index in sorted(slots) for meld in slots[index]]
    return ordered + tail
