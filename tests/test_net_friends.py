"""Friends, blocks and invitations (issue 24, items 3 and 4) over real sockets: two follows make
friends who see each other online; an invitation to a waiting table is pushed, listed later,
accepted (seated) or declined; a block keeps the blocked player out of the blocker's tables and
out of ranked pairings with them."""

from __future__ import annotations

import asyncio

import pytest

from net_support import running_server, signed_in
from rummi_desktop.net.client import ServerError
from rummi_desktop.net.matchmaking import pairs


def names(listed: list[dict]) -> list[tuple[str, bool]]:
    return [(friend["name"], friend["online"]) for friend in listed]


def test_two_follows_make_friends_who_see_each_other_online(tmp_path):
    async def play():
        async with running_server(tmp_path / "server.sqlite3") as url:
            alice, bob = await signed_in(url, "alice"), await signed_in(url, "bobby")
            asked = await alice.request("friend_add", name="BOBBY")  # names match as accounts do
            bob_sees = await bob.request("friends")
            both = await bob.request("friend_add", name="alice")
            await bob.close()
            await asyncio.sleep(0.2)
            bob_gone = await alice.request("friends")
            with pytest.raises(ServerError) as nobody:
                await alice.request("friend_add", name="nobody")
            with pytest.raises(ServerError) as myself:
                await alice.request("friend_add", name="alice")
            return asked, bob_sees, both, bob_gone, nobody.value.code, myself.value.code

    asked, bob_sees, both, bob_gone, nobody, myself = asyncio.run(play())
    assert asked["asked"] == ["bobby"] and asked["friends"] == []  # following tells nothing of Bob
    assert bob_sees["asking"] == ["alice"] and bob_sees["friends"] == []
    assert names(both["friends"]) == [("alice", True)]
    assert names(bob_gone["friends"]) == [("bobby", False)]
    assert (nobody, myself) == ("no_account", "bad_name")


async def friends_pair(url: str):
    alice, bob = await signed_in(url, "alice"), await signed_in(url, "bobby")
    await alice.request("friend_add", name="bobby")
    await bob.request("friend_add", name="alice")
    return alice, bob


def test_an_invitation_is_pushed_and_accepting_seats_the_friend(tmp_path):
    async def play():
        async with running_server(tmp_path / "server.sqlite3") as url:
            alice, bob = await friends_pair(url)
            table = await alice.create_table("rummi", ["human", "human", "human"], visibility="private")
            sent = await alice.request("invite", table=table["table"], name="bobby")
            pushed = await bob.wait_pushed("invited", 5)
            listed = await bob.request("invites")
            joined = await bob.request("invite_answer", table=table["table"], accept=True)
            after = await bob.request("invites")
            with pytest.raises(ServerError) as again:
                await bob.request("invite_answer", table=table["table"], accept=True)
            return table, sent, pushed, listed, joined, after, again.value.code

    table, sent, pushed, listed, joined, after, again = asyncio.run(play())
    assert sent == {"type": "invite_sent", "table": table["table"], "name": "bobby", "re": sent["re"]}
    assert pushed["invitation"]["from"] == "alice" and pushed["invitation"]["free_seats"] == 2
    assert [i["table"] for i in listed["invitations"]] == [table["table"]]
    assert [seat.get("name") for seat in joined["table"]["seats"]][:2] == ["alice", "bobby"]
    assert after["invitations"] == [] and again == "no_invitation"


def test_an_invitation_waits_for_a_friend_signed_out_and_can_be_declined(tmp_path):
    async def play():
        async with running_server(tmp_path / "server.sqlite3") as url:
            alice, bob = await friends_pair(url)
            await bob.close()
            table = await alice.create_table("rummble", ["human", "human"], visibility="public")
            await alice.request("invite", table=table["table"], name="bobby")
            bob = await signed_in(url, "bobby", register=False)
            listed = await bob.request("invites")
            declined = await bob.request("invite_answer", table=table["table"], accept=False)
            return table, listed, declined, await bob.request("invites"), await alice.my_tables()

    table, listed, declined, after, alice_tables = asyncio.run(play())
    assert [(i["table"], i["game"], i["from"]) for i in listed["invitations"]] == [(table["table"], "rummble", "alice")]
    assert declined["type"] == "invite_declined" and after["invitations"] == []
    assert alice_tables[0]["status"] == "open"  # declining leaves the table waiting


