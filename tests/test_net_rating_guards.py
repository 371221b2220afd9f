"""Ratings that two games move at once both count, and the guards against two accounts farming
ranked games: no rating without real play, no rematch of a pair within the cool-down, and a
daily limit for new accounts."""

import asyncio
import random

import pytest

from net_support import move_on, rate_two_games_at_once, running_server, signed_in, started_table
from rummi_desktop.net import ranked
from rummi_desktop.net.bots import unhurried
from rummi_desktop.net.client import ServerError
from rummi_desktop.net.server import GameServer
from rummi_desktop.net.store_ratings import Standing
from rummi_desktop.net.store_sqlite import SqliteStore


def test_two_games_of_one_player_rated_at_once_both_count_on_sqlite(tmp_path):
    path = tmp_path / "s.db"

    async def open_store():
        store = SqliteStore(path)
        await store.setup()
        return store

    asyncio.run(open_store()).connection.close()  # the schema, before the two race to it
    alice, orders = rate_two_games_at_once(open_store)
    assert alice is not None and alice[2] == 3  # three rated games, neither of the two lost
    assert any(alice == pytest.approx(order) for order in orders)


async def forfeit_every_turn(client, table):
    """The colluding seat: never lays a tile, forfeits each of its turns until the game ends."""
    game = client.games.get(table) or await client.subscribe(table)
    while game["status"] != "over":
        if game["current"] == game["seat"]:
            try:  # as fast as a bot, so it waits out the message rate limit as a bot does
                await unhurried(lambda: client.forfeit(table, game["version"]))
            except ServerError as error:
                if error.code != "stale_version":
                    raise
        game = await client.wait_game(table, after=game["version"], timeout=60)
    return game


def test_a_colluding_pair_gains_nothing_and_is_not_matched_again(tmp_path):
    from rummi_desktop.net.bots import play_seat

    async def run():
        async with running_server(tmp_path / "s.db") as url:
            booster, feeder = await signed_in(url, "booster"), await signed_in(url, "feeder")
            await booster.matchmake("tumblewords"), await feeder.matchmake("tumblewords")
            table = (await booster.wait_pushed("matched"))["table"]["table"]
            await feeder.wait_pushed("matched")
            await asyncio.gather(play_seat(booster, table), forfeit_every_turn(feeder, table))
            await asyncio.sleep(0.3)  # the rating is written just after the last move
            rating = await booster.request("rating", game="tumblewords")
            assert rating["games"] == 0 and rating["ordinal"] == 0.0  # no real play: not rated
            # Queued together again at once, they are not paired: a third player takes one of them.
            await booster.matchmake("tumblewords"), await feeder.matchmake("tumblewords")
            other = await signed_in(url, "other")
            await other.matchmake("tumblewords")
            matched = (await other.wait_pushed("matched"))["table"]
            names = sorted(seat["name"] for seat in matched["seats"])
            assert names == ["booster", "other"]
            for client in (booster, feeder, other):
                await client.close()

    asyncio.run(run())


def test_the_pairs_skip_a_pair_kept_apart():
    from rummi_desktop.net.matchmaking import pairs

    waiting = [("a", 10.0, 0.0), ("b", 10.0, 0.0), ("c", 10.5, 0.0)]
    assert pairs(waiting, now=1.0) == [("a", "b")]
    assert pairs(waiting, now=1.0, apart={frozenset(("a", "b"))}) == [("a", "c")]


def test_a_new_account_is_rated_a_few_games_a_day_then_no_more():
    now = 10 * ranked.DAY
    new = Standing(None, now - ranked.DAY, ranked.PROVISIONAL_GAMES_PER_DAY - 1)
    old = Standing((30.0, 2.0, 400), 0.0, 50)
    assert ranked.limit_problem({"new": new, "old": old}, now) == ""
    tired = Standing(None, now - ranked.DAY, ranked.PROVISIONAL_GAMES_PER_DAY)
    assert "new account" in ranked.limit_problem({"new": tired, "old": old}, now)
    settled = Standing((25.0, 5.0, 30), now - ranked.PROVISIONAL_DAYS * ranked.DAY - 1, 50)
    assert ranked.limit_problem({"settled": settled, "old": old}, now) == ""


def test_farming_by_a_pair_is_bounded_over_many_games(tmp_path, monkeypatch):
    """Ranked games of one new pair in a day: one where a seat passes every turn rates nobody,
    and the real ones count up to the new accounts' daily limit (2 here, to keep it short)."""
    monkeypatch.setattr(ranked, "PROVISIONAL_GAMES_PER_DAY", 2)
    games = ranked.PROVISIONAL_GAMES_PER_DAY + 3

    async def play():
        server = GameServer(SqliteStore(tmp_path / "s.db"))
        await server.start()
        server._chores.cancel()
        try:
            for name in ("ann", "bob"):
                await server.store.accounts.create(_account(f"{name}-id", name), name)
            counted = []
            for game in range(games):
                table_id = await started_table(server.store, "rummble", ranked=True, options={"tile_set": "short"})
                await play_out(server, table_id, random.Random(game), passer=1 if game == 0 else None)
                await server._rate(server.live.games[table_id].record)
                rating = await server.store.ratings.get("ann-id", "rummble")
                counted.append(rating[2] if rating else 0)
            return counted
        finally:
            await server.stop()

    limit = ranked.PROVISIONAL_GAMES_PER_DAY
    assert asyncio.run(play()) == [0] + list(range(1, limit + 1)) + [limit] * (games - 1 - limit)


async def play_out(server, table_id, rng, passer=None):
    """Both seats play an easy computer's moves to the end, but ``passer`` forfeits every turn."""
    live = await server.live.get(table_id)
    while live.record.status == "playing":
        seat = live.state.current
        if seat == passer:
            seq = 1 + await server.store.tables.last_seq(table_id, seat)
            await server.live.player_move(live, seat, live.record.version, seq, None)
        else:
            await move_on(server, table_id, rng)


def _account(account_id, name):
    from rummi_desktop.net.store_accounts import Account

    return Account(account_id, name, "x")
