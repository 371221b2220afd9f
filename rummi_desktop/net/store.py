"""One store interface over SQL, for SQLite (the embedded default) and PostgreSQL (several
server processes sharing one database).

The store holds the only truth: accounts, sessions (token hashes), tables, and per table a
move log with a version. :meth:`SqlStore.append_move` writes version ``v + 1`` only where the
table is still at ``v`` (a compare-and-set in one transaction), so two processes can never both
apply a move at the same version. Subclasses give the connection primitives (``transaction``)
and ``notify``; the SQL is shared (``?`` placeholders; PostgreSQL's store rewrites them).
"""

from __future__ import annotations

import json
import time
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Protocol, Sequence

from rummi_desktop.net.notices import move_notice, table_notice
from rummi_desktop.net.records import OVER, PLAYING, TableRecord, seats_from_text, seats_text
from rummi_desktop.net.store_records import RECORD_SCHEMA, SyncedRecords

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS accounts (id TEXT PRIMARY KEY, name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL, created DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS sessions (token_hash TEXT PRIMARY KEY, account_id TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS game_tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, creator TEXT NOT NULL,
        seats TEXT NOT NULL, options TEXT NOT NULL, seed BIGINT NOT NULL, clock_kind TEXT NOT NULL,
        clock_seconds DOUBLE PRECISION NOT NULL, visibility TEXT NOT NULL, ranked INTEGER NOT NULL,
        invite TEXT NOT NULL UNIQUE, status TEXT NOT NULL, version BIGINT NOT NULL, current_seat INTEGER NOT NULL,
        computer_on_turn INTEGER NOT NULL, deadline DOUBLE PRECISION, updated DOUBLE PRECISION NOT NULL,
        result TEXT, created DOUBLE PRECISION NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS game_tables_status ON game_tables (status, game)",
    """CREATE TABLE IF NOT EXISTS members (table_id TEXT NOT NULL, account_id TEXT NOT NULL, seat INTEGER NOT NULL,
        PRIMARY KEY (table_id, account_id))""",
    "CREATE INDEX IF NOT EXISTS members_account ON members (account_id)",
    """CREATE TABLE IF NOT EXISTS moves (table_id TEXT NOT NULL, version BIGINT NOT NULL, seat INTEGER NOT NULL,
        actions TEXT NOT NULL, seq BIGINT, at DOUBLE PRECISION NOT NULL, PRIMARY KEY (table_id, version))""",
    "CREATE UNIQUE INDEX IF NOT EXISTS moves_seq ON moves (table_id, seat, seq)",
    """CREATE TABLE IF NOT EXISTS ratings (account_id TEXT NOT NULL, game TEXT NOT NULL, mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL, games INTEGER NOT NULL, PRIMARY KEY (account_id, game))""",
    "CREATE TABLE IF NOT EXISTS rated_tables (table_id TEXT PRIMARY KEY)",  # ranked games whose ratings moved
    """CREATE TABLE IF NOT EXISTS profiles (account_id TEXT PRIMARY KEY, version BIGINT NOT NULL,
        document TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS queue (account_id TEXT NOT NULL, game TEXT NOT NULL, rating DOUBLE PRECISION NOT NULL,
        since DOUBLE PRECISION NOT NULL, PRIMARY KEY (account_id, game))""",
) + RECORD_SCHEMA  # profile sync's records (net/store_records.py)

TABLE_COLUMNS = ("id, game, creator, seats, options, seed, clock_kind, clock_seconds, visibility, ranked, invite, "
                 "status, version, current_seat, computer_on_turn, deadline, updated, result, created")
TABLE_SQL = f"SELECT {TABLE_COLUMNS} FROM game_tables WHERE id = ?"
MOVES_SINCE_SQL = "SELECT version, seat, actions, seq FROM moves WHERE table_id = ? AND version > ? ORDER BY version"
SEQ_FACTS_SQL = ("SELECT MAX(CASE WHEN seq = ? THEN version END), MAX(seq) FROM moves "
                 "WHERE table_id = ? AND seat = ?")


class Rollback(Exception):
    """Raised inside a transaction to undo it (the transaction re-raises it after rolling back)."""


class Tx(Protocol):
    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]: ...
    async def run(self, sql: str, params: Sequence[Any] = ()) -> int: ...  # rows changed


@dataclass(frozen=True)
class Account:
    id: str
    name: str
    password_hash: str = ""


@dataclass(frozen=True)
class MoveRow:
    version: int
    seat: int
    actions: list[str]
    seq: int | None


