"""The store's ratings: each account's (mu, sigma, games) per game, the ranked games whose
ratings have moved (so a game is rated once), when each account was rated (the limits on new
accounts read it), and the leaderboards.

A game's ratings are read and written in one transaction with the players' rating rows locked
(``FOR UPDATE`` on PostgreSQL; SQLite's ``BEGIN IMMEDIATE`` holds the whole database): two
games of one player ending at the same moment are rated one after the other, never both from
the rating before either.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from rummi_desktop.net.records import OVER
from rummi_desktop.net.store_sql import Database, Tx, marks

RATING_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS ratings (account_id TEXT NOT NULL, game TEXT NOT NULL, mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL, games INTEGER NOT NULL, PRIMARY KEY (account_id, game))""",
    "CREATE TABLE IF NOT EXISTS rated_tables (table_id TEXT PRIMARY KEY)",  # ranked games whose ratings moved
    """CREATE TABLE IF NOT EXISTS rating_log (table_id TEXT NOT NULL, account_id TEXT NOT NULL, game TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL, PRIMARY KEY (table_id, account_id))""",
    "CREATE INDEX IF NOT EXISTS rating_log_account ON rating_log (account_id, game, at)",
)

Rating = tuple[float, float, int]  # mu, sigma, rated games


@dataclass(frozen=True)
class Standing:
    """What the store knows of a player when one of their games is rated: the rating (None
    before their first rated game of it), when the account was made, and how many of its
    games of this game were rated since the time asked about."""
    rating: Rating | None
    created: float
    rated_since: int


# Given every player's standing, their new ratings, or {} when the game does not count.
Rater = Callable[[dict[str, Standing]], dict[str, Rating]]


class Ratings:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def get(self, account_id: str, game: str) -> Rating | None:
        async with self.db.reading() as tx:
            rows = await tx.rows("SELECT mu, sigma, games FROM ratings WHERE account_id = ? AND game = ? "
                                 "AND games > 0", (account_id, game))
        return (float(rows[0][0]), float(rows[0][1]), int(rows[0][2])) if rows else None

    async def rate(self, table_id: str, game: str, accounts: Sequence[str], since: float, now: float,
                   rater: Rater) -> bool:
        """Rate the ranked game ``table_id`` once, by ``rater`` over the players' standings read
        with their rows locked; False if it was rated already. A game ``rater`` does not count
        is marked rated all the same (the chores must not try it again)."""
        async with self.db.transaction() as tx:
            if await tx.run("INSERT INTO rated_tables (table_id) VALUES (?) ON CONFLICT DO NOTHING", (table_id,)) != 1:
                return False
            if len(accounts) < 2:
                return True  # nothing to move
            standings = await self._locked_standings(tx, game, sorted(accounts), since)
            for account_id, (mu, sigma, games) in rater(standings).items():
                await tx.run("UPDATE ratings SET mu = ?, sigma = ?, games = ? WHERE account_id = ? AND game = ?",
                             (mu, sigma, games, account_id, game))
                await tx.run("INSERT INTO rating_log (table_id, account_id, game, at) VALUES (?, ?, ?, ?)",
                             (table_id, account_id, game, now))
        return True

    async def _locked_standings(self, tx: Tx, game: str, accounts: list[str], since: float) -> dict[str, Standing]:
        # A row for everyone first (games 0: never rated), so there is a row to lock; locked in
        # one order (the accounts sorted), so two games never wait on each other.
        for account_id in accounts:
            await tx.run("INSERT INTO ratings (account_id, game, mu, sigma, games) VALUES (?, ?, 0, 0, 0) "
                         "ON CONFLICT (account_id, game) DO NOTHING", (account_id, game))
        rows = await tx.rows(f"SELECT account_id, mu, sigma, games FROM ratings WHERE game = ? AND account_id IN "
                             f"({marks(accounts)}) ORDER BY account_id{self.db.row_lock}", (game, *accounts))
        ratings = {a: (float(mu), float(sigma), int(games)) if games else None for a, mu, sigma, games in rows}
        created = dict(await tx.rows(f"SELECT id, created FROM accounts WHERE id IN ({marks(accounts)})",
                                     tuple(accounts)))
        counted = dict(await tx.rows(f"SELECT account_id, COUNT(*) FROM rating_log WHERE game = ? AND at >= ? AND "
                                     f"account_id IN ({marks(accounts)}) GROUP BY account_id",
                                     (game, since, *accounts)))
        return {account_id: Standing(ratings.get(account_id), float(created.get(account_id, 0.0)),
                                     int(counted.get(account_id, 0))) for account_id in accounts}

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
                                 "ON a.id = r.account_id WHERE r.game = ? AND r.games > 0 "
                                 "ORDER BY r.mu - 3 * r.sigma DESC, a.name LIMIT ?", (game, limit))
        return [(name, float(mu), float(sigma), int(games)) for name, mu, sigma, games in rows]
