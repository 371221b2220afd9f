"""The PostgreSQL store under stress: two games of one player rated at once on two connections,
and the store (and the notices between two processes) coming back after PostgreSQL drops
every connection."""

import asyncio
import random

import pytest

from net_support import move_on, rate_two_games_at_once, replayed_log, started_table
from pg_cluster import Cluster
from test_net_postgres import CountingTables, reaches
from rummi_desktop.net.accounts import new_id
from rummi_desktop.net.server import GameServer
from rummi_desktop.net.store_accounts import Account
from rummi_desktop.net.store_postgres import PostgresStore


@pytest.fixture(scope="module")
def cluster():
    running = Cluster().start()
    yield running
    running.stop()


def test_two_games_of_one_player_rated_at_once_both_count_on_postgres(cluster):
    async def open_store():
        store = await PostgresStore(cluster.url).open()
        await store.setup()
        return store

    asyncio.run(_closed(open_store()))  # the schema, before the two race to it
    alice, orders = rate_two_games_at_once(open_store)
    assert alice is not None and alice[2] == 3  # three rated games, neither of the two lost
    assert any(alice == pytest.approx(order) for order in orders)


async def _closed(opening):
    await (await opening).close()


# ---- PostgreSQL restarted mid-session ------------------------------------------------------------

async def server_on(url):
    """A GameServer as a ``serve`` process runs it; ``listening_again`` is set when its listener
    came back after losing the database (and has caught the games up)."""
    store = await PostgresStore(url).open()
    store.tables = CountingTables(store)
    server = GameServer(store, shared=True)
    server.listening_again = asyncio.Event()
    catch_up = server.dispatch.recheck_all

    async def caught_up():
        await catch_up()
        server.listening_again.set()

    server.dispatch.recheck_all = caught_up  # before start: the listener calls it
    await server.start()
    server._chores.cancel()  # no version re-checks every 3 s: only notices (and reconnects) move games
    return server


async def until_it_works(work, give_up=60.0):
    """``work()``'s answer once the database answers again (each failure is what a client hears:
    an error reply); gives up after ``give_up`` seconds."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    while True:
        try:
            return await work(), loop.time() - started
        except Exception:  # noqa: BLE001 - the database away: a refused move or a failed read
            if loop.time() - started > give_up:
                raise
            await asyncio.sleep(0.2)


def test_moves_registrations_and_notices_work_again_after_postgresql_restarts(cluster):
    async def play():
        mover, other = await server_on(cluster.url), await server_on(cluster.url)
        try:
            table_id = await started_table(mover.store)
            await mover.live.get(table_id), await other.live.get(table_id)
            rng = random.Random(8)
            await reaches(other, table_id, await move_on(mover, table_id, rng))
            await asyncio.to_thread(cluster.restart)
            version, moved_after = await until_it_works(lambda: move_on(mover, table_id, rng))
            created, _ = await until_it_works(lambda: mover.store.accounts.create(
                Account(new_id(), "after-restart", "x"), "after-restart"))
            assert version == 2 and created
            await asyncio.wait_for(other.listening_again.wait(), 60)
            await reaches(other, table_id, version)  # by its notice, or the listener's catch-up
            fetches = other.store.tables.fetches
            for _ in range(2):
                held = await reaches(other, table_id, await move_on(mover, table_id, rng))
            assert other.store.tables.fetches == fetches  # the moves came whole in their notices again
            record, log = await replayed_log(other.store, table_id)
            assert held.state.log == log and held.record.version == record.version == 4
            return moved_after
        finally:
            await mover.stop(), await other.stop()

    print(f"a move was stored again {asyncio.run(play()):.1f} s after PostgreSQL restarted")
