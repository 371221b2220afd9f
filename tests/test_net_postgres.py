"""Several server processes sharing one PostgreSQL database: clients on different processes play
together (a move through one reaches players on the other), and when one process is killed
mid-game its clients reconnect to the other and finish, with no move lost."""

import asyncio
import random
import re
import signal
import subprocess
import sys
import time

import pytest

from net_support import move_on, received_messages, replayed_log, running_server, signed_in, started_table
from pg_cluster import Cluster
from rummi_desktop.net import notices
from rummi_desktop.net.bots import BotTally, play_seat
from rummi_desktop.net.client import GameClient, ServerError
from rummi_desktop.net.live import fresh_state
from rummi_desktop.net.server import GameServer
from rummi_desktop.net.store_postgres import PostgresStore, PostgresTables


@pytest.fixture(scope="module")
def cluster():
    running = Cluster().start()
    yield running
    running.stop()


def start_server(database):
    process = subprocess.Popen([sys.executable, "-m", "rummi_desktop", "serve", "--port", "0", "--database", database],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline()
    found = re.search(r"ws://127\.0\.0\.1:(\d+)", line)
    assert found, f"the server did not start: {line!r}"
    return process, f"ws://127.0.0.1:{found.group(1)}"


@pytest.fixture
def two_servers(cluster):
    servers = [start_server(cluster.url) for _ in range(2)]
    yield servers
    for process, _ in servers:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()


async def stored(url, table_id):
    store = await PostgresStore(url).open()
    try:
        return await store.tables.get(table_id), await store.tables.moves_since(table_id, 0)
    finally:
        await store.close()


async def play_through_failover(client, table, backup_url, tally, seed):
    """Play the seat to the end; when its server dies, reconnect to the other one and go on."""
    while True:
        try:
            return await play_seat(client, table, seed=seed, tally=tally)
        except ConnectionError:
            client.url = backup_url
            await client.reconnect()


def test_clients_on_two_processes_play_and_survive_one_being_killed(cluster, two_servers):
    (first, first_url), (second, second_url) = two_servers

    async def play():
        alice = await signed_in(first_url, "alice")  # on the first process
        bob = await signed_in(second_url, "bob")  # on the second
        table = (await alice.create_table("tumblewords", ["human", "human"]))["table"]
        await bob.join_table(table)
        await alice.subscribe(table), await bob.subscribe(table)
        tallies = BotTally(), BotTally()

        async def kill_first_mid_game():
            await bob.wait_game(table, after=9, timeout=60)  # bob's view of moves made through either process
            first.send_signal(signal.SIGKILL)

        killer = asyncio.create_task(kill_first_mid_game())
        endings = await asyncio.gather(play_through_failover(alice, table, second_url, tallies[0], 1),
                                       play_through_failover(bob, table, second_url, tallies[1], 2))
        await killer
        await alice.close(), await bob.close()
        return table, endings, tallies, alice

    table, endings, tallies, alice = asyncio.run(play())
    assert first.wait(10) == -signal.SIGKILL and alice.url == second_url  # alice did move over
    record, moves = asyncio.run(stored(cluster.url, table))
    assert record.status == "over" == endings[0]["status"] == endings[1]["status"]
    assert [move.version for move in moves] == list(range(1, record.version + 1))
    acked = {version for tally in tallies for (_, version) in tally.sent_at}
    assert acked <= {move.version for move in moves}  # every acknowledged move is in the log
    assert {move.seat for move in moves if move.version in acked} == {0, 1}
    state = fresh_state(record)
    for move in moves:
        for action in move.actions:
            state.perform(action)
    assert state.is_terminal and record.result["winners"] == list(state.winners())


def test_a_person_on_one_process_is_seen_online_and_then_away_from_the_other(cluster, two_servers):
    (_, first_url), (_, second_url) = two_servers

    async def presence_of_bob(alice, online):
        while True:
            message = await alice.wait_pushed("presence", timeout=30)
            if message["seats"][1]["online"] == online:
                return message["seats"][1]

    async def play():
        alice = await signed_in(first_url, "presence_ann")  # on the first process
        bob = await signed_in(second_url, "presence_ben")  # on the second
        table = (await alice.create_table("rummi", ["human", "human"]))["table"]
        await bob.join_table(table)
        await alice.subscribe(table)
        await bob.subscribe(table)
        here = await presence_of_bob(alice, True)
        await bob.close()
        gone = await presence_of_bob(alice, False)
        await alice.close()
        return here, gone

    here, gone = asyncio.run(play())
    assert here == {"online": True, "away_since": None}
    assert gone["online"] is False and abs(gone["away_since"] - time.time()) < 60


# ---- a move's notice, applied without a fetch; a gap, re-fetched -------------------------------

class CountingTables(PostgresTables):
    """Counts the re-fetches by version (a move's reads go through ``changes_since`` too)."""

    fetches = 0

    async def changes_since(self, table_id, version, seat_seq=None):
        if seat_seq is None:
            self.fetches += 1
        return await super().changes_since(table_id, version, seat_seq)


async def server_on(url, dropped_versions=()):
    """A GameServer as a ``serve`` process runs it; notices of ``dropped_versions`` never reach it."""
    store = await PostgresStore(url).open()
    store.tables = CountingTables(store)
    server = GameServer(store, shared=True)
    hear = server.dispatch.take

    async def lossy_notice(payload):
        notice = notices.parse(payload)
        if notice is None or notice.version not in dropped_versions:
            await hear(payload)

    server.dispatch.take = lossy_notice  # before start: the listener calls it
    await server.start()
    server._chores.cancel()  # no version re-checks every 3 s: only notices move this process's games
    return server


async def reaches(server, table_id, version):
    for _ in range(2000):  # up to 20 s: after a PostgreSQL restart the pool reconnects first
        if server.live.games[table_id].record.version >= version:
            return server.live.games[table_id]
        await asyncio.sleep(0.01)
    raise AssertionError(f"the other process never reached version {version}")


def test_a_moves_notice_is_applied_by_the_other_process_without_a_fetch(cluster):
    async def play():
        mover, other = await server_on(cluster.url), await server_on(cluster.url)
        try:
            table_id = await started_table(mover.store)
            await mover.live.get(table_id), await other.live.get(table_id)
            fetches = other.store.tables.fetches
            rng = random.Random(3)
            for _ in range(4):
                version = await move_on(mover, table_id, rng)
                held = await reaches(other, table_id, version)
            assert other.store.tables.fetches == fetches  # every move came whole in its notice
            record, log = await replayed_log(other.store, table_id)
            assert held.state.log == log  # each move applied once, in order
            assert held.record == record  # the turn fields as stored (the live clock's deadline too)
            await other.dispatch.recheck_all()
            assert held.state.log == log and other.store.tables.fetches == fetches
        finally:
            await mover.stop(), await other.stop()

    asyncio.run(play())


def test_a_lost_notice_leaves_a_gap_that_is_re_fetched_by_version(cluster):
    async def play():
        mover = await server_on(cluster.url)
        other = await server_on(cluster.url, dropped_versions={2})
        try:
            table_id = await started_table(mover.store)
            await mover.live.get(table_id), await other.live.get(table_id)
            rng = random.Random(4)
            await reaches(other, table_id, await move_on(mover, table_id, rng))
            fetches = other.store.tables.fetches
            assert await move_on(mover, table_id, rng) == 2  # its notice is lost on the way to the other
            held = await reaches(other, table_id, await move_on(mover, table_id, rng))
            assert other.store.tables.fetches == fetches + 1  # version 3's notice showed the gap: fetched 2 and 3
            record, log = await replayed_log(other.store, table_id)
            assert held.record.version == record.version == 3
            assert held.state.log == log and held.record == record
        finally:
            await mover.stop(), await other.stop()

    asyncio.run(play())


def test_a_sign_out_on_one_process_signs_the_session_out_on_the_other(cluster):
    """Alice's session on both processes; she signs out on the first: her socket on the second,
    on the same token, is told ``signed_out`` and is signed out (an ``o`` notice), and a socket of
    hers on a session of its own stays signed in."""
    async def play():
        async with running_server(cluster.url) as first, running_server(cluster.url) as second:
            alice = await signed_in(first, "ann_out")
            twin = await GameClient.connect(second)
            await twin.resume(alice.token)  # the same session on the other process
            own = await signed_in(second, "ann_out", register=False)  # a session of its own
            await alice.request("sign_out")
            told, refused = await twin.wait_pushed("signed_out", timeout=15), None
            try:
                await twin.my_tables()
            except ServerError as error:
                refused = error.code
            kept = await own.my_tables()
            for client in (alice, twin, own):
                await client.close()
            return told, refused, kept

    told, refused, kept = asyncio.run(play())
    assert told["reason"] and refused == "not_signed_in" and kept == []


def test_a_pair_matched_on_one_process_is_told_once(cluster):
    """Both players on the process that pairs them: ``matched`` comes once to each (before, the
    process pushed it and then pushed it again off its own ``a`` notice)."""
    async def play():
        async with running_server(cluster.url) as first, running_server(cluster.url):
            alice, bob = await signed_in(first, "ann_pair"), await signed_in(first, "ben_pair")
            await alice.matchmake("tumblewords"), await bob.matchmake("tumblewords")
            tables = [(await client.wait_pushed("matched", 15))["table"]["table"] for client in (alice, bob)]
            await asyncio.sleep(1.0)  # a second copy, notice-borne, would be in by now
            counts = [[m["type"] for m in received_messages(client)].count("matched") for client in (alice, bob)]
            for client in (alice, bob):
                await client.close()
            return tables, counts

    tables, counts = asyncio.run(play())
    assert tables[0] == tables[1] and counts == [1, 1]
