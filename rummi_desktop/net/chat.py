"""Chat at a table: a quick phrase or a line of free text from a seated player to the others.

A line is cleaned (:func:`~rummi_desktop.records.chat_text.clean_text`), stored with the game (the
table's version and the moves logged by then, so a replay shows it at its move), answered to
the sender and pushed to the other seated players watching the table (here, and through a
``c`` notice on the other processes sharing the store), except those who blocked the sender: a blocked player's line never reaches the one who blocked them. Each
account may send ``CHAT_BURST`` lines in ``CHAT_WINDOW`` seconds; past that the server answers
``rate_limited`` and stores nothing. The limit is kept twice: by each process in memory
(:class:`ChatRate`, so a flood never reaches the store), and by the store's count of the
account's stored lines, taken in the statement that stores the line, so sockets on several
processes get no more between them. Muting is the window's (it stays on the player's computer).
"""

from __future__ import annotations

import time
from typing import Any

from rummi_desktop.net import accounts
from rummi_desktop.records.chat_text import CHAT_CHARS, QUICK_PHRASES, clean_text
from rummi_desktop.net.chat_rate import CHAT_BURST, CHAT_WINDOW
from rummi_desktop.net.connection import Connection
from rummi_desktop.net.notices import chat_notice
from rummi_desktop.net.protocol import ProtocolError
from rummi_desktop.net.records import OPEN, TableRecord
from rummi_desktop.net.server_context import ServerContext
from rummi_desktop.net.store_social import ChatLine



def said_text(message: dict[str, Any]) -> str:
    """The line a ``chat_send`` carries: its quick phrase, or its free text cleaned."""
    if "phrase" in message and "text" in message:
        raise ProtocolError("bad_field", "chat_send: a quick phrase or text, not both")
    if "phrase" in message:
        return QUICK_PHRASES[message["phrase"]]
    text = clean_text(message.get("text", ""))
    if not text:
        raise ProtocolError("bad_field", "chat_send: give a quick phrase or some text")
    return text


async def _seated_record(server: ServerContext, connection: Connection, table_id: str) -> TableRecord:
    assert connection.account is not None
    held = server.live.games.get(table_id)
    record = held.record if held is not None else await server.store.tables.get(table_id)
    if record is None or record.seat_of(connection.account.id) is None:
        raise ProtocolError("not_seated", "you do not sit at that table")
    return record


async def _moves_logged(server: ServerContext, record: TableRecord) -> int:
    """The actions in the game's log so far (its replay position): from the game held here, else
    counted from the stored moves (a line about a game nobody watches here does not load it)."""
    if record.status == OPEN:
        return 0
    held = server.live.games.get(record.id)
    if held is not None:
        return len(held.state.log)
    return sum(len(row.actions) for row in await server.store.tables.moves_since(record.id, 0))


async def chat_send(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    assert connection.account is not None
    account = connection.account
    record = await _seated_record(server, connection, message["table"])
    text = said_text(message)
    now = time.time()
    if not server.chat_rate.take(account.id, now):
        raise _too_fast(server.chat_rate.retry_after(account.id, now))
    line = ChatLine(accounts.new_id(), record.id, account.id, clean_text(account.name, 24), record.version,
                    await _moves_logged(server, record), text, now)
    wait = await server.store.social.add_line(line, CHAT_BURST, CHAT_WINDOW)  # the limit over every process
    if wait:
        raise _too_fast(wait)
    await _deliver(server, connection, record, line)
    if server.shared:  # the people watching on the other processes (this one has pushed it)
        await server.store.notify(chat_notice(server.presence.process, record.id, line.id))
    return {"type": "chat", "line": line.public()}


def _too_fast(wait: float) -> ProtocolError:
    return ProtocolError("rate_limited", f"at most {CHAT_BURST} chat lines in {CHAT_WINDOW:g} seconds; "
                         "wait a moment (the line was not sent)", retry_after=round(wait, 3))


async def deliver_noticed(server: ServerContext, table_id: str, line_id: str) -> None:
    """Another process stored a line at a table watched here: push it (a ``c`` notice; the
    process that stored the line hears its own notice too, and ignores it)."""
    if not server.watchers.get(table_id):
        return
    record, line = await server.store.tables.get(table_id), await server.store.social.line(line_id)
    if record is not None and line is not None and line.table == table_id:
        await _deliver(server, None, record, line)


async def _deliver(server: ServerContext, sender: Connection | None, record: TableRecord, line: ChatLine) -> None:
    """To each seated watcher of the table but the sending connection and those who blocked the sender."""
    watchers = [c for c in server.watchers.get(record.id, ()) if c is not sender and c.account is not None
                and record.seat_of(c.account.id) is not None]
    blockers = await server.store.social.blockers_among(line.account, sorted({c.account.id for c in watchers}))
    pushed = {"type": "chat", "line": line.public()}
    for connection in watchers:
        if connection.account.id not in blockers:
            connection.push(pushed)


async def chat_history(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    """The table's stored lines (a table opened again, a replay), less those of players the
    asker blocked."""
    assert connection.account is not None
    record = await _seated_record(server, connection, message["table"])
    blocked = {account_id for account_id, _ in await server.store.social.blocked(connection.account.id)}
    lines = [line.public() for line in await server.store.social.lines(record.id) if line.account not in blocked]
    return {"type": "chat_history", "table": record.id, "lines": lines}


CHAT_HANDLERS = {function.__name__: function for function in (chat_send, chat_history)}

__all__ = ["CHAT_CHARS", "CHAT_HANDLERS"]
