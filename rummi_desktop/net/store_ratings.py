"""The store's ratings: each account's (mu, sigma, games) per game, the ranked games whose
ratings have moved (so a game is rated once), and the leaderboards."""

from __future__ import annotations

from rummi_desktop.net.records import OVER
from rummi_desktop.net.store_sql import Database

RATING_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS ratings (account_id TEXT NOT NULL, game TEXT NOT NULL, mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL, games INTEGER NOT NULL, PRIMARY KEY (account_id, game))""",
    "CREATE TABLE IF NOT EXISTS rated_tables (table_id TEXT PRIMARY KEY)",  # ranked games whose ratings moved
)


class Ratings:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def get(self, account_id: str, game: str) -> tuple[float, float, int] | None:
        async with self.db.reading() as tx:
            rows = await tx.rows("SELECT mu, sigma, games FROM ratings WHERE account_id = ? AND game = ?",
                                 (account_id, game))
        return (float(rows[0][0]), float(rows[0][1]), int(rows[0][2])) if rows else None

    async def put(self, table_id: str, game: str, ratings: dict[str, tuple[float, float, int]]) -> bool:
        """Move the ratings for the ranked game ``table_id``, once: False if it was rated already."""
        async with self.db.transaction() as tx:
            if await tx.run("INSERT INTO rated_tables (table_id) VALUES (?) ON CONFLICT DO NOTHING", (table_id,)) != 1:
                return False
            for account_id, (mu, sigma, games) in ratings.items():
                await tx.run("INSERT INTO ratings (account_id, game, mu, sigma, games) VALUES (?, ?, ?, ?, ?) "
                             "ON CONFLICT (account_id, game) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
                             "games = excluded.games", (account_id, game, mu, sigma, games))
        return True

    async def unrated_games(self, ended_after: float, ended_before: float) -> list[str]:
        """Ranked games over between the two times whose ratings never moved (the process that
        ended them stopped first)."""
        async with self.db.reading() as tx:
            rows = await tx.rows("SELECT id FROM game_tables WHERE ranked = 1 AND status = ? AND updated > ? AND updated < ? "
                                 "AND id NOT IN (SELECT table_id FROM rated_tables)", (OVER, ended_after, ended_before))
        return [row[0] for row in rows]

    async def leaderboard(self, game: str, limit: int) -> list[tuple[str, float, float, int]]:
        async with self.db.reading() as tx:
            rows = await tx.rows("SELECT a.name, r.mu, r.sigma, r.games FROM ratings r JOIN accounts a "
                                 "ON a.id = r.account_id WHERE r.game = ? ORDER BY r.mu - 3 * r.sigma DESC, a.name "
                                 "LIMIT ?", (game, limit))
        return [(name, float(mu), float(sigma), int(games)) for name, mu, sigma, games in rows]
