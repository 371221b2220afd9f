"""A Rummi seat's view as the tiers read it: the JSON-ready view of
:func:`rummi_desktop.games.rummi.rules.seat_view.seat_view` turned into Tile faces, plus the tier.

One definition for every caller (the thinking process, ``simulate``, the benchmarks), so a
seat sees the same thing in the window and in headless games. Pure module (no pygame, no I/O).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rummi_desktop.games.rummi.ai.denial import NextSeat
from rummi_desktop.games.rummi.rules.play_check import OPENING_POINTS
from rummi_desktop.games.rummi.rules.state import RummiState
from rummi_desktop.games.rummi.rules.seat_view import seat_view as view_data
from rummi_desktop.games.rummi.rules.seat_view import tiles_of
from rummi_desktop.tiles import JOKERS_IN_SET, Tile


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
    opening_points: int = OPENING_POINTS  # what the initial meld must reach (a house rule)
    jokers: int = JOKERS_IN_SET  # the jokers in the set (a house rule): what is still unseen

    @classmethod
    def from_data(cls, data: dict[str, Any], tier: str) -> "SeatView":
        """Read a view given as data (KeyError, TypeError or ValueError when it is not one)."""
        return cls(
            tier=str(tier),
            table=tuple(tiles_of(meld) for meld in data["table"]),
            rack=tiles_of(data["rack"]),
            owes_opening=bool(data["owes_opening"]),
            other_rack_sizes=tuple(int(n) for n in data["other_rack_sizes"]),
            pool_size=int(data["pool_size"]),
            seed=int(data["seed"]),
            next_seat=_next_seat(data.get("next_seat")),
            opening_points=int(data.get("opening_points", OPENING_POINTS)),
            jokers=int(data.get("jokers", JOKERS_IN_SET)),
        )


def _next_seat(data: dict[str, Any] | None) -> NextSeat | None:
    if data is None:
        return None
    left = data["left_table"]
    return NextSeat(
        rack_size=int(data["rack_size"]),
        opened=bool(data["opened"]),
        drawn=int(data["drawn"]),
        left_table=None if left is None else tuple(tiles_of(meld) for meld in left),
    )


def tier_view(state: RummiState, tier: str) -> SeatView:
    """The view of the seat on turn, exactly as the thinking process receives it."""
    return SeatView.from_data(view_data(state, state.current), tier)