def test_only_friends_are_invited_and_only_to_a_waiting_table_of_yours(tmp_path):
    async def play():
        async with running_server(tmp_path / "server.sqlite3") as url:
            alice, bob = await signed_in(url, "alice"), await signed_in(url, "bobby")
            carol = await signed_in(url, "carol")
            await alice.request("friend_add", name="bobby")  # one way only
            table = await alice.create_table("rummi", ["human", "human"], visibility="private")
            codes = []
            for client, name in ((alice, "bobby"), (carol, "bobby")):
                with pytest.raises(ServerError) as refused:
                    await client.request("invite", table=table["table"], name=name)
                codes.append(refused.value.code)
            await bob.request("friend_add", name="alice")
            await carol.join_table(invite=table["invite"])  # the table is full and starts
            with pytest.raises(ServerError) as full:
                await alice.request("invite", table=table["table"], name="bobby")
            codes.append(full.value.code)
            return codes

    assert asyncio.run(play()) == ["not_friends", "not_seated", "table_closed"]


def test_a_blocked_player_cannot_join_your_tables_follow_you_or_stay_your_friend(tmp_path):
    async def play():
        async with running_server(tmp_path / "server.sqlite3") as url:
            alice, bob = await friends_pair(url)
            carol = await signed_in(url, "carol")
            mine = await alice.create_table("rummi", ["human", "human", "human"], visibility="public")
            carols = await carol.create_table("rummi", ["human", "human", "human"], visibility="public")
            await alice.join_table(table=carols["table"])  # Alice sits at Carol's table
            blocked = await alice.request("block", name="bobby")
            codes = []
            for attempt in (lambda: bob.join_table(table=mine["table"]),
                            lambda: bob.join_table(table=carols["table"]),
                            lambda: bob.request("friend_add", name="alice")):
                with pytest.raises(ServerError) as refused:
                    await attempt()
                codes.append(refused.value.code)
            bob_sees = await bob.request("friends")
            unblocked = await alice.request("unblock", name="bobby")
            seated = await bob.join_table(table=mine["table"])
            return blocked, codes, bob_sees, unblocked, seated

    blocked, codes, bob_sees, unblocked, seated = asyncio.run(play())
    assert blocked["blocked"] == ["bobby"] and blocked["friends"] == [] and blocked["asked"] == []
    assert codes == ["blocked", "blocked", "blocked"]
    assert bob_sees["friends"] == [] and bob_sees["asking"] == []
    assert unblocked["blocked"] == []
    assert "bobby" in [seat.get("name") for seat in seated["seats"]]


def test_matchmaking_never_pairs_a_blocked_pair():
    waiting = [("ann", 10.0, 0.0), ("bob", 10.5, 0.0), ("cy", 11.0, 0.0)]
    assert pairs(waiting, 1.0) == [("ann", "bob")]
    assert pairs(waiting, 1.0, {frozenset(("ann", "bob"))}) == [("ann", "cy")]
    assert pairs(waiting[:2], 1000.0, {frozenset(("bob", "ann"))}) == []


def test_two_ranked_players_one_blocked_wait_rather_than_meet(tmp_path):
    async def play():
        async with running_server(tmp_path / "server.sqlite3") as url:
            alice, bob = await signed_in(url, "alice"), await signed_in(url, "bobby")
            await bob.request("block", name="alice")
            await alice.matchmake("rummi")
            await bob.matchmake("rummi")
            with pytest.raises(asyncio.TimeoutError):
                await alice.wait_pushed("matched", 2.5)  # the chores ran twice meanwhile
            carol = await signed_in(url, "carol")
            await carol.matchmake("rummi")
            return (await carol.wait_pushed("matched", 10))["table"]

    table = asyncio.run(play())
    assert {seat.get("name") for seat in table["seats"]} & {"alice", "bobby"} and \
        "carol" in {seat.get("name") for seat in table["seats"]}
