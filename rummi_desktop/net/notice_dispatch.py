"""What this server process does with the notices the other processes (and it itself) send
through the shared store (:mod:`rummi_desktop.net.notices`), and how it catches a game up by
version when a notice shows a gap.

The listener awaits :meth:`NoticeDispatch.take` before it reads the next notice, so anything
that waits on the store (a table read, a catch-up, a notify per person online here) is spawned
and the listener reads on.
"""

from __future__ import annotations

import time

from rummi_desktop.net import notices, your_move
from rummi_desktop.net.chat import deliver_noticed
from rummi_desktop.net.friends import push_noticed_invitation
from rummi_desktop.net.server_context import ServerContext


class NoticeDispatch:
    def __init__(self, server: ServerContext) -> None:
        self.server = server
        self._refreshing: dict[str, int] = {}  # table -> the version a notice named meanwhile (0: none)

    async def take(self, payload: str) -> None:
        server = self.server
        table_id = notices.table_of(payload)
        if table_id is not None and table_id not in server.live.games and table_id not in server.watchers:
            return  # a game nobody here watches: the most notices, dropped at the cost of a find
        notice = notices.parse(payload)
        if notice is None:
            return
        if notice.kind in ("h", "p"):
            self._presence_notice(notice)
        elif notice.kind == "c":  # a chat line: its own process pushed it when it stored it
            if notice.process != server.presence.process:
                server.spawn(deliver_noticed(server, notice.table, notice.subject))
        elif notice.kind == "i":
            server.spawn(push_noticed_invitation(server, notice.subject, notice.table))
        elif notice.kind == "o":
            server.end_session_here(notice.subject, notice.body)
        elif notice.kind in ("a", "y"):
            await self._tell_account(notice)
        else:
            await self._table_notice(notice)

    async def _table_notice(self, notice: notices.Notice) -> None:
        """A ``t`` or ``m`` notice: a game held here takes the move or is caught up; a table
        watched here but not in play is read again and its watchers told."""
        server, table_id = self.server, notice.subject
        live = server.live.games.get(table_id)
        if live is not None:
            if live.record.version >= notice.version:
                return  # one of this process's own moves, or one it has already
            move = notices.move_of(notice) if notice.kind == "m" and table_id not in self._refreshing else None
            if move is None or not server.live.take_move(table_id, notice.version, move):
                self.refresh_soon(table_id, notice.version)  # a gap, or the game busy: re-fetch by version
        elif table_id in server.watchers:
            record = await server.store.tables.get(table_id)
            if record is not None:
                server.table_changed(record)

    async def _tell_account(self, notice: notices.Notice) -> None:
        """An ``a`` (matched) or ``y`` (your move) notice, for an account signed in here: read
        the table, and push what it says (a move the account has meanwhile made is not told)."""
        server = self.server
        if notice.subject not in server.by_account:
            return
        record = await server.store.tables.get(notice.table)
        if record is None:
            return
        if notice.kind == "a":
            server.push_to_account(notice.subject, {"type": "matched", "table": record.public(for_member=True)})
        elif your_move.moved_to(record, None) == notice.subject:
            server.push_to_account(notice.subject, your_move.your_move_message(record))

    def _presence_notice(self, notice: notices.Notice) -> None:
        """The bookkeeping here; what it leads to (a notify per person online here, a table
        read) is spawned."""
        server, now = self.server, time.time()
        if notice.kind == "h":
            if server.presence.heard_from(notice.process, now):
                server.spawn(server.introduce())
        elif notice.said is not None and server.presence.told(notice.process, notice.table, notice.subject,
                                                                 notice.said, now):
            server.spawn(server.push_presence(notice.table))

    def refresh_soon(self, table_id: str, version: int) -> None:
        """Catch a game up to ``version`` off the listener (which must keep reading notices). A
        notice for a game being caught up marks it to be caught up once more after (it may have
        come too late for the fetch under way); none is fetched for a version held by then."""
        if table_id in self._refreshing:
            self._refreshing[table_id] = max(self._refreshing[table_id], version)
            return
        self._refreshing[table_id] = version
        self.server.spawn(self._refresh(table_id))

    async def _refresh(self, table_id: str) -> None:
        try:
            while version := self._refreshing[table_id]:
                self._refreshing[table_id] = 0
                await self.server.live.refresh(table_id, version)
        finally:
            self._refreshing.pop(table_id, None)

    async def recheck_all(self) -> None:
        """Compare every game held here with the store's version, and catch up those behind (the
        chores every few seconds, and the listener after it reconnected)."""
        live = self.server.live
        stored = await self.server.store.tables.versions(list(live.games))
        for table_id, version in stored.items():
            held = live.games.get(table_id)
            if held is not None and held.record.version < version:
                await live.refresh(table_id, version)
