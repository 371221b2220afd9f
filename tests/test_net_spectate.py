"""Spectators over real sockets on 127.0.0.1: an account not seated at a public table in play
watches it, gets its public view at every version (or one move behind), never a rack or a hand
before the end, and every seat's at the end; and who may not watch, in plain words."""

import asyncio
import json

import pytest

from hidden_info import assert_all_revealed, assert_nothing_hidden
from net_support import play_then_resign, received_messages, running_server, signed_in
from rummi_desktop.games import GAMES
from rummi_desktop.net.bots import play_seat
from rummi_desktop.net.client import ServerError
from test_net_games import states_by_version


async def _watched_game(url, game):
    """Alice and Bob play a public table to its end; Carol watches it live, Dave one move behind."""
    alice, bob, carol, dave = [await signed_in(url, name) for name in ("alice", "bob", "carol", "dave")]
    table = (await alice.create_table(game, ["human", "human"]))["table"]
    await bob.join_table(table)
    assert [t["table"] for t in await carol.list_tables(status="playing")] == [table]
    first_live, first_behind = await carol.watch(table), await dave.watch(table, delay=1)
    # A Rummi table plays a whole match (thousands of moves): there six moves of Alice's and her
    # resignation end it; the others are played out.
    alice_plays = play_then_resign(alice, table, 6) if game == "rummi" else play_seat(alice, table)
    endings = await asyncio.gather(alice_plays, play_seat(bob, table, seed=4))
    final = endings[0]["version"]
    await carol.wait_game(table, after=final - 1), await dave.wait_game(table, after=final - 1)
    for client in (alice, bob, carol, dave):
        await client.close()
    return table, (first_live, first_behind), (carol, dave)


def _spectated(database, table_id, client):
    """Every game message the spectator got, with what each seat saw at that version."""
    record, _moves, states = asyncio.run(states_by_version(database, table_id))
    games = [m for m in received_messages(client) if m.get("type") == "game"]
    assert games and all(m["seat"] is None and m["table"] == table_id for m in games)
    return record, [(m, *states[m["version"]][1:]) for m in games]


def assert_spectator_saw_nothing_hidden(record, seen):
    """Before the last version, only the public view; at it, every seat's tiles."""
    assert seen[-1][0]["version"] == record.version
    for message, views, holdings in seen:
        if message["version"] < record.version:
            assert_nothing_hidden(message, views, holdings)
        else:
            assert_all_revealed(message, holdings)
    for message, _, _ in seen:
        text = json.dumps(message)
        assert str(record.seed) not in text and '"seed"' not in text


def assert_counts_match(seen):
    """The public view's per-seat counts are the seats' real numbers of hidden tiles."""
    for message, _views, holdings in seen:
        counts = message["view"].get("rack_sizes", message["view"].get("hand_sizes"))
        assert counts == [len(held) for held in holdings]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_spectator_sees_the_public_view_every_move_and_the_racks_only_at_the_end(tmp_path, game):
    database = tmp_path / "server.sqlite3"

    async def run():
        async with running_server(database) as url:
            return await _watched_game(url, game)

    table_id, (first_live, first_behind), (carol, dave) = asyncio.run(run())
    record, seen = _spectated(database, table_id, carol)
    assert_spectator_saw_nothing_hidden(record, seen)
    assert_counts_match(seen)
    versions = [message["version"] for message, _, _ in seen]
    assert versions == list(range(first_live["version"], record.version + 1))  # every move, as it happens
    record, behind = _spectated(database, table_id, dave)
    assert_spectator_saw_nothing_hidden(record, behind)
    # One move behind: at version v Dave is shown v - 1, the end at once.
    assert first_behind["version"] == max(0, first_live["version"] - 1)
    assert [message["version"] for message, _, _ in behind] == \
        list(range(first_behind["version"], record.version - 1)) + [record.version]


