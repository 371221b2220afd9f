"""Spectators: signed-in accounts that watch a public table in play without a seat at it.

A spectator is sent the game's public view (:func:`~rummi_desktop.net.views.game_message`
with no seat: no rack, no seed) at every new version, and at the end the game's result with
every rack laid open, as the seats are. With a delay of one move, what it is sent is the
position one version behind (the move that makes the newest version is shown once the next one
is made), so a spectator who talks to a player cannot tell them what was just played before the
table shows it; the game's end is shown at once.

The public message of each version is built once and kept (the last two per table), so a
delayed spectator is sent the one before without rebuilding it; a version not kept (a
spectator who arrives mid-game, or a process that caught up by several moves at once) is
rebuilt from the stored log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from rummi_desktop.net.connection import Connection
from rummi_desktop.net.live import LiveGame, fresh_state
from rummi_desktop.net.records import OVER, PLAYING, TableRecord
from rummi_desktop.net.store_tables import GameTables
from rummi_desktop.net.views import game_message

KEPT_VERSIONS = 2  # the newest public message of a table and the one before (a delay of one move)


@dataclass
class Watch:
    """One spectator of one table: its delay, and the newest version it was sent."""

    delay: int
    shown: int = -1

    def send(self, connection: Connection, message: dict[str, Any]) -> None:
        if message["version"] > self.shown:  # never the same version twice, never an older one
            self.shown = message["version"]
            connection.push(message)


class Spectators:
    """Who watches which table without a seat, and at which delay."""

    def __init__(self, tables: GameTables, spawn: Callable[[Any], None]) -> None:
        self.tables = tables
        self.spawn = spawn
        self.watches: dict[str, dict[Connection, Watch]] = {}  # table -> spectator -> its watch
        self.built: dict[str, dict[int, dict[str, Any]]] = {}  # table -> version -> public message

    def watching(self, table_id: str) -> bool:
        return bool(self.watches.get(table_id))

    def remove(self, connection: Connection, table_id: str) -> bool:
        """Stop ``connection`` watching the table; False when it was not watching it."""
        spectators = self.watches.get(table_id, {})
        watched = spectators.pop(connection, None) is not None
        if not spectators:
            self.watches.pop(table_id, None)
            self.built.pop(table_id, None)
        return watched

    def tables_of(self, connection: Connection) -> list[str]:
        return [table_id for table_id, spectators in self.watches.items() if connection in spectators]

    async def add(self, connection: Connection, live: LiveGame, delay: int) -> dict[str, Any]:
        """Watch the game from now on; what the spectator is shown of it as held now (the reply)."""
        watch = self.watches.setdefault(live.record.id, {})[connection] = Watch(delay)
        if delay and live.record.status != OVER and live.record.version > 0:
            message = await self._at(live.record, live.record.version - 1)
        else:
            message = self._build(live)
        watch.shown = max(watch.shown, message["version"])
        return message

    def changed(self, live: LiveGame) -> None:
        """The game reached a new version: send each spectator its message of it."""
        spectators = self.watches.get(live.record.id)
        if not spectators:
            return
        newest = self._build(live)
        behind = self.built[live.record.id].get(newest["version"] - 1)
        for connection, watch in list(spectators.items()):
            if not watch.delay or newest["status"] == OVER:
                watch.send(connection, newest)
            elif behind is not None:
                watch.send(connection, behind)
            else:  # caught up by several moves at once: the one before is rebuilt
                self.spawn(self._send_behind(connection, watch, live.record, newest["version"] - 1))

    async def _send_behind(self, connection: Connection, watch: Watch, record: TableRecord, version: int) -> None:
        watch.send(connection, await self._at(record, version))

    def _build(self, live: LiveGame) -> dict[str, Any]:
        message = game_message(live, None)
        self._keep(live.record.id, message)
        return message

    def _keep(self, table_id: str, message: dict[str, Any]) -> None:
        if table_id not in self.watches:
            return  # nobody watches: nothing to keep
        built = self.built.setdefault(table_id, {})
        built[message["version"]] = message
        for version in sorted(built)[:-KEPT_VERSIONS]:
            del built[version]

    async def _at(self, record: TableRecord, version: int) -> dict[str, Any]:
        """The public message of ``version`` (kept, or replayed from the stored log)."""
        kept = self.built.get(record.id, {}).get(version)
        if kept is not None:
            return kept
        state, last_seat, last_actions = fresh_state(record), None, []
        for move in await self.tables.moves_since(record.id, 0):
            if move.version > version:
                break
            for action in move.actions:
                state.perform(action)
            last_seat, last_actions = move.seat, move.actions
        then = record.with_(version=version, status=PLAYING, result=None, deadline=None, current_seat=state.current)
        message = game_message(LiveGame(then, state, last_seat, last_actions), None)
        self._keep(record.id, message)
        return message
