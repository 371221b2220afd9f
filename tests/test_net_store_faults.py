"""A move the store did not take, and a move sent after the turn's clock ran out: neither
changes the game, and what the server holds stays a replay of the store."""

import asyncio
import random

import pytest

from net_support import move_on, replayed_log, started_table
from rummi_desktop.net.protocol import ProtocolError
from rummi_desktop.net.server import GameServer
from rummi_desktop.net.store_sqlite import SqliteStore
from rummi_desktop.net.store_tables import GameTables


class FailingOnce(GameTables):
    """A store whose next commit of a move fails (as a database that went away would)."""

    fail_next = False

    async def append_move(self, after, actions, seat, seq):
        if self.fail_next:
            self.fail_next = False
            raise OSError("the database went away")
        return await super().append_move(after, actions, seat, seq)


async def server_on(path, clock=None):
    store = SqliteStore(path)
    store.tables = FailingOnce(store)
    server = GameServer(store)
    if clock is not None:
        server.live.clock = clock
    await server.start()
    server._chores.cancel()  # no sweep: only the moves under test change the game
    return server


async def refused(work) -> str:
    with pytest.raises(ProtocolError) as caught:
        await work
    return caught.value.code


def test_a_move_the_store_did_not_take_is_undone_before_the_other_seat_moves(tmp_path):
    async def play():
        server = await server_on(tmp_path / "s.db")
        try:
            table_id = await started_table(server.store)
            live = await server.live.get(table_id)
            rng = random.Random(5)
            await move_on(server, table_id, rng)
            mover = live.state.current
            server.store.tables.fail_next = True
            assert await refused(move_on(server, table_id, rng)) == "not_stored"
            # Judged against the stored game: still the mover's turn, not the other seat's.
            assert await refused(move_on(server, table_id, rng, seat=1 - mover, version=1)) == "not_your_turn"
            held = server.live.games[table_id]
            record, log = await replayed_log(server.store, table_id)
            assert held.state.log == log and held.record.version == record.version == 1
            assert held.state.current == mover
            assert await move_on(server, table_id, rng, version=1) == 2  # the move sent again is taken
            record, log = await replayed_log(server.store, table_id)
            assert server.live.games[table_id].state.log == log
        finally:
            await server.stop()

    asyncio.run(play())


def test_a_move_after_the_clock_ran_out_is_refused_and_the_turn_forfeited(tmp_path):
    now = [1000.0]

    async def play():
        server = await server_on(tmp_path / "s.db", clock=lambda: now[0])
        try:
            table_id = await started_table(server.store, clock_seconds=10.0, now=now[0])
            live = await server.live.get(table_id)
            mover = live.state.current
            now[0] += 10.5  # past the deadline; the sweep has not come round yet
            assert await refused(move_on(server, table_id, random.Random(1))) == "too_late"
            assert live.record.version == 0 and live.state.log == []
            await server._serve_one_turn(table_id)  # what the sweep does for a clock that ran out
            record, log = await replayed_log(server.store, table_id)
            assert record.version == 1 and len(log) == 1 and live.state.current != mover
            now[0] += 5.0  # the other seat's own clock is running: its move is in time
            assert await move_on(server, table_id, random.Random(2)) == 2
        finally:
            await server.stop()

    asyncio.run(play())
