"""Several server processes sharing one PostgreSQL database: clients on different processes play
together (a move through one reaches players on the other), and when one process is killed
mid-game its clients reconnect to the other and finish, with no move lost."""

import asyncio
import re
import signal
import subprocess
import sys

import pytest

from net_support import signed_in
from pg_cluster import Cluster
from rummi_desktop.net.bots import BotTally, play_seat
from rummi_desktop.net.live import fresh_state
from rummi_desktop.net.store_postgres import PostgresStore


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
        return await store.table(table_id), await store.moves_since(table_id, 0)
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
