"""The shared store: PostgreSQL, for several server processes on one or more machines.

A pool of connections (psycopg_pool) runs the queries; one more connection LISTENs on the
house's channel. Both come back by themselves when PostgreSQL restarts or ends their backends:
each connection is checked before use (for free unless PostgreSQL has written to it
meanwhile) and one gone is replaced; the listener reconnects, LISTENs again and lets
the server catch up on what it missed.
Every committed move sends a notice (:mod:`rummi_desktop.net.notices`) inside its transaction,
so the notice goes out exactly when the move is visible: it carries the move, and a process
holding the version before applies it without a fetch; any other re-fetches the table's moves
after the version it holds. A lost notice loses nothing: the server also re-checks the
versions of the tables it serves every few seconds.

Round trips are what a move costs here (each one wakes a PostgreSQL backend and waits for
it), so a move is one pipelined read (:meth:`read_many`) and one statement that stores it
(:meth:`PostgresTables.append_move`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import select
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Awaitable, Callable, Sequence

from rummi_desktop.net.notices import move_notice
from rummi_desktop.net.records import TableRecord
from rummi_desktop.net.store import SCHEMA, SqlStore
from rummi_desktop.net.store_tables import GameTables, computer_on_turn

# The house's channel, named after the program (the package's first word, "rummi"), as every
# release has listened on it: servers of two releases sharing a database still hear each other.
CHANNEL = __name__.partition("_")[0]
POOL_SIZE = 8
WAIT_SECONDS = 5.0  # a query waits this long for a connection (while the database is away) before failing
RECONNECT_SECONDS = 1.0  # the listener's pause between attempts to reach the database again
# TCP keepalives: a connection whose far end vanished (a machine gone, not a restart) is
# noticed within about 30 s instead of never (the listener would wait on it forever).
CONNECTION = {"keepalives": 1, "keepalives_idle": 15, "keepalives_interval": 5, "keepalives_count": 3}
log = logging.getLogger(__name__)


def _dollar(sql: str) -> str:
    # The shared SQL uses ? for parameters (no ? appears in it otherwise); psycopg wants %s.
    return sql.replace("%", "%%").replace("?", "%s")


class _PgTx:
    def __init__(self, connection: Any) -> None:
        self.connection = connection

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        cursor = await self.connection.execute(_dollar(sql), tuple(params))
        return await cursor.fetchall()

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        cursor = await self.connection.execute(_dollar(sql), tuple(params))
        return cursor.rowcount


class PostgresTables(GameTables):
    """The tables, with a move stored in one round trip."""

    async def append_move(self, after: TableRecord, actions: list[str], seat: int, seq: int | None) -> bool:
        """As :meth:`GameTables.append_move`, in one statement (its own transaction): the update
        where the table is still at the version before, the move's row only if it did, and the
        notice only if both did; a unique seq clash fails the whole statement."""
        async with self.db.reading() as tx:
            rows = await tx.rows(
                "WITH moved AS (UPDATE game_tables SET version = ?, status = ?, current_seat = ?, "
                "computer_on_turn = ?, deadline = ?, updated = ?, result = ? WHERE id = ? AND version = ? "
                "RETURNING id), "
                "logged AS (INSERT INTO moves (table_id, version, seat, actions, seq, at) "
                "SELECT id, ?::bigint, ?::integer, ?::text, ?::bigint, ?::double precision FROM moved "
                "RETURNING version) "
                "SELECT pg_notify(?, ?) FROM logged",
                (after.version, after.status, after.current_seat, computer_on_turn(after), after.deadline,
                 after.updated, json.dumps(after.result) if after.result else None, after.id, after.version - 1,
                 after.version, seat, json.dumps(actions), seq, after.updated,
                 CHANNEL, move_notice(after, actions, seat, seq)))
        return len(rows) == 1


async def _still_there(connection: Any) -> bool:
    """Whether a pooled connection still reaches its backend, free in the usual case: an idle
    connection has nothing to read unless PostgreSQL has said something (its goodbye when it
    restarted or ended the backend), and only then is it asked properly (one round trip)."""
    import psycopg
    from psycopg_pool import AsyncConnectionPool

    if connection.closed or connection.broken:
        return False
    if not _has_input(connection):
        return True
    try:
        await AsyncConnectionPool.check_connection(connection)
    except psycopg.Error:
        return False
    return True


def _has_input(connection: Any) -> bool:
    try:
        return bool(select.select([connection.fileno()], [], [], 0)[0])
    except (OSError, ValueError):  # the socket is gone
        return True


class PostgresStore(SqlStore):
    row_lock = " FOR UPDATE"

    def __init__(self, url: str) -> None:
        super().__init__()
        self.tables = PostgresTables(self)  # a move stored in one statement
        self.url = url
        self._pool: Any = None  # psycopg_pool.AsyncConnectionPool, made by open()
        self._listener: asyncio.Task | None = None

    async def open(self) -> "PostgresStore":
        # The server extra; imported here so nothing else pays for it.
        import psycopg
        from psycopg_pool import AsyncConnectionPool

        # One plain connection first: an unreachable database fails at once, with psycopg's
        # own words, rather than as the pool's timeout.
        await (await psycopg.AsyncConnection.connect(self.url, **CONNECTION)).close()
        self._pool = AsyncConnectionPool(self.url, min_size=POOL_SIZE, max_size=POOL_SIZE, open=False,
                                         kwargs={"autocommit": True, **CONNECTION},
                                         timeout=WAIT_SECONDS, reconnect_timeout=0)
        # reconnect_timeout 0: a connection that cannot be made is not retried in the background
        # with a growing backoff (which left the pool short for tens of seconds after an outage);
        # the next query that finds none free grows the pool again.
        await self._pool.open(wait=True, timeout=WAIT_SECONDS)
        return self

    async def setup(self) -> None:
        # Two processes starting at once would race on CREATE TABLE IF NOT EXISTS: take a lock.
        async with self.transaction() as tx:
            await tx.run("SELECT pg_advisory_xact_lock(7110)")
            for statement in SCHEMA:
                await tx.run(statement)

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[Any]:
        """A pooled connection that still reaches PostgreSQL. One found gone is closed (the pool
        replaces it) and the next is tried at once: after a restart every idle one is gone, and
        the pool's own check would wait longer before each (its backoff)."""
        for _ in range(POOL_SIZE):
            async with self._pool.connection() as connection:
                if await _still_there(connection):
                    yield connection
                    return
                await connection.close()
        async with self._pool.connection() as connection:  # a new one by now: it fails if the database is away
            yield connection

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_PgTx]:
        async with self._connection() as connection:
            async with connection.transaction():
                yield _PgTx(connection)

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[_PgTx]:
        async with self._connection() as connection:
            yield _PgTx(connection)  # autocommit: the one statement is its own transaction

    async def read_many(self, queries: Sequence[tuple[str, Sequence[Any]]]) -> list[list[tuple]]:
        """The reads sent together in pipeline mode: one round trip for all of them."""
        async with self._connection() as connection:
            async with connection.pipeline():
                cursors = [await connection.execute(_dollar(sql), tuple(params)) for sql, params in queries]
            return [await cursor.fetchall() for cursor in cursors]

    async def notify_in(self, tx: _PgTx, topic: str) -> None:
        await tx.run("SELECT pg_notify(?, ?)", (CHANNEL, topic))

    def listen(self, on_notice: Callable[[str], Awaitable[None]], on_reconnect: Callable[[], Awaitable[None]]) -> None:
        """Call ``on_notice(payload)`` for every notice; ``on_reconnect()`` after the listening
        connection was lost and came back (notices may have been missed in between)."""
        self._listener = asyncio.create_task(self._listen(on_notice, on_reconnect))

    async def _listen(self, on_notice, on_reconnect) -> None:
        import psycopg

        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True, **CONNECTION) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    if not first:
                        await on_reconnect()
                    first = False
                    async for notice in connection.notifies():
                        await on_notice(notice.payload)
            except Exception as error:  # noqa: BLE001 - the database gone, or the catch-up after it failed: again
                log.warning("PostgreSQL listener lost (%s); reconnecting", error)
                first = False  # whatever came meanwhile is caught up once it is back
                await asyncio.sleep(RECONNECT_SECONDS)

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
        if self._pool is not None:
            await self._pool.close()
