"""The store's accounts and their sessions (a session is kept as its token's hash)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Sequence

from rummi_desktop.net.store_sql import Database, marks

ACCOUNT_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS accounts (id TEXT PRIMARY KEY, name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL, created DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS sessions (token_hash TEXT PRIMARY KEY, account_id TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL)""",
)


@dataclass(frozen=True)
class Account:
    id: str
    name: str
    password_hash: str = ""


class Accounts:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def create(self, account: Account, key: str) -> bool:
        """Store a new account; False when its name's key is taken."""
        async with self.db.transaction() as tx:
            return await tx.run("INSERT INTO accounts (id, name, name_key, password_hash, created) "
                                "VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                                (account.id, account.name, key, account.password_hash, time.time())) == 1

    async def by_key(self, key: str) -> Account | None:
        async with self.db.reading() as tx:
            rows = await tx.rows("SELECT id, name, password_hash FROM accounts WHERE name_key = ?", (key,))
        return Account(*rows[0]) if rows else None

    async def names(self, ids: Sequence[str]) -> dict[str, str]:
        async with self.db.reading() as tx:
            rows = await tx.rows(f"SELECT id, name FROM accounts WHERE id IN ({marks(ids)})", tuple(ids))
        return dict(rows)

    async def add_session(self, token_hash: str, account_id: str) -> None:
        async with self.db.transaction() as tx:
            await tx.run("INSERT INTO sessions (token_hash, account_id, created) VALUES (?, ?, ?)",
                         (token_hash, account_id, time.time()))

    async def session_account(self, token_hash: str, signed_in_after: float) -> Account | None:
        """The account of a session begun after ``signed_in_after`` (older ones have expired)."""
        async with self.db.reading() as tx:
            rows = await tx.rows("SELECT a.id, a.name FROM sessions s JOIN accounts a ON a.id = s.account_id "
                                 "WHERE s.token_hash = ? AND s.created > ?", (token_hash, signed_in_after))
        return Account(*rows[0]) if rows else None

    async def drop_session(self, token_hash: str) -> None:
        async with self.db.transaction() as tx:
            await tx.run("DELETE FROM sessions WHERE token_hash = ?", (token_hash,))
