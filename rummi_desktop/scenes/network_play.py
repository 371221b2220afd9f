"""A game played at a server's table, as a session sees it: the line to the server, the
newest seat view it sent, the move in flight, and the other seats' moves waiting to be shown.

Game-neutral (no pygame, no rules). A game's network session (for Rummi,
:class:`~rummi_desktop.games.rummi.table.network_session.NetworkRummiSession`) is its local session
with :class:`NetworkSession` mixed in: it owns a :class:`NetworkPlay` and says how a seat view
becomes its local state (``adopt``). The table never learns it is online except by the hooks
every session answers the same way:

* ``start_thinking``: another seat's move comes from a :class:`RemoteSeat`, which stands where
  a computer seat's thinking job stands and is done when the server's next version arrives;
  the table's turn flow then plays and animates it as it would a computer's.
* ``news(table)``: once a frame, what arrived, as :class:`TableEvent` values the table acts on:
  the echo of our own move (:class:`~rummi_desktop.scenes.table_events.Echo`: the seat view replaced the local state), a refusal
  (:class:`Refused`: the turn starts again from the server's view), a change the table did not
  wait for (:class:`Overtaken`: a forfeit by the server's clock, a resume after a reconnect),
  the connection's state (:class:`LinkChanged`), another person leaving or coming back
  (:class:`PresenceChanged`) and the results (:class:`ResultsIn`). The
  session reads the table only through :class:`TableFacts`, and never calls it.

What every game's network session also shares: who sits where (:func:`online_setup`), the
stand-ins for what a seat may not see (:func:`unseen`), tile ids kept stable across rebuilds
from views (:func:`kept_ids`), and a game whose end the local rules
saw first waiting for the server's result (``results_ready``).
"""

from __future__ import annotations

import math
import time
from collections import Counter, defaultdict, deque
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Iterable, Iterator, Mapping, Sequence

from rummi_desktop.net.link import CONNECTED, ClientLink
from rummi_desktop.games.seats import HUMAN, ONLINE_PERSON, SeatConfig
from rummi_desktop.scenes.table_events import (Echo, LinkChanged, Overtaken, PresenceChanged, Refused, ResultsIn,
                                               TableEvent, TableFacts)
from rummi_desktop.scenes.turn_machine import Phase

LINK_WORDS = {"connected": "Connected to the server", "reconnecting": "Connection lost — reconnecting…",
              "offline": "Offline: the server cannot be reached"}


@dataclass(frozen=True)
class OnlineSetup:
    """Who sits where at the server's table (our seat is the person)."""

    seats: tuple[SeatConfig, ...]
    table: str = ""
    seed: int = 0  # the deal's seed never leaves the server
    mode: str = "online"

    def to_dict(self) -> dict[str, Any]:
        return {"table": self.table, "seats": [[seat.kind, seat.name] for seat in self.seats]}

    @property
    def clock_seconds(self) -> None:
        return None  # the server keeps the clock (its deadline), and forfeits a turn itself


def online_setup(message: dict[str, Any]) -> OnlineSetup:
    seats = tuple(SeatConfig(HUMAN if index == message["seat"] else _remote_kind(seat),
                             _seat_name(seat, index == message["seat"])) for index, seat in enumerate(message["seats"]))
    return OnlineSetup(seats, message["table"])


def _remote_kind(seat: dict[str, Any]) -> str:
    """Another person, or the server's computer seat of its tier (shown as such; it thinks on the server)."""
    return ONLINE_PERSON if seat.get("label") == HUMAN else str(seat.get("label"))


def _seat_name(seat: dict[str, Any], mine: bool) -> str:
    if mine:
        return "You"
    return seat.get("name") or str(seat.get("label", "Seat")).title()


LATEST_AWAY_SINCE = 1e11  # s since the epoch (the year 5138): past this the clock cannot show it


