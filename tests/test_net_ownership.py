"""Server processes sharing PostgreSQL split the games between them instead of each applying
every move: a process holds only the games its connections watch (a move's notice for any other
costs it no fetch, and a watcher arriving catches the game up by version), a computer seat's
turn is played by the process that stored the move before it, and a clock that ran out by the
table's one owner (:mod:`rummi_desktop.net.ownership`)."""

import asyncio
import random
import time

import pytest

from pg_cluster import Cluster
from rummi_desktop.net import lobby
from rummi_desktop.net.accounts import new_id, new_invite_code
from rummi_desktop.net.connection import Connection
from rummi_desktop.net.live import fresh_state
from rummi_desktop.net.ownership import owner
from rummi_desktop.net.records import Seat, TableRecord
from rummi_desktop.net.server import GameServer
from rummi_desktop.net.store_postgres import PostgresStore
from test_net_postgres import CountingTables, move_on, reaches, replayed_log, server_on


@pytest.fixture(scope="module")
def cluster():
    running = Cluster().start()
    yield running
    running.stop()


async def stored_table(server, labels=("human", "human"), clock_ran_out=False):
    """A started tumblewords table of ``labels`` (a person's seat is Ann's or Bob's), its live
    clock run out already when ``clock_ran_out``."""
    now = time.time()
    people = iter((("ann-id", "Ann"), ("bob-id", "Bob")))
    seats = tuple(Seat(label, *next(people)) if label == "human" else Seat(label) for label in labels)
    record = TableRecord(new_id(), "tumblewords", "ann-id", seats, {}, random.randrange(2**31), clock_kind="live",
                         clock_seconds=600.0, invite=new_invite_code(), updated=now, created=now)
    record = lobby.started(record, fresh_state(record), now)
    if clock_ran_out:
        record = record.with_(deadline=now - 1.0)
    await server.store.tables.insert(record)
    return record.id


def served_by(server):
    """The tables ``server`` is asked to play a server turn of, in order."""
    asked = []
    serve = server.serve_turn_soon

    def recording(table_id):
        asked.append(table_id)
        serve(table_id)

    server.serve_turn_soon = recording
    return asked


async def version_reaches(store, table_id, version):
    for _ in range(1000):
        if (await store.tables.get(table_id)).version >= version:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"table {table_id} never reached version {version}")


class Forfeiting:
    """A computer seat that always gives up its turn: no thinking process in these tests."""

    async def choose(self, game, state, tier):
        return ""

    def close(self):
        pass


def test_every_process_finds_the_same_owner_and_the_tables_spread_over_them():
    processes = ["p1", "p2", "p3", "p4"]
    tables = [f"table{number}" for number in range(800)]
    owners = {table: owner(table, processes) for table in tables}
    assert all(owner(table, reversed(processes)) == owners[table] for table in tables)  # order is no matter
    shares = [sum(1 for who in owners.values() if who == process) for process in processes]
    assert min(shares) > 800 / 4 * 0.75, shares
    gone = [process for process in processes if process != "p2"]  # p2 stops: only its tables move
    assert all(owner(table, gone) == owners[table] for table in tables if owners[table] != "p2")


def test_a_process_with_no_watcher_of_a_game_skips_its_moves_and_catches_up_when_one_arrives(cluster):
    async def play():
        mover, other = await server_on(cluster.url), await server_on(cluster.url)
        try:
            table_id = await stored_table(mover)
            await mover.live.get(table_id)
            rng = random.Random(5)
            for _ in range(3):
                version = await move_on(mover, table_id, rng)
            await asyncio.sleep(0.3)  # time for the three notices to reach the other process
            skipped = (table_id not in other.live.games, other.store.tables.fetches)
            held = await other.live.get(table_id)  # what a watcher subscribing there does
            record, log = await replayed_log(other.store, table_id)
            await other._sweep_turns(time.time())  # held, but watched by nobody there: let go
            return skipped, held, record, log, version, table_id in other.live.games
        finally:
            await mover.stop(), await other.stop()

    (not_held, fetches), held, record, log, version, still_held = asyncio.run(play())
    assert not_held and fetches == 0  # no move of the game was applied or fetched
    assert held.record == record and record.version == version == 3 and held.state.log == log
    assert not still_held