def test_the_check_catches_a_rack_the_server_would_send_a_spectator(tmp_path, monkeypatch):
    """The planted control: a server that slips a seat's rack into the public view fails the check."""
    from rummi_desktop.net import views

    real = views.public_view
    monkeypatch.setattr(views, "public_view", lambda game, state: dict(
        real(game, state), extra=GAMES[game].holdings(state)[1]))
    database = tmp_path / "server.sqlite3"

    async def run():
        async with running_server(database) as url:
            return await _watched_game(url, "rummi")

    table_id, _, (carol, _dave) = asyncio.run(run())
    record, seen = _spectated(database, table_id, carol)
    with pytest.raises(AssertionError, match="a spectator was sent extra"):
        assert_spectator_saw_nothing_hidden(record, seen)
    planted = [(dict(message, view={k: v for k, v in message["view"].items() if k != "extra"}, note=holdings[0]),
                views_, holdings) for message, views_, holdings in seen]
    with pytest.raises(AssertionError, match="seat 0's hidden tiles were sent to seat None"):
        assert_spectator_saw_nothing_hidden(record, planted)  # anywhere in the message, not only the view


def test_who_may_not_watch_is_told_in_plain_words(tmp_path):
    async def run():
        async with running_server(tmp_path / "server.sqlite3") as url:
            alice, bob, carol = [await signed_in(url, name) for name in ("alice", "bob", "carol")]
            waiting = (await alice.create_table("rummi", ["human", "human"]))["table"]
            refusals = {}
            for name, client, table in (("open", carol, waiting), ("none", carol, "no-such-table")):
                refusals[name] = await _refusal(client.watch(table))
            await bob.join_table(waiting)
            refusals["seated"] = await _refusal(bob.watch(waiting))
            hidden = await alice.create_table("rummi", ["human", "human"], visibility="private")
            await bob.join_table(invite=hidden["invite"])
            refusals["private"] = await _refusal(carol.watch(hidden["table"]))
            assert [t["table"] for t in await carol.list_tables(status="playing")] == [waiting]
            watched = await carol.watch(waiting)
            assert watched["seat"] is None and "rack" not in watched["view"]
            assert (await carol.unwatch(waiting))["type"] == "unwatched"
            game = await alice.subscribe(waiting)
            mover = alice if game["current"] == game["seat"] else bob
            await mover.move(waiting, "draw", game["version"])
            await alice.wait_game(waiting, after=game["version"])
            await carol.request("ping")  # answered after anything the move would have pushed her
            pushed = [m for m in received_messages(carol) if m.get("type") == "game" and "re" not in m]
            for client in (alice, bob, carol):
                await client.close()
            return refusals, pushed

    refusals, pushed = asyncio.run(run())
    assert refusals == {"open": "not_started", "none": "no_table", "seated": "seated", "private": "no_table"}
    assert pushed == []  # unwatched: no more pushes


async def _refusal(request):
    with pytest.raises(ServerError) as refused:
        await request
    assert refused.value.message  # in words
    return refused.value.code


def test_an_unwatch_from_a_socket_that_never_watched_lets_go_of_nothing(tmp_path):
    """``unwatch`` may name any table: before, one from any signed-in socket made the server drop
    a game nobody watched here (a move in flight on it, say), to be replayed from the store by
    the next request."""
    from net_support import started_table
    from rummi_desktop.net.connection import Connection
    from rummi_desktop.net.server import GameServer
    from rummi_desktop.net.store_sqlite import SqliteStore

    async def play():
        server = GameServer(SqliteStore(tmp_path / "s.db"))
        await server.start()
        server._chores.cancel()  # nothing else picks the game up or lets it go
        try:
            table_id = await started_table(server.store)
            held = await server.live.get(table_id)
            stranger = Connection(socket=None)
            reply = await server.handlers["unwatch"](stranger, {"type": "unwatch", "table": table_id})
            stranger.close()
            return reply, table_id, server.live.games.get(table_id) is held
        finally:
            await server.stop()

    reply, table_id, kept = asyncio.run(play())
    assert reply == {"type": "unwatched", "table": table_id} and kept