def seat_presence(sent: Any) -> dict[str, Any] | None:
    """A seat's presence as the server sent it, when it has the shape the chip draws: online a
    bool, away since None or a time the player's clock can show. Anything else (a damaged or
    hostile message) is None, as for a seat not known yet, so it can never crash the table."""
    if not isinstance(sent, dict) or not isinstance(sent.get("online"), bool):
        return None
    since = sent.get("away_since")
    if since is not None and (isinstance(since, bool) or not isinstance(since, (int, float))
                              or not math.isfinite(since) or not 0 <= since < LATEST_AWAY_SINCE):
        return None
    return {"online": sent["online"], "away_since": since}


def seats_presence(seats: Any) -> list[dict[str, Any] | None] | None:
    """Each seat's presence from a game message's seats (None when they are not a list)."""
    if not isinstance(seats, list):
        return None
    return [seat_presence(seat.get("presence")) if isinstance(seat, dict) else None for seat in seats]


def unseen(whole: Iterable[Hashable] | Mapping[Hashable, int], seen: Iterable[Hashable]) -> list[Any]:
    """The stand-ins for what a seat may not see: ``whole`` (every tile or letter of the game,
    as a list or a count per face) less what is ``seen``, each face as often as it is left, in
    one fixed order (so a rebuild from the same view deals the same stand-ins)."""
    left = Counter(whole)
    left.subtract(seen)
    return [face for face in sorted(left, key=str) for _ in range(max(0, left[face]))]


def kept_ids(faces: Sequence[Hashable], order: Iterable[tuple[int, Sequence[int]]]) -> dict[int, int]:
    """A renumbering of a state rebuilt from a view, so tiles keep the ids the window's sprites
    are keyed by: ``faces[id]`` is what tile ``id`` shows; ``order`` gives every id of the new
    state once, the most wanted places first, each with the old ids it would keep (best first).
    Each takes the first of those still free that shows its face, else the lowest free id of
    its face (two copies of a face are interchangeable, so only ids within a face move)."""
    free: dict[Hashable, list[int]] = defaultdict(list)
    for tile_id, face in enumerate(faces):
        free[face].append(tile_id)
    mapping: dict[int, int] = {}
    for tile_id, wishes in order:
        spare = free[faces[tile_id]]
        choice = next((wish for wish in wishes if wish in spare), spare[0])
        spare.remove(choice)
        mapping[tile_id] = choice
    return mapping


class RemoteSeat:
    """Another person's seat as a source of moves: it stands where a computer seat's thinking
    job stands, and is done once the server's next version (that seat's move) is in."""

    def __init__(self, play: "NetworkPlay") -> None:
        self.play = play
        self.started_at = time.perf_counter()

    @property
    def done(self) -> bool:
        return bool(self.play.waiting)

    @property
    def elapsed(self) -> float:
        return time.perf_counter() - self.started_at

    def poll(self) -> str | None:
        """The move's last public action, once it is in (the session takes the whole version,
        with what the seat may now see, when the flow plays it)."""
        if not self.play.waiting:
            return None
        actions = (self.play.waiting[0].get("last") or {}).get("actions") or []
        return actions[-1] if actions else None

    def cancel(self) -> None:
        pass


