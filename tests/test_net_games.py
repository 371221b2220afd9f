"""Online play over real sockets on 127.0.0.1: whole games of every game between two clients
(and a computer seat), reconnecting mid-game, an asynchronous game across server restarts, and
what each seat was sent (its own view only, never the seed, never another seat's rack or hand
before the end, and every seat's at the end)."""

import asyncio
import random
import time

import pytest

from hidden_info import assert_all_revealed, assert_nothing_hidden
from net_support import received_messages, running_server, signed_in
from rummi_desktop.games import GAMES
from rummi_desktop.net.bots import BotTally, one_move, play_seat
from rummi_desktop.net.client import GameClient
from rummi_desktop.net.live import fresh_state
from rummi_desktop.net.store_sqlite import SqliteStore
from rummi_desktop.net.views import client_view


async def one_bot_move(alice, bob, table, game):
    """The seat on turn makes one move chosen by an easy computer tier; the newest game after."""
    mover = alice if game["current"] == game["seat"] else bob
    mine = mover.games[table]
    version = await one_move(mover, table, mine, "easy", random.Random(game["version"]), BotTally())
    return await alice.wait_game(table, after=version - 1)


async def stored_game(database, table_id):
    store = SqliteStore(database)
    record = await store.tables.get(table_id)
    moves = await store.tables.moves_since(table_id, 0)
    await store.close()
    return record, moves


def seen_at(record, state):
    """(seat on turn, each seat's view, each seat's hidden tiles) of ``state``."""
    seats = range(len(record.seats))
    return state.current, [client_view(record.game, state, s) for s in seats], GAMES[record.game].holdings(state)


async def states_by_version(database, table_id):
    """What the game showed after each version, replayed from the stored log (for the checks)."""
    record, moves = await stored_game(database, table_id)
    state = fresh_state(record)
    states = {0: seen_at(record, state)}
    for move in moves:
        for action in move.actions:
            state.perform(action)
        states[move.version] = seen_at(record, state)
    return record, moves, states


def assert_only_own_view(client, seat, record, states, moves):
    """Every game message this client got shows exactly its own seat's view at that version,
    the last move's actions in full only when they were its own (else as the game lets others
    read them), no other seat's hidden tiles before the last version and every seat's in it,
    and no text it received holds the seed or a field named seed."""
    games = [m for m in received_messages(client) if m.get("type") == "game"]
    assert games, "the client saw no game"
    assert games[-1]["version"] == record.version
    logged = {move.version: move for move in moves}
    for message in games:
        assert message["seat"] == seat
        _, views, holdings = states[message["version"]]
        if message["version"] < record.version:
            assert_nothing_hidden(message, views, holdings)
        else:
            assert message["view"] == views[seat]
            assert_all_revealed(message, holdings)
        if message["version"] in logged:
            move = logged[message["version"]]
            public = [GAMES[record.game].public_action(action) for action in move.actions]
            assert message["last"]["seat"] == move.seat
            assert message["last"]["actions"] == (move.actions if move.seat == seat else public)
    for text in client.received:
        assert str(record.seed) not in text
        assert '"seed"' not in text


@pytest.mark.parametrize("game", list(GAMES))
def test_two_clients_and_a_computer_seat_play_a_whole_game(tmp_path, game):
    database = tmp_path / "server.sqlite3"

    async def play():
        async with running_server(database) as url:
            alice, bob = await signed_in(url, "alice"), await signed_in(url, "bob")
            table = await alice.create_table(game, ["human", "human", "easy"])
            await bob.join_table(invite=table["invite"])
            endings = await asyncio.gather(play_seat(alice, table["table"]), play_seat(bob, table["table"], seed=1))
            await alice.close(), await bob.close()
            return table["table"], endings, (alice, bob)

    table_id, endings, clients = asyncio.run(play())
    record, moves, states = asyncio.run(states_by_version(database, table_id))
    assert record.status == "over" and endings[0]["status"] == endings[1]["status"] == "over"
    assert [move.version for move in moves] == list(range(1, record.version + 1))  # no gap, no repeat
    assert {move.seat for move in moves} == {0, 1, 2}  # both people and the computer seat moved
    final = fresh_state(record)
    for move in moves:
        for action in move.actions:
            final.perform(action)
    assert final.is_terminal and record.result == {"scores": list(final.scores()), "winners": list(final.winners())}
    for seat, client in enumerate(clients):
        assert_only_own_view(client, seat, record, states, moves)


