"""The store's part for profile sync: each account's finished-game records, one row per record
id, append-only.

A record already there with the same id is not stored twice; one with the same id and another
digest is not stored either (the first copy is kept, and the caller is told). A batch that would
take the account past its cap stores nothing. The SQL is the shared kind (``?`` placeholders,
``ON CONFLICT``) that SQLite and PostgreSQL both run; :class:`SyncedRecords` is the part of
:class:`~rummi_desktop.net.store.SqlStore` kept as ``store.records``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Sequence

from rummi_desktop.net.store_sql import Database, Tx, marks

RECORD_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS synced_records (account_id TEXT NOT NULL, record_id TEXT NOT NULL,
        digest TEXT NOT NULL, body TEXT NOT NULL, stored DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (account_id, record_id))""",
)


class _Full(Exception):
    """Raised inside the put's transaction to store nothing of a batch past the cap."""


@dataclass
class PutOutcome:
    stored: list[str] = field(default_factory=list)
    already: list[str] = field(default_factory=list)  # there with the same content
    differing: list[str] = field(default_factory=list)  # there with other content: the first copy kept
    full: bool = False  # the batch would pass the cap: nothing stored
    total: int = 0  # records the account holds after the put


class SyncedRecords:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def count(self, account_id: str) -> int:
        async with self.db.reading() as tx:
            rows = await tx.rows("SELECT COUNT(*) FROM synced_records WHERE account_id = ?", (account_id,))
        return int(rows[0][0])

    async def put(self, account_id: str, rows: Sequence[tuple[str, str, str]], cap: int) -> PutOutcome:
        """Store each (record id, digest, body) the account lacks, unless that passes ``cap``."""
        outcome = PutOutcome()
        try:
            async with self.db.transaction() as tx:
                held = await self._digests(tx, account_id, [row[0] for row in rows])
                count = int((await tx.rows("SELECT COUNT(*) FROM synced_records WHERE account_id = ?",
                                           (account_id,)))[0][0])
                fresh = []
                for record_id, digest, body in rows:  # a second copy in one batch meets the first
                    if record_id in held:
                        (outcome.already if held[record_id] == digest else outcome.differing).append(record_id)
                    else:
                        held[record_id] = digest
                        fresh.append((record_id, digest, body))
                if count + len(fresh) > cap:
                    outcome.full, outcome.total = True, count
                    raise _Full
                await self._insert(tx, account_id, fresh, outcome)
                outcome.total = count + len(outcome.stored)
        except _Full:
            outcome.stored = []
        return outcome

    async def _insert(self, tx: Tx, account_id: str, fresh: list[tuple[str, str, str]], outcome: PutOutcome) -> None:
        now = time.time()
        for record_id, digest, body in fresh:
            if await tx.run("INSERT INTO synced_records (account_id, record_id, digest, body, stored) "
                            "VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING", (account_id, record_id, digest, body, now)):
                outcome.stored.append(record_id)
                continue
            # another server process stored this id a moment ago: compare with its copy
            theirs = (await self._digests(tx, account_id, [record_id])).get(record_id)
            (outcome.already if theirs == digest else outcome.differing).append(record_id)

    @staticmethod
    async def _digests(tx: Tx, account_id: str, record_ids: Sequence[str]) -> dict[str, str]:
        if not record_ids:
            return {}
        rows = await tx.rows(f"SELECT record_id, digest FROM synced_records WHERE account_id = ? AND record_id "
                             f"IN ({marks(record_ids)})", (account_id, *record_ids))
        return {record_id: digest for record_id, digest in rows}

    async def index(self, account_id: str, after: str, limit: int) -> list[tuple[str, str]]:
        """(record id, digest) of the account's records with ids after ``after``, in id order."""
        async with self.db.reading() as tx:
            rows = await tx.rows("SELECT record_id, digest FROM synced_records WHERE account_id = ? AND record_id > ? "
                                 "ORDER BY record_id LIMIT ?", (account_id, after, limit))
        return [(record_id, digest) for record_id, digest in rows]

    async def bodies(self, account_id: str, record_ids: Sequence[str]) -> dict[str, str]:
        """record id -> packed body, for those of ``record_ids`` the account holds."""
        if not record_ids:
            return {}
        async with self.db.reading() as tx:
            rows = await tx.rows(f"SELECT record_id, body FROM synced_records WHERE account_id = ? AND record_id "
                                 f"IN ({marks(record_ids)})", (account_id, *record_ids))
        return {record_id: body for record_id, body in rows}
