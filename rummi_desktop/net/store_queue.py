"""The store's matchmaking queue: who waits for a ranked game of which game, at what rating,
since when. Every server process sharing the store matches from the one queue."""

from __future__ import annotations

from rummi_desktop.net.store_sql import Database, Rollback

QUEUE_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS queue (account_id TEXT NOT NULL, game TEXT NOT NULL, rating DOUBLE PRECISION NOT NULL,
        since DOUBLE PRECISION NOT NULL, PRIMARY KEY (account_id, game))""",
)


class MatchQueue:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def join(self, account_id: str, game: str, rating: float, now: float) -> None:
        """Wait for ``game`` (waiting already: the rating is updated, the place kept)."""
        async with self.db.transaction() as tx:
            await tx.run("INSERT INTO queue (account_id, game, rating, since) VALUES (?, ?, ?, ?) "
                         "ON CONFLICT (account_id, game) DO UPDATE SET rating = excluded.rating",
                         (account_id, game, rating, now))

    async def leave(self, account_id: str, game: str) -> bool:
        """Stop waiting for ``game``; False if the account was not waiting."""
        async with self.db.transaction() as tx:
            return await tx.run("DELETE FROM queue WHERE account_id = ? AND game = ?", (account_id, game)) == 1

    async def leave_all(self, account_id: str) -> None:
        async with self.db.transaction() as tx:
            await tx.run("DELETE FROM queue WHERE account_id = ?", (account_id,))

    async def waiting(self, game: str) -> list[tuple[str, float, float]]:
        async with self.db.reading() as tx:
            rows = await tx.rows("SELECT account_id, rating, since FROM queue WHERE game = ? ORDER BY since", (game,))
        return [(a, float(r), float(s)) for a, r, s in rows]

    async def take_pair(self, game: str, first: str, second: str) -> bool:
        """Remove both from the queue, or neither (another process may have matched one)."""
        try:
            async with self.db.transaction() as tx:
                if await tx.run("DELETE FROM queue WHERE game = ? AND account_id IN (?, ?)", (game, first, second)) != 2:
                    raise Rollback
        except Rollback:
            return False
        return True

    async def recent_pairs(self, game: str, since: float) -> set[frozenset[str]]:
        """The pairs of accounts who sat at one ranked table of ``game`` made since ``since``."""
        async with self.db.reading() as tx:
            rows = await tx.rows("SELECT a.account_id, b.account_id FROM game_tables t "
                                 "JOIN members a ON a.table_id = t.id JOIN members b ON b.table_id = t.id "
                                 "AND a.account_id < b.account_id "
                                 "WHERE t.ranked = 1 AND t.game = ? AND t.created >= ?", (game, since))
        return {frozenset(row) for row in rows}