class NetworkPlay:
    """One table at the server, for the seat signed in on ``link``."""

    def __init__(self, link: ClientLink, first: dict[str, Any]) -> None:
        self.link = link
        self.table_id: str = first["table"]
        self.seat: int = first["seat"]
        self.held = first  # the newest game message applied to the local state
        self.waiting: deque[dict[str, Any]] = deque()  # other seats' moves not yet shown
        self.in_flight: Future | None = None  # our move, until the server answers
        # Our moves not yet sent: a turn of several moves (a drop, claims, done) sends each
        # against the version its predecessor's echo brings.
        self.outbox: deque[str | None] = deque()
        self.refusal: str | None = None
        # Our move whose answer the dropped connection took with it: (notation, version, seq),
        # seq None when it never left. The resume's game message says whether the server made
        # it (its last_seq); if not, and the game is still where it was, it goes again.
        self.sent: tuple[str | None, int, int | None] | None = None
        self.lost: tuple[str | None, int, int | None] | None = None
        self.status = link.status
        self.status_changed = False
        seats = first.get("seats", [])
        self.names = [_seat_name(seat, index == self.seat) for index, seat in enumerate(seats)]
        # Each seat's person online or away since when (None: a computer, or not known yet).
        self.presence: list[dict[str, Any] | None] = seats_presence(seats) or [None] * len(seats)
        self.presence_news: deque[str] = deque()  # "Bob left the table", for the banner
        self.chat_news: deque[dict[str, Any]] = deque()  # chat lines pushed, for the chat panel

    @property
    def version(self) -> int:
        return self.held["version"]

    @property
    def over(self) -> bool:
        return self.held["status"] == "over"

    def revealed(self, seat: int) -> list[str] | None:
        """The tiles (notation) ``seat`` ended with, as the server lays every seat's open at the
        game's end; None before the end (or when the message does not carry them well formed)."""
        racks = self.held.get("revealed")
        if self.held.get("status") != "over" or not isinstance(racks, list) or not 0 <= seat < len(racks):
            return None
        rack = racks[seat]
        return list(rack) if isinstance(rack, list) and all(isinstance(t, str) for t in rack) else None

    def follows(self, message: dict[str, Any]) -> bool:
        """``message`` is the version right after the one held: its ``last`` is the one move between."""
        return message["version"] == self.version + 1

    def leave(self) -> None:
        """The table is closed in the window: stop watching it, so the others see us away."""
        table = self.table_id
        # Not waited for: its answer says nothing the closed table needs, and on a link already
        # closed (the window closing) the future simply fails.
        self.link.submit(lambda client: client.unsubscribe(table))

    # ---- our moves ----------------------------------------------------------------------------
    def send_move(self, notation: str | None) -> None:
        """Send our move (None: forfeit) against the version held, or, while an earlier move of
        ours awaits its echo, once that echo brings the next version; its seq is the client's."""
        self.outbox.append(notation)
        self._send_next()

    @property
    def sending(self) -> bool:
        """A move of ours is out or queued: the local state is ahead of the version held."""
        return self._echo_expected or bool(self.outbox) or self.lost is not None

    def _send_next(self) -> None:
        if self._echo_expected or not self.outbox:
            return
        notation = self.outbox.popleft()
        self._echo_expected = True
        version, table = self.version, self.table_id
        self.sent = (notation, version, None)

        def request(client: Any) -> Any:  # on the link's thread; the seq is noted for a resume
            seq = client.next_seq(table)
            self.sent = (notation, version, seq)
            if notation is None:
                return client.forfeit(table, version, seq)
            return client.move(table, notation, version, seq)

        self.in_flight = self.link.submit(request)

    # ---- what arrived -------------------------------------------------------------------------
    def take_news(self, rebuild: Callable[[dict[str, Any]], None]) -> str | None:
        """Sort what the link received; ``rebuild(message)`` replaces the local state quietly (our
        own move's echo). Returns "refused" or "forced" when the table must start the turn again."""
        outcome = None
        # The answer first: a move the dropped line took is then waiting for the resume's news.
        if self.in_flight is not None and self.in_flight.done():
            # A request its closed link cancelled is lost like one a dropped line took.
            error = ConnectionError("cancelled") if self.in_flight.cancelled() else self.in_flight.exception()
            self.in_flight = None
            if isinstance(error, ConnectionError):
                self.lost = self.sent  # not refused: the resume tells whether the server has it
            elif error is not None:
                outcome = self._refused(getattr(error, "message", None) or str(error))
        for message in self.link.news():
            kind = message.get("type")
            if kind == "link":
                self.status, self.status_changed = message["status"], True
            elif kind == "game" and message.get("table") == self.table_id:
                self._take_presence(seats_presence(message.get("seats")))
                outcome = self._take_game(message, rebuild) or outcome
            elif kind == "chat" and isinstance(message.get("line"), dict) and message["line"].get("table") == self.table_id:
                self.chat_news.append(message["line"])
            elif kind == "presence" and message.get("table") == self.table_id:
                sent = message.get("seats")
                self._take_presence([seat_presence(seen) for seen in sent] if isinstance(sent, list) else None)
        return outcome

    def _take_presence(self, seats: list[dict[str, Any] | None] | None) -> None:
        """The seats' presence as the server sees it now (checked: :func:`seat_presence`); a
        person who left or came back is news."""
        if seats is None or len(seats) != len(self.presence):
            return
        for index, (before, now) in enumerate(zip(self.presence, seats)):
            if index != self.seat and before is not None and now is not None and before["online"] != now["online"]:
                self.presence_news.append(f"{self.names[index]} {'is back' if now['online'] else 'left the table'}")
        self.presence = list(seats)

    def others_presence(self) -> list[tuple[str, bool, float | None]]:
        """The other people at the table: (name, online, away since), in seat order."""
        return [(self.names[index], bool(seen["online"]), seen.get("away_since"))
                for index, seen in enumerate(self.presence) if index != self.seat and seen is not None]

    def other_people(self) -> list[str]:
        """The names of the other people (not computer seats) at the table."""
        seats = self.held.get("seats", [])
        return [self.names[index] for index, seat in enumerate(seats)
                if index != self.seat and isinstance(seat, dict) and seat.get("label") == HUMAN]

    def _refused(self, reason: str) -> str:
        self.refusal = reason
        self._echo_expected = False
        self.outbox.clear()  # the turn starts again from the server's view
        return "refused"

    def _resumed(self, message: dict[str, Any], rebuild: Callable[[dict[str, Any]], None]) -> str | None:
        """The resume's game message for a move the dropped line took: the echo when the server
        made it, the same move again when it never arrived, else a refusal in plain words."""
        assert self.lost is not None
        notation, version, seq = self.lost
        self.lost = None
        self._echo_expected = False
        if seq is not None and message.get("last_seq", 0) >= seq:  # the server made it
            if message["version"] > version + 1:  # and others moved since: a resume past several moves
                self.outbox.clear()
                self.waiting.append(message)
                return None
            self.held = message  # its echo
            if self.outbox:
                self._send_next()
            else:
                rebuild(message)
            return None
        if message["version"] == version:  # it never arrived: send it again
            self.outbox.appendleft(notation)
            self._send_next()
            return None
        self.held = message
        return self._refused("the connection dropped before the server had your move, and the game moved on")

    def _take_game(self, message: dict[str, Any], rebuild: Callable[[dict[str, Any]], None]) -> str | None:
        if self.lost is not None and "last_seq" in message:  # a resume (subscribe's answer)
            return self._resumed(message, rebuild)
        newest = self.waiting[-1]["version"] if self.waiting else self.version
        if message["version"] <= newest:
            return None
        last = message.get("last") or {}
        if last.get("seat") == self.seat and self._echo_expected and not self.waiting:
            self._echo_expected = False
            self.held = message
            if self.outbox:  # the local state is still ahead: send the next move, rebuild later
                self._send_next()
            else:
                rebuild(message)
            return None
        self.waiting.append(message)
        return None

    _echo_expected = False  # our move is out: the version it makes is ours, not a move to show

    def next_waiting(self) -> dict[str, Any]:
        message = self.waiting.popleft()
        self.held = message
        return message

    def banner_news(self) -> str | None:
        """The connection's change, once, in words for the banner."""
        if not self.status_changed:
            return None
        self.status_changed = False
        return LINK_WORDS.get(self.status)

    @property
    def connected(self) -> bool:
        return self.status == CONNECTED


