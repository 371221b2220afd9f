"""A Tumblewords game at a server's table, played through the same Tumblewords table scene as a
local game.

The local state is rebuilt from the server's seat view (:func:`state_from_view`): the board,
the scores and our hand as sent, stand-in letters for what we may not see. Another seat's move
arrives as its actions (``drop 4 T``, ``claim 3,4-3,7``, ``done``, ``pass``): once it is in,
the mover is given the letters those actions use (:meth:`news`, before the table notes the
hands) and the actions are played through the rules model, so its letter falls on our board
and scores the real words; then the server's new view replaces the local state. Our own move
is checked and made by the same model first (a refused one is explained at once and nothing is
sent), then sent with the version it was made against; a letter we draw is put back until the
server's answer names the real one. The moves of one Claim turn (drop, claims, done) go out one
after another, each against the version the previous one made.

Online games use the shipped word list only (the server's).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator

from rummi_desktop.games.base import IllegalMove, MoveNotationError
from rummi_desktop.games.tumblewords.rules.dictionary import SHIPPED, Dictionary
from rummi_desktop.games.tumblewords.rules.moves import Drop, Move
from rummi_desktop.games.tumblewords.rules.state import TurnResult
from rummi_desktop.scenes.network_play import (NetworkPlay, NetworkSession, OnlineSetup, Overtaken, TableEvent, TableFacts,
                                               online_setup)
from rummi_desktop.scenes.turn_machine import Phase
from rummi_desktop.games.tumblewords.table.session import TumblewordsSeatStats, TumblewordsSession, TurnRecord
from rummi_desktop.games.tumblewords.table.online_state import hide_drawn, state_from_view
from rummi_desktop.games.tumblewords.storage import word_lists


@dataclass(frozen=True)
class OnlineTumblewordsSetup(OnlineSetup):
    """Who sits where at the server's table (our seat is the person), and the options the
    session names its mode by."""

    board: str = "standard"
    claim: bool = False


def online_dictionary(words: dict[str, Any]) -> Dictionary:
    """The word list a server table plays with: the shipped one (ValueError for another)."""
    shipped = word_lists.shipped_dictionary()
    if words.get("name") != SHIPPED or words.get("digest") != shipped.digest:
        raise ValueError(f"this table plays with the word list {str(words.get('name'))[:40]!r}, "
                         "which is not this copy's shipped list")
    return shipped


def letters_used(actions: list[str]) -> list[str] | None:
    """The hand letters ``actions`` drop (``?`` a blank); None when one is not a move."""
    letters = []
    for action in actions:
        try:
            move = Move.parse(action)
        except MoveNotationError:
            return None
        if isinstance(move, Drop):
            letters.append(move.hand_letter)
    return letters


@dataclass
class NetworkTumblewordsSession(NetworkSession, TumblewordsSession):
    """A :class:`TumblewordsSession` whose truth is the server's."""

    play: NetworkPlay | None = None
    stats: list[TumblewordsSeatStats] = field(default_factory=list)
    prepared: int = -1  # the version of the waiting move whose mover holds its letters

    @classmethod
    def joined(cls, link: Any, first: dict[str, Any]) -> "NetworkTumblewordsSession":
        """The session for the table whose current ``game`` message (from subscribe) is ``first``;
        ValueError for a table this copy cannot play."""
        dictionary = online_dictionary(first["view"]["words"])
        options = first["view"]["options"]
        setup = OnlineTumblewordsSetup(online_setup(first).seats, first["table"], board=options["board"],
                                       claim=options["claim"])
        session = cls(setup, state_from_view(first, dictionary),  # type: ignore[arg-type]
                      [TumblewordsSeatStats() for _ in setup.seats])
        session.play = NetworkPlay(link, first)
        return session

    # -- our moves ----------------------------------------------------------------------------
    def apply(self, move: Move, seconds: float = 0.0) -> TurnRecord:
        """Made by the rules here first (IllegalMove: nothing is sent), then sent."""
        record = super().apply(move, seconds)
        self.send_own(move.notation())
        hide_drawn(self.state, record.result)  # the real letter comes with the server's answer
        return record

    # -- another seat's move ------------------------------------------------------------------
    def news(self, table: TableFacts) -> Iterator[TableEvent]:
        """What arrived (see :class:`NetworkSession`: versions skipped after a reconnect are
        taken as they are); then, while the table waits for another seat, its newly arrived move
        is made playable here, or, when it cannot be replayed, the server's view is taken."""
        yield from super().news(table)
        assert self.play is not None
        if not self.play.waiting or table.phase != Phase.THINKING:
            return
        message = self.play.waiting[0]
        if message["version"] == self.prepared:
            return
        self.prepared = message["version"]
        if not self._prepare(message):
            self.adopt(self.play.next_waiting())
            yield Overtaken(self.play.over)

    def _prepare(self, message: dict[str, Any]) -> bool:
        """Give the mover the letters its move drops; False when the move cannot be replayed."""
        assert self.play is not None
        last = message.get("last") or {}
        letters = letters_used(last.get("actions") or [])
        if (not self.play.follows(message) or last.get("seat") != self.state.current
                or last.get("seat") == self.play.seat or letters is None):
            return False
        try:
            self.state = state_from_view(self.play.held, self.state.dictionary, self.state,
                                         {self.state.current: letters})
        except ValueError:
            return False
        return True

    def play_computer(self, notation: str | None, seconds: float) -> TurnRecord:
        """The other seat's move, played through the model on the prepared position; then the
        server's view of it."""
        assert self.play is not None
        seat = self.state.current
        message = self.play.next_waiting()
        record = None
        try:
            for action in (message.get("last") or {}).get("actions") or []:
                record = super().apply(Move.parse(action), seconds)
        except (IllegalMove, MoveNotationError):
            record = None
        self.adopt(message)
        if record is None:  # not replayable here: the server's view, shown as it stands
            return TurnRecord(seat, "", TurnResult("shown", seat), ends_turn=True)
        return record

    # -- the server's view replaces ours --------------------------------------------------------
    def adopt(self, message: dict[str, Any]) -> None:
        self.state = state_from_view(message, self.state.dictionary, self.state)

    def shown_hand(self, seat: int) -> list[str] | None:
        """Our own letters; another seat's only once the server lays them open at the end."""
        assert self.play is not None
        return self.state.hand(seat) if seat == self.play.seat else self.play.revealed(seat)
