"""A Rummi match as one game state: what a server table plays (``GameSpec.new_table_state``).

:class:`MatchState` follows the :class:`~rummi_desktop.games.base.State` protocol over a
:class:`~rummi_desktop.games.rummi.rules.match.Match`: the moves go to the round in play; the
move that ends a round books it and deals the next one at once, unless the match is over. Its
log is every round's log one after another, so the match seed and that log replay the whole
match (the match's own RNG seeds each round), and the server's replay, catch-up and rebuild
need nothing of their own. Once the match is over the last round stays in view (``round``).

Pure module: no pygame, no I/O.
"""

from __future__ import annotations

import copy
from typing import Any

from rummi_desktop.games.base import LegalMoves, Move
from rummi_desktop.games.rummi.rules.match import DEFAULT_TARGET, MODES, Match, MatchSettings
from rummi_desktop.games.rummi.rules.play_check import OPENING_POINTS
from rummi_desktop.games.rummi.rules.seat_view import seat_view as round_view
from rummi_desktop.games.rummi.rules.serialize import round_result_to_dict
from rummi_desktop.games.rummi.rules.state import RummiState
from rummi_desktop.tiles import JOKERS_IN_SET

MATCH_TARGETS = (100, DEFAULT_TARGET, 300, 500)  # an online table's choices (the local setup's too)


def online_settings(mode: str, target: int, opening_points: int, jokers: int = JOKERS_IN_SET) -> MatchSettings:
    """An online match's settings: the mode's name and its own clock (Blitz: 30 s a turn, which
    the server enforces); Parlor League leaves the clock to the table's (the lobby's choice)."""
    settings = MODES[mode]
    clock = settings.clock_seconds if mode == "blitz" else None
    return MatchSettings(settings.name, target, clock, opening_points, jokers)


class MatchState:
    """A whole match through one state's moves (see the module docstring)."""

    keeps_undo = True  # the protocol's flag; a round's undo of the turn in progress is its own either way

    def __init__(self, settings: MatchSettings, seats: tuple[str, ...], seed: int) -> None:
        self.match = Match(settings, tuple(seats), seed)
        self.log: list[str] = []
        self.last_round: RummiState | None = None  # the round just booked (the match's last, once over)
        self.match.start_round()

    # -- what the round in view says ------------------------------------------------------------
    @property
    def round(self) -> RummiState:
        """The round in play, or the last one once the match is over."""
        current = self.match.current
        assert current is not None or self.last_round is not None
        return current if current is not None else self.last_round  # type: ignore[return-value]

    @property
    def params(self) -> Any:
        """The round's parameters: the rules every round of the match plays under."""
        return self.round.params

    @property
    def current(self) -> int:
        return self.round.current

    @property
    def is_terminal(self) -> bool:
        return self.match.is_over

    @property
    def round_number(self) -> int:
        """The round in view, from 1."""
        return len(self.match.rounds) + (1 if self.match.current is not None else 0)

    def scores(self) -> tuple[int, ...]:
        return tuple(self.match.totals)

    def winners(self) -> tuple[int, ...]:
        return self.match.winners

    def legal_moves(self) -> LegalMoves:
        return self.round.legal_moves() if not self.is_terminal else LegalMoves(tuple)

    # -- moves ------------------------------------------------------------------------------------
    def apply(self, move: Move) -> Any:
        return self._settled(self.round.apply, move)

    def perform(self, action: str) -> Any:
        return self._settled(self.round.perform, action)

    def forfeit_turn(self) -> Any:
        return self._settled(lambda: self.round.forfeit_turn())

    def clock_ran_out(self) -> Any:
        """The round's own clock ran out (Blitz): the round's ``timeout``."""
        return self._settled(lambda: self.round.timeout())

    def turn_clock(self) -> tuple[Any, float] | None:
        """(the clocked turn, its seconds) when the rules give the turn a clock (Blitz), else None."""
        seconds = self.round.params.clock_seconds
        if seconds is None or self.is_terminal:
            return None
        return (self.round_number, self.current), float(seconds)

    def _settled(self, act: Any, *args: Any) -> Any:
        """``act`` on the round in play, its log entries added to the match's; a round it ended
        is booked and the next one dealt."""
        if self.match.current is None:
            raise ValueError("the match is over")
        round_state = self.match.current
        before = len(round_state.log)
        result = act(*args)
        self.log.extend(round_state.log[before:])
        if round_state.is_over:
            self.match.finish_round()
            self.last_round = round_state
            if not self.match.is_over:
                self.match.start_round()
        return result

    def undo(self) -> Move | None:
        """A move of the turn in progress (never one of a booked round)."""
        if self.match.current is None:
            return None
        undone = self.match.current.undo()
        if undone is not None:
            self.log.pop()
        return undone

    def clone(self) -> "MatchState":
        return copy.deepcopy(self)

    # -- what a seat sees ------------------------------------------------------------------------
    def summary(self) -> dict[str, Any]:
        """The match as every seat may read it: its mode, target, round, totals and each booked
        round's result."""
        settings = self.match.settings
        return {"mode": settings.name, "target": settings.target, "round": self.round_number,
                "totals": list(self.match.totals), "over": self.is_terminal,
                "rounds": [round_result_to_dict(record.result) for record in self.match.rounds]}


def new_match_state(seats: tuple[str, ...], seed: int, mode: str = "parlor", match_target: int = DEFAULT_TARGET,
                    opening_points: int = OPENING_POINTS, jokers: int = JOKERS_IN_SET,
                    **round_options: Any) -> MatchState:
    """A server table's Rummi game: a match (``round_options``: none but the table's own clock,
    which the table keeps, so they are refused)."""
    if round_options:
        raise ValueError(f"a Rummi match takes no option {', '.join(round_options)}")
    return MatchState(online_settings(mode, match_target, opening_points, jokers), seats, seed)


def match_seat_view(state: MatchState, seat: int) -> dict[str, Any]:
    """The round's seat view, and the match around it (``match``)."""
    return {**round_view(state.round, seat), "match": state.summary()}
