"""Matchmaking pairs ranked players, a ranked game moves openskill ratings and the leaderboard,
and a signed-in profile document syncs to the server and comes back on another computer."""

import asyncio
import random

from net_support import running_server, signed_in
from rummi_desktop.net.bots import BotTally, one_move, play_seat
from rummi_desktop.net.client import ServerError
from rummi_desktop.net.matchmaking import pairs
from rummi_desktop.net.ratings import DEFAULT_MU


def test_pairs_match_close_ratings_first_and_widen_with_waiting():
    waiting = [("a", 10.0, 0.0), ("b", 30.0, 0.0), ("c", 11.0, 0.0), ("d", 31.0, 0.0)]
    assert pairs(waiting, now=1.0) == [("a", "c"), ("b", "d")]
    assert pairs([("a", 0.0, 0.0), ("b", 20.0, 0.0)], now=1.0) == []  # too far apart, for now
    assert pairs([("a", 0.0, 0.0), ("b", 20.0, 0.0)], now=60.0) == [("a", "b")]  # after a minute: fine


def test_matchmaking_a_ranked_game_and_the_leaderboard(tmp_path):
    async def run():
        async with running_server(tmp_path / "s.db") as url:
            alice, bob = await signed_in(url, "alice"), await signed_in(url, "bob")
            assert (await alice.matchmake("tumblewords"))["type"] == "queued"
            await bob.matchmake("tumblewords")
            matched = [await client.wait_pushed("matched") for client in (alice, bob)]
            table = matched[0]["table"]["table"]
            assert matched[1]["table"]["table"] == table and matched[0]["table"]["ranked"]
            endings = await asyncio.gather(play_seat(alice, table), play_seat(bob, table, seed=5))
            winners = endings[0]["result"]["winners"]
            await asyncio.sleep(0.3)  # ratings are written just after the last move
            board = await alice.request("leaderboard", game="tumblewords")
            names = [player["name"] for player in board["players"]]
            assert sorted(names) == ["alice", "bob"] and all(p["games"] == 1 for p in board["players"])
            if len(winners) == 1:
                seat_names = [seat["name"] for seat in endings[0]["seats"]]
                assert names[0] == seat_names[winners[0]]  # the winner leads
                ratings = [await client.request("rating", game="tumblewords") for client in (alice, bob)]
                assert ratings[0]["mu"] != ratings[1]["mu"]
            for client in (alice, bob):
                await client.close()

    asyncio.run(run())


def test_a_ranked_game_its_process_never_rated_is_rated_by_the_chores_once(tmp_path, monkeypatch):
    from rummi_desktop.net import server as server_module
    from rummi_desktop.net.store_sqlite import SqliteStore

    async def no_rating(self, record):  # the process stops between the last move and the rating
        return None

    real_rate = server_module.GameServer._rate
    monkeypatch.setattr(server_module.GameServer, "_rate", no_rating)
    monkeypatch.setattr(server_module, "STALL_SECONDS", 0.0)
    database = tmp_path / "s.db"

    async def run():
        async with running_server(database) as url:
            alice, bob = await signed_in(url, "alice"), await signed_in(url, "bob")
            await alice.matchmake("tumblewords"), await bob.matchmake("tumblewords")
            table = (await alice.wait_pushed("matched"))["table"]["table"]
            await bob.wait_pushed("matched")
            await asyncio.gather(play_seat(alice, table), play_seat(bob, table, seed=5))
            await asyncio.sleep(1.5)
            assert (await alice.request("leaderboard", game="tumblewords"))["players"] == []  # never rated
            for client in (alice, bob):
                await client.close()
        monkeypatch.setattr(server_module.GameServer, "_rate", real_rate)  # a process that rates
        async with running_server(database) as url:
            carol = await signed_in(url, "carol")
            for _ in range(50):  # the chores run every second
                board = await carol.request("leaderboard", game="tumblewords")
                if board["players"]:
                    break
                await asyncio.sleep(0.2)
            assert sorted(p["name"] for p in board["players"]) == ["alice", "bob"]
            assert all(p["games"] == 1 for p in board["players"])
            await asyncio.sleep(2.5)  # more chores: rated once, not again
            again = await carol.request("leaderboard", game="tumblewords")
            assert all(p["games"] == 1 for p in again["players"])
            await carol.close()
        store = SqliteStore(database)
        assert await store.ratings.unrated_games(0.0, 1e12) == []
        await store.close()

    asyncio.run(run())


