"""The store's profile documents: one per account, replaced whole, with a version so two
devices syncing at once cannot overwrite each other unseen."""

from __future__ import annotations

import json
from typing import Any

from rummi_desktop.net.store_sql import Database

PROFILE_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS profiles (account_id TEXT PRIMARY KEY, version BIGINT NOT NULL,
        document TEXT NOT NULL)""",
)


class Profiles:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def get(self, account_id: str) -> tuple[int, dict[str, Any]]:
        """(version, document); (0, {}) for an account that never stored one."""
        async with self.db.reading() as tx:
            rows = await tx.rows("SELECT version, document FROM profiles WHERE account_id = ?", (account_id,))
        return (int(rows[0][0]), json.loads(rows[0][1])) if rows else (0, {})

    async def put(self, account_id: str, base_version: int, document: dict[str, Any]) -> bool:
        """Store ``document`` as version ``base_version + 1`` where the stored one is ``base_version``."""
        text = json.dumps(document)
        async with self.db.transaction() as tx:
            if base_version == 0:
                return await tx.run("INSERT INTO profiles (account_id, version, document) VALUES (?, 1, ?) "
                                    "ON CONFLICT DO NOTHING", (account_id, text)) == 1
            return await tx.run("UPDATE profiles SET version = ?, document = ? WHERE account_id = ? AND version = ?",
                                (base_version + 1, text, account_id, base_version)) == 1