class Quiet:
    """A socket nothing is sent on: a watcher with no account is pushed nothing."""

    async def send(self, text):
        pass


def watching(server, table_id):
    """A connection of ``server`` watching the table, as a subscribed client's would."""
    connection = Connection(Quiet())
    server.watch(connection, table_id)
    return connection


def test_a_computer_seats_turn_is_played_by_the_process_that_stored_the_move_before_it(cluster):
    async def play():
        mover, other = await server_on(cluster.url), await server_on(cluster.url)
        mover.computer = other.computer = Forfeiting()
        asked_mover, asked_other = served_by(mover), served_by(other)
        try:
            table_id = await stored_table(mover, ("human", "easy"))
            watching(mover, table_id), watching(other, table_id)
            await mover.live.get(table_id), await other.live.get(table_id)
            rng = random.Random(6)
            for _ in range(3):
                live = mover.live.games[table_id]
                if live.state.current == 1:  # the computer opens: the process starting a table serves it
                    mover.serve_turn_soon(table_id)
                else:
                    await move_on(mover, table_id, rng)
                await reaches(mover, table_id, live.record.version + 1)  # the computer's move, stored
            record, log = await replayed_log(other.store, table_id)
            held = await reaches(other, table_id, record.version)
            moves = await other.store.tables.moves_since(table_id, 0)
            return asked_mover, asked_other, record, log, held, moves
        finally:
            await mover.stop(), await other.stop()

    asked_mover, asked_other, record, log, held, moves = asyncio.run(play())
    assert asked_other == []  # the other process applied the computer's moves, never made one
    assert asked_mover and {move.seat for move in moves} == {0, 1}
    assert held.state.log == log and held.record == record


def test_a_clock_that_ran_out_is_forfeited_by_the_tables_owner_alone(cluster):
    async def play():
        first, second = await server_on(cluster.url), await server_on(cluster.url)
        now = time.time()
        first.presence.heard_from(second.presence.process, now)
        second.presence.heard_from(first.presence.process, now)
        asked = served_by(first), served_by(second)
        try:
            tables = [await stored_table(first, clock_ran_out=True) for _ in range(8)]
            await first._sweep_turns(time.time())
            await second._sweep_turns(time.time())
            for table_id in tables:
                await version_reaches(first.store, table_id, 1)
            await asyncio.sleep(0.1)  # the serving tasks end and let go of the games
            held = set(first.live.games) | set(second.live.games)
            records = [await first.store.tables.get(table_id) for table_id in tables]
            return tables, asked, held, records, (first.presence.process, second.presence.process)
        finally:
            await first.stop(), await second.stop()

    tables, (by_first, by_second), held, records, names = asyncio.run(play())
    owners = {table_id: owner(table_id, names) for table_id in tables}
    assert sorted(by_first) == sorted(t for t in tables if owners[t] == names[0])
    assert sorted(by_second) == sorted(t for t in tables if owners[t] == names[1])
    assert by_first and by_second  # eight tables: both processes own some
    assert all(record.version == 1 for record in records)  # each clock forfeited once
    assert not held & set(tables)  # nobody watches them: neither process keeps them


class LateAnswers(CountingTables):
    """A store whose answer to a stored move comes well after the move's notice."""

    async def append_move(self, after, actions, seat, seq):
        stored = await super().append_move(after, actions, seat, seq)
        await asyncio.sleep(0.2)
        return stored


def test_the_notice_of_a_processs_own_move_costs_it_no_fetch_when_it_comes_first(cluster):
    async def play():
        store = await PostgresStore(cluster.url).open()
        store.tables = LateAnswers(store)
        mover = GameServer(store, shared=True)
        await mover.start()
        mover._chores.cancel()  # no version re-checks: only the notices could fetch
        try:
            table_id = await stored_table(mover)
            await mover.live.get(table_id)
            loaded = store.tables.fetches  # the game read once, as a watcher arriving reads it
            rng = random.Random(7)
            for _ in range(3):
                await move_on(mover, table_id, rng)
            await asyncio.sleep(0.2)
            return store.tables.fetches - loaded, mover.live.games[table_id].record.version
        finally:
            await mover.stop()

    fetches, version = asyncio.run(play())
    assert version == 3 and fetches == 0
