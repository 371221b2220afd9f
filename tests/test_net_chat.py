"""Chat at a table (issue 24, item 3) over real sockets: quick phrases and cleaned free text
reach the other seated players, are kept with the game at their move, are rate-limited, and
never reach a player who blocked the sender; and the text cleaning itself."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import given, strategies as st

from net_support import received_messages, running_server, signed_in
from rummi_desktop.records.chat_text import CHAT_CHARS, QUICK_PHRASES, clean_text
from rummi_desktop.net.client import ServerError

BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"


# ---- cleaning -----------------------------------------------------------------------------------

def test_controls_and_bidi_overrides_are_stripped_and_space_runs_fold():
    assert clean_text(f"gg{BIDI}\x00\x07\x1b[31m  wp\u200b\ufeff\n\nok\u2028!") == "gg[31m wp ok !"
    assert clean_text("Ünïcödé 漢字 ok") == "Ünïcödé 漢字 ok"


@given(st.text(max_size=400))
def test_cleaned_text_never_holds_a_control_or_format_character(text):
    import unicodedata

    cleaned = clean_text(text)
    assert len(cleaned) <= CHAT_CHARS
    assert all(unicodedata.category(char) not in ("Cc", "Cf", "Zl", "Zp") for char in cleaned)
    assert cleaned == cleaned.strip() and "  " not in cleaned


# ---- over sockets -------------------------------------------------------------------------------

async def seated(url: str, *names: str):
    """The players signed in, at one private table of Alice's (everyone subscribed)."""
    clients = [await signed_in(url, name) for name in names]
    table = await clients[0].create_table("rummi", ["human"] * len(names), visibility="private")
    for client in clients[1:]:
        await client.join_table(invite=table["invite"])
    for client in clients:
        await client.subscribe(table["table"])
    return clients, table["table"]


async def next_chat(client, timeout: float = 5.0) -> dict:
    return (await client.wait_pushed("chat", timeout))["line"]


def test_a_quick_phrase_and_a_hostile_line_reach_the_other_seat_cleaned_and_stored(tmp_path):
    async def play():
        async with running_server(tmp_path / "server.sqlite3") as url:
            (alice, bob), table = await seated(url, "alice", "bobby")
            said = await alice.request("chat_send", table=table, phrase=0)
            heard = await next_chat(bob)
            await bob.request("chat_send", table=table, text=f"\u202enice{BIDI} \x07move\x1b")
            back = await next_chat(alice)
            history = await bob.request("chat_history", table=table)
            return said, heard, back, history

    said, heard, back, history = asyncio.run(play())
    assert said["line"]["text"] == heard["text"] == QUICK_PHRASES[0] == "Good game"
    assert heard["name"] == "alice" and heard["move"] == 0  # said before any move: the replay shows it from the deal
    assert back["text"] == "nice move" and back["name"] == "bobby"
    assert [line["text"] for line in history["lines"]] == ["Good game", "nice move"]


def test_chat_after_a_move_is_at_that_move(tmp_path):
    async def play():
        async with running_server(tmp_path / "server.sqlite3") as url:
            (alice, bob), table = await seated(url, "alice", "bobby")
            game = await alice.wait_game(table)
            mover = alice if game["current"] == game["seat"] else bob
            await mover.move(table, "draw")
            await alice.wait_game(table, after=game["version"])
            await alice.request("chat_send", table=table, phrase=1)
            for client in (alice, bob):  # nobody watches: the server no longer holds the game
                await client.unsubscribe(table)
            await bob.request("chat_send", table=table, phrase=2)
            return game, (await alice.request("chat_history", table=table))["lines"][-2:]

    game, (held, stored) = asyncio.run(play())
    assert held["version"] == stored["version"] == game["version"] + 1
    assert held["move"] == stored["move"] >= 1  # the game's log, held or counted from the store
    assert (held["text"], stored["text"]) == ("Nice play!", "Your move")


