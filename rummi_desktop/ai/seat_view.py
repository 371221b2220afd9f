"""What a computer seat may know at the start of its turn, taken from the game state.

One definition for every caller (the table scene's thinking process, ``simulate``), so a seat
sees the same thing in the window and in headless games. Pure module (no pygame, no I/O).
"""

from __future__ import annotations

from dataclasses import dataclass

from rummi_desktop.ai.rummi_denial import NextSeat
from rummi_desktop.games.rummi.state import RummiState
from rummi_desktop.tiles import Tile


@dataclass(frozen=True)
class SeatView:
    """The seat's tier, the table, its own rack and what it can see of the others."""

    tier: str
    table: tuple[tuple[Tile, ...], ...]
    rack: tuple[Tile, ...]
    owes_opening: bool
    other_rack_sizes: tuple[int, ...]
    pool_size: int
    seed: int  # for a tier's own chance decisions: the same game plays the same way
    next_seat: NextSeat | None = None  # the seat playing after this one (None: no look-ahead)


def seat_view(state: RummiState, tier: str) -> SeatView:
    seat = state.current
    return SeatView(
        tier=tier,
        table=tuple(tuple(meld) for meld in state.table_tiles()),
        rack=tuple(state.rack_tiles(seat)),
        owes_opening=state.owes_opening,
        other_rack_sizes=tuple(len(state.rack(s)) for s in range(state.seats) if s != seat),
        pool_size=len(state.pool),
        seed=state.params.seed * 1000 + state.turn_number,
        next_seat=next_seat(state, (seat + 1) % state.seats),
    )


def next_seat(state: RummiState, seat: int) -> NextSeat:
    """What the table shows of ``seat``: rack size, opened, and how its last turn ended."""
    end = state.turn_ends[seat]
    known = end is not None and not end.opening  # an opening play could not use the table
    return NextSeat(
        rack_size=len(state.rack(seat)),
        opened=state.opened[seat],
        drawn=end.drawn if end is not None else 0,
        left_table=end.table if known else None,
    )
