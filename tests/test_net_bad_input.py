"""Bad input over a real socket changes nothing and gets a clear error: malformed JSON, oversize
messages, unknown types, bad fields, moves out of turn, stale versions, replayed sequence
numbers, another player's table or token, and the limits (rate, open tables)."""

import asyncio
import sqlite3

import pytest

from net_support import PASSWORD, running_server, signed_in
from rummi_desktop.net.client import GameClient, ServerError
from rummi_desktop.net.handlers import MAX_OPEN_TABLES
from rummi_desktop.net.protocol import MAX_MESSAGE_BYTES


async def next_error(client):
    return await client.wait_pushed("error", timeout=10)


async def refused(code, request):
    with pytest.raises(ServerError) as caught:
        await request
    assert caught.value.code == code, caught.value
    assert caught.value.message  # a reason in plain words
    return caught.value


async def a_started_game(url):
    alice, bob = await signed_in(url, "alice"), await signed_in(url, "bob")
    table = (await alice.create_table("rummi", ["human", "human"]))["table"]
    await bob.join_table(table)
    game = await alice.subscribe(table)
    await bob.subscribe(table)
    mover, waiter = (alice, bob) if game["current"] == game["seat"] else (bob, alice)
    return table, mover, waiter


def test_malformed_oversize_and_unknown_messages_get_errors_and_the_socket_stays_open(tmp_path):
    async def run():
        async with running_server(tmp_path / "s.db") as url:
            client = await GameClient.connect(url)
            for text, code in [("{not json", "bad_json"), ("[1, 2]", "bad_message"),
                               ('{"type": "teleport"}', "unknown_type"), ('{"type": "sign_in"}', "bad_field"),
                               ('{"type": "ping", "extra": 1}', "bad_field"),
                               ('{"type": "move", "table": "x", "version": "1", "seq": 1, "move": "draw"}', "bad_field"),
                               ("x" * (MAX_MESSAGE_BYTES + 1), "too_large")]:
                await client.send_text(text)
                error = await next_error(client)
                assert error["code"] == code, (text[:40], error)
            await client.socket.send(b"\x00\x01")
            assert (await next_error(client))["code"] == "not_text"
            await refused("not_signed_in", client.request("my_tables"))
            assert (await client.request("ping"))["type"] == "pong"  # still open and answering
            await client.close()

    asyncio.run(run())


def test_a_message_past_the_socket_limit_closes_the_socket(tmp_path):
    async def run():
        async with running_server(tmp_path / "s.db") as url:
            client = await GameClient.connect(url)
            await client.send_text("x" * (2 * 1024 * 1024))
            await asyncio.wait_for(client._reader, 10)
            assert client.socket.close_code == 1009  # message too big
    asyncio.run(run())


def test_bad_moves_change_nothing(tmp_path):
    async def run():
        async with running_server(tmp_path / "s.db") as url:
            table, mover, waiter = await a_started_game(url)
            before = mover.games[table]
            await refused("not_your_turn", waiter.move(table, "draw", before["version"]))
            await refused("stale_version", mover.move(table, "draw", before["version"] + 5))
            await refused("bad_move", mover.move(table, "fly to the moon", before["version"]))
            await refused("illegal_move", mover.move(table, "end", before["version"]))  # nothing laid, no draw
            assert (await mover.subscribe(table))["view"] == before["view"]
            ack = await mover.move(table, "draw", before["version"], seq=7)
            assert ack["version"] == before["version"] + 1
            game = await waiter.wait_game(table, after=before["version"])
            # the same move sent again (a resend after a lost ack) is never applied twice
            again = await refused("duplicate_seq", mover.move(table, "draw", before["version"], seq=7))
            assert f"version {ack['version']}" in again.message
            now = await waiter.subscribe(table)
            assert now["version"] == game["version"] and now["view"] == game["view"]
            # an older sequence number than the last is refused as well, even at the right version
            if now["current"] == mover.games[table]["seat"]:
                await refused("old_seq", mover.move(table, "draw", now["version"], seq=3))
            else:
                await refused("not_your_turn", mover.move(table, "draw", now["version"], seq=8))
            for client in (mover, waiter):
                await client.close()

    asyncio.run(run())


def test_no_one_acts_for_or_reads_another_seat(tmp_path):
    async def run():
        async with running_server(tmp_path / "s.db") as url:
            table, mover, waiter = await a_started_game(url)
            carol = await signed_in(url, "carol")
            version = mover.games[table]["version"]
            await refused("not_seated", carol.subscribe(table))
            await refused("not_seated", carol.move(table, "draw", version, seq=1))
            await refused("bad_token", _resume(url, "A" * 43))
            await refused("bad_token", _resume(url, mover.token[:-2] + "xy"))
            await refused("bad_credentials", _sign_in(url, "alice", "not the password"))
            await refused("bad_credentials", _sign_in(url, "nobody", PASSWORD))
            await refused("name_taken", _register(url, "ALICE"))
            assert (await mover.subscribe(table))["version"] == version
            for client in (mover, waiter, carol):
                await client.close()

    asyncio.run(run())


