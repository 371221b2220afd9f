"""Helpers for the network tests: a real server on 127.0.0.1 (in this process, on a free port),
signed-in clients, and checks over every message a client received."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from pathlib import Path
from typing import AsyncIterator

from rummi_desktop.net.client import GameClient
from rummi_desktop.net.limits import ServerLimits
from rummi_desktop.net.serving import serve

PASSWORD = "correct horse battery"


@contextlib.asynccontextmanager
async def running_server(database: str | Path, limits: ServerLimits = ServerLimits()) -> AsyncIterator[str]:
    """A server on a free port of 127.0.0.1 with ``database`` (and ``limits``); yields its ws:// URL."""
    stop = asyncio.Event()
    bound: asyncio.Future = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(serve("127.0.0.1", 0, str(database), ready=bound.set_result, stop=stop, limits=limits))
    port = await asyncio.wait_for(asyncio.shield(bound), 20)
    try:
        yield f"ws://127.0.0.1:{port}"
    finally:
        stop.set()
        await asyncio.wait_for(task, 20)


async def signed_in(url: str, name: str, register: bool = True) -> GameClient:
    client = await GameClient.connect(url)
    client.received = []
    if register:
        await client.register(name, PASSWORD)
    else:
        await client.sign_in(name, PASSWORD)
    return client


def received_messages(client: GameClient) -> list[dict]:
    return [json.loads(text) for text in client.received or []]


# ---- a server's games driven directly (no sockets): a started table, a seat's move, the log ----

async def started_table(store, game: str = "tumblewords", clock_seconds: float = 600.0, ranked: bool = False,
                        accounts: tuple[str, str] = ("ann-id", "bob-id"), now: float | None = None,
                        options: dict | None = None) -> str:
    """A two-person table of ``game`` stored as playing (a live clock of ``clock_seconds``)."""
    from rummi_desktop.net import lobby
    from rummi_desktop.net.accounts import new_id, new_invite_code
    from rummi_desktop.net.live import fresh_state
    from rummi_desktop.net.records import Seat, TableRecord

    now = time.time() if now is None else now
    seats = tuple(Seat("human", account, account.partition("-")[0].title()) for account in accounts)
    record = TableRecord(new_id(), game, accounts[0], seats, options or {}, 1234, clock_kind="live",
                         clock_seconds=clock_seconds, ranked=ranked, invite=new_invite_code(), updated=now,
                         created=now)
    record = lobby.started(record, fresh_state(record), now)
    await store.tables.insert(record)
    return record.id


async def move_on(server, table_id: str, rng, seat: int | None = None, version: int | None = None) -> int:
    """The seat on turn (or ``seat``) plays an easy computer's choice against the version held
    (or ``version``); returns the new version."""
    from rummi_desktop.net.bots import choose
    from rummi_desktop.net.views import game_message

    live = server.live.games[table_id]
    seat = live.state.current if seat is None else seat
    notation = choose(game_message(live, seat), "easy", rng)
    seq = 1 + await server.store.tables.last_seq(table_id, seat)
    version = live.record.version if version is None else version
    return await server.live.player_move(live, seat, version, seq, notation)


async def replayed_log(store, table_id: str):
    """The stored table and the log a fresh state has after replaying its stored moves."""
    from rummi_desktop.net.live import fresh_state

    record, moves = await store.tables.get(table_id), await store.tables.moves_since(table_id, 0)
    state = fresh_state(record)
    for move in moves:
        for action in move.actions:
            state.perform(action)
    return record, state.log


# ---- two ranked games of one player rated at the same moment, on separate connections ---------

def rate_two_games_at_once(open_store) -> tuple[tuple, tuple[tuple, tuple]]:
    """Alice, rated once already (she beat Dave), beats Bob and Carol in two games rated at once,
    each on its own thread, event loop and connection (``open_store()``: an awaitable store),
    the rating held a moment between its read and its write. Returns Alice's stored rating and
    the two she could have by the games rated one after the other (in either order)."""
    import threading

    from rummi_desktop.net.ratings import rated

    start = threading.Barrier(2, timeout=30)

    def slowly(won_by_alice):
        def rater(standings):
            new = rated([(account, standings[account].rating, account == "alice") for account in won_by_alice])
            time.sleep(0.3)  # a write that lags its read: an unlocked read of the other game lands here
            return new
        return rater

    def rate(table_id, opponent):
        async def run():
            store = await open_store()
            try:
                start.wait()
                await store.ratings.rate(table_id, "rummi", ["alice", opponent], 0.0, time.time(),
                                         slowly(["alice", opponent]))
            finally:
                await store.close()
        asyncio.run(run())

    async def first_game():
        store = await open_store()
        try:
            await store.ratings.rate("t-dave", "rummi", ["alice", "dave"], 0.0, time.time(),
                                     slowly(["alice", "dave"]))
        finally:
            await store.close()

    asyncio.run(first_game())
    threads = [threading.Thread(target=rate, args=(table, opponent))
               for table, opponent in (("t-bob", "bob"), ("t-carol", "carol"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)

    async def read():
        store = await open_store()
        try:
            return await store.ratings.get("alice", "rummi")
        finally:
            await store.close()

    def beats(rating, opponent):
        return rated([("alice", rating, True), (opponent, None, False)])["alice"]

    before = beats(None, "dave")
    orders = (beats(beats(before, "bob"), "carol"), beats(beats(before, "carol"), "bob"))
    return asyncio.run(read()), orders


async def play_then_resign(client: GameClient, table: str, moves: int, seed: int = 0) -> dict:
    """``client``'s seat plays ``moves`` easy moves of its own, then resigns on its next turn:
    a game that ends after some real play in a few moves (a Rummi table plays a whole match to
    its target otherwise, thousands of moves). Returns the game's last message."""
    from rummi_desktop.net.bots import BotTally, one_move

    rng, tally = random.Random(seed), BotTally()
    game = client.games.get(table) or await client.subscribe(table)
    while game["status"] != "over":
        if game["current"] != game["seat"]:
            game = await client.wait_game(table, after=game["version"], timeout=120)
            continue
        if tally.moves < moves:
            version = await one_move(client, table, game, "easy", rng, tally)
        else:
            version = (await client.move(table, "resign", game["version"]))["version"]
        game = await client.wait_game(table, after=version - 1, timeout=120)
    return game
