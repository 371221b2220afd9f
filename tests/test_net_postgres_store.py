"""The PostgreSQL store under stress: two games of one player rated at once on two connections,
and the store (and the notices between two processes) coming back after PostgreSQL drops
every connection."""

import asyncio

import pytest

from net_support import rate_two_games_at_once
from pg_cluster import Cluster
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
