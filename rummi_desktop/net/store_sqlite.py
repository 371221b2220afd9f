"""The embedded store: one SQLite file (WAL journal), used by one server process.

Every call runs on the event loop's thread: SQLite answers these small queries in tens of
microseconds, less than a hop to a worker thread would cost. A lock keeps one transaction at
a time on the one connection.
"""

from __future__ import annotations

import asyncio
import sqlite3
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator, Sequence

from rummi_desktop.net.store import SqlStore


class _SqliteTx:
    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        return self.connection.execute(sql, tuple(params)).fetchall()

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self.connection.execute(sql, tuple(params)).rowcount


class SqliteStore(SqlStore):
    def __init__(self, path: Path | str) -> None:
        super().__init__()
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.connection = sqlite3.connect(self.path, isolation_level=None)
        self.connection.execute("PRAGMA journal_mode=WAL")
        self.connection.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: durable across app crashes
        self.connection.execute("PRAGMA busy_timeout=5000")
        self._lock = asyncio.Lock()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_SqliteTx]:
        async with self._lock:
            self.connection.execute("BEGIN IMMEDIATE")
            try:
                yield _SqliteTx(self.connection)
            except BaseException:
                self.connection.execute("ROLLBACK")
                raise
            self.connection.execute("COMMIT")

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[_SqliteTx]:
        async with self._lock:
            yield _SqliteTx(self.connection)  # autocommit: the one statement is its own transaction

    async def close(self) -> None:
        self.connection.close()