def test_the_sixth_line_in_ten_seconds_is_rate_limited_and_not_stored(tmp_path):
    async def play():
        async with running_server(tmp_path / "server.sqlite3") as url:
            (alice, bob), table = await seated(url, "alice", "bobby")
            for index in range(5):
                await alice.request("chat_send", table=table, text=f"line {index}")
            with pytest.raises(ServerError) as refused:
                await alice.request("chat_send", table=table, text="one too many")
            assert 0 < (received_messages(alice)[-1].get("retry_after") or 0) <= 10
            bob_may = await bob.request("chat_send", table=table, phrase=4)  # a limit per player
            return refused.value, await bob.request("chat_history", table=table), bob_may

    refused, history, bob_may = asyncio.run(play())
    assert refused.code == "rate_limited"
    assert [line["text"] for line in history["lines"]] == [f"line {i}" for i in range(5)] + ["Oops"]
    assert bob_may["line"]["name"] == "bobby"


def test_bad_chat_is_refused_in_words_and_only_the_seated_may_chat(tmp_path):
    async def play():
        async with running_server(tmp_path / "server.sqlite3") as url:
            (alice, bob), table = await seated(url, "alice", "bobby")
            carol = await signed_in(url, "carol")
            refusals = []
            for client, fields in ((alice, {"text": "x" * (CHAT_CHARS + 1)}), (alice, {"phrase": 99}),
                                   (alice, {"text": "\u202e\u200b  "}), (alice, {"phrase": 0, "text": "hi"}),
                                   (carol, {"text": "let me in"})):
                with pytest.raises(ServerError) as refused:
                    await client.request("chat_send", table=table, **fields)
                refusals.append(refused.value.code)
            return refusals, await alice.request("chat_history", table=table)

    refusals, history = asyncio.run(play())
    assert refusals == ["bad_field", "bad_field", "bad_field", "bad_field", "not_seated"]
    assert history["lines"] == []


def test_a_blocked_players_lines_never_reach_the_blocker(tmp_path):
    async def play():
        async with running_server(tmp_path / "server.sqlite3") as url:
            (alice, bob, carol), table = await seated(url, "alice", "bobby", "carol")
            await alice.request("block", name="bobby")
            await bob.request("chat_send", table=table, text="can you hear me")
            carol_heard = await next_chat(carol)
            await carol.request("chat_send", table=table, text="I can")
            alice_heard = await next_chat(alice)  # Carol's line; Bob's never came before it
            history = await alice.request("chat_history", table=table)
            return carol_heard, alice_heard, received_messages(alice), history

    carol_heard, alice_heard, alice_got, history = asyncio.run(play())
    assert carol_heard["text"] == "can you hear me"
    assert alice_heard["text"] == "I can"
    assert not any(m.get("type") == "chat" and m["line"]["name"] == "bobby" for m in alice_got)
    assert [line["text"] for line in history["lines"]] == ["I can"]


def test_the_store_counts_an_accounts_lines_at_every_table_and_refuses_the_sixth(tmp_path):
    """The store's own count (what holds the limit across server processes): five lines in the
    window at two tables are stored, the sixth is not and says when the first leaves the window."""
    from rummi_desktop.net.chat_rate import CHAT_BURST, CHAT_WINDOW
    from rummi_desktop.net.store_social import ChatLine
    from rummi_desktop.net.store_sqlite import SqliteStore

    async def run():
        store = SqliteStore(str(tmp_path / "s.sqlite3"))
        await store.setup()
        try:
            waits = [await store.social.add_line(ChatLine(f"l{n}", f"t{n % 2}", "ann", "Ann", 0, 0, "hi", 100.0 + n),
                                                 CHAT_BURST, CHAT_WINDOW) for n in range(CHAT_BURST + 1)]
            later = await store.social.add_line(ChatLine("late", "t0", "ann", "Ann", 0, 0, "hi", 100.0 + CHAT_WINDOW),
                                                CHAT_BURST, CHAT_WINDOW)  # the first line has left the window
            other = await store.social.add_line(ChatLine("bob", "t0", "bob", "Bob", 0, 0, "hi", 105.0),
                                                CHAT_BURST, CHAT_WINDOW)
            return waits, later, other, [line.id for line in await store.social.lines("t0")]
        finally:
            await store.close()

    waits, later, other, kept = asyncio.run(run())
    assert waits[:CHAT_BURST] == [0.0] * CHAT_BURST and waits[CHAT_BURST] == pytest.approx(CHAT_WINDOW - CHAT_BURST)
    assert later == 0.0 and other == 0.0
    assert kept == ["l0", "l2", "l4", "bob", "late"]
