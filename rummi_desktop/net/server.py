"""The authoritative game server over WebSockets (``rummi-desktop serve`` runs one:
:mod:`rummi_desktop.net.serving`).

One :class:`GameServer` per process. It holds no truth of its own: the store has the tables and
their move logs, and :class:`~rummi_desktop.net.live.LiveGames` keeps each game it serves at
the stored version: only the games its own connections watch, or whose server turn it is
serving (who serves what: :mod:`rummi_desktop.net.ownership`), so a process added to a shared
store adds capacity. Every message is checked (:mod:`rummi_desktop.net.protocol`) before a
handler sees it; a handler answers, or raises ProtocolError and nothing changes. A seat is
always the signed-in account's own: a message never names the seat it acts for. The other
processes' notices are :mod:`rummi_desktop.net.notice_dispatch`'s.

Background chores (every second): turn clocks that ran out and computer seats whose turn waits
(for instance when the process that was thinking died), of the tables this process owns;
versions of watched tables (a lost PostgreSQL notice loses nothing), and matchmaking.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import Any, Awaitable, Callable

from rummi_desktop.games import GAMES
from rummi_desktop.games.base import play_seat_move, time_up
from rummi_desktop.net import notices, your_move
from rummi_desktop.net.chat_rate import ChatRate
from rummi_desktop.net.computer import ComputerTurns
from rummi_desktop.net.connection import Connection
from rummi_desktop.net.limits import CLOSE_CROWDED, AddressCounts, ServerLimits, next_text, peer_address
from rummi_desktop.net.live import LiveGame, LiveGames
from rummi_desktop.net.notice_dispatch import NoticeDispatch
from rummi_desktop.net.ranked import rate_ended
from rummi_desktop.net.ownership import owner
from rummi_desktop.net.protocol import OPEN_MESSAGES, ProtocolError, decode, error_message
from rummi_desktop.net.records import OVER, PLAYING, TableRecord
from rummi_desktop.net.store import SqlStore
from rummi_desktop.net.store_accounts import Account
from rummi_desktop.net.presence import HEARTBEAT_SECONDS, Presence, Said
from rummi_desktop.net.sign_in_guard import SignInGuard
from rummi_desktop.net.spectators import Spectators
from rummi_desktop.net.views import game_message, presence_message

SWEEP_SECONDS = 1.0
RECHECK_SECONDS = 3.0  # how often watched tables' versions are compared with the store
STALL_SECONDS = 8.0  # a computer seat on turn this long unanswered is taken over
RERATE_WITHIN = 3600.0  # s: a ranked game ended this recently and never rated is rated by the chores
log = logging.getLogger("rummi_desktop.server")

Handler = Callable[[Connection, dict[str, Any]], Awaitable[dict[str, Any]]]


class GameServer:
    def __init__(self, store: SqlStore, shared: bool = False, limits: ServerLimits = ServerLimits()) -> None:
        self.store = store
        self.shared = shared  # other processes share the store: listen for their notices
        self.limits = limits
        self.addresses = AddressCounts(limits.per_address)
        self.sign_in_guard = SignInGuard(limits.clock)
        self.live = LiveGames(store.tables, self._changed)
        self.computer = ComputerTurns()
        self.watchers: dict[str, set[Connection]] = {}
        self.by_account: dict[str, set[Connection]] = {}
        self._serving: set[str] = set()  # tables whose server turn (computer, clock) is running
        self._tasks: set[asyncio.Task] = set()
        self._chores: asyncio.Task | None = None
        self.presence = Presence(secrets.token_hex(6))  # this process's name in presence notices
        self.spectators = Spectators(store.tables, self.spawn)
        self.chat_rate = ChatRate()
        self.dispatch = NoticeDispatch(self)  # the other processes' notices
        from rummi_desktop.net.routes import HANDLERS

        self.handlers: dict[str, Handler] = {kind: handler.__get__(self) for kind, handler in HANDLERS.items()}

    async def start(self) -> None:
        await self.store.setup()
        if self.shared:
            self.store.listen(self.dispatch.take, self.dispatch.recheck_all)
        self._chores = asyncio.create_task(self._chore_loop())

    async def stop(self) -> None:
        if self._chores is not None:
            self._chores.cancel()
        for task in list(self._tasks):
            task.cancel()
        self.computer.close()
        await self.store.close()

    def spawn(self, work: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ---- one socket -----------------------------------------------------------------------

    async def handle(self, socket: Any) -> None:
        from websockets.exceptions import ConnectionClosed

        address = peer_address(socket, self.limits.behind_proxy)
        if not self.addresses.admit(address):
            await socket.close(CLOSE_CROWDED, "too many connections from your address")
            return
        connection = Connection(socket, address, self.limits.outbox_bytes)
        try:
            while (text := await next_text(connection, self.limits)) is not None:
                reply = await self.answer(connection, text)
                if reply is not None:
                    connection.push(reply)
        except ConnectionClosed:
            pass
        finally:
            self.addresses.leave(address)
            self._drop(connection)

    async def answer(self, connection: Connection, text: str | bytes) -> dict[str, Any] | None:
        """The reply to one incoming message (an error reply for bad input)."""
        re = None
        try:
            taken = connection.bucket.take()  # every message counts, good or bad
            message = decode(text)
            re = message.get("id")
            if not taken:
                raise ProtocolError("rate_limited", "too many messages; slow down (nothing was done)",
                                    retry_after=connection.bucket.retry_after())
            if connection.account is None and message["type"] not in OPEN_MESSAGES:
                raise ProtocolError("not_signed_in", "sign in first")
            reply = await self.handlers[message["type"]](connection, message)
        except ProtocolError as error:
            return error_message(error.code, str(error), re if re is not None else error.re, error.retry_after)
        except Exception:  # a bug must not take the server down; the client hears of it
            log.exception("handling a message failed")
            return error_message("internal", "the server failed on this message; nothing was changed", re)
        if re is not None:
            reply["re"] = re
        return reply

    def sign_in(self, connection: Connection, account: Account, token_hash: str) -> None:
        self._drop_account(connection)
        connection.account, connection.token_hash = account, token_hash
        self.by_account.setdefault(account.id, set()).add(connection)

    def sign_out(self, connection: Connection) -> None:
        self._drop_account(connection)
        connection.account, connection.token_hash = None, ""
        connection.unsigned_since = time.monotonic()  # the sign-in time-out starts again

    def end_session(self, connection: Connection) -> None:
        """Sign out every connection on ``connection``'s session token, here and (through an
        ``o`` notice) on the other processes; the others are told."""
        token_hash, account = connection.token_hash, connection.account
        self.sign_out(connection)
        if account is None:
            return
        self.end_session_here(account.id, token_hash)
        if self.shared:
            self.spawn(self.store.notify(notices.sign_out_notice(account.id, token_hash)))

    def end_session_here(self, account_id: str, token_hash: str) -> None:
        """Sign out the account's connections here on that session, telling each."""
        for other in list(self.by_account.get(account_id, ())):
            if other.token_hash == token_hash:
                self.sign_out(other)
                other.push({"type": "signed_out", "reason": "the session was signed out elsewhere"})

    def _drop_account(self, connection: Connection) -> None:
        if connection.account is not None:
            self.by_account.get(connection.account.id, set()).discard(connection)
        for table_id in list(connection.watching):
            self.unwatch(connection, table_id)
        for table_id in self.spectators.tables_of(connection):
            self.stop_spectating(connection, table_id)

    def _drop(self, connection: Connection) -> None:
        account = connection.account
        self._drop_account(connection)
        connection.close()
        if account is not None and not self.by_account.get(account.id):
            # A ranked pairing is for players who are there: the last connection gone, the
            # account leaves the matchmaking queues (the lobby joins again when it is back).
            self.spawn(self.store.queue.leave_all(account.id))

    def watch(self, connection: Connection, table_id: str) -> None:
        if table_id not in connection.watching and connection.account is not None:
            self._say_presence(table_id, connection.account.id,
                               self.presence.arrived(table_id, connection.account.id, time.time()))
        connection.watching.add(table_id)
        self.watchers.setdefault(table_id, set()).add(connection)

    def unwatch(self, connection: Connection, table_id: str) -> None:
        if table_id in connection.watching and connection.account is not None:
            self._say_presence(table_id, connection.account.id,
                               self.presence.left(table_id, connection.account.id, time.time()))
        connection.watching.discard(table_id)
        watchers = self.watchers.get(table_id)
        if watchers is not None:
            watchers.discard(connection)
            if not watchers:
                del self.watchers[table_id]
                self._release(table_id)

    def spectate(self, connection: Connection, table_id: str) -> None:
        for other in self.spectators.tables_of(connection):  # one table watched at a time
            if other != table_id:
                self.stop_spectating(connection, other)

    def stop_spectating(self, connection: Connection, table_id: str) -> None:
        if self.spectators.remove(connection, table_id):  # anyone may unwatch any table: only a spectator's counts
            self._release(table_id)

    def _release(self, table_id: str) -> None:
        """Stop holding a game no connection here watches (seated or as a spectator) and this
        process is not serving: its moves are then no work of this process's (a watcher arriving
        catches it up by version)."""
        if (table_id not in self.watchers and not self.spectators.watching(table_id)
                and table_id not in self._serving):
            self.live.forget(table_id)

    # ---- who is at a table -----------------------------------------------------------------

    def _say_presence(self, table_id: str, account_id: str, said: Said | None) -> None:
        """This process's say of a person changed (arrived, or left): tell the table's watchers
        here, and the other processes."""
        if said is None:
            return
        self.spawn(self.push_presence(table_id))
        if self.shared:
            self.spawn(self.store.notify(notices.presence_notice(self.presence.process, table_id, account_id, said)))

    async def push_presence(self, table_id: str) -> None:
        if not self.watchers.get(table_id):
            return
        held = self.live.games.get(table_id)
        record = held.record if held is not None else await self.store.tables.get(table_id)
        if record is None:
            return
        message = presence_message(record, self.presence, time.time())
        for connection in self.watchers.get(table_id, ()):
            if connection.account is not None and record.seat_of(connection.account.id) is not None:
                connection.push(message)

    async def _heartbeat(self, now: float) -> None:
        self.presence.prune(now)
        await self.store.notify(notices.heartbeat_notice(self.presence.process))

    async def introduce(self) -> None:
        """A process heard for the first time: tell it this one is alive (so it counts this one
        among the tables' owners at once, not at the next heartbeat) and every person online
        here."""
        await self.store.notify(notices.heartbeat_notice(self.presence.process))
        for table_id, account_id, said in self.presence.online_here():
            await self.store.notify(notices.presence_notice(self.presence.process, table_id, account_id, said))

    def push_to_account(self, account_id: str, message: dict[str, Any]) -> None:
        for connection in self.by_account.get(account_id, ()):
            connection.push(message)

    # ---- tables changing ------------------------------------------------------------------

    def _changed(self, live: LiveGame, own: bool) -> None:
        """A game reached a new version (by this process when ``own``): tell its watchers and,
        when this process stored it, give a computer seat its turn and rate a ranked game that
        just ended (one process does each: :mod:`rummi_desktop.net.ownership`)."""
        record = live.record
        for connection in self.watchers.get(record.id, ()):
            seat = record.seat_of(connection.account.id) if connection.account else None
            if seat is not None:
                connection.push(game_message(live, seat, self.presence, time.time()))
        self.spectators.changed(live)
        if own and record.status == PLAYING and record.seats[live.state.current].label != "human":
            self.serve_turn_soon(record.id)
        if own:
            self.tell_turn(record, live.last_seat)
        if own and record.status == OVER and record.ranked:
            self.spawn(self._rate(record))

    def tell_turn(self, record: TableRecord, mover: int | None) -> None:
        """Push ``your_move`` to the person the turn just came to (through the notice when other
        processes share the store: each process, this one too, tells the connections it holds)."""
        account_id = your_move.moved_to(record, mover)
        if account_id is None:
            return
        if self.shared:
            self.spawn(self.store.notify(notices.your_move_notice(account_id, record.id)))
        else:
            self.push_to_account(account_id, your_move.your_move_message(record))

    def table_changed(self, record: TableRecord) -> None:
        """A table's seats or status changed (joined, left, started): tell those watching it who
        sit at it (one who left hears no more of it: who joins a private table, its invite code)."""
        message = {"type": "table", "table": record.public(for_member=True)}
        for connection in self.watchers.get(record.id, ()):
            if connection.account is not None and record.seat_of(connection.account.id) is not None:
                connection.push(message)
        if record.status == PLAYING and self.watchers.get(record.id):
            self.spawn(self._start_watchers(record.id))

    async def _start_watchers(self, table_id: str) -> None:
        live = await self.live.get(table_id)
        if live is not None:
            self._changed(live, own=False)

    async def publish_table(self, record: TableRecord) -> None:
        self.table_changed(record)
        if self.shared:
            await self.store.notify(notices.table_notice(record.id, record.version))

    def serve_turn_soon(self, table_id: str) -> None:
        if table_id not in self._serving:
            self._serving.add(table_id)
            self.spawn(self._serve_turns(table_id))

    async def _serve_turns(self, table_id: str) -> None:
        """Moves the server makes: computer seats' turns and turns whose clock ran out."""
        try:
            while await self._serve_one_turn(table_id):
                pass
        finally:
            self._serving.discard(table_id)
            self._release(table_id)

    async def _serve_one_turn(self, table_id: str) -> bool:
        live = await self.live.get(table_id)
        if live is None or live.record.status != PLAYING:
            return False
        record, spec = live.record, GAMES[live.record.game]
        label = record.seats[live.state.current].label
        if label != "human":
            notation = await self.computer.choose(record.game, live.state, label)
            return await self.live.server_move(live, record.version, lambda state: play_seat_move(spec, state, notation))
        if record.deadline is not None and record.deadline <= time.time():
            return await self.live.server_move(live, record.version, time_up)  # the rules' timeout, or a forfeit
        return False

    async def _rate(self, record: TableRecord) -> None:
        await rate_ended(self.store, record, time.time())

    async def _rate_missed(self, now: float) -> None:
        """Rate the ranked games a process ended but stopped before rating: those of the last
        hour (older ones predate the record of rated games, and were rated when they ended)."""
        for table_id in await self.store.ratings.unrated_games(now - RERATE_WITHIN, now - STALL_SECONDS):
            record = await self.store.tables.get(table_id)
            if record is not None:
                await self._rate(record)

    # ---- chores ---------------------------------------------------------------------------

    async def _sweep_turns(self, now: float) -> None:
        """Serve the ran-out clocks and waiting computer seats of the tables this process owns,
        and let go of games held that nobody here watches (a move made by a connection that
        never subscribed, say)."""
        processes = self.presence.processes(now)
        for table_id in await self.store.tables.needing_the_server(now, now - STALL_SECONDS):
            if owner(table_id, processes) == self.presence.process:
                self.serve_turn_soon(table_id)
        for table_id in list(self.live.games):
            self._release(table_id)

    async def _chore_loop(self) -> None:
        last_recheck = last_heartbeat = 0.0
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                now = time.time()
                await self._sweep_turns(now)
                await self._rate_missed(now)
                self.chat_rate.forget_quiet(now)
                if self.shared and now - last_recheck >= RECHECK_SECONDS:
                    last_recheck = now
                    await self.dispatch.recheck_all()
                if self.shared and now - last_heartbeat >= HEARTBEAT_SECONDS:
                    last_heartbeat = now
                    await self._heartbeat(now)
                from rummi_desktop.net.handlers import match_waiting

                await match_waiting(self)
            except Exception:  # a failed chore (database gone a moment) is tried again next second
                log.exception("server chore failed")


__all__ = ["GameServer"]
