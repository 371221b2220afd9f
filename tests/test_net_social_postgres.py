"""The social part of the store on PostgreSQL as on SQLite (issue 24): follows, blocks,
invitations and chat lines written and read back through a real server on each store."""

from __future__ import annotations

import asyncio

import pytest

from net_support import received_messages, running_server, signed_in
from pg_cluster import Cluster


@pytest.fixture(scope="module")
def cluster():
    running = Cluster().start()
    yield running
    running.stop()


async def social_round(url: str) -> dict:
    """Friends, an invitation accepted, a chat line and a block, as each player then sees them."""
    alice, bob, carol = [await signed_in(url, name) for name in ("alice", "bobby", "carol")]
    await alice.request("friend_add", name="bobby")
    await bob.request("friend_add", name="alice")
    table = await alice.create_table("tumblewords", ["human", "human", "human"], visibility="private")
    await alice.request("invite", table=table["table"], name="bobby")
    listed = await bob.request("invites")
    await bob.request("invite_answer", table=table["table"], accept=True)
    await alice.request("chat_send", table=table["table"], text="welcome\u202e!")
    await carol.request("block", name="alice")
    return {"listed": [i["from"] for i in listed["invitations"]],
            "friends": [f["name"] for f in (await alice.request("friends"))["friends"]],
            "carol": await carol.request("friends"),
            "chat": [(line["name"], line["text"]) for line in
                     (await bob.request("chat_history", table=table["table"]))["lines"]]}


EXPECTED = {"listed": ["alice"], "friends": ["bobby"], "chat": [("alice", "welcome!")]}


def test_the_social_store_on_sqlite(tmp_path):
    async def play():
        async with running_server(tmp_path / "server.sqlite3") as url:
            return await social_round(url)

    seen = asyncio.run(play())
    assert {key: seen[key] for key in EXPECTED} == EXPECTED
    assert seen["carol"]["blocked"] == ["alice"]


def test_the_social_store_on_postgresql(cluster):
    async def play():
        async with running_server(cluster.url) as url:
            return await social_round(url)

    seen = asyncio.run(play())
    assert {key: seen[key] for key in EXPECTED} == EXPECTED
    assert seen["carol"]["blocked"] == ["alice"]


def test_chat_and_invitations_reach_a_player_on_another_process(cluster):
    """Alice on one server process, Bob on another, one database: her chat line and her
    invitation are pushed to him through the store's notices; a blocked player's line is not."""
    async def play():
        async with running_server(cluster.url) as first, running_server(cluster.url) as second:
            alice, bob = await signed_in(first, "ann_far"), await signed_in(second, "ben_far")
            carol = await signed_in(first, "cat_far")
            await alice.request("friend_add", name="ben_far")
            await bob.request("friend_add", name="ann_far")
            waiting = await alice.create_table("rummi", ["human", "human", "human"], visibility="private")
            await alice.request("invite", table=waiting["table"], name="ben_far")
            invited = (await bob.wait_pushed("invited", 15))["invitation"]
            await bob.request("invite_answer", table=waiting["table"], accept=True)
            await carol.join_table(invite=waiting["invite"])
            await bob.request("block", name="cat_far")
            for client in (alice, bob, carol):
                await client.subscribe(waiting["table"])
            await carol.request("chat_send", table=waiting["table"], text="from the blocked one")
            await alice.request("chat_send", table=waiting["table"], phrase=0)
            heard = (await bob.wait_pushed("chat", 15))["line"]
            return invited, heard

    invited, heard = asyncio.run(play())
    assert invited["from"] == "ann_far" and invited["game"] == "rummi"
    assert (heard["name"], heard["text"]) == ("ann_far", "Good game")  # Carol's line never came first


def test_a_line_and_an_invitation_reach_each_connection_once_on_either_process(cluster):
    """The process that stores a line pushes it itself and ignores its own ``c`` notice; an
    invitation is pushed by the ``i`` notice alone (before, Bob's socket on Alice's process had
    both twice: the local push and the notice's)."""
    async def play():
        async with running_server(cluster.url) as first, running_server(cluster.url) as second:
            alice, bob = await signed_in(first, "ann_once"), await signed_in(first, "ben_once")
            bob_far = await signed_in(second, "ben_once", register=False)
            await alice.request("friend_add", name="ben_once")
            await bob.request("friend_add", name="ann_once")
            table = (await alice.create_table("rummi", ["human", "human", "human"]))["table"]
            await alice.request("invite", table=table, name="ben_once")
            await bob.join_table(table=table)
            for client in (alice, bob, bob_far):
                await client.subscribe(table)
            said = (await alice.request("chat_send", table=table, text="hello"))["line"]
            for client in (bob, bob_far):  # in the order they were sent (wait_pushed drops what it passes)
                await client.wait_pushed("invited", 15)
                assert (await client.wait_pushed("chat", 15))["line"] == said
            await asyncio.sleep(1.0)  # a second copy, notice-borne, would be in by now
            return [[message["type"] for message in received_messages(client)] for client in (alice, bob, bob_far)]

    alice, bob, bob_far = asyncio.run(play())
    assert alice.count("chat") == 1  # her own reply only: her notice did not push it back to her
    for kinds in (bob, bob_far):
        assert (kinds.count("chat"), kinds.count("invited")) == (1, 1), kinds


def test_the_chat_limit_holds_over_sockets_on_two_processes(cluster):
    """Bob on both processes sends three lines through each: each process's own count lets
    them through, the store's count of his lines refuses the sixth."""
    from rummi_desktop.net.chat_rate import CHAT_BURST
    from rummi_desktop.net.client import ServerError

    async def play():
        async with running_server(cluster.url) as first, running_server(cluster.url) as second:
            alice, bob = await signed_in(first, "ann_lim"), await signed_in(first, "ben_lim")
            bob_far = await signed_in(second, "ben_lim", register=False)
            table = (await alice.create_table("rummi", ["human", "human"]))["table"]
            await bob.join_table(table=table)
            codes = []
            for index in range(CHAT_BURST + 1):
                try:
                    await (bob, bob_far)[index % 2].request("chat_send", table=table, text=f"line {index}")
                    codes.append("sent")
                except ServerError as error:
                    codes.append(error.code)
            return codes, len((await alice.request("chat_history", table=table))["lines"])

    codes, stored = asyncio.run(play())
    assert codes == ["sent"] * CHAT_BURST + ["rate_limited"] and stored == CHAT_BURST
