"""A Rummble game at a server's table, played through the same Rummble table scene as a local game.

The local state is always rebuilt from the server's seat view (``online_state``). The other seats
(people elsewhere, the server's computer seats) are shown as computer seats: their moves arrive
as new versions and go through the table's computer-move path. To show one with its verdict and
points, the move is carried out by the rules model on the position before it, with the mover
holding the tiles its play names (an exchange is "exchange N": any N of its unseen tiles go
back); then the new view replaces that position, the board's tile ids kept.

Our own move is checked by the same model first (a refused play is explained at once, its line
outlined, and nothing is sent), then sent with the version it was made against. What it drew
(the refill, an exchange's new tiles) was drawn from stand-ins, so those go back until the
echo brings the real ones. A game our move ended shows its results once the echo brings the
server's final scores (it alone saw every hand).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rummi_desktop.games.base import IllegalMove, Move, MoveNotationError
from rummi_desktop.games.rummble.rules.moves import Exchange, Play
from rummi_desktop.games.rummble.spec import RUMMBLE
from rummi_desktop.games.rummble.rules.state import PASSED, TurnResult
from rummi_desktop.scenes.network_play import NetworkPlay, NetworkSession, online_setup
from rummi_desktop.games.rummble.table.session import RummbleSeatStats, RummbleSession, TurnRecord
from rummi_desktop.games.rummble.table.online_state import end_kind, hide_drawn, server_result, state_from_view
from rummi_desktop.tiles import NotationError, Tile, parse_tiles


@dataclass
class NetworkRummbleSession(NetworkSession, RummbleSession):
    """A :class:`RummbleSession` whose truth is the server's."""

    play: NetworkPlay | None = None
    stats: list[RummbleSeatStats] = field(default_factory=list)
    shown: dict[str, Any] = field(default_factory=dict)  # the server message the state on show was built from

    @classmethod
    def joined(cls, link: Any, first: dict[str, Any]) -> "NetworkRummbleSession":
        """The session for the table whose current ``game`` message (from subscribe) is ``first``."""
        setup = online_setup(first)
        session = cls(setup, state_from_view(first), [RummbleSeatStats() for _ in setup.seats])  # type: ignore[arg-type]
        session.play, session.shown = NetworkPlay(link, first), first
        if first["status"] == "over":
            server_result(session.state, first, session.state.points, end_kind(first))
        return session

    # -- our turn ---------------------------------------------------------------------------
    def apply(self, move: Move, seconds: float) -> TurnRecord:
        """Checked by the rules here first (IllegalMove: nothing changed, nothing sent), then sent."""
        record = super().apply(move, seconds)
        hide_drawn(self.state, record.seat, record.result.drawn)
        self.send_own(move.notation())
        return record

    # -- another seat's turn ------------------------------------------------------------------
    def play_computer(self, notation: str | None, seconds: float) -> TurnRecord:
        """The other seat's move, as the server's next version reports it."""
        assert self.play is not None
        seat, message = self.state.current, self.play.next_waiting()
        try:
            record = self._replayed(message, seat)
        except (IllegalMove, MoveNotationError, ValueError) as error:  # never expected: the server applied it
            self.adopt(message)
            outcome = self.state.result.kind if self.state.result is not None else PASSED
            record = TurnRecord(seat, "pass", TurnResult(outcome, seat), f"not shown: {error}")
        return self._book(record, seconds)

    def _replayed(self, message: dict[str, Any], seat: int) -> TurnRecord:
        """``seat``'s move that made ``message``, carried out by the model on the position shown
        before it; then the new view adopted."""
        action = ((message.get("last") or {}).get("actions") or ["pass"])[-1]
        verb, _, words = action.partition(" ")
        exchanged = int(words) if verb == "exchange" and words.isdigit() else None
        move = None if exchanged is not None else RUMMBLE.parse_move(action)
        holding: dict[int, list[Tile]] = {seat: move.rack_tiles()} if isinstance(move, Play) else {}
        before = state_from_view(self.shown, self.state, holding)
        if exchanged is not None:  # which tiles went back is the mover's secret: any of its unseen ones
            move = Exchange(tuple(before.rack_tiles(seat)[:exchanged]))
        result = before.apply(move)
        after = state_from_view(message, before)
        if message["status"] == "over":
            server_result(after, message, before.points, result.outcome)
        self.state, self.shown = after, message
        return TurnRecord(seat, action, result)

    # -- the server's view replaces ours --------------------------------------------------------
    def adopt(self, message: dict[str, Any]) -> None:
        """The game as the server shows it. A game it ended gets the server's result, settled
        from the scores before the hands: our own last move's (it ended the game here first), or
        those the model gives by carrying out the one move since the view shown (a forfeit by
        the server's clock); from the final scores only when a resume skipped moves."""
        previous = self.state
        ended_here = previous.result is not None
        if message["status"] == "over" and not ended_here and message["version"] == self.shown.get("version", -2) + 1:
            try:
                self._replayed(message, previous.current)
                return
            except (IllegalMove, MoveNotationError, ValueError):
                pass  # settled from the final scores below
        state = state_from_view(message, previous)
        if message["status"] == "over":
            points = previous.points if ended_here else state.points
            server_result(state, message, points, previous.result.kind if ended_here else end_kind(message))
        self.state, self.shown = state, message

    def shown_hand(self, seat: int) -> list[Tile] | None:
        """Our own rack; another seat's only once the server lays it open at the end."""
        assert self.play is not None
        if seat == self.play.seat:
            return self.state.rack_tiles(seat)
        revealed = self.play.revealed(seat)
        try:
            return parse_tiles(revealed) if revealed is not None else None
        except NotationError:  # a damaged message: shown as not known
            return None
