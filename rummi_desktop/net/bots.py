"""A client-side player for tests and the loadtest: plays its seat of a table over a
:class:`~rummi_desktop.net.client.GameClient` with a computer tier choosing from the seat's view
(the view a person's window shows), until the game is over."""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

from rummi_desktop.entry_points import load_entry
from rummi_desktop.games import GAMES
from rummi_desktop.net.client import GameClient, ServerError

THINK_SECONDS = 0.3
RATE_WAIT = 0.2  # s: a rate-limited bot waits this long (the bucket refills 30 messages a second)


@dataclass
class BotTally:
    moves: int = 0
    refused: int = 0
    rtt_ms: list[float] = field(default_factory=list)
    sent_at: dict[tuple[str, int], float] = field(default_factory=dict)  # (table, version) -> time acked


def choose(game: dict[str, Any], tier: str, rng: random.Random) -> str:
    spec = GAMES[game["game"]]
    view = dict(game["view"], seed=rng.randrange(2**31))  # the server keeps its seed; a bot picks its own
    pick = load_entry(spec, "computer")
    return pick(view, tier, deadline=time.perf_counter() + THINK_SECONDS).notation()


AfterMove = Callable[[GameClient, str, int], Awaitable[None]]


async def play_seat(client: GameClient, table: str, tier: str = "easy", seed: int = 0,
                    tally: BotTally | None = None, pace: float = 0.0, after_move: AfterMove | None = None) -> dict[str, Any]:
    """Play ``table`` to its end; returns the last game message. ``after_move(client, table,
    moves)`` runs after each of the seat's moves (the loadtest's hook for other traffic)."""
    tally = tally if tally is not None else BotTally()
    rng = random.Random(seed)
    game = client.games.get(table) or await client.subscribe(table)
    while game["status"] != "over":
        if game["current"] != game["seat"]:
            game = await client.wait_game(table, after=game["version"], timeout=120)
            continue
        if pace:
            await asyncio.sleep(pace * rng.uniform(0.5, 1.5))
        version = await one_move(client, table, game, tier, rng, tally)
        if after_move is not None:
            await after_move(client, table, tally.moves)
        game = await client.wait_game(table, after=version - 1, timeout=120)
    return game


async def unhurried(send: Any) -> dict[str, Any]:
    """``send()``'s answer; a bot faster than the server's message rate (a Rummi match played at
    pace 0: hundreds of moves) waits and sends again, as the refusal asks (nothing was done)."""
    while True:
        try:
            return await send()
        except ServerError as error:
            if error.code != "rate_limited":
                raise
        await asyncio.sleep(RATE_WAIT)


async def one_move(client: GameClient, table: str, game: dict, tier: str, rng: random.Random,
                    tally: BotTally) -> int:
    notation = choose(game, tier, rng)
    started = time.perf_counter()
    try:
        ack = await unhurried(lambda: client.move(table, notation, game["version"]))
    except ServerError as error:
        if error.code not in ("illegal_move", "bad_move"):
            raise
        tally.refused += 1
        ack = await unhurried(lambda: client.forfeit(table, game["version"]))
    tally.rtt_ms.append((time.perf_counter() - started) * 1000)
    tally.sent_at[(table, ack["version"])] = started
    tally.moves += 1
    return ack["version"]