def test_a_client_reconnects_mid_game_and_resumes_at_the_current_version(tmp_path):
    database = tmp_path / "server.sqlite3"

    async def play():
        async with running_server(database) as url:
            alice, bob = await signed_in(url, "alice"), await signed_in(url, "bob")
            table = (await alice.create_table("tumblewords", ["human", "human"]))["table"]
            await bob.join_table(table)
            game = await alice.subscribe(table)
            await bob.subscribe(table)
            while game["version"] < 6:  # a few turns each
                game = await one_bot_move(alice, bob, table, game)
            await alice.socket.close()  # the connection drops
            await asyncio.sleep(0.05)
            resumed = (await alice.reconnect())[table]
            assert resumed["version"] == game["version"] and resumed["view"] == game["view"]
            last = resumed["last_seq"]
            assert last >= 1 and alice.next_seq(table) == last + 1
            endings = await asyncio.gather(play_seat(alice, table), play_seat(bob, table, seed=3))
            await alice.close(), await bob.close()
            return table, endings

    table, endings = asyncio.run(play())
    record, moves = asyncio.run(stored_game(database, table))
    assert record.status == "over" == endings[0]["status"]
    assert [move.version for move in moves] == list(range(1, record.version + 1))


def test_an_asynchronous_game_is_played_across_server_restarts(tmp_path):
    database = tmp_path / "server.sqlite3"
    clock = {"kind": "async", "days": 2}

    async def first_evening():
        async with running_server(database) as url:
            alice, bob = await signed_in(url, "alice"), await signed_in(url, "bob")
            table = await alice.create_table("rummble", ["human", "human"], clock=clock, visibility="private")
            await bob.join_table(invite=table["invite"])
            game = await alice.subscribe(table["table"])
            await bob.subscribe(table["table"])
            for _ in range(4):
                game = await one_bot_move(alice, bob, table["table"], game)
            tokens = alice.token, bob.token
            await alice.close(), await bob.close()
            return table["table"], tokens, game

    async def next_evening(table, tokens, before):
        async with running_server(database) as url:  # a new server process on the same file
            clients = []
            for token in tokens:
                client = await GameClient.connect(url)
                await client.resume(token)
                clients.append(client)
            game = await clients[0].subscribe(table)
            assert (game["version"], game["view"], game["deadline"]) == (before["version"], before["view"],
                                                                         before["deadline"])
            assert game["deadline"] > time.time() + 86_400  # an async clock: days away, not seconds
            await clients[1].subscribe(table)
            endings = await asyncio.gather(play_seat(clients[0], table), play_seat(clients[1], table, seed=2))
            for client in clients:
                await client.close()
            return endings

    table, tokens, before = asyncio.run(first_evening())
    endings = asyncio.run(next_evening(table, tokens, before))
    record, moves = asyncio.run(stored_game(database, table))
    assert record.status == "over" == endings[0]["status"] and record.clock_kind == "async"
    assert [move.version for move in moves] == list(range(1, record.version + 1))


def test_another_seat_reads_a_rummble_exchange_as_a_count_only():
    public = GAMES["rummble"].public_action
    assert public("exchange K7 B3 J") == "exchange 3"
    assert public("play K7@6,6 K8@6,7") == "play K7@6,6 K8@6,7"
    assert GAMES["rummi"].public_action("draw") == "draw"
