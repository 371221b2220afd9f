"""Accounts under attack, over real sockets: names that imitate another's, password guessing
(slowed per address and per account, on a fake clock), and a sign-out that ends the session
on every connection that used its token."""

import asyncio
import sqlite3

import pytest

from net_support import PASSWORD, running_server, signed_in
from rummi_desktop.net import accounts
from rummi_desktop.net.client import GameClient, ServerError
from rummi_desktop.net.limits import ServerLimits
from rummi_desktop.net.sign_in_guard import BY_ACCOUNT, BY_ADDRESS
from sign_in_attack_support import FakeClock, RawSocket, guesses_in_an_hour


async def refused(code, request):
    with pytest.raises(ServerError) as caught:
        await request
    assert caught.value.code == code, caught.value
    return caught.value


async def register(url, name):
    client = await GameClient.connect(url)
    try:
        return await client.register(name, PASSWORD)
    finally:
        await client.close()


@pytest.fixture
def cheap_hashes(monkeypatch):
    """scrypt at n=2**8: the guessing tests check dozens of passwords in a second."""
    monkeypatch.setattr(accounts, "SCRYPT_N", 2**8)


def test_a_name_is_one_account_whatever_its_case_width_or_a_trailing_newline(tmp_path):
    async def run():
        async with running_server(tmp_path / "s.db") as url:
            alice = await signed_in(url, "Alice")
            for twin in ("alice\n", "ALICE", "ａｌｉｃｅ", "Alice\u200b"):
                with pytest.raises(ServerError) as caught:
                    await register(url, twin)
                assert caught.value.code in ("name_taken", "bad_name"), (twin, caught.value)
            again = await GameClient.connect(url)
            assert (await again.sign_in("ＡＬＩＣＥ", PASSWORD))["id"] == alice.account["id"]
            await again.close()
            await alice.close()

    asyncio.run(run())


@pytest.mark.parametrize("name", ["аlice", "асе", "Ωmega", "al\u200dice", "al\u202eice", "bob\u00a0", "日本語abc",
                                  "x\u0301yz"])
def test_a_look_alike_name_is_refused_in_plain_words(tmp_path, name):
    async def run():
        async with running_server(tmp_path / "s.db") as url:
            error = await refused("bad_name", register(url, name))
            assert "name" in error.message

    asyncio.run(run())


def test_names_of_one_script_register_as_nfkc_and_match_folded(tmp_path):
    async def run():
        async with running_server(tmp_path / "s.db") as url:
            assert (await register(url, "Вася"))["name"] == "Вася"
            assert (await register(url, "Ju\u0308rgen"))["name"] == "J\u00fcrgen"  # NFKC composes the umlaut
            assert (await register(url, "山田たろう"))["name"] == "山田たろう"
            await refused("name_taken", register(url, "JÜRGEN"))
            await refused("name_taken", register(url, "ВАСЯ"))

    asyncio.run(run())


def test_an_account_stored_with_the_old_key_still_signs_in(tmp_path):
    database = tmp_path / "s.db"

    async def run():
        async with running_server(database):
            pass  # the schema
        with sqlite3.connect(database) as db:  # as the code before stored a name: key = name.lower()
            db.execute("INSERT INTO accounts VALUES ('old1', 'Old_Timer-7', 'old_timer-7', ?, 0)",
                       (accounts.hash_password(PASSWORD),))
        async with running_server(database) as url:
            client = await GameClient.connect(url)
            assert (await client.sign_in("OLD_timer-7", PASSWORD)) == {"id": "old1", "name": "Old_Timer-7"}
            await client.close()
            await refused("name_taken", register(url, "old_TIMER-7"))

    asyncio.run(run())


