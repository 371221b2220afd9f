"""Computer seats for Rummi: four named strengths, each a function of what the seat can see.

``choose_play(view, deadline=..., cancel=...)`` returns the seat's whole new table (melds of
Tile faces) or None to draw. ``view`` is anything with the attributes ``tier``, ``table``,
``rack``, ``owes_opening``, ``other_rack_sizes``, ``pool_size`` and ``seed`` (the table scene's
``SeatView``; ``simulate`` builds the same). The call is pure and can run on a worker thread:
it stops with :class:`SolveInterrupted` when ``cancel`` is set, and past ``deadline`` (a
``time.perf_counter()`` instant) the strong tiers fall back to the quick Medium play.

Tiers:
- **easy**: melds from its own rack only, never touches the table; one time in four it draws
  although it could play.
- **medium**: its own melds, then lays single tiles onto table melds (run ends, a group's
  missing colour, splitting a run at a copy of an inner tile); no full rearrangement.
- **hard**: the exact solver every turn (most tiles, then highest value).
- **expert**: the exact solver plus a policy, see :func:`expert_play`.

Pure module: no pygame, no I/O; randomness only from a ``random.Random`` seeded by the view.
"""

from __future__ import annotations

import random
import threading
from typing import Any, Callable

from rummi_desktop.ai.rummi_dp import SolveInterrupted
from rummi_desktop.ai.rummi_medium import add_to_table, rack_melds, without
from rummi_desktop.ai.rummi_solver import solve
from rummi_desktop.tiles import Tile

TIERS: tuple[str, ...] = ("easy", "medium", "hard", "expert")
EASY_DRAW_CHANCE = 0.25
DANGER_RACK = 5  # an opponent with this few tiles may go out soon: stop holding back
JOKER_WORTH_KEEPING = 3  # play a joker early only when it brings down this many other tiles

Table = list[list[Tile]]


def choose_play(view: Any, *, deadline: float | None = None,
                cancel: threading.Event | None = None) -> Table | None:  # fmt: skip
    """The new table for the seat's turn, or None to draw (see the module docstring)."""
    player = PLAYERS.get(view.tier)
    if player is None:
        raise ValueError(f"unknown computer tier {view.tier!r} (one of {', '.join(TIERS)})")
    table = [list(meld) for meld in view.table]
    rack = list(view.rack)
    try:
        return player(view, table, rack, deadline, cancel)
    except SolveInterrupted:
        if cancel is not None and cancel.is_set():
            raise
        return medium_play(view, table, rack, None, cancel)  # out of time: the quick play


def easy_play(view, table: Table, rack: list[Tile], deadline, cancel) -> Table | None:
    melds = rack_melds(rack, view.owes_opening, deadline, cancel)
    if not melds or random.Random(view.seed).random() < EASY_DRAW_CHANCE:
        return None
    return table + melds


def medium_play(view, table: Table, rack: list[Tile], deadline, cancel) -> Table | None:
    melds = rack_melds(rack, view.owes_opening, deadline, cancel)
    if view.owes_opening:
        return table + melds if melds else None
    new_table, left = add_to_table(table, without(rack, melds))
    new_table += melds
    return new_table if len(left) < len(rack) else None


def hard_play(view, table: Table, rack: list[Tile], deadline, cancel) -> Table | None:
    solution = solve(table, rack, view.owes_opening, deadline=deadline, cancel=cancel)
    return solution.table if solution.placed else None


def expert_play(view, table: Table, rack: list[Tile], deadline, cancel) -> Table | None:
    """The exact solver plus a policy about what to keep.

    1. A play that empties the rack is always made.
    2. When an opponent is close to going out (≤ DANGER_RACK tiles) or the pool is empty,
       it plays the exact best: most tiles, then highest value, so high tiles and jokers leave
       the rack before they cost points.
    3. Otherwise jokers are worth more later: it plays the best play that keeps its jokers;
       if none exists it spends a joker only when that brings down at least
       JOKER_WORTH_KEEPING other tiles, else draws.
    4. The opening (30-point rule) is played like Hard: the sooner it is down, the sooner the
       table opens up.
    """
    best = solve(table, rack, view.owes_opening, deadline=deadline, cancel=cancel)
    if not best.placed:
        return None
    if not best.rack or view.owes_opening or _danger(view):
        return best.table
    jokers = [tile for tile in rack if tile.is_joker]
    if not jokers:
        return best.table
    keeping = solve(table, [t for t in rack if not t.is_joker], False, deadline=deadline, cancel=cancel)
    if keeping.placed:
        return keeping.table
    jokers_spent = len(jokers) - sum(tile.is_joker for tile in best.rack)
    return best.table if best.placed - jokers_spent >= JOKER_WORTH_KEEPING else None


def _danger(view) -> bool:
    return view.pool_size == 0 or min(view.other_rack_sizes, default=99) <= DANGER_RACK


PLAYERS: dict[str, Callable[..., Table | None]] = {
    "easy": easy_play,
    "medium": medium_play,
    "hard": hard_play,
    "expert": expert_play,
}
