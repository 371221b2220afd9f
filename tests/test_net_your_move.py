"""``your_move`` over real sockets on 127.0.0.1: the person a game's turn comes to is told on
every connection they have, whatever they watch; a table that starts tells its first seat, a
computer seat's answer tells the person after it, a player is not told of their own move, and
with two processes sharing PostgreSQL each person is told once, by the process they are on."""

import asyncio

from net_support import received_messages, running_server, signed_in
from test_net_postgres import cluster, two_servers  # noqa: F401  (the fixtures: a PostgreSQL cluster, two servers on it)
from rummi_desktop.net import notices
from rummi_desktop.net.records import PLAYING, Seat, TableRecord
from rummi_desktop.net.your_move import moved_to


def your_moves(client) -> list[dict]:
    return [m for m in received_messages(client) if m.get("type") == "your_move"]


async def told(client, count: int) -> list[dict]:
    """The client's your_move pushes once there are ``count`` of them."""
    for _ in range(400):
        if len(your_moves(client)) >= count:
            return your_moves(client)
        await asyncio.sleep(0.01)
    raise AssertionError(f"told {len(your_moves(client))} times, not {count}")


def test_the_person_the_turn_comes_to_is_told_on_every_connection(tmp_path):
    async def main():
        async with running_server(tmp_path / "s.sqlite3") as url:
            alice, bob = await signed_in(url, "alice"), await signed_in(url, "bob")
            bob_elsewhere = await signed_in(url, "bob", register=False)
            table = await alice.create_table("tumblewords", ["human", "human"], clock={"kind": "async", "days": 2})
            await bob.join_table(table=table["table"])  # full: it starts, alice (the creator) on turn
            started = (await told(alice, 1))[0]["table"]
            assert (started["table"], started["current"], started["status"]) == (table["table"], 0, PLAYING)
            assert started["clock"]["kind"] == "async" and started["deadline"] is not None
            await alice.subscribe(table["table"])
            await alice.forfeit(table["table"])  # alice passes: bob's move, though he watches nothing
            for client in (bob, bob_elsewhere):
                (pushed,) = await told(client, 1)
                assert pushed["table"]["table"] == table["table"] and pushed["table"]["current"] == 1
            await asyncio.sleep(0.2)
            assert len(your_moves(alice)) == 1  # her own move told her nothing
            for client in (alice, bob, bob_elsewhere):
                await client.close()

    asyncio.run(main())


def test_a_computer_seats_answer_tells_the_person_whose_move_it_is_again(tmp_path):
    async def main():
        async with running_server(tmp_path / "s.sqlite3") as url:
            alice = await signed_in(url, "alice")
            table = await alice.create_table("tumblewords", ["human", "easy"])
            await alice.subscribe(table["table"])
            assert (await told(alice, 1))[0]["table"]["current"] == 0  # it started with her on turn
            await alice.forfeit(table["table"])
            again = (await told(alice, 2))[1]["table"]
            assert again["table"] == table["table"] and again["current"] == 0 and again["version"] >= 2
            await alice.close()

    asyncio.run(main())


RECORD = TableRecord("t1", "rummi", "ann", (Seat("human", "ann"), Seat("easy")), {}, 7, status=PLAYING)


def test_the_turn_is_told_only_when_it_comes_to_a_person_from_another_seat():
    assert moved_to(RECORD, 1) == "ann" and moved_to(RECORD, None) == "ann"
    assert moved_to(RECORD, 0) is None  # a further move of her own turn
    assert moved_to(RECORD.with_(current_seat=1), 0) is None  # a computer seat is told nothing
    assert moved_to(RECORD.with_(status="over"), 1) is None


def test_a_your_move_notice_reads_back_and_a_torn_one_is_ignored():
    assert notices.parse(notices.your_move_notice("ann", "t1")) == notices.Notice("y", "ann", table="t1")
    assert notices.parse("y:ann") is None and notices.parse("y::t1") is None


# ---- across two server processes sharing PostgreSQL -------------------------------------------

def test_the_turn_is_told_across_two_processes_once(two_servers):  # noqa: F811  (the fixture imported)
    """Alice on one process, Bob on the other: each is told once when the turn comes to them (the
    y notice goes to every process; only the one holding the account's connection pushes)."""
    (_, first_url), (_, second_url) = two_servers

    async def main():
        alice = await signed_in(first_url, "turn_ann")
        bob = await signed_in(second_url, "turn_ben")
        table = await alice.create_table("tumblewords", ["human", "human"])
        await bob.join_table(table=table["table"])  # on the second process: alice's move first
        assert (await told(alice, 1))[0]["table"]["current"] == 0
        await alice.subscribe(table["table"])
        await alice.forfeit(table["table"])
        assert (await told(bob, 1))[0]["table"]["current"] == 1
        await asyncio.sleep(0.5)
        counts = len(your_moves(alice)), len(your_moves(bob))
        await alice.close()
        await bob.close()
        return counts

    assert asyncio.run(main()) == (1, 1)
