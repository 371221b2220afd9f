"""The social and spectator paths from an attacker's side, over real sockets: a blocked player
with the invite code, the chat limit spread over several sockets of one account, a spectator
trying to chat or to read the chat, and a player who left a private table listening on."""

import asyncio

import pytest

from net_support import received_messages, running_server, signed_in
from rummi_desktop.net.chat_rate import CHAT_BURST
from rummi_desktop.net.client import ServerError


async def refusal(request) -> str:
    with pytest.raises(ServerError) as refused:
        await request
    return refused.value.code


def test_a_blocked_player_with_the_invite_code_is_refused_however_it_is_typed(tmp_path):
    async def play():
        async with running_server(tmp_path / "s.sqlite3") as url:
            alice, bob = await signed_in(url, "alice"), await signed_in(url, "bobby")
            private = await alice.create_table("rummi", ["human", "human", "human"], visibility="private")
            await alice.request("block", name="bobby")
            codes = [await refusal(bob.join_table(invite=code))
                     for code in (private["invite"], f"  {private['invite'].lower()} ")]
            return codes, await alice.my_tables()

    codes, tables = asyncio.run(play())
    assert codes == ["blocked", "blocked"]
    assert [seat["name"] for seat in tables[0]["seats"]] == ["alice", "", ""]


def test_the_chat_limit_counts_every_socket_of_an_account(tmp_path):
    async def play():
        async with running_server(tmp_path / "s.sqlite3") as url:
            alice, bob = await signed_in(url, "alice"), await signed_in(url, "bobby")
            sockets = [bob] + [await signed_in(url, "bobby", register=False) for _ in range(2)]
            table = (await alice.create_table("rummi", ["human", "human", "human"]))["table"]
            await bob.join_table(table=table)
            for index in range(CHAT_BURST):  # spread over three sockets
                await sockets[index % 3].request("chat_send", table=table, text=f"line {index}")
            return await refusal(sockets[CHAT_BURST % 3].request("chat_send", table=table, text="one more"))

    assert asyncio.run(play()) == "rate_limited"


def test_a_spectator_may_neither_chat_nor_read_the_chat_nor_hear_it(tmp_path):
    async def play():
        async with running_server(tmp_path / "s.sqlite3") as url:
            alice, bob, eve = [await signed_in(url, name) for name in ("alice", "bobby", "eve_w")]
            table = (await alice.create_table("rummi", ["human", "human"]))["table"]
            await bob.join_table(table=table)
            await alice.subscribe(table), await bob.subscribe(table)
            await eve.watch(table)
            codes = [await refusal(eve.request("chat_send", table=table, phrase=0)),
                     await refusal(eve.request("chat_history", table=table))]
            await alice.request("chat_send", table=table, text="my rack is bad")
            await bob.wait_pushed("chat", 10)
            await eve.request("ping")  # answered after anything the line would have pushed her
            return codes, [m for m in received_messages(eve) if m.get("type") == "chat"]

    codes, heard = asyncio.run(play())
    assert codes == ["not_seated", "not_seated"] and heard == []


def test_a_player_who_left_a_private_table_hears_no_more_of_it(tmp_path):
    """Before, a socket that had subscribed kept being pushed the table as its members see it:
    who joined after, and the invite code."""
    async def play():
        async with running_server(tmp_path / "s.sqlite3") as url:
            alice, carol, erin = [await signed_in(url, name) for name in ("alice", "carol", "erinn")]
            private = await alice.create_table("rummi", ["human", "human", "human"], visibility="private")
            await carol.join_table(invite=private["invite"])
            await carol.subscribe(private["table"])
            await carol.request("leave_table", table=private["table"])
            await alice.subscribe(private["table"])
            await erin.join_table(invite=private["invite"])
            await alice.wait_pushed("table", 10)  # Erin joined: the seated hear of it
            await carol.request("ping")  # answered after anything the join would have pushed her
            return [m for m in received_messages(carol) if m.get("type") == "table" and "re" not in m]

    assert asyncio.run(play()) == []
