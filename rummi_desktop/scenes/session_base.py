"""What every game's session (the game as the window plays it) answers the same way.

A game's session is a dataclass with ``setup`` (a setup with ``seats``, ``seed``, ``to_dict``
and ``from_dict``), ``stats`` (one :class:`~rummi_desktop.games.seats.SeatStats` per seat) and a
``state`` whose ``current`` is the seat on turn. :class:`GameSession` adds the seat questions,
the victory cue and the autosave's (setup, state, stats) round trip; the game says what its
saved state is (``state_to_save``, ``saved_seat_kinds``) and how a resumed game starts
(``resumed``). No pygame here.
"""

from __future__ import annotations

import random
from types import MappingProxyType
from typing import Any, ClassVar, Iterator, Mapping, Sequence

from rummi_desktop.games.seats import SeatConfig, SeatStats, stats_from_save, stats_to_save


def seed_or_fresh(seed: int | None) -> int:
    """The seed asked for, or a fresh one the player can read and replay."""
    return seed if seed is not None else random.SystemRandom().randrange(1, 1_000_000)


class GameSession:
    setup_type: ClassVar[Any]  # the setup class (its from_dict reads a save's setup part)
    stats_type: ClassVar[type[SeatStats]] = SeatStats
    saved_what: ClassVar[str] = "game"  # what the saved state is called in a damaged-save notice

    setup: Any
    stats: list[Any]
    state: Any
    thinks_locally: ClassVar[bool] = True  # False: the other seats' moves come from a server
    # The autosave's arrangement (a resumed game's rack orders, say) for its table to read
    # back; a session not from an autosave has none.
    saved_arrangement: Mapping[str, Any] = MappingProxyType({})
    # The finished-game record of the game (Rummi: the round) that just ended, kept by the
    # table for the results card's Review (``scenes.review_offer``); its id is "" when no file
    # holds it (a server game, or a record that could not be written). None until one ends.
    finished_record: dict[str, Any] | None = None

    # -- the other seats' turns ------------------------------------------------------------
    def start_thinking(self, computers: Any, seat: int) -> Any:
        """The job whose answer is the move of the computer seat on turn (``computers``: the
        table's :class:`~rummi_desktop.thinking.computer_seats.ComputerSeats`)."""
        return computers.start(self.state, self.seat(seat).kind)

    def online_status(self) -> dict[str, Any]:
        """What the status file reports of a server game (nothing for a local one)."""
        return {}

    def news(self, table: Any) -> Iterator[Any]:
        """Once a frame: what arrived from elsewhere, as events for the table (a network
        session's server: ``scenes.network_play``); a local game hears nothing."""
        return iter(())

    @property
    def rules_source(self) -> Any:
        """What the game is played under, its setup options as attributes (the state's
        parameters): the table's rules line reads its house rules from it."""
        return self.state.params

    @property
    def in_round(self) -> bool:
        """The game is still being played (Rummi: a round is in progress)."""
        return not self.state.is_terminal

    @property
    def current(self) -> int:
        return self.state.current

    @property
    def match_over(self) -> bool:
        """Nothing is left to play or to continue from an autosave (Rummi: the whole match)."""
        return self.state.is_terminal

    def seat(self, index: int) -> SeatConfig:
        return self.setup.seats[index]

    def is_human(self, index: int) -> bool:
        return self.setup.seats[index].is_human

    @property
    def human_seats(self) -> list[int]:
        return [i for i, seat in enumerate(self.setup.seats) if seat.is_human]

    def victory_cue(self, winners: Sequence[int] | None = None) -> str:
        """The sound for a game won by ``winners`` (the game's winners when not given): the
        fanfare when a person at the table won, a soft chime when only computers did."""
        chosen = self.state.winners() if winners is None else winners
        return "fanfare" if any(self.is_human(seat) for seat in chosen) else "turn"

    # -- the record of a finished game ----------------------------------------------------
    @property
    def finished_state(self) -> Any:
        """The state that just finished (Rummi: the round)."""
        return self.state

    def mode_name(self) -> str:
        """The leaderboard table a finished game belongs to (a game names its mode too)."""
        return f"{len(self.setup.seats)} seats"

    def unrecorded_turns(self) -> list[tuple[int, float]]:
        """(turns, seconds) per seat since the last record of this session, marked recorded."""
        turns = []
        for seat in self.stats:
            turns.append((seat.turns - seat.recorded_turns, seat.turn_seconds - seat.recorded_turn_seconds))
            seat.recorded_turns, seat.recorded_turn_seconds = seat.turns, seat.turn_seconds
        return turns

    # -- saving -----------------------------------------------------------------------------
    def state_to_save(self) -> dict[str, Any]:
        raise NotImplementedError

    def to_save(self) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        """(setup, state, stats) for the autosave."""
        return self.setup.to_dict(), self.state_to_save(), stats_to_save(self.stats)

    @staticmethod
    def saved_seat_kinds(state: Any) -> Sequence[str]:
        return state.params.seats

    @classmethod
    def from_save(cls, setup: dict[str, Any], state: Any, stats: dict[str, Any]) -> Any:
        """The session back from an autosave's parts; ValueError when they disagree."""
        chosen = cls.setup_type.from_dict(setup)
        seat_stats = stats_from_save(cls.stats_type, stats, len(chosen.seats))
        if tuple(seat.kind for seat in chosen.seats) != tuple(cls.saved_seat_kinds(state)):
            raise ValueError(f"the saved seats do not match the saved {cls.saved_what}")
        return cls.resumed(chosen, state, seat_stats)

    @classmethod
    def for_replay(cls, setup: Any, state: Any) -> Any:
        """A session only to show ``state`` (a replay at some move): nothing is played in it."""
        return cls(setup, state, [cls.stats_type() for _ in setup.seats])  # type: ignore[call-arg]

    def show_replayed(self, state: Any) -> None:
        """A replay moved back: its state is a new object, shown in this session's place."""
        self.state = state

    @classmethod
    def resumed(cls, setup: Any, state: Any, stats: list[Any]) -> Any:
        return cls(setup, state, stats)  # type: ignore[call-arg]  (the game's dataclass fields)
