"""``rummi-desktop loadtest``: N concurrent bot games over real WebSockets, timed.

Against ``--server URL``, or embedded: server processes started here as subprocesses on free
ports of 127.0.0.1 (one on a temporary SQLite file by default; with ``--processes P`` and a
``postgresql://`` ``--database``, P processes sharing it, the two players of each game on
different processes, or with ``--placement together`` on the same one, as a load balancer
that routes by table would place them). Each game has two bot clients playing with the easy
tier, waiting ``--pace`` seconds (±50 %) before each move as a person would. Prints one JSON
line: ``{"games", "completed", "moves", "rtt_p50_ms", "rtt_p99_ms", "delivery_p50_ms",
"delivery_p99_ms", "errors", "violations", ...}``: rtt is move sent to its acknowledgement;
delivery is move sent to the other player's client receiving the new version (across
processes when there are several); an error is a game that failed (a refused request, a lost
connection, a time-out); a violation is a bot's move the rules refused, a message holding a
seed, or a game version going backwards. With embedded servers it adds each one's CPU time
while the games play (``server_cpu_s``, from the time every game is seated to the end; set-up
hashes passwords) and that divided by the run's moves (``server_cpu_ms_per_move``): the cost of
a move to each process, which falls as processes are added when each applies only its own
games' moves.
"""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

from rummi_desktop.net.bots import BotTally, play_seat
from rummi_desktop.net.client import GameClient, ServerError
from rummi_desktop.net.hosting import program_command
from rummi_desktop.net.process_cpu import cpu_seconds

PASSWORD = "load test password"
TIME_LIMIT = 900.0  # seconds: the whole run stops by itself
SETUP_AT_ONCE = 4
PLACEMENTS = ("apart", "together")  # a game's two players on different processes, or on one
SEATED = "seated"  # a worker's first line: its games are seated and play from now on


def start_embedded(database: str) -> tuple[subprocess.Popen, str]:
    # every bot connects from 127.0.0.1: the server's own limit of sockets per address is lifted
    process = subprocess.Popen([*program_command(), "serve", "--port", "0", "--database", database,
                                "--connections-per-address", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline() if process.stdout else ""
    found = re.search(r"ws://127\.0\.0\.1:(\d+)", line)
    if not found:
        process.kill()
        raise RuntimeError(f"the embedded server did not start: {line.strip()!r}")
    return process, f"ws://127.0.0.1:{found.group(1)}"


def percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(share * len(ordered)))], 1)


