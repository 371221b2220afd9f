"""What the store's parts need of a database: a transaction, a lone read, several reads at
once, and a notice sent when a transaction commits. :class:`~rummi_desktop.net.store.SqlStore`
gives these over SQLite or PostgreSQL; each part (accounts, tables, ratings ...) holds the
database and writes the shared SQL (``?`` placeholders) against it.
"""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol, Sequence


class Rollback(Exception):
    """Raised inside a transaction to undo it (the transaction re-raises it after rolling back)."""


class Tx(Protocol):
    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]: ...
    async def run(self, sql: str, params: Sequence[Any] = ()) -> int: ...  # rows changed


class Database(Protocol):
    row_lock: str  # what a SELECT ends with to lock the rows it reads until the transaction ends
    def transaction(self) -> AbstractAsyncContextManager[Tx]: ...
    def reading(self) -> AbstractAsyncContextManager[Tx]: ...  # one read, outside a transaction
    async def read_many(self, queries: Sequence[tuple[str, Sequence[Any]]]) -> list[list[tuple]]: ...
    async def notify_in(self, tx: Tx, topic: str) -> None: ...  # sent when ``tx`` commits


def marks(values: Sequence[Any]) -> str:
    """``?, ?, ?``: one placeholder per value, for an ``IN (...)`` list."""
    return ", ".join("?" for _ in values)
