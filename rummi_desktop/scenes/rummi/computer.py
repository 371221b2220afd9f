"""How the table asks a computer seat for its play, off the frame loop.

The thinking function receives only plain values copied at turn start (the table and rack as
Tile faces, whether the seat owes its opening, the other racks' sizes), never the live state,
so the worker thread and the frame loop share nothing mutable. It returns the seat's whole
new table (``list[list[Tile]]``), or None to draw.

The tiers are H2's (``rummi_desktop.ai``); if the tier module is missing the exact solver
plays (what the Hard tier does).
"""

from __future__ import annotations

import importlib
import threading
from dataclasses import dataclass
from typing import Any, Callable

from rummi_desktop.ai_worker import ThinkingJob, start_thinking
from rummi_desktop.games.rummi.state import RummiState
from rummi_desktop.tiles import Tile

THINKING_BUDGET = 2.0  # seconds: tiers finish far sooner (p95 ≤ 200 ms); this is a safety net


@dataclass(frozen=True)
class SeatView:
    """What a computer seat may know at the start of its turn."""

    tier: str
    table: tuple[tuple[Tile, ...], ...]
    rack: tuple[Tile, ...]
    owes_opening: bool
    other_rack_sizes: tuple[int, ...]
    pool_size: int
    seed: int


def seat_view(state: RummiState, tier: str) -> SeatView:
    seat = state.current
    others = tuple(len(state.rack(s)) for s in range(state.seats) if s != seat)
    return SeatView(
        tier=tier,
        table=tuple(tuple(meld) for meld in state.table_tiles()),
        rack=tuple(state.rack_tiles(seat)),
        owes_opening=state.owes_opening,
        other_rack_sizes=others,
        pool_size=len(state.pool),
        seed=state.params.seed * 1000 + state.turn_number,
    )


def _tier_player(tier: str) -> Callable[..., Any] | None:
    """H2's tier entry point, if it is there: ``choose_play(tier, view, deadline, cancel)``."""
    try:
        module = importlib.import_module("rummi_desktop.ai.tiers")
    except ModuleNotFoundError:
        return None
    return getattr(module, "choose_play", None)


def think(view: SeatView, deadline: float, cancel: threading.Event) -> list[list[Tile]] | None:
    """The seat's new table, or None to draw. Runs on the worker thread."""
    player = _tier_player(view.tier)
    if player is not None:
        return player(view, deadline=deadline, cancel=cancel)
    from rummi_desktop.ai.rummi_solver import solve

    solution = solve([list(m) for m in view.table], list(view.rack), view.owes_opening,
                     deadline=deadline, cancel=cancel)
    return solution.table if solution.placed > 0 else None


def start_computer_turn(state: RummiState, tier: str, budget: float = THINKING_BUDGET) -> ThinkingJob:
    view = seat_view(state, tier)
    return start_thinking(lambda deadline, cancel: think(view, deadline, cancel), budget,
                          name=f"{tier} seat")