def test_a_session_token_expires_thirty_days_after_its_sign_in(tmp_path):
    database = tmp_path / "s.db"

    async def run():
        async with running_server(database) as url:
            alice = await signed_in(url, "alice")
            token = alice.token
            await alice.close()
            await _resume(url, token)  # still good
            with sqlite3.connect(database) as db:  # the sign-in was 31 days ago
                db.execute("UPDATE sessions SET created = created - ?", (31 * 24 * 3600,))
            await refused("bad_token", _resume(url, token))

    asyncio.run(run())


async def _resume(url, token):
    client = await GameClient.connect(url)
    try:
        await client.resume(token)
    finally:
        await client.close()


async def _sign_in(url, name, password):
    client = await GameClient.connect(url)
    try:
        await client.sign_in(name, password)
    finally:
        await client.close()


async def _register(url, name):
    client = await GameClient.connect(url)
    try:
        await client.register(name, PASSWORD)
    finally:
        await client.close()


def test_the_limits_hold(tmp_path):
    async def run():
        async with running_server(tmp_path / "s.db") as url:
            client = await signed_in(url, "alice")
            for _ in range(MAX_OPEN_TABLES):
                await client.create_table("rummi", ["human", "human"])
            await refused("too_many_tables", client.create_table("rummi", ["human", "human"]))
            assert len(await client.my_tables()) == MAX_OPEN_TABLES
            await asyncio.sleep(2.1)  # the bucket refills
            replies = await asyncio.gather(*(client.request("ping") for _ in range(150)), return_exceptions=True)
            limited = [r for r in replies if isinstance(r, ServerError) and r.code == "rate_limited"]
            assert limited and len(limited) < 150
            await client.close()

    asyncio.run(run())


def test_lobby_lists_public_tables_and_finds_private_ones_by_invite(tmp_path):
    async def run():
        async with running_server(tmp_path / "s.db") as url:
            alice, bob = await signed_in(url, "alice"), await signed_in(url, "bob")
            public = await alice.create_table("rummble", ["human", "human", "easy"])
            private = await alice.create_table("rummble", ["human", "human"], visibility="private")
            listed = [t["table"] for t in await bob.list_tables("rummble")]
            assert public["table"] in listed and private["table"] not in listed
            assert all("invite" not in t and "seed" not in t for t in await bob.list_tables())
            await refused("no_table", bob.join_table(private["table"]))
            joined = await bob.join_table(invite=private["invite"].lower())
            assert joined["status"] == "playing"  # the last free seat taken: it starts
            await refused("not_creator", bob.start_table(public["table"]))
            # a creator who left cannot start the table as computer seats only
            left = await alice.create_table("rummble", ["human", "human"])
            await alice.request("leave_table", table=left["table"])
            await refused("not_creator", alice.start_table(left["table"]))
            # and a table its last person left closes: no longer listed, no one joins it
            assert left["table"] not in [t["table"] for t in await bob.list_tables("rummble")]
            await refused("table_closed", bob.join_table(left["table"]))
            shared = await alice.create_table("rummble", ["human", "human", "human"])
            await bob.join_table(shared["table"])
            await alice.request("leave_table", table=shared["table"])  # Bob still waits there: it stays open
            assert shared["table"] in [t["table"] for t in await bob.list_tables("rummble")]
            await bob.join_table(public["table"])
            started = await alice.subscribe(public["table"])
            assert started["status"] == "playing" and [s["label"] for s in started["seats"]] == ["human", "human", "easy"]
            await refused("bad_field", alice.create_table("rummble", ["human"] * 9))
            await refused("bad_seats", alice.create_table("rummble", ["human"] * 6))
            await refused("bad_seats", alice.create_table("rummble", ["human", "genius"]))
            await refused("bad_options", alice.create_table("rummble", ["human", "easy"], options={"tiles": 3}))
            await refused("bad_options", alice.create_table("tumblewords", ["human", "easy"], options={"claim": 1}))
            # a rated game's opponent is the matchmaker's choice, never one the creator invites
            await refused("not_ranked", alice.create_table("rummi", ["human", "human"], ranked=True))
            await refused("bad_clock", alice.create_table("rummble", ["human", "easy"], clock={"kind": "async", "days": 9}))
            await refused("unknown_game", alice.create_table("chess", ["human", "easy"]))
            for client in (alice, bob):
                await client.close()

    asyncio.run(run())


def test_a_model_failing_partway_through_a_move_leaves_the_game_as_stored(tmp_path, monkeypatch):
    from rummi_desktop.games.rummi.rules.state import RummiState

    async def run():
        async with running_server(tmp_path / "s.db") as url:
            table, mover, waiter = await a_started_game(url)
            before = mover.games[table]
            sound = RummiState.apply

            def half_made(state, move):
                sound(state, move)  # the move is made, then the model fails before it is stored
                raise RuntimeError("a bug")

            monkeypatch.setattr(RummiState, "apply", half_made)
            await refused("internal", mover.move(table, "draw", before["version"]))
            monkeypatch.setattr(RummiState, "apply", sound)
            assert (await mover.subscribe(table))["view"] == before["view"]
            ack = await mover.move(table, "draw", before["version"])
            assert ack["version"] == before["version"] + 1
            for client in (mover, waiter):
                await client.close()

    asyncio.run(run())
