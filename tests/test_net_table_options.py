"""A server table's options over real sockets on 127.0.0.1: a Rummi table plays a whole match
(round after round on one table, the totals carried, to the target), the server refuses
options a game does not offer online, and the rules' own clock (Tumblewords' Ticker) is the
one the server keeps and ends a turn by (the game's ``timeout``, as the local table would)."""

import asyncio
import time
from types import SimpleNamespace

from net_support import running_server, signed_in
from rummi_desktop.games.tumblewords.rules import state as tumblewords_state
from rummi_desktop.net import connection, lobby
from rummi_desktop.net.client import ServerError
from rummi_desktop.net.connection import RateBucket
from rummi_desktop.scenes.online.choices import rules_line


async def _pair(url, game, options, clock=None):
    alice, bob = await signed_in(url, "alice"), await signed_in(url, "bobby")
    table = await alice.create_table(game, ["human", "human"], options, clock=clock, visibility="private")
    await bob.join_table(invite=table["invite"])
    first = await alice.subscribe(table["table"])
    await bob.subscribe(table["table"])
    return alice, bob, table["table"], first


async def _rummi_match_by_forfeits(url):
    alice, bob, table, game = await _pair(url, "rummi", {"mode": "blitz", "match_target": 100})
    assert game["view"]["match"] == {"mode": "Blitz", "target": 100, "round": 1, "totals": [0, 0],
                                     "over": False, "rounds": []}
    assert game["deadline"] is not None  # Blitz: the rules' 30 s, though the table has no clock
    rounds_seen = {1}
    while game["status"] != "over":
        mover = alice if game["current"] == game["seat"] else bob
        await mover.forfeit(table, version=game["version"])
        game = await alice.wait_game(table, after=game["version"])
        rounds_seen.add(game["view"]["match"]["round"])
    match = game["view"]["match"]
    await alice.close(), await bob.close()
    return game, match, rounds_seen


def test_a_rummi_table_plays_a_match_of_rounds_to_its_target(tmp_path, monkeypatch):
    # Some 80 forfeits a round, one right after another: above what a person's client sends.
    monkeypatch.setattr(connection, "RateBucket", lambda: RateBucket(rate=10_000, burst=10_000))
    monkeypatch.setattr(lobby, "secrets", SimpleNamespace(randbits=lambda bits: 5))  # one known match
    game, match, rounds_seen = asyncio.run(_run(tmp_path, _rummi_match_by_forfeits))
    # the deal of seed 5, played by forfeits, reaches 100 in its third round
    assert len(match["rounds"]) >= 2 and rounds_seen == set(range(1, match["round"] + 1))
    totals = [sum(r["scores"][seat] for r in match["rounds"]) for seat in range(2)]
    assert match["totals"] == totals and max(totals) >= 100 and match["over"]
    best = max(totals)
    assert game["result"]["scores"] == totals
    assert game["result"]["winners"] == [seat for seat, total in enumerate(totals) if total == best]


async def _refusals(url):
    alice = await signed_in(url, "alice")
    codes = []
    for game, options in (("rummi", {"clock_seconds": 30}), ("rummi", {"mode": "marathon"}),
                          ("tumblewords", {"ticker": 1}), ("rummble", {"jokers": 4})):
        try:
            await alice.create_table(game, ["human", "easy"], options)
        except ServerError as error:
            codes.append((error.code, str(error)))
    await alice.close()
    return codes


def test_options_a_game_does_not_offer_online_are_refused_by_name(tmp_path):
    codes = asyncio.run(_run(tmp_path, _refusals))
    assert [code for code, _ in codes] == ["bad_options"] * 4
    assert "no option 'clock_seconds' online" in codes[0][1] and "'marathon' is not one of" in codes[1][1]
    assert "Ticker: '1' is not one of False, True" in codes[2][1] and "no option 'jokers' online" in codes[3][1]


async def _ticker_runs_out(url):
    alice, bob, table, game = await _pair(url, "tumblewords", {"ticker": True}, clock={"kind": "async", "days": 3})
    assert game["deadline"] - time.time() < 5  # the Ticker's clock, not the table's three days
    version = game["version"]
    after = await alice.wait_game(table, after=version, timeout=20)  # nobody moves: the server ends the turn
    await alice.close(), await bob.close()
    return game, after


def test_the_server_ends_a_ticker_turn_with_the_rules_timeout(tmp_path, monkeypatch):
    monkeypatch.setattr(tumblewords_state, "TICKER_SECONDS", 0.5)  # the rule's 30 s, made short for the test
    game, after = asyncio.run(_run(tmp_path, _ticker_runs_out))
    # (the newest message: the chores may have ended the next turn too by the time it is read)
    assert after["last"]["verbs"] == ["timeout"] and after["last"]["actions"] == ["timeout"]
    assert after["version"] > game["version"] and after["deadline"] is not None


def test_a_tables_rules_line_names_what_differs_from_the_usual():
    assert rules_line("rummi", {"mode": "blitz", "opening_points": 50}) == "Opening 50 · Blitz (30 s)"
    assert rules_line("tumblewords", {"zapper": True, "pressure_cooker": True}) == "Zapper! · Pressure Cooker"
    assert rules_line("rummble", {}) == "" and rules_line("rummi", SimpleNamespace()) == ""


async def _run(tmp_path, body):
    async with running_server(tmp_path / "server.db") as url:
        return await body(url)