def test_guesses_from_one_address_back_off_across_connections(tmp_path, cheap_hashes):
    clock = FakeClock()

    async def run():
        async with running_server(tmp_path / "s.db", ServerLimits(clock=clock)) as url:
            await register(url, "alice")
            for _ in range(BY_ADDRESS.free):
                guesser = await RawSocket.open(url, "127.0.0.9")  # a new socket each time gains nothing
                assert (await guesser.sign_in("alice", "wrong password"))["code"] == "bad_credentials"
                await guesser.close()
            guesser = await RawSocket.open(url, "127.0.0.9")
            limited = await guesser.sign_in("alice", PASSWORD)  # not even the right password is checked
            assert limited["code"] == "rate_limited" and limited["retry_after"] == BY_ADDRESS.first
            clock.now += limited["retry_after"]
            assert (await guesser.sign_in("alice", "wrong again"))["code"] == "bad_credentials"
            doubled = await guesser.sign_in("bob", "wrong again")  # another account, the same address
            assert doubled["code"] == "rate_limited" and doubled["retry_after"] == 2 * BY_ADDRESS.first
            owner = await RawSocket.open(url, "127.0.0.2")  # the owner, elsewhere, is not held up
            assert (await owner.sign_in("alice", PASSWORD))["type"] == "session"
            for socket in (guesser, owner):
                await socket.close()

    asyncio.run(run())


def test_guesses_spread_over_addresses_are_slowed_but_never_lock_the_owner_out(tmp_path, cheap_hashes):
    clock = FakeClock()

    async def run():
        async with running_server(tmp_path / "s.db", ServerLimits(clock=clock)) as url:
            await register(url, "alice")
            owner = await RawSocket.open(url, "127.0.0.2")
            assert (await owner.sign_in("alice", PASSWORD))["type"] == "session"  # her address is known
            for number in range(BY_ACCOUNT.free):  # two guesses from each of five addresses
                guesser = await RawSocket.open(url, f"127.0.1.{number // 2 + 1}")
                assert (await guesser.sign_in("alice", "wrong password"))["code"] == "bad_credentials"
                await guesser.close()
            fresh = await RawSocket.open(url, "127.0.2.1")  # an address never seen: the account's wait
            held = await fresh.sign_in("alice", PASSWORD)
            assert held["code"] == "rate_limited" and 0 < held["retry_after"] <= BY_ACCOUNT.longest
            assert (await owner.sign_in("alice", PASSWORD))["type"] == "session"  # known: no wait
            clock.now += held["retry_after"]
            assert (await fresh.sign_in("alice", PASSWORD))["type"] == "session"  # slowed, not banned
            for socket in (owner, fresh):
                await socket.close()

    asyncio.run(run())


def test_an_hour_of_guessing_gets_what_the_policy_says(tmp_path, cheap_hashes):
    clock = FakeClock()

    async def run():
        async with running_server(tmp_path / "s.db", ServerLimits(clock=clock)) as url:
            await register(url, "alice")
            one = await guesses_in_an_hour(url, clock, "alice", ["127.0.3.1"])
            many = await guesses_in_an_hour(url, clock, "bob", [f"127.0.4.{n}" for n in range(1, 21)])
        return one, many

    one, many = asyncio.run(run())
    assert one == BY_ADDRESS.guesses_per_hour()  # one machine: its address's back-off
    assert many == BY_ACCOUNT.guesses_per_hour()  # twenty machines on one account: the account's


def test_sign_out_ends_the_session_on_every_connection_that_used_its_token(tmp_path):
    async def run():
        async with running_server(tmp_path / "s.db") as url:
            alice = await signed_in(url, "alice")
            table = (await alice.create_table("rummi", ["human", "human"]))["table"]
            twin = await GameClient.connect(url)
            await twin.resume(alice.token)  # the same session on a second socket
            other = await signed_in(url, "alice", register=False)  # a session of its own
            await twin.subscribe(table)
            token = alice.token
            await alice.request("sign_out")
            notice = await twin.wait_pushed("signed_out", timeout=10)
            assert notice["reason"] and twin.account is None and twin.token is None
            await refused("not_signed_in", twin.my_tables())
            await refused("not_signed_in", alice.my_tables())
            await refused("bad_token", twin.resume(token))  # revoked
            assert [t["table"] for t in await other.my_tables()] == [table]  # another session lives on
            for client in (alice, twin, other):
                await client.close()

    asyncio.run(run())
