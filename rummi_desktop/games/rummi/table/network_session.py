"""A Rummi game at a server's table, played through the same Rummi table scene as a local match.

The local state is always rebuilt from the server's seat view (:func:`state_from_view`): the
table and our rack as sent, and for what we may not see (the other racks, the pool) tiles of the
right number taken from those not in view — they are never shown (the table paints only rack
sizes of the other seats). The people and computer seats at other places are shown as computer
seats: their turns arrive from the server and go through the table's computer-move path. Our
own turn is checked by the same rules model first (a refused play is explained at once, with
the bad melds lit), then sent with the version it was made against and a new seq; the server's
answer replaces the local state when it comes back.

One server game is one Rummi round: the match around it has a target of 1 point, so it is over
when the round is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rummi_desktop.games.rummi.rules.match import Match, MatchSettings, RoundRecord
from rummi_desktop.games.rummi.rules.moves import Draw, EndTurn, Play, Resign, TurnAction
from rummi_desktop.games.rummi.rules.state import DREW, PASSED, PLAYED, RESIGNED, WENT_OUT, TurnResult
from rummi_desktop.scenes.network_play import NetworkPlay, NetworkSession, OnlineSetup, online_setup
from rummi_desktop.games.rummi.table.session import RummiSeatStats, RummiSession, TurnRecord
from rummi_desktop.games.rummi.table.online_state import hide_drawn, state_from_view

ONLINE = MatchSettings("Online", 1, None)

__all__ = ["NetworkRummiSession", "OnlineSetup", "online_setup"]


@dataclass
class NetworkRummiSession(NetworkSession, RummiSession):
    """A :class:`RummiSession` whose truth is the server's."""

    play: NetworkPlay | None = None
    stats: list[RummiSeatStats] = field(default_factory=list)

    @classmethod
    def joined(cls, link: Any, first: dict[str, Any]) -> "NetworkRummiSession":
        """The session for the table whose current ``game`` message (from subscribe) is ``first``."""
        setup = online_setup(first)
        match = Match(ONLINE, tuple("human" for _ in setup.seats))
        match.current = state_from_view(first)
        session = cls(setup, match, [RummiSeatStats() for _ in setup.seats])  # type: ignore[arg-type]
        session.play = NetworkPlay(link, first)
        return session

    @property
    def in_round(self) -> bool:
        return self.match.current is not None and not self.match.current.is_over

    # -- our turn ---------------------------------------------------------------------------
    def finish_turn(self, move: TurnAction, seconds: float) -> TurnRecord:
        """Checked by the rules here first; sent to the server only when they accept it."""
        state = self.state
        if isinstance(move, Resign):  # ends the round here at once; the server's result follows
            self.send_own(move.notation())
            return super().finish_turn(move, seconds)
        ending = isinstance(move, EndTurn)
        if ending and not state.check_turn().legal:
            return super().finish_turn(EndTurn(), seconds)  # refused: nothing is sent
        if ending and not state.laid_this_turn:
            ending = False  # End Turn with nothing laid is a draw, as the rules say
        sent = Play(tuple(tuple(meld) for meld in state.table_tiles())) if ending else Draw()
        self.send_own(sent.notation())
        if not ending:
            seat = state.current
            hide_drawn(state, state.apply(Draw()))  # the drawn tile comes with the server's answer
            return TurnRecord(seat, TurnResult(DREW, seat), (), False)
        return super().finish_turn(EndTurn(), seconds)

    # -- another seat's turn ------------------------------------------------------------------
    def play_computer(self, move: str | None, seconds: float) -> TurnRecord:
        """The other seat's turn, as the server's next seat view shows it."""
        assert self.play is not None
        before = self.state
        seat = before.current
        message = self.play.next_waiting()
        self.match.current = state_from_view(message, before)
        return self._remote_record(seat, message, {t for meld in before.table for t in meld})

    def _remote_record(self, seat: int, message: dict[str, Any], before: set[int]) -> TurnRecord:
        state = self.state
        placed = tuple(t for meld in state.table for t in meld if t not in before)
        verbs = (message.get("last") or {}).get("verbs") or []
        laid = bool(placed) or "play" in verbs
        outcome = (WENT_OUT if state.is_over else PLAYED) if laid else (DREW if message["view"]["pool_size"] else PASSED)
        if "resign" in verbs:
            outcome = RESIGNED
        record = TurnRecord(seat, TurnResult(outcome, seat), placed, state.is_over)
        if state.is_over:
            self.last_round = state
            self.last_result = self.match.finish_round()
        return record

    # -- the server's view replaces ours --------------------------------------------------------
    def adopt(self, message: dict[str, Any]) -> None:
        """The round as the server shows it; a round the server ended is finished here too. A
        round our own move ended here first (scored against stand-in racks) takes the server's
        result when its echo comes."""
        if self.match.current is None:
            if self.last_round is not None and message["status"] == "over" and message.get("result"):
                self.last_round = state_from_view(message, self.last_round)
                self.last_result = self.last_round.result
                self.match.rounds[-1] = RoundRecord(self.match.rounds[-1].seed, self.last_result)
            return
        self.match.current = state_from_view(message, self.match.current)
        if self.match.current.is_over and self.last_round is None:
            self.last_round = self.match.current
            self.last_result = self.match.finish_round()

    def shown_rack(self, seat: int) -> list[int] | None:
        """Our own rack; another seat's only once the server lays every rack open at the end
        (the round's last state then holds the real racks: :func:`state_from_view`)."""
        assert self.play is not None
        known = seat == self.play.seat or self.play.revealed(seat) is not None
        return super().shown_rack(seat) if known else None

    def next_round(self) -> Any:
        """One server game is one round: there is no next one to deal here."""
        return self.last_round
