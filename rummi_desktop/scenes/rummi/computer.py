"""How the table asks a computer seat for its play, off the frame loop.

The thinking function receives only plain values copied at turn start (the table and rack as
Tile faces, whether the seat owes its opening, the other racks' sizes, how the next seat left
the table), never the live state,
so the worker thread and the frame loop share nothing mutable. It returns the seat's whole
new table (``list[list[Tile]]``), or None to draw.

The tiers are H2's (``rummi_desktop.ai``); if the tier module is missing the exact solver
plays (what the Hard tier does).
"""

from __future__ import annotations

import importlib
import threading
from typing import Any, Callable

from rummi_desktop.ai.rummi_denial import NextSeat
from rummi_desktop.ai.seat_view import SeatView, seat_view
from rummi_desktop.ai_worker import ThinkingProcess, processes_available, start_thinking
from rummi_desktop.games.rummi.state import RummiState
from rummi_desktop.tiles import Tile, format_tiles, parse_tiles

THINKING_BUDGET = 2.0  # seconds: tiers finish far sooner (p95 ≤ 200 ms); this is a safety net
# What the thinking process runs, named for it to import (it is told nothing else of the game).
THINK_HANDLER = "rummi_desktop.scenes.rummi.computer:think_task"


def _tier_player(tier: str) -> Callable[..., Any] | None:
    """H2's tier entry point: ``choose_play(view, *, deadline, cancel)`` (view.tier names it)."""
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


def view_to_task(view: SeatView) -> dict:
    """A SeatView as plain JSON data for the thinking process."""
    return {
        "tier": view.tier,
        "table": [format_tiles(meld) for meld in view.table],
        "rack": format_tiles(view.rack),
        "owes_opening": view.owes_opening,
        "other_rack_sizes": list(view.other_rack_sizes),
        "pool_size": view.pool_size,
        "seed": view.seed,
        "next_seat": _next_seat_data(view.next_seat),
    }


def _next_seat_data(seat: NextSeat | None) -> dict | None:
    if seat is None:
        return None
    left = None if seat.left_table is None else [format_tiles(meld) for meld in seat.left_table]
    return {"rack_size": seat.rack_size, "opened": seat.opened, "drawn": seat.drawn, "left_table": left}


def _next_seat_from(data: dict | None) -> NextSeat | None:
    if data is None:
        return None
    left = data["left_table"]
    return NextSeat(
        rack_size=int(data["rack_size"]),
        opened=bool(data["opened"]),
        drawn=int(data["drawn"]),
        left_table=None if left is None else tuple(tuple(parse_tiles(meld)) for meld in left),
    )


def task_to_view(task: dict) -> SeatView:
    return SeatView(
        tier=str(task["tier"]),
        table=tuple(tuple(parse_tiles(meld)) for meld in task["table"]),
        rack=tuple(parse_tiles(task["rack"])),
        owes_opening=bool(task["owes_opening"]),
        other_rack_sizes=tuple(int(n) for n in task["other_rack_sizes"]),
        pool_size=int(task["pool_size"]),
        seed=int(task["seed"]),
        next_seat=_next_seat_from(task.get("next_seat")),
    )


def think_task(task: dict, deadline: float, cancel) -> list[str] | None:
    """The thinking process's handler: JSON task in, melds as notation text out."""
    melds = think(task_to_view(task), deadline, cancel)
    return None if melds is None else [format_tiles(meld) for meld in melds]


def melds_from_reply(reply: list[str] | None) -> list[list[Tile]] | None:
    return None if reply is None else [parse_tiles(meld) for meld in reply]


class ComputerSeats:
    """Starts computer seats' thinking: in a child process where one can be started (no GIL
    shared with the frame loop), else on a worker thread. One per table; ``close`` on leaving."""

    def __init__(self, use_process: bool | None = None) -> None:
        self.use_process = processes_available() if use_process is None else use_process
        self._process: ThinkingProcess | None = None

    def prepare(self) -> None:
        """Start the thinking process now (at table set-up) so it is warm for the first turn."""
        if self.use_process and (self._process is None or not self._process.alive):
            try:
                self._process = ThinkingProcess(THINK_HANDLER)
            except OSError:
                self.use_process = False

    def start(self, state: RummiState, tier: str, budget: float = THINKING_BUDGET):
        view = seat_view(state, tier)
        if self._process is not None and self._process.failed:
            self.use_process = False  # no child process could be started here: think on a thread
        if self.use_process:
            try:
                if self._process is None or not self._process.alive:
                    self._process = ThinkingProcess(THINK_HANDLER)
                return _DecodedJob(self._process.submit(view_to_task(view), budget, f"{tier} seat"))
            except OSError:
                self.use_process = False  # no child process here after all: think on a thread
        return start_thinking(lambda deadline, cancel: think(view, deadline, cancel), budget,
                              name=f"{tier} seat")

    def close(self) -> None:
        if self._process is not None:
            self._process.close()
            self._process = None


class _DecodedJob:
    """A process job whose result is turned back from notation into Tile melds."""

    def __init__(self, job) -> None:
        self.job = job

    def __getattr__(self, name: str):
        return getattr(self.job, name)

    def poll(self) -> list[list[Tile]] | None:
        return melds_from_reply(self.job.poll())