class Run:
    def __init__(self, urls: list[str], game: str, pace: float, placement: str = "apart", chat_every: int = 0) -> None:
        self.urls, self.game, self.pace, self.chat_every = urls, game, pace, chat_every
        self.chat_rtt: list[float] = []
        self.chat_limited = 0
        self.apart = placement == "apart"
        self.on_seated: Callable[[], None] = lambda: None
        self.tallies: list[BotTally] = []
        self.clients: list[GameClient] = []
        self.completed = self.errors = self.violations = 0
        self.delivery: list[float] = []
        self.error_kinds: dict[str, int] = {}
        self.setting_up = asyncio.Semaphore(SETUP_AT_ONCE)
        self.run_id = ""

    async def client(self, url: str, name: str) -> GameClient:
        client = await GameClient.connect(url)
        client.received, client.arrivals = [], {}
        await client.register(name, PASSWORD)
        self.clients.append(client)
        return client

    async def seat_game(self, number: int) -> tuple[GameClient, GameClient, str]:
        """Two signed-in players at a started table (set up a few at a time: registering hashes
        a password, and the timed part is the play)."""
        async with self.setting_up:
            first = await self.client(self.urls[number % len(self.urls)], f"a{self.run_id}x{number}")
            second = await self.client(self.urls[(number + self.apart) % len(self.urls)], f"b{self.run_id}x{number}")
            table = (await first.create_table(self.game, ["human", "human"]))["table"]
            await second.join_table(table)
            await first.subscribe(table), await second.subscribe(table)
        return first, second, table

    async def one_game(self, number: int, everyone_seated: asyncio.Barrier) -> None:
        try:
            try:
                first, second, table = await self.seat_game(number)
            finally:
                if await everyone_seated.wait() == 0:  # all games start playing together
                    self.on_seated()
            tallies = BotTally(), BotTally()
            self.tallies += tallies
            endings = await asyncio.gather(
                play_seat(first, table, seed=2 * number, tally=tallies[0], pace=self.pace, after_move=self.after_move),
                play_seat(second, table, seed=2 * number + 1, tally=tallies[1], pace=self.pace,
                          after_move=self.after_move))
            self.completed += all(ending["status"] == "over" for ending in endings)
            for mover, other in ((tallies[0], second), (tallies[1], first)):
                for key, sent in mover.sent_at.items():
                    if key in other.arrivals:
                        self.delivery.append((other.arrivals[key] - sent) * 1000)
        except (Exception, asyncio.TimeoutError) as error:
            self.errors += 1
            kind = type(error).__name__ + (f" {error.code}" if hasattr(error, "code") else "")
            self.error_kinds[kind] = self.error_kinds.get(kind, 0) + 1

    async def after_move(self, client: GameClient, table: str, moves: int) -> None:
        """After each bot's ``moves``-th move: with ``chat_every``, every so many moves a chat
        line to the table (a quick phrase and a typed line in turn), its rtt kept apart."""
        if not self.chat_every or moves % self.chat_every:
            return
        said = {"phrase": moves % 6} if moves // self.chat_every % 2 else {"text": f"move {moves}, nice one"}
        started = time.perf_counter()
        try:
            await client.request("chat_send", table=table, **said)
        except ServerError as error:  # a bot at pace 0 talks faster than the chat's rate limit lets a person
            if error.code != "rate_limited":
                raise
            self.chat_limited += 1
            return
        self.chat_rtt.append((time.perf_counter() - started) * 1000)

    def count_violations(self) -> None:
        self.violations = sum(tally.refused for tally in self.tallies)
        for client in self.clients:
            versions: dict[str, int] = {}
            for text in client.received or []:
                if '"seed"' in text:
                    self.violations += 1
                message = json.loads(text)
                if message.get("type") == "game":
                    if message["version"] < versions.get(message["table"], -1):
                        self.violations += 1
                    versions[message["table"]] = message["version"]

    async def close(self) -> None:
        await asyncio.gather(*(client.close() for client in self.clients), return_exceptions=True)


async def play_share(urls: list[str], first: int, count: int, game: str, pace: float, run_id: str,
                     placement: str = "apart", on_seated: Callable[[], None] = lambda: None, chat_every: int = 0) -> dict:
    """Games ``first`` … ``first + count - 1``; the raw figures (lists of times, counts).
    ``on_seated()`` once every game is seated, before the first move."""
    run = Run(urls, game, pace, placement, chat_every)
    run.run_id, run.on_seated = run_id, on_seated
    seated = asyncio.Barrier(count)
    tasks = [asyncio.create_task(run.one_game(number, seated)) for number in range(first, first + count)]
    _, pending = await asyncio.wait(tasks, timeout=TIME_LIMIT)
    for task in pending:
        task.cancel()
    run.errors += len(pending)
    run.count_violations()
    await run.close()
    return {"completed": run.completed, "errors": run.errors, "violations": run.violations,
            "rtt": [value for tally in run.tallies for value in tally.rtt_ms], "delivery": run.delivery,
            "error_kinds": run.error_kinds, "chat_rtt": run.chat_rtt,
            "chat_limited": run.chat_limited}