@dataclass(frozen=True)
class Changes:
    """A table's moves after a version and its row, read together; with a seat's seq asked
    about, the version that seq made (or None) and the seat's highest seq (or 0)."""
    moves: list[MoveRow]
    record: TableRecord | None
    seq_done: int | None = None
    last_seq: int = 0


def _move(row: tuple) -> MoveRow:
    version, seat, actions, seq = row
    return MoveRow(int(version), int(seat), json.loads(actions), None if seq is None else int(seq))


def _seq_facts(rows: list[tuple]) -> tuple[int | None, int]:
    done, last = rows[0] if rows else (None, None)
    return (None if done is None else int(done)), (0 if last is None else int(last))


def _table(row: tuple) -> TableRecord:
    (id_, game, creator, seats, options, seed, clock_kind, clock_seconds, visibility, ranked, invite, status,
     version, current_seat, _computer, deadline, updated, result, created) = row
    return TableRecord(id_, game, creator, seats_from_text(seats), json.loads(options), int(seed), clock_kind,
                       float(clock_seconds), visibility, bool(ranked), invite, status, int(version), int(current_seat),
                       deadline, float(updated), json.loads(result) if result else None, float(created))


def _computer_on_turn(record: TableRecord) -> int:
    return int(record.status == PLAYING and record.seats[record.current_seat].label != "human")


