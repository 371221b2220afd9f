"""How long the window's post-game review takes: a seeded game played by computer seats,
reviewed through the thinking process exactly as the Review screen runs it (one request per
turn to a child process), median of ``--runs``.

    .venv/bin/python benchmarks/review_bench.py --game rummi --turns 40 --seats hard,medium --seed 1

Seeds from ``--seed`` up are played until one whose whole game has about ``--turns`` turns
(within 10%); that game is reviewed. Prints one JSON line: the game, seed, turns, each run's seconds and the median.
The seconds include starting the child (from the fork server) and replaying the game in it.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rummi_desktop.thinking.worker import start_thinking_server  # noqa: E402


def game_of_turns(spec, tiers, seed: int, turns: int):
    """(seed, start, moves, turns) of the first seeded game from ``seed`` whose whole game has
    about ``turns`` turns (within 10%), played to its end."""
    from rummi_desktop.commands.review import play_computer_game
    from rummi_desktop.games.review import split_turns
    from rummi_desktop.records.replay import REPLAYED_PARTS

    for tried in range(seed, seed + 200):
        played = play_computer_game(spec, tiers, tried)
        count = len(split_turns(spec.new_state(tiers, tried), played.log))
        if abs(count - turns) <= max(1, turns // 10):
            start = {key: value for key, value in spec.state_to_dict(spec.new_state(tiers, tried)).items()
                     if key not in REPLAYED_PARTS}
            return tried, start, list(played.log), count
    raise SystemExit(f"no game of about {turns} turns from seed {seed} to {seed + 199}")


def timed_review(game: str, start: dict, moves: list[str]) -> float:
    from rummi_desktop.thinking.review_run import ReviewRun

    began = time.perf_counter()
    run = ReviewRun(game, start, moves, use_process=True)
    while run.poll() is None:
        time.sleep(0.002)  # the window polls once a frame; this polls faster
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="rummi")
    parser.add_argument("--turns", type=int, default=40)
    parser.add_argument("--seats", default="hard,medium")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    from rummi_desktop.thinking.tasks import thinking_modules

    start_thinking_server(thinking_modules())  # as the window starts it, before pygame
    from rummi_desktop.entry_points import start_games
    from rummi_desktop.games import GAMES

    start_games()
    spec = GAMES[args.game]
    tiers = tuple(name.strip() for name in args.seats.split(","))
    seed, start, moves, turns = game_of_turns(spec, tiers, args.seed, args.turns)
    seconds = [round(timed_review(args.game, start, moves), 3) for _ in range(args.runs)]
    print(json.dumps({"game": args.game, "seed": seed, "turns": turns, "moves": len(moves),
                      "seconds": seconds, "median": statistics.median(seconds)}))


if __name__ == "__main__":
    main()
