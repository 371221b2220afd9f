"""One store over SQL, for SQLite (the embedded default) and PostgreSQL (several server
processes sharing one database).

The store holds the only truth, in parts with one concept each, all over the one database:
``accounts`` (and their sessions), ``tables`` (each with its move log and version),
``ratings``, ``profiles``, the matchmaking ``queue``, and profile sync's ``records``.
Subclasses give the connection primitives (``transaction``, ``reading``) and ``notify_in``;
the parts' SQL is shared (``?`` placeholders; PostgreSQL's store rewrites them).
"""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from typing import Any, Sequence

from rummi_desktop.net.store_accounts import ACCOUNT_SCHEMA, Accounts
from rummi_desktop.net.store_profiles import PROFILE_SCHEMA, Profiles
from rummi_desktop.net.store_queue import QUEUE_SCHEMA, MatchQueue
from rummi_desktop.net.store_ratings import RATING_SCHEMA, Ratings
from rummi_desktop.net.store_records import RECORD_SCHEMA, SyncedRecords
from rummi_desktop.net.store_sql import Tx
from rummi_desktop.net.store_tables import TABLE_SCHEMA, GameTables

SCHEMA = ACCOUNT_SCHEMA + TABLE_SCHEMA + RATING_SCHEMA + PROFILE_SCHEMA + QUEUE_SCHEMA + RECORD_SCHEMA


class SqlStore:
    """The database and its parts; a subclass supplies ``transaction()`` and ``reading()``, and
    may override ``read_many`` and ``notify_in``."""

    row_lock = ""  # SQLite: BEGIN IMMEDIATE already holds the whole database for the transaction

    def __init__(self) -> None:
        self.accounts = Accounts(self)
        self.tables = GameTables(self)
        self.ratings = Ratings(self)
        self.profiles = Profiles(self)
        self.queue = MatchQueue(self)
        self.records = SyncedRecords(self)

    def transaction(self) -> AbstractAsyncContextManager[Tx]:
        raise NotImplementedError

    def reading(self) -> AbstractAsyncContextManager[Tx]:
        """For one read: no transaction block around it (one round trip to PostgreSQL, not three)."""
        raise NotImplementedError

    async def read_many(self, queries: Sequence[tuple[str, Sequence[Any]]]) -> list[list[tuple]]:
        """The rows of several reads (PostgreSQL's store sends them in one round trip)."""
        async with self.reading() as tx:
            return [await tx.rows(sql, params) for sql, params in queries]

    async def setup(self) -> None:
        async with self.transaction() as tx:
            for statement in SCHEMA:
                await tx.run(statement)

    async def close(self) -> None:
        pass

    async def notify_in(self, tx: Tx, topic: str) -> None:
        """Tell the other server processes about ``topic`` when ``tx`` commits (none here)."""

    async def notify(self, topic: str) -> None:
        async with self.reading() as tx:
            await self.notify_in(tx, topic)
