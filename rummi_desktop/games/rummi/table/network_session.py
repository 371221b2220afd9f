"""A Rummi game at a server's table, played through the same Rummi table scene as a local match.

The local state is always rebuilt from the server's seat view (:func:`state_from_view`): the
table and our rack as sent, and for what we may not see (the other racks, the pool) tiles of the
right number taken from those not in view — they are never shown (the table paints only rack
sizes of the other seats). The people and computer seats at other places are shown as computer
seats: their turns arrive from the server and go through the table's computer-move path. Our
own turn is checked by the same rules model first (a refused play is explained at once, with
the bad melds lit), then sent with the version it was made against and a new seq; the server's
answer replaces the local state when it comes back.

A server table plays a whole match (its seat view's ``match``: mode, target, the round in
view, each booked round's result): the move that ends a round there deals the next one at once,
so a message can show a new round; the round that ended is booked here with the server's own
result (the results card shows it and the match totals) and the new round waits for the card's
Next round. A server without the ``match`` summary plays one round a game (a target of 1 point).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from rummi_desktop.games.rummi.rules.match import MODES, Match, MatchSettings, RoundRecord
from rummi_desktop.games.rummi.rules.serialize import round_result_from_dict
from rummi_desktop.games.rummi.rules.scoring import RoundResult
from rummi_desktop.games.rummi.rules.moves import Draw, EndTurn, Play, Resign, TurnAction
from rummi_desktop.games.rummi.rules.state import DREW, PASSED, PLAYED, RESIGNED, WENT_OUT, RummiState, TurnResult
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
    next_deal: RummiState | None = None  # the server's next round, dealt while the results card shows

    @classmethod
    def joined(cls, link: Any, first: dict[str, Any]) -> "NetworkRummiSession":
        """The session for the table whose current ``game`` message (from subscribe) is ``first``."""
        setup = online_setup(first)
        summary = match_summary(first)
        settings = ONLINE if summary is None else MatchSettings(str(summary["mode"]), int(summary["target"]), None)
        match = Match(settings, tuple("human" for _ in setup.seats))
        booked = server_rounds(first)
        if summary is not None and summary["over"]:
            booked = booked[:-1]  # the round in view is the last: it is booked as it ends here
        match.rounds.extend(RoundRecord(0, result) for result in booked)
        match.current = state_from_view(first)
        if summary is not None and summary["over"]:
            match.current.result = server_rounds(first)[-1]
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
        if not self._round_ended(message, before):
            self.match.current = state_from_view(message, before)
        return self._remote_record(seat, message, {t for meld in before.table for t in meld})

    def _remote_record(self, seat: int, message: dict[str, Any], before: set[int]) -> TurnRecord:
        verbs = (message.get("last") or {}).get("verbs") or []
        if self.match.current is None:  # the server booked the round this move ended
            outcome = RESIGNED if "resign" in verbs else WENT_OUT if "play" in verbs else PASSED
            return TurnRecord(seat, TurnResult(outcome, seat), (), True)
        state = self.state
        placed = tuple(t for meld in state.table for t in meld if t not in before)
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
    def _round_ended(self, message: dict[str, Any], before: RummiState) -> bool:
        """The server booked the round in play here (``message`` shows the next one, or the
        match's end): it is booked here with the server's result; True if so."""
        if match_summary(message) is None or self.match.current is None:
            return False
        booked = server_rounds(message)
        if len(booked) <= len(self.match.rounds):
            return False
        over = bool(match_summary(message)["over"])  # type: ignore[index]
        finished = state_from_view(message, before) if over else before  # else the view is the next round's
        finished.result = booked[len(self.match.rounds)]
        self.match.current = finished
        self.last_round, self.last_result = finished, self.match.finish_round()
        self.next_deal = None if over else state_from_view(message)
        return True

    def _server_booked_ours(self, message: dict[str, Any]) -> None:
        """Our own move ended the round here first (booked against stand-in racks): the
        server's result replaces ours, and its next round waits for Next round."""
        booked, summary = server_rounds(message), match_summary(message)
        count = len(self.match.rounds)
        if summary is None or not count or len(booked) < count:
            return
        result = booked[count - 1]
        self.match.rounds[-1] = RoundRecord(self.match.rounds[-1].seed, result)
        self.last_result = result
        if summary["over"] and self.last_round is not None:
            self.last_round = state_from_view(message, self.last_round)
            self.last_round.result = result
        elif not summary["over"]:
            self.next_deal = state_from_view(message, self.next_deal)

    def adopt(self, message: dict[str, Any]) -> None:
        """The round as the server shows it; a round the server ended is finished here too. A
        round our own move ended here first (scored against stand-in racks) takes the server's
        result when its echo comes."""
        if match_summary(message) is not None:
            if self.match.current is None:
                self._server_booked_ours(message)
            elif not self._round_ended(message, self.match.current):
                self.match.current = state_from_view(message, self.match.current)
            return
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

    @property
    def rules_source(self) -> Any:
        """The round's rules and the server match's mode and target: the table's rules line
        names a Blitz match, or one to another target than the usual."""
        params = super().rules_source
        mode = next((key for key, settings in MODES.items() if settings.name == self.match.settings.name), "parlor")
        return SimpleNamespace(opening_points=params.opening_points, clock_seconds=params.clock_seconds,
                               mode=mode, match_target=self.match.settings.target)

    def mode_name(self) -> str:
        """"Online · Parlor League · 2 seats": the server match's mode (a local setup names its own)."""
        return f"Online · {self.match.settings.name} · {len(self.setup.seats)} seats"

    @property
    def finished_round(self) -> int:
        """The round just booked, from 1 (its record is one of the match's)."""
        return max(1, len(self.match.rounds))

    def results_ready(self) -> bool:
        """The round's end may be shown: the server ended the match, or dealt its next round."""
        assert self.play is not None
        return self.play.over or self.next_deal is not None

    def next_round(self) -> Any:
        """The round the server dealt when the last one ended (a server game of one round: the
        last round again, there is no next one)."""
        if self.next_deal is None:
            return self.last_round
        self.match.current, self.next_deal = self.next_deal, None
        return self.match.current


def match_summary(message: dict[str, Any]) -> dict[str, Any] | None:
    """The server's match around the round in view (None: a server of one round a game)."""
    summary = message.get("view", {}).get("match")
    return summary if isinstance(summary, dict) else None


def server_rounds(message: dict[str, Any]) -> list[RoundResult]:
    """Each round the server has booked, its result as the server scored it."""
    summary = match_summary(message)
    return [round_result_from_dict(data) for data in summary["rounds"]] if summary is not None else []

