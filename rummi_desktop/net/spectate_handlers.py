"""The spectators' messages: ``watch`` a public table in play without a seat at it (its public
view now, and at every new version: :mod:`rummi_desktop.net.spectators`), and ``unwatch`` it.

Only a public table may be watched, and only by an account not seated at it (a seat
subscribes, and sees its own rack); a private table answers as no table does, so watching
never tells that one exists.
"""

from __future__ import annotations

from typing import Any

from rummi_desktop.net.connection import Connection
from rummi_desktop.net.protocol import ProtocolError
from rummi_desktop.net.records import OPEN
from rummi_desktop.net.server_context import ServerContext


async def watch(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    assert connection.account is not None  # the server checks sign-in before any handler runs
    record = await server.store.tables.get(message["table"])
    if record is None or record.visibility != "public":
        raise ProtocolError("no_table", "no public table by that name")
    if record.seat_of(connection.account.id) is not None:
        raise ProtocolError("seated", "you sit at this table: open it to play (subscribe), not to watch")
    if record.status == OPEN:
        raise ProtocolError("not_started", "this table has not started: there is nothing to watch yet")
    live = await server.live.get(record.id)
    if live is None:
        raise ProtocolError("no_table", "no public table by that name")
    server.spectate(connection, record.id)
    shown = await server.spectators.add(connection, live, message.get("delay", 0))
    return dict(shown)  # a copy: the reply gets its own "re", the kept message none


async def unwatch(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    server.stop_spectating(connection, message["table"])
    return {"type": "unwatched", "table": message["table"]}


SPECTATE_HANDLERS = (watch, unwatch)