class NetworkSession:
    """What every game's network session answers the same way; mixed into the game's own
    session class (before it, so these answers win). The game says how a server ``game``
    message becomes its local state (``adopt``) and plays the other seats' moves as its
    ``play_computer`` (taking them with ``play.next_waiting``)."""

    play: NetworkPlay | None = None
    thinks_locally = False  # the other seats' moves come from the server
    rematch_offered = False  # a rematch is a new table in the lobby
    rebuilt = False  # our move's echo replaced the local state: the table lays out again

    def adopt(self, message: dict[str, Any]) -> None:
        """Replace the local state with the one ``message`` shows our seat (keeping what the
        window keys its sprites by where the game can)."""
        raise NotImplementedError

    @property
    def clock_seconds(self) -> None:
        return None  # the server keeps the clock (its deadline), and forfeits a turn itself

    def online_mark(self) -> dict[str, Any]:
        """What names the finished game at the server (records.finished_games.as_online): the
        table, our seat, the round (a Rummi match's; else 1) and the server's time of the
        version held (the one that ended it)."""
        assert self.play is not None
        return {"table": self.play.table_id, "seat": self.play.seat, "round": self.finished_round,
                "at": self.play.held.get("updated")}

    @property
    def finished_round(self) -> int:
        return 1

    def mode_name(self) -> str:
        """The leaderboard table of a server game: the game's own, online."""
        return "Online · " + super().mode_name()  # type: ignore[misc]

    def caption(self, *_: Any) -> str:
        assert self.play is not None
        return f"Online · table {self.play.table_id[:10]}"

    def hint_refusal(self) -> str:
        return "No hints in an online game"

    def results_ready(self) -> bool:
        """The game's end may be shown: the server has ended it too. (Our own last move ends it
        here first; the other seats' hands, and so the final scores, come with its echo.)"""
        assert self.play is not None
        return self.play.over

    def send_own(self, notation: str | None) -> None:
        """Our move (None: forfeit), already accepted by the local rules, to the server; its
        answer comes back as the echo."""
        assert self.play is not None
        self.play.send_move(notation)

    def start_thinking(self, computers: Any, seat: int) -> RemoteSeat:
        assert self.play is not None
        return RemoteSeat(self.play)

    def online_status(self) -> dict[str, Any]:
        assert self.play is not None
        return {"online": {"table": self.play.table_id, "seat": self.play.seat, "version": self.play.version,
                           "connection": self.play.status, "in_flight": self.play.in_flight is not None,
                           "others": [{"name": name, "online": online, "away_since": since}
                                      for name, online, since in self.play.others_presence()]}}

    def news(self, table: TableFacts) -> Iterator[TableEvent]:
        """Once a frame: what arrived (see the module docstring). Each event is acted on by the
        table before the next is made, so each reads the table's phase as that left it."""
        assert self.play is not None
        outcome = self.play.take_news(self._echo)
        if self.rebuilt:
            self.rebuilt = False
            yield Echo(ended_here=not self.in_round and table.phase in (Phase.PERSON, Phase.HANDOFF, Phase.THINKING))
        words = self.play.banner_news()
        if words:
            yield LinkChanged(words, self.play.connected)
        while self.play.presence_news:
            yield PresenceChanged(self.play.presence_news.popleft())
        if outcome == "refused":
            reason = self.play.refusal
            self.adopt(self.play.held)
            yield Refused(reason)
        elif self.play.waiting and (table.phase in (Phase.PERSON, Phase.HANDOFF) or self._skips_moves(table)):
            self.adopt(self.play.next_waiting())  # a forfeit by the server's clock, a resume
            yield Overtaken(self.play.over or not self.in_round)  # the game, or a Rummi match's round, ended
        if table.results_waiting and self.results_ready():
            yield ResultsIn()

    def _skips_moves(self, table: TableFacts) -> bool:
        """A remote seat's turn is awaited, but the next version is more than one move on (a
        resume after several moves): there is no one move to show, so the turn begins afresh."""
        assert self.play is not None
        return table.phase == Phase.THINKING and not self.play.follows(self.play.waiting[0])

    def _echo(self, message: dict[str, Any]) -> None:
        self.adopt(message)
        self.rebuilt = True

    def to_save(self) -> Any:
        return None  # the server keeps the game