def test_a_player_who_leaves_while_queued_is_not_paired(tmp_path):
    async def run():
        async with running_server(tmp_path / "s.db") as url:
            alice = await signed_in(url, "alice")
            await alice.matchmake("rummi")
            await alice.close()  # gone before anyone else came
            await asyncio.sleep(0.3)
            bob, carol = await signed_in(url, "bob"), await signed_in(url, "carol")
            await bob.matchmake("rummi")
            await carol.matchmake("rummi")
            matched = [await client.wait_pushed("matched") for client in (bob, carol)]
            names = sorted(seat["name"] for seat in matched[0]["table"]["seats"])
            assert names == ["bob", "carol"] and matched[0]["table"]["table"] == matched[1]["table"]["table"]
            for client in (bob, carol):
                await client.close()

    asyncio.run(run())


def test_a_profile_syncs_and_restores_on_another_computer(tmp_path):
    async def run():
        async with running_server(tmp_path / "s.db") as url:
            laptop = await signed_in(url, "alice")
            empty = await laptop.request("profile_get")
            assert (empty["version"], empty["document"]) == (0, {})
            document = {"format": 1, "stats": {"rummi": {"played": 3, "won": 2}}, "unlocks": ["felt-blue"]}
            saved = await laptop.request("profile_put", version=0, document=document)
            assert saved["version"] == 1
            desktop = await signed_in(url, "alice", register=False)  # another computer signs in
            restored = await desktop.request("profile_get")
            assert (restored["version"], restored["document"]) == (1, document)
            try:
                await laptop.request("profile_put", version=0, document={"stale": True})
                raise AssertionError("a stale profile write was taken")
            except ServerError as error:
                assert error.code == "profile_conflict"
            assert (await desktop.request("profile_get"))["document"] == document  # unchanged
            for client in (laptop, desktop):
                await client.close()

    asyncio.run(run())


async def _rated(client, game: str) -> dict:
    """The account's rating once its ranked game is rated (written just after the last move)."""
    for _ in range(100):
        rating = await client.request("rating", game=game)
        if rating["games"]:
            return rating
        await asyncio.sleep(0.05)  # slow enough for the message rate limit
    raise AssertionError("the ranked game was never rated")


def test_a_resigned_ranked_game_is_rated_and_the_resigner_loses(tmp_path):
    """After real play (two drops each: a game with none is not rated, the farming guard), the
    seat on turn resigns: the game is rated and the resigner loses."""
    async def run():
        async with running_server(tmp_path / "s.db") as url:
            alice, bob = await signed_in(url, "alice"), await signed_in(url, "bob")
            await alice.matchmake("tumblewords"), await bob.matchmake("tumblewords")
            table = (await alice.wait_pushed("matched"))["table"]["table"]
            games = [await client.subscribe(table) for client in (alice, bob)]
            by_seat = {game["seat"]: client for game, client in zip(games, (alice, bob))}
            rng, game = random.Random(3), games[0]
            for _ in range(4):  # two real moves by each seat, in turn
                mover = by_seat[game["current"]]
                version = await one_move(mover, table, mover.games[table], "easy", rng, BotTally())
                game = await alice.wait_game(table, after=version - 1)
            resigner, other = by_seat[game["current"]], by_seat[1 - game["current"]]
            await resigner.move(table, "resign", game["version"])
            ended = await other.wait_game(table, after=game["version"])
            ratings = [await _rated(client, "tumblewords") for client in (resigner, other)]
            seats = [resigner.games[table]["seat"], ended["seat"]]
            for client in (alice, bob):
                await client.close()
            return ended, seats, ratings

    ended, (resigner_seat, other_seat), (resigner, other) = asyncio.run(run())
    assert ended["status"] == "over" and ended["result"]["resigned"] == resigner_seat
    assert ended["result"]["winners"] == [other_seat]
    assert resigner["games"] == other["games"] == 1
    assert other["mu"] > DEFAULT_MU > resigner["mu"]  # both began at the default: the resigner lost
