"""A Rummble game as the window plays it: who sits where, the rules model, stats, autosave.

No pygame here. It wraps :class:`RummbleState` (every rule decision is the model's) and adds
what only the window needs: seat names and kinds, per-seat statistics for the results, and the
(setup, state, stats) the autosave writes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rummi_desktop.games.base import Move, play_seat_move
from rummi_desktop.games.rummble.rules.serialize import state_from_dict, state_to_dict
from rummi_desktop.games.rummble.spec import RUMMBLE
from rummi_desktop.games.rummble.rules.state import PLAYED, TILE_SETS, WENT_OUT, RummbleParameters, RummbleState, TurnResult
from rummi_desktop.scenes.session_base import GameSession, seed_or_fresh
from rummi_desktop.games.seats import HUMAN, SeatConfig, SeatStats, kinds_from_text, seats_from_kinds, seats_from_save, seats_to_save
from rummi_desktop.tiles import Tile

TIERS = RUMMBLE.tiers
SEAT_RANGE = (RUMMBLE.min_seats, RUMMBLE.max_seats)
TILE_SET_NAMES = {"standard": "Standard 1–13", "short": "Short 1–9", "cards": "Playing cards"}
TILE_SET_CAPTION = {"standard": "Standard tiles", "short": "Short set 1–9", "cards": "Playing cards"}


@dataclass(frozen=True)
class RummbleSetup:
    """Everything the setup scene chooses; remembered between sessions."""

    seats: tuple[SeatConfig, ...] = (SeatConfig(HUMAN, "You"), SeatConfig("medium", "Medium"))
    tile_set: str = "standard"
    seed: int = 1
    rummmble_bonus: bool = True  # a house rule: the 100 for laying all ten tiles at once

    def __post_init__(self) -> None:
        RUMMBLE.check_seats([seat.kind for seat in self.seats])
        if self.tile_set not in TILE_SETS:
            raise ValueError(f"the tile set is one of {', '.join(TILE_SETS)}, not {self.tile_set!r}")

    def parameters(self) -> RummbleParameters:
        return RummbleParameters(tuple(seat.kind for seat in self.seats), self.seed, self.tile_set,
                                 rummmble_bonus=self.rummmble_bonus)

    def to_dict(self) -> dict[str, Any]:
        return {"seats": seats_to_save(self.seats), "tile_set": self.tile_set, "seed": self.seed,
                "rummmble_bonus": self.rummmble_bonus}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "RummbleSetup":
        return cls(seats_from_save(data["seats"]), str(data["tile_set"]), int(data["seed"]),
                   bool(data.get("rummmble_bonus", True)))  # absent in setups saved before house rules


def quick_setup(seats_csv: str | None, seed: int | None) -> RummbleSetup:
    """The setup of ``rummi-desktop play rummble --seats human,hard --seed S``."""
    kinds = kinds_from_text(seats_csv, "human,medium")
    return RummbleSetup(seats_from_kinds(kinds), "standard", seed_or_fresh(seed))


@dataclass
class RummbleSeatStats(SeatStats):
    plays: int = 0
    tiles_placed: int = 0
    best_play: int = 0
    rummmbles: int = 0


@dataclass
class TurnRecord:
    """One completed turn: the move, what the model did, and why a computer's move was refused."""

    seat: int
    move: str
    result: TurnResult
    refused: str = ""

    @property
    def game_over(self) -> bool:
        return self.result.outcome not in (PLAYED, "exchanged", "passed")


@dataclass
class RummbleSession(GameSession):
    setup: RummbleSetup
    state: RummbleState
    stats: list[RummbleSeatStats] = field(default_factory=list)
    history: list[TurnRecord] = field(default_factory=list)  # this sitting's turns (not saved)
    setup_type, stats_type = RummbleSetup, RummbleSeatStats

    @classmethod
    def new(cls, setup: RummbleSetup) -> "RummbleSession":
        return cls(setup, RummbleState(setup.parameters()), [RummbleSeatStats() for _ in setup.seats])

    # -- turns ------------------------------------------------------------------------------
    def apply(self, move: Move, seconds: float) -> TurnRecord:
        """A person's move; IllegalMove (nothing changed) when the model refuses it."""
        seat = self.state.current
        result = self.state.apply(move)
        return self._book(TurnRecord(seat, move.notation(), result), seconds)

    def play_computer(self, notation: str | None, seconds: float) -> TurnRecord:
        """A computer seat's move; a refused or missing one passes (the model's forfeit)."""
        seat = self.state.current
        if notation is None:
            return self._book(TurnRecord(seat, "pass", self.state.forfeit_turn(), "no move"), seconds)
        outcome = play_seat_move(RUMMBLE, self.state, notation)
        move = notation if not outcome.refused else "pass"
        return self._book(TurnRecord(seat, move, outcome.change, outcome.refused), seconds)

    def _book(self, record: TurnRecord, seconds: float) -> TurnRecord:
        stats = self.stats[record.seat]
        stats.turns += 1
        stats.turn_seconds += seconds
        if record.result.verdict is not None:
            stats.plays += 1
            stats.tiles_placed += len(record.result.laid)
            stats.best_play = max(stats.best_play, record.result.points)
            stats.rummmbles += 1 if record.result.verdict.rummmble else 0
        self.history.append(record)
        return record

    def mode_name(self) -> str:
        return f"{TILE_SET_NAMES[self.state.params.tile_set]} · {len(self.setup.seats)} seats"

    # -- what the table shows of it -----------------------------------------------------------
    def caption(self) -> str:
        """The line under the turn log: the tiles and the deal (its seed replays the game)."""
        return f"{TILE_SET_CAPTION.get(self.state.params.tile_set, self.state.params.tile_set)} · deal {self.state.params.seed}"

    def hint_refusal(self) -> str:
        """Why the Hint is off at this table ("" when it is on)."""
        return ""

    def shown_hand(self, seat: int) -> list[Tile] | None:
        """The tiles the results show on ``seat``'s rack (None: not known at this table)."""
        return self.state.rack_tiles(seat)

    # -- saving -----------------------------------------------------------------------------
    def state_to_save(self) -> dict[str, Any]:
        return state_to_dict(self.state)


def load_state(data: dict[str, Any]) -> RummbleState:
    """The autosave's state part back into a game (ValueError when damaged)."""
    return state_from_dict(data)


__all__ = ["RummbleSetup", "RummbleSession", "TurnRecord", "quick_setup", "load_state", "WENT_OUT"]
