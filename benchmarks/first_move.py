#!/usr/bin/env python3
"""Time a computer seat's first move of a game, and the moves after it, as the table sees them.

    python benchmarks/first_move.py [--start forkserver|spawn] [--games 5] [--moves 8]
                                    [--seats expert,hard] [--seed 1] [--setup-after 0.0]

Starts the thinking server as the app's entry point does (before anything imports pygame),
then for each game sets up a ``ComputerSeats`` as the table does (``prepare()`` at table
set-up, ``--setup-after`` seconds after the server started: 0 is ``rummi-desktop play rummi``,
the least time the server gets), asks for the first computer move at once (the table asks one
frame after its first turn begins) and times submit → reply for it and for the next moves of
the seeded game, all seats computers. ``think_ms`` is the same positions thought over in this
process, so the difference is what the child process costs. Prints one JSON line (times in ms):

    {"start_method", "server_ms", "prepare_ms", "ready_ms", "first_move_ms": {"median", "max"},
     "next_moves_ms": {...}, "think_first_ms": {...}, "think_next_ms": {...}, "close_ms": {...}}

``prepare_ms`` is how long ``prepare()`` holds the frame; ``ready_ms`` is from ``prepare()`` to
the child saying its handler is imported (the child's start-up).
"""

from __future__ import annotations

# Only light imports up here: each child imports this file again as its main module (as the
# app's children import the tiny ``rummi-desktop`` launcher script).
import sys
import time

WAIT_LIMIT = 60.0  # s: a broken child fails the run instead of hanging it


def summary(values: list[float]) -> dict:
    import statistics

    return {"median": round(statistics.median(values), 2), "max": round(max(values), 2), "n": len(values)}


def wait_ready(worker) -> float:
    end = time.perf_counter() + WAIT_LIMIT
    while not worker.ready:
        if time.perf_counter() > end or not worker.alive:
            raise SystemExit("the thinking process did not start")
        time.sleep(0.0005)
    return worker.ready_at


def play_game(seats: tuple[str, ...], seed: int, moves: int, results: dict) -> None:
    from rummi_desktop.thinking.computer_seats import ComputerSeats
    from rummi_desktop.games import GAMES
    from rummi_desktop.games.base import play_seat_move
    from rummi_desktop.thinking.tasks import choose_move, task_for
    import rummi_desktop.games.rummi.ai.tiers  # noqa: F401  (think_ms below is thinking, not importing)

    spec = GAMES["rummi"]
    state = spec.new_state(seats, seed)
    computers = ComputerSeats("rummi", use_process=True)
    set_up = time.perf_counter()
    computers.prepare()  # what RummiTableScene.__init__ does
    results["prepare"].append((time.perf_counter() - set_up) * 1000)
    worker = computers._process
    for move in range(moves):
        if state.is_over:
            break
        tier = seats[state.current]
        task = task_for("rummi", tier, spec.seat_view(state, state.current))
        asked = time.perf_counter()
        job = computers.start(state, tier)
        if not job.wait(WAIT_LIMIT):
            raise SystemExit("a computer seat did not answer")
        taken = (time.perf_counter() - asked) * 1000
        answer = job.poll()
        results["first" if move == 0 else "next"].append(taken)
        if move == 0:
            results["ready"].append((wait_ready(worker) - set_up) * 1000)
        thought = time.perf_counter()
        choose_move(task, time.perf_counter() + 2.0, None)
        results["think_first" if move == 0 else "think_next"].append((time.perf_counter() - thought) * 1000)
        if answer is None:
            state.forfeit_turn()
        else:
            play_seat_move(spec, state, answer)
    closing = time.perf_counter()
    computers.close()  # what leaving the table does
    results["close"].append((time.perf_counter() - closing) * 1000)


def main(argv: list[str] | None = None) -> int:
    import argparse
    import json

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--start", choices=("forkserver", "spawn"), default=None)
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--moves", type=int, default=8)
    parser.add_argument("--seats", default="expert,hard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--setup-after", type=float, default=0.0)
    args = parser.parse_args(argv)

    started = time.perf_counter()
    from rummi_desktop.thinking.worker import start_thinking_server
    from rummi_desktop.thinking.tasks import thinking_modules

    method = start_thinking_server(thinking_modules(), method=args.start)
    server_ms = (time.perf_counter() - started) * 1000
    time.sleep(args.setup_after)
    results: dict[str, list[float]] = {key: [] for key in
                                       ("prepare", "ready", "first", "next", "think_first", "think_next", "close")}
    seats = tuple(args.seats.split(","))
    for game in range(args.games):
        play_game(seats, args.seed + game, args.moves, results)
    print(json.dumps({
        "start_method": method, "seats": list(seats), "games": args.games,
        "setup_after_s": args.setup_after, "server_ms": round(server_ms, 2),
        "prepare_ms": summary(results["prepare"]), "ready_ms": summary(results["ready"]),
        "first_move_ms": summary(results["first"]), "next_moves_ms": summary(results["next"]),
        "think_first_ms": summary(results["think_first"]), "think_next_ms": summary(results["think_next"]),
        "close_ms": summary(results["close"]),
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
