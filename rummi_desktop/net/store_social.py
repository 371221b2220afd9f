"""The store's social part: who follows whom (two follows make friends), who blocked whom,
invitations to tables, and each table's chat (kept with the game, for its replay)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from rummi_desktop.net.store_sql import Database, marks

SOCIAL_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS follows (account_id TEXT NOT NULL, friend_id TEXT NOT NULL,
        since DOUBLE PRECISION NOT NULL, PRIMARY KEY (account_id, friend_id))""",
    "CREATE INDEX IF NOT EXISTS follows_friend ON follows (friend_id)",
    """CREATE TABLE IF NOT EXISTS blocks (account_id TEXT NOT NULL, blocked_id TEXT NOT NULL,
        since DOUBLE PRECISION NOT NULL, PRIMARY KEY (account_id, blocked_id))""",
    "CREATE INDEX IF NOT EXISTS blocks_blocked ON blocks (blocked_id)",
    """CREATE TABLE IF NOT EXISTS invitations (table_id TEXT NOT NULL, from_id TEXT NOT NULL, to_id TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL, PRIMARY KEY (table_id, to_id))""",
    "CREATE INDEX IF NOT EXISTS invitations_to ON invitations (to_id)",
    """CREATE TABLE IF NOT EXISTS chat_lines (id TEXT PRIMARY KEY, table_id TEXT NOT NULL, account_id TEXT NOT NULL,
        name TEXT NOT NULL, version BIGINT NOT NULL, move BIGINT NOT NULL, text TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS chat_lines_table ON chat_lines (table_id, at)",
    "CREATE INDEX IF NOT EXISTS chat_lines_account ON chat_lines (account_id, at)",  # the chat limit's count
)
CHAT_KEPT = 500  # a table's lines sent back at most (its newest)


@dataclass(frozen=True)
class ChatLine:
    id: str
    table: str
    account: str
    name: str
    version: int  # the table's version when it was said
    move: int  # the moves logged by then: the replay position it shows at
    text: str
    at: float

    def public(self) -> dict[str, Any]:
        return {"id": self.id, "table": self.table, "name": self.name, "version": self.version,
                "move": self.move, "text": self.text, "at": self.at}


class Social:
    def __init__(self, db: Database) -> None:
        self.db = db

    # ---- follows and friends ----------------------------------------------------------------
    async def follow(self, account_id: str, friend_id: str, now: float) -> None:
        async with self.db.transaction() as tx:
            await tx.run("INSERT INTO follows (account_id, friend_id, since) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                         (account_id, friend_id, now))

    async def unfollow(self, account_id: str, friend_id: str) -> bool:
        async with self.db.transaction() as tx:
            return await tx.run("DELETE FROM follows WHERE account_id = ? AND friend_id = ?",
                                (account_id, friend_id)) == 1

    async def follows(self, account_id: str) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        """(id, name) of those ``account_id`` follows, and of those who follow it."""
        following, followers = await self.db.read_many([
            ("SELECT a.id, a.name FROM follows f JOIN accounts a ON a.id = f.friend_id WHERE f.account_id = ? "
             "ORDER BY a.name_key", (account_id,)),
            ("SELECT a.id, a.name FROM follows f JOIN accounts a ON a.id = f.account_id WHERE f.friend_id = ? "
             "ORDER BY a.name_key", (account_id,))])
        return [tuple(row) for row in following], [tuple(row) for row in followers]

    async def are_friends(self, first: str, second: str) -> bool:
        async with self.db.reading() as tx:
            rows = await tx.rows("SELECT COUNT(*) FROM follows WHERE (account_id = ? AND friend_id = ?) "
                                 "OR (account_id = ? AND friend_id = ?)", (first, second, second, first))
        return int(rows[0][0]) == 2

    # ---- blocks -----------------------------------------------------------------------------
    async def block(self, account_id: str, blocked_id: str, now: float) -> None:
        """Block, and end the follows both ways and the invitations between the two."""
        async with self.db.transaction() as tx:
            await tx.run("INSERT INTO blocks (account_id, blocked_id, since) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                         (account_id, blocked_id, now))
            pair = (account_id, blocked_id, blocked_id, account_id)
            await tx.run("DELETE FROM follows WHERE (account_id = ? AND friend_id = ?) OR "
                         "(account_id = ? AND friend_id = ?)", pair)
            await tx.run("DELETE FROM invitations WHERE (from_id = ? AND to_id = ?) OR (from_id = ? AND to_id = ?)", pair)

    async def unblock(self, account_id: str, blocked_id: str) -> bool:
        async with self.db.transaction() as tx:
            return await tx.run("DELETE FROM blocks WHERE account_id = ? AND blocked_id = ?",
                                (account_id, blocked_id)) == 1

    async def blocked(self, account_id: str) -> list[tuple[str, str]]:
        async with self.db.reading() as tx:
            rows = await tx.rows("SELECT a.id, a.name FROM blocks b JOIN accounts a ON a.id = b.blocked_id "
                                 "WHERE b.account_id = ? ORDER BY a.name_key", (account_id,))
        return [tuple(row) for row in rows]

    async def blockers_among(self, blocked_id: str, account_ids: Sequence[str]) -> set[str]:
        """Those of ``account_ids`` who blocked ``blocked_id``."""
        if not account_ids:
            return set()
        async with self.db.reading() as tx:
            rows = await tx.rows(f"SELECT account_id FROM blocks WHERE blocked_id = ? AND account_id IN "
                                 f"({marks(account_ids)})", (blocked_id, *account_ids))
        return {row[0] for row in rows}

    async def blocked_pairs(self, account_ids: Sequence[str]) -> set[frozenset[str]]:
        """Each pair of ``account_ids`` where one blocked the other (matchmaking keeps them apart)."""
        if len(account_ids) < 2:
            return set()
        async with self.db.reading() as tx:
            rows = await tx.rows(f"SELECT account_id, blocked_id FROM blocks WHERE account_id IN ({marks(account_ids)}) "
                                 f"AND blocked_id IN ({marks(account_ids)})", (*account_ids, *account_ids))
        return {frozenset(row) for row in rows}

    # ---- invitations ------------------------------------------------------------------------
    async def invite(self, table_id: str, from_id: str, to_id: str, now: float) -> None:
        async with self.db.transaction() as tx:
            await tx.run("INSERT INTO invitations (table_id, from_id, to_id, at) VALUES (?, ?, ?, ?) "
                         "ON CONFLICT (table_id, to_id) DO UPDATE SET from_id = excluded.from_id, at = excluded.at",
                         (table_id, from_id, to_id, now))

    async def invitations(self, to_id: str) -> list[tuple[str, str, str, float]]:
        """(table, from id, from name, at) of the invitations waiting for ``to_id``, newest first."""
        async with self.db.reading() as tx:
            rows = await tx.rows("SELECT i.table_id, i.from_id, a.name, i.at FROM invitations i JOIN accounts a "
                                 "ON a.id = i.from_id WHERE i.to_id = ? ORDER BY i.at DESC", (to_id,))
        return [(table, sender, name, float(at)) for table, sender, name, at in rows]

    async def invitation(self, table_id: str, to_id: str) -> tuple[str, float] | None:
        """(the sender's name, when) of the invitation of ``to_id`` to the table, if one waits."""
        async with self.db.reading() as tx:
            rows = await tx.rows("SELECT a.name, i.at FROM invitations i JOIN accounts a ON a.id = i.from_id "
                                 "WHERE i.table_id = ? AND i.to_id = ?", (table_id, to_id))
        return (rows[0][0], float(rows[0][1])) if rows else None

    async def drop_invitation(self, table_id: str, to_id: str) -> bool:
        async with self.db.transaction() as tx:
            return await tx.run("DELETE FROM invitations WHERE table_id = ? AND to_id = ?", (table_id, to_id)) == 1

    # ---- chat -------------------------------------------------------------------------------
    async def add_line(self, line: ChatLine, most: int, window: float) -> float:
        """Store ``line`` unless its account said ``most`` lines in the ``window`` seconds before
        it, at any table and through any server process: 0.0 when stored, else the seconds until
        the account may speak again. One statement: the count and the insert are not apart."""
        since = line.at - window
        async with self.db.transaction() as tx:
            stored = await tx.run(
                "INSERT INTO chat_lines (id, table_id, account_id, name, version, move, text, at) "
                "SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE (SELECT COUNT(*) FROM chat_lines WHERE account_id = ? AND at > ?) < ?",
                (line.id, line.table, line.account, line.name, line.version, line.move, line.text, line.at,
                 line.account, since, most))
            if stored:
                return 0.0
            rows = await tx.rows("SELECT at FROM chat_lines WHERE account_id = ? AND at > ? ORDER BY at DESC LIMIT 1 "
                                 "OFFSET ?", (line.account, since, most - 1))
        return max(0.001, float(rows[0][0]) + window - line.at) if rows else window

    async def line(self, line_id: str) -> ChatLine | None:
        async with self.db.reading() as tx:
            rows = await tx.rows("SELECT id, table_id, account_id, name, version, move, text, at FROM chat_lines "
                                 "WHERE id = ?", (line_id,))
        return _chat_line(rows[0]) if rows else None

    async def lines(self, table_id: str, limit: int = CHAT_KEPT) -> list[ChatLine]:
        """The table's newest lines, oldest first."""
        async with self.db.reading() as tx:
            rows = await tx.rows("SELECT id, table_id, account_id, name, version, move, text, at FROM chat_lines "
                                 "WHERE table_id = ? ORDER BY at DESC, id DESC LIMIT ?", (table_id, limit))
        return [_chat_line(row) for row in reversed(rows)]


def _chat_line(row: tuple) -> ChatLine:
    line_id, table_id, account_id, name, version, move, text, at = row
    return ChatLine(line_id, table_id, account_id, name, int(version), int(move), text, float(at))
