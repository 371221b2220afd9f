"""How long the Tumblewords computer seats think, on full hands holding a blank.

    .venv/bin/python benchmarks/tumblewords_ai_bench.py [--positions 100] [--seed 1] [--tiers hard,expert]

Plays seeded games of Medium against Medium on the standard board and takes a position every
few turns, its seat's hand made a full 7 letters with a blank (the hardest case: a blank is
tried as every letter). Each tier chooses a move in each position with a 2 s deadline, as
simulate gives it; prints one JSON line ``{"positions": n, tier: {"mean", "p50", "p95",
"max"}}`` in milliseconds.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from rummi_desktop.games.tumblewords.ai.tiers import choose_move
from rummi_desktop.games import GAMES
from rummi_desktop.games.base import play_seat_move
from rummi_desktop.games.tumblewords.storage import word_lists

SPEC = GAMES["tumblewords"]


def positions(count: int, seed: int) -> list[dict]:
    rng, views, game = random.Random(seed), [], 0
    while len(views) < count:
        state = SPEC.new_state(("medium", "medium"), seed * 1000 + game)
        game += 1
        while not state.is_terminal and len(views) < count:
            view = SPEC.seat_view(state, state.current)
            if len(view["hand"]) == 7 and sum(ch.islower() for row in view["board"] for ch in row) < 2:
                if "?" not in view["hand"]:
                    view["hand"][rng.randrange(7)] = "?"
                if rng.random() < 0.3:
                    views.append(view)
            play_seat_move(SPEC, state, choose_move(SPEC.seat_view(state, state.current), "medium"))
    return views


def timings(views: list[dict], tier: str) -> dict[str, float]:
    times = []
    for view in views:
        started = time.perf_counter()
        choose_move(view, tier, deadline=started + 2.0)
        times.append((time.perf_counter() - started) * 1000)
    ordered = sorted(times)
    return {"mean": round(statistics.fmean(times), 1), "p50": round(ordered[len(ordered) // 2], 1),
            "p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 1), "max": round(ordered[-1], 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tiers", default="easy,medium,hard,expert")
    args = parser.parse_args()
    word_lists.install()
    views = positions(args.positions, args.seed)
    choose_move(views[0], "medium")  # the word list is read once, outside the timings
    result = {"positions": len(views)}
    result.update({tier: timings(views, tier) for tier in args.tiers.split(",")})
    print(json.dumps(result, separators=(",", ":")))


if __name__ == "__main__":
    main()