class SqlStore(SyncedRecords):
    """The store's operations; a subclass supplies ``transaction()`` and may override ``notify``."""

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

    # ---- accounts and sessions ----------------------------------------------------------------

    async def create_account(self, account: Account, key: str) -> bool:
        async with self.transaction() as tx:
            return await tx.run("INSERT INTO accounts (id, name, name_key, password_hash, created) "
                                "VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                                (account.id, account.name, key, account.password_hash, time.time())) == 1

    async def account_by_key(self, key: str) -> Account | None:
        async with self.reading() as tx:
            rows = await tx.rows("SELECT id, name, password_hash FROM accounts WHERE name_key = ?", (key,))
        return Account(*rows[0]) if rows else None

    async def account_names(self, ids: Sequence[str]) -> dict[str, str]:
        marks = ", ".join("?" for _ in ids)
        async with self.reading() as tx:
            rows = await tx.rows(f"SELECT id, name FROM accounts WHERE id IN ({marks})", tuple(ids))
        return dict(rows)

    async def add_session(self, token_hash: str, account_id: str) -> None:
        async with self.transaction() as tx:
            await tx.run("INSERT INTO sessions (token_hash, account_id, created) VALUES (?, ?, ?)",
                         (token_hash, account_id, time.time()))

    async def session_account(self, token_hash: str, signed_in_after: float) -> Account | None:
        """The account of a session begun after ``signed_in_after`` (older ones have expired)."""
        async with self.reading() as tx:
            rows = await tx.rows("SELECT a.id, a.name FROM sessions s JOIN accounts a ON a.id = s.account_id "
                                 "WHERE s.token_hash = ? AND s.created > ?", (token_hash, signed_in_after))
        return Account(*rows[0]) if rows else None

    async def drop_session(self, token_hash: str) -> None:
        async with self.transaction() as tx:
            await tx.run("DELETE FROM sessions WHERE token_hash = ?", (token_hash,))

    # ---- tables -------------------------------------------------------------------------------

    async def insert_table(self, record: TableRecord) -> None:
        async with self.transaction() as tx:
            await tx.run(f"INSERT INTO game_tables ({TABLE_COLUMNS}) VALUES "
                         "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", self._table_values(record))
            await self._write_members(tx, record)

    @staticmethod
    def _table_values(record: TableRecord) -> tuple:
        return (record.id, record.game, record.creator, seats_text(record.seats), json.dumps(record.options),
                record.seed, record.clock_kind, record.clock_seconds, record.visibility, int(record.ranked),
                record.invite, record.status, record.version, record.current_seat, _computer_on_turn(record),
                record.deadline, record.updated, json.dumps(record.result) if record.result else None, record.created)

    async def _write_members(self, tx: Tx, record: TableRecord) -> None:
        await tx.run("DELETE FROM members WHERE table_id = ?", (record.id,))
        for index, seat in enumerate(record.seats):
            if seat.account is not None:
                await tx.run("INSERT INTO members (table_id, account_id, seat) VALUES (?, ?, ?)",
                             (record.id, seat.account, index))

    async def table(self, table_id: str) -> TableRecord | None:
        async with self.reading() as tx:
            rows = await tx.rows(TABLE_SQL, (table_id,))
        return _table(rows[0]) if rows else None

    async def table_by_invite(self, code: str) -> TableRecord | None:
        async with self.reading() as tx:
            rows = await tx.rows(f"SELECT {TABLE_COLUMNS} FROM game_tables WHERE invite = ?", (code,))
        return _table(rows[0]) if rows else None

    async def open_tables(self, game: str | None, limit: int = 100) -> list[TableRecord]:
        where = "status = 'open' AND visibility = 'public'" + (" AND game = ?" if game else "")
        async with self.reading() as tx:
            rows = await tx.rows(f"SELECT {TABLE_COLUMNS} FROM game_tables WHERE {where} ORDER BY created LIMIT ?",
                                 ((game,) if game else ()) + (limit,))
        return [_table(row) for row in rows]

    async def tables_of(self, account_id: str) -> list[TableRecord]:
        """The tables the account sits at that are not over (open or playing)."""
        async with self.reading() as tx:
            rows = await tx.rows(f"SELECT {', '.join('t.' + c for c in TABLE_COLUMNS.split(', '))} FROM game_tables t "
                                 "JOIN members m ON m.table_id = t.id WHERE m.account_id = ? AND t.status != 'over' "
                                 "ORDER BY t.created", (account_id,))
        return [_table(row) for row in rows]

    async def replace_table(self, old: TableRecord, new: TableRecord) -> bool:
        """Write ``new`` where the stored table still equals ``old`` in seats, status and version."""
        async with self.transaction() as tx:
            changed = await tx.run(
                "UPDATE game_tables SET seats = ?, status = ?, current_seat = ?, computer_on_turn = ?, deadline = ?, "
                "updated = ?, result = ? WHERE id = ? AND seats = ? AND status = ? AND version = ?",
                (seats_text(new.seats), new.status, new.current_seat, _computer_on_turn(new), new.deadline,
                 new.updated, json.dumps(new.result) if new.result else None, old.id, seats_text(old.seats),
                 old.status, old.version))
            if changed == 1:
                await self._write_members(tx, new)
                await self.notify_in(tx, table_notice(new.id, new.version))
            return changed == 1

    async def append_move(self, after: TableRecord, actions: list[str], seat: int, seq: int | None) -> bool:
        """Log ``actions`` as version ``after.version`` and store ``after``'s turn fields, where the
        table is still at the version before; False (nothing written) when another got there first."""
        async with self.transaction() as tx:
            changed = await tx.run(
                "UPDATE game_tables SET version = ?, status = ?, current_seat = ?, computer_on_turn = ?, "
                "deadline = ?, updated = ?, result = ? WHERE id = ? AND version = ?",
                (after.version, after.status, after.current_seat, _computer_on_turn(after), after.deadline,
                 after.updated, json.dumps(after.result) if after.result else None, after.id, after.version - 1))
            if changed != 1:
                return False
            await tx.run("INSERT INTO moves (table_id, version, seat, actions, seq, at) VALUES (?, ?, ?, ?, ?, ?)",
                         (after.id, after.version, seat, json.dumps(actions), seq, after.updated))
            await self.notify_in(tx, move_notice(after, actions, seat, seq))
            return True

    async def moves_since(self, table_id: str, version: int) -> list[MoveRow]:
        async with self.reading() as tx:
            rows = await tx.rows(MOVES_SINCE_SQL, (table_id, version))
        return [_move(row) for row in rows]

    async def changes_since(self, table_id: str, version: int, seat_seq: tuple[int, int] | None = None) -> Changes:
        """The moves after ``version`` and the table row (and, for ``seat_seq`` = (seat, seq),
        that seq's facts), in one go: a move costs one read and one write."""
        queries = [(MOVES_SINCE_SQL, (table_id, version)), (TABLE_SQL, (table_id,))]
        if seat_seq is not None:
            seat, seq = seat_seq
            queries.append((SEQ_FACTS_SQL, (seq, table_id, seat)))
        results = await self.read_many(queries)
        moves, tables = [_move(row) for row in results[0]], results[1]
        done, last = _seq_facts(results[2]) if seat_seq is not None else (None, 0)
        return Changes(moves, _table(tables[0]) if tables else None, done, last)

    async def last_seq(self, table_id: str, seat: int) -> int:
        async with self.reading() as tx:
            rows = await tx.rows("SELECT MAX(seq) FROM moves WHERE table_id = ? AND seat = ?", (table_id, seat))
        return int(rows[0][0]) if rows and rows[0][0] is not None else 0

    async def versions(self, table_ids: Sequence[str]) -> dict[str, int]:
        if not table_ids:
            return {}
        marks = ", ".join("?" for _ in table_ids)
        async with self.reading() as tx:
            rows = await tx.rows(f"SELECT id, version FROM game_tables WHERE id IN ({marks})", tuple(table_ids))
        return {row[0]: int(row[1]) for row in rows}

    async def tables_needing_the_server(self, now: float, stalled_before: float) -> list[str]:
        """Tables playing whose turn clock ran out, or whose computer seat has waited too long
        (the process thinking for it may have died)."""
        async with self.reading() as tx:
            rows = await tx.rows("SELECT id FROM game_tables WHERE status = 'playing' AND ((deadline IS NOT NULL "
                                 "AND deadline < ?) OR (computer_on_turn = 1 AND updated < ?))", (now, stalled_before))
        return [row[0] for row in rows]

    # ---- ratings, profiles, the matchmaking queue ---------------------------------------------

    async def rating(self, account_id: str, game: str) -> tuple[float, float, int] | None:
        async with self.reading() as tx:
            rows = await tx.rows("SELECT mu, sigma, games FROM ratings WHERE account_id = ? AND game = ?",
                                 (account_id, game))
        return (float(rows[0][0]), float(rows[0][1]), int(rows[0][2])) if rows else None

    async def put_ratings(self, table_id: str, game: str, ratings: dict[str, tuple[float, float, int]]) -> bool:
        """Move the ratings for the ranked game ``table_id``, once: False if it was rated already."""
        async with self.transaction() as tx:
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
        async with self.reading() as tx:
            rows = await tx.rows("SELECT id FROM game_tables WHERE ranked = 1 AND status = ? AND updated > ? AND updated < ? "
                                 "AND id NOT IN (SELECT table_id FROM rated_tables)", (OVER, ended_after, ended_before))
        return [row[0] for row in rows]

    async def leaderboard(self, game: str, limit: int) -> list[tuple[str, float, float, int]]:
        async with self.reading() as tx:
            rows = await tx.rows("SELECT a.name, r.mu, r.sigma, r.games FROM ratings r JOIN accounts a "
                                 "ON a.id = r.account_id WHERE r.game = ? ORDER BY r.mu - 3 * r.sigma DESC, a.name "
                                 "LIMIT ?", (game, limit))
        return [(name, float(mu), float(sigma), int(games)) for name, mu, sigma, games in rows]

    async def profile(self, account_id: str) -> tuple[int, dict[str, Any]]:
        async with self.reading() as tx:
            rows = await tx.rows("SELECT version, document FROM profiles WHERE account_id = ?", (account_id,))
        return (int(rows[0][0]), json.loads(rows[0][1])) if rows else (0, {})

    async def put_profile(self, account_id: str, base_version: int, document: dict[str, Any]) -> bool:
        """Store ``document`` as version ``base_version + 1`` where the stored one is ``base_version``."""
        text = json.dumps(document)
        async with self.transaction() as tx:
            if base_version == 0:
                return await tx.run("INSERT INTO profiles (account_id, version, document) VALUES (?, 1, ?) "
                                    "ON CONFLICT DO NOTHING", (account_id, text)) == 1
            return await tx.run("UPDATE profiles SET version = ?, document = ? WHERE account_id = ? AND version = ?",
                                (base_version + 1, text, account_id, base_version)) == 1

    async def enqueue(self, account_id: str, game: str, rating: float, now: float) -> None:
        async with self.transaction() as tx:
            await tx.run("INSERT INTO queue (account_id, game, rating, since) VALUES (?, ?, ?, ?) "
                         "ON CONFLICT (account_id, game) DO UPDATE SET rating = excluded.rating",
                         (account_id, game, rating, now))

    async def dequeue(self, account_id: str, game: str) -> bool:
        async with self.transaction() as tx:
            return await tx.run("DELETE FROM queue WHERE account_id = ? AND game = ?", (account_id, game)) == 1

    async def leave_queues(self, account_id: str) -> None:
        async with self.transaction() as tx:
            await tx.run("DELETE FROM queue WHERE account_id = ?", (account_id,))

    async def waiting(self, game: str) -> list[tuple[str, float, float]]:
        async with self.reading() as tx:
            rows = await tx.rows("SELECT account_id, rating, since FROM queue WHERE game = ? ORDER BY since", (game,))
        return [(a, float(r), float(s)) for a, r, s in rows]

    async def take_pair(self, game: str, first: str, second: str) -> bool:
        """Remove both from the queue, or neither (another process may have matched one)."""
        try:
            async with self.transaction() as tx:
                if await tx.run("DELETE FROM queue WHERE game = ? AND account_id IN (?, ?)", (game, first, second)) != 2:
                    raise Rollback
        except Rollback:
            return False
        return True
