"""The store's game tables: each table's row (seats, status, turn, clock), its members, and its
move log with a version.

:meth:`GameTables.append_move` writes version ``v + 1`` only where the table is still at ``v``
(a compare-and-set in one transaction), so two processes can never both apply a move at the
same version.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Sequence

from rummi_desktop.net.notices import move_notice, table_notice
from rummi_desktop.net.records import PLAYING, TableRecord, seats_from_text, seats_text
from rummi_desktop.net.store_sql import Database, Tx, marks

TABLE_SCHEMA = (
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
)

TABLE_COLUMNS = ("id, game, creator, seats, options, seed, clock_kind, clock_seconds, visibility, ranked, invite, "
                 "status, version, current_seat, computer_on_turn, deadline, updated, result, created")
TABLE_SQL = f"SELECT {TABLE_COLUMNS} FROM game_tables WHERE id = ?"
MOVES_SINCE_SQL = "SELECT version, seat, actions, seq FROM moves WHERE table_id = ? AND version > ? ORDER BY version"
SEQ_FACTS_SQL = ("SELECT MAX(CASE WHEN seq = ? THEN version END), MAX(seq) FROM moves "
                 "WHERE table_id = ? AND seat = ?")


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


def _table_values(record: TableRecord) -> tuple:
    return (record.id, record.game, record.creator, seats_text(record.seats), json.dumps(record.options),
            record.seed, record.clock_kind, record.clock_seconds, record.visibility, int(record.ranked),
            record.invite, record.status, record.version, record.current_seat, computer_on_turn(record),
            record.deadline, record.updated, json.dumps(record.result) if record.result else None, record.created)


def computer_on_turn(record: TableRecord) -> int:
    """1 while a computer seat is on turn (the chores look for those that wait too long)."""
    return int(record.status == PLAYING and record.seats[record.current_seat].label != "human")


class GameTables:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def insert(self, record: TableRecord) -> None:
        async with self.db.transaction() as tx:
            await tx.run(f"INSERT INTO game_tables ({TABLE_COLUMNS}) VALUES "
                         "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", _table_values(record))
            await self._write_members(tx, record)

    async def _write_members(self, tx: Tx, record: TableRecord) -> None:
        await tx.run("DELETE FROM members WHERE table_id = ?", (record.id,))
        for index, seat in enumerate(record.seats):
            if seat.account is not None:
                await tx.run("INSERT INTO members (table_id, account_id, seat) VALUES (?, ?, ?)",
                             (record.id, seat.account, index))

    async def get(self, table_id: str) -> TableRecord | None:
        async with self.db.reading() as tx:
            rows = await tx.rows(TABLE_SQL, (table_id,))
        return _table(rows[0]) if rows else None

    async def by_invite(self, code: str) -> TableRecord | None:
        async with self.db.reading() as tx:
            rows = await tx.rows(f"SELECT {TABLE_COLUMNS} FROM game_tables WHERE invite = ?", (code,))
        return _table(rows[0]) if rows else None

    async def open_tables(self, game: str | None, limit: int = 100, status: str = "open") -> list[TableRecord]:
        """Public tables waiting for players (of ``game``, or of every game), oldest first; with
        ``status`` "playing", the public tables in play (those a spectator may watch)."""
        where = "status = ? AND visibility = 'public'" + (" AND game = ?" if game else "")
        async with self.db.reading() as tx:
            rows = await tx.rows(f"SELECT {TABLE_COLUMNS} FROM game_tables WHERE {where} ORDER BY created LIMIT ?",
                                 (status,) + ((game,) if game else ()) + (limit,))
        return [_table(row) for row in rows]

    async def of_account(self, account_id: str) -> list[TableRecord]:
        """The tables the account sits at that are not over (open or playing)."""
        async with self.db.reading() as tx:
            rows = await tx.rows(f"SELECT {', '.join('t.' + c for c in TABLE_COLUMNS.split(', '))} FROM game_tables t "
                                 "JOIN members m ON m.table_id = t.id WHERE m.account_id = ? AND t.status != 'over' "
                                 "ORDER BY t.created", (account_id,))
        return [_table(row) for row in rows]

    async def replace(self, old: TableRecord, new: TableRecord) -> bool:
        """Write ``new`` where the stored table still equals ``old`` in seats, status and version."""
        async with self.db.transaction() as tx:
            changed = await tx.run(
                "UPDATE game_tables SET seats = ?, status = ?, current_seat = ?, computer_on_turn = ?, deadline = ?, "
                "updated = ?, result = ? WHERE id = ? AND seats = ? AND status = ? AND version = ?",
                (seats_text(new.seats), new.status, new.current_seat, computer_on_turn(new), new.deadline,
                 new.updated, json.dumps(new.result) if new.result else None, old.id, seats_text(old.seats),
                 old.status, old.version))
            if changed == 1:
                await self._write_members(tx, new)
                await self.db.notify_in(tx, table_notice(new.id, new.version))
            return changed == 1

    async def append_move(self, after: TableRecord, actions: list[str], seat: int, seq: int | None) -> bool:
        """Log ``actions`` as version ``after.version`` and store ``after``'s turn fields, where the
        table is still at the version before; False (nothing written) when another got there first."""
        async with self.db.transaction() as tx:
            changed = await tx.run(
                "UPDATE game_tables SET version = ?, status = ?, current_seat = ?, computer_on_turn = ?, "
                "deadline = ?, updated = ?, result = ? WHERE id = ? AND version = ?",
                (after.version, after.status, after.current_seat, computer_on_turn(after), after.deadline,
                 after.updated, json.dumps(after.result) if after.result else None, after.id, after.version - 1))
            if changed != 1:
                return False
            await tx.run("INSERT INTO moves (table_id, version, seat, actions, seq, at) VALUES (?, ?, ?, ?, ?, ?)",
                         (after.id, after.version, seat, json.dumps(actions), seq, after.updated))
            await self.db.notify_in(tx, move_notice(after, actions, seat, seq))
            return True

    async def moves_since(self, table_id: str, version: int) -> list[MoveRow]:
        async with self.db.reading() as tx:
            rows = await tx.rows(MOVES_SINCE_SQL, (table_id, version))
        return [_move(row) for row in rows]

    async def changes_since(self, table_id: str, version: int, seat_seq: tuple[int, int] | None = None) -> Changes:
        """The moves after ``version`` and the table row (and, for ``seat_seq`` = (seat, seq),
        that seq's facts), in one go: a move costs one read and one write."""
        queries = [(MOVES_SINCE_SQL, (table_id, version)), (TABLE_SQL, (table_id,))]
        if seat_seq is not None:
            seat, seq = seat_seq
            queries.append((SEQ_FACTS_SQL, (seq, table_id, seat)))
        results = await self.db.read_many(queries)
        moves, tables = [_move(row) for row in results[0]], results[1]
        done, last = _seq_facts(results[2]) if seat_seq is not None else (None, 0)
        return Changes(moves, _table(tables[0]) if tables else None, done, last)

    async def last_seq(self, table_id: str, seat: int) -> int:
        async with self.db.reading() as tx:
            rows = await tx.rows("SELECT MAX(seq) FROM moves WHERE table_id = ? AND seat = ?", (table_id, seat))
        return int(rows[0][0]) if rows and rows[0][0] is not None else 0

    async def versions(self, table_ids: Sequence[str]) -> dict[str, int]:
        if not table_ids:
            return {}
        async with self.db.reading() as tx:
            rows = await tx.rows(f"SELECT id, version FROM game_tables WHERE id IN ({marks(table_ids)})",
                                 tuple(table_ids))
        return {row[0]: int(row[1]) for row in rows}

    async def needing_the_server(self, now: float, stalled_before: float) -> list[str]:
        """Tables playing whose turn clock ran out, or whose computer seat has waited too long
        (the process thinking for it may have died)."""
        async with self.db.reading() as tx:
            rows = await tx.rows("SELECT id FROM game_tables WHERE status = 'playing' AND ((deadline IS NOT NULL "
                                 "AND deadline < ?) OR (computer_on_turn = 1 AND updated < ?))", (now, stalled_before))
        return [row[0] for row in rows]