def play_in_workers(urls: list[str], games: int, game: str, pace: float, clients: int, run_id: str,
                    placement: str, on_seated: Callable[[], None], chat_every: int = 0) -> list[dict]:
    """Split the games over ``clients`` processes (so the bots, not the server, are never what
    runs out of CPU first) and collect their raw figures; ``on_seated()`` once all are seated."""
    if clients == 1:
        return [asyncio.run(play_share(urls, 0, games, game, pace, run_id, placement, on_seated, chat_every))]
    shares = [games // clients + (1 if index < games % clients else 0) for index in range(clients)]
    workers, first = [], 0
    for count in filter(None, shares):
        job = json.dumps({"urls": urls, "first": first, "count": count, "game": game, "pace": pace, "run_id": run_id,
                          "placement": placement, "chat_every": chat_every})
        workers.append(subprocess.Popen([sys.executable, "-m", "rummi_desktop.net.loadtest", job],
                                        stdout=subprocess.PIPE, text=True))
        first += count
    for worker in workers:
        worker.stdout.readline()  # its SEATED line (or nothing, if it failed)
    on_seated()
    figures = []
    for worker in workers:
        out, _ = worker.communicate(timeout=TIME_LIMIT + 60)
        figures.append(json.loads(out.strip().splitlines()[-1]) if worker.returncode == 0 and out.strip() else
                       {"completed": 0, "errors": 1, "violations": 0, "rtt": [], "delivery": [],
                        "error_kinds": {"worker failed": 1}, "chat_rtt": []})
    return figures


def summary(figures: list[dict], games: int, game: str, servers: int, clients: int, pace: float,
            seconds: float, placement: str) -> dict:
    rtt = [value for part in figures for value in part["rtt"]]
    chat = [value for part in figures for value in part.get("chat_rtt", [])]
    delivery = [value for part in figures for value in part["delivery"]]
    kinds: dict[str, int] = {}
    for part in figures:
        for kind, count in part["error_kinds"].items():
            kinds[kind] = kinds.get(kind, 0) + count
    return {"games": games, "completed": sum(p["completed"] for p in figures), "moves": len(rtt),
            "rtt_p50_ms": percentile(rtt, 0.5), "rtt_p99_ms": percentile(rtt, 0.99),
            "delivery_p50_ms": percentile(delivery, 0.5), "delivery_p99_ms": percentile(delivery, 0.99),
            "errors": sum(p["errors"] for p in figures), "violations": sum(p["violations"] for p in figures),
            "game": game, "servers": servers, "placement": placement, "client_processes": clients, "pace_s": pace,
            "seconds": round(seconds, 1), **({"error_kinds": kinds} if kinds else {}),
            **({"chat_lines": len(chat), "chat_rtt_p99_ms": percentile(chat, 0.99),
                "chat_rate_limited": sum(p.get("chat_limited", 0) for p in figures)} if chat else {})}


def server_cpu(servers: list[subprocess.Popen], at_seated: list[float | None], moves: int) -> dict:
    """Each embedded server's CPU seconds since ``at_seated`` (its CPU seconds when the games
    were seated), and per move of the run."""
    now = [cpu_seconds(server.pid) for server in servers]
    if not servers or None in now or None in at_seated or len(at_seated) != len(servers):
        return {}  # no /proc to read (not Linux), or the games never got seated
    used = [after - before for after, before in zip(now, at_seated)]
    return {"server_cpu_s": [round(seconds, 2) for seconds in used],
            "server_cpu_ms_per_move": [round(1000 * seconds / max(moves, 1), 3) for seconds in used]}


def run_loadtest(games: int, game: str, server: str | None, processes: int, database: str | None,
                 pace: float, clients: int = 2, placement: str = "apart", chat_every: int = 0) -> int:
    from rummi_desktop.games import GAMES

    if game not in GAMES or games < 1 or processes < 1 or clients < 1 or placement not in PLACEMENTS or chat_every < 0:
        print(f"loadtest: give --games ≥ 1, --clients ≥ 1, --chat-every ≥ 0, a --placement of {' or '.join(PLACEMENTS)} "
              f"and a --game of {', '.join(GAMES)}", file=sys.stderr)
        return 2
    if processes > 1 and not (database or "").startswith(("postgresql://", "postgres://")):
        print("loadtest: several --processes share a PostgreSQL --database postgresql://…", file=sys.stderr)
        return 2
    started: list[subprocess.Popen] = []
    try:
        if server:
            urls = [server]
        else:
            database = database or str(Path(tempfile.mkdtemp(prefix="rummi-load-")) / "server.sqlite3")
            urls = []
            for _ in range(processes):
                process, url = start_embedded(database)
                started.append(process)
                urls.append(url)
        began = time.perf_counter()
        at_seated: list[float | None] = []
        figures = play_in_workers(urls, games, game, pace, min(clients, games), str(int(time.time() * 1000) % 10**8),
                                  placement, lambda: at_seated.extend(cpu_seconds(p.pid) for p in started), chat_every)
        seconds = time.perf_counter() - began
        figures_line = summary(figures, games, game, len(urls), min(clients, games), pace, seconds, placement)
        figures_line.update(server_cpu(started, at_seated, figures_line["moves"]))
        print(json.dumps(figures_line, separators=(",", ":")))
    finally:
        for process in started:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
    return 0


if __name__ == "__main__":  # one worker of play_in_workers: a JSON job in, raw figures out
    from rummi_desktop.entry_points import start_games

    start_games()
    job = json.loads(sys.argv[1])
    print(json.dumps(asyncio.run(play_share(job["urls"], job["first"], job["count"], job["game"], job["pace"],
                                            job["run_id"], job["placement"], lambda: print(SEATED, flush=True),
                                            job.get("chat_every", 0)))))
