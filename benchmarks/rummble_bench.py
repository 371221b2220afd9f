"""How fast Rummble's best-play solve is on mid-game positions.

    .venv/bin/python benchmarks/rummble_bench.py [--positions 200] [--seed 1]

Builds ``--positions`` seeded mid-game positions: a 2-seat game is played by best-scoring
plays (the Medium tier) until the board holds a seeded target of 30 to 60 tiles; the seat on
turn then has its 10-tile rack (when the position has no joker on that rack, one joker from
the pool or the other rack is swapped in for a rack tile, so every position has a joker to
declare). Each position is solved as ``analyze`` solves it (the best play, and the count of
distinct legal plays) and timed; prints one JSON line: ``median_ms``, ``p95_ms``, ``max_ms``
and the median, p95 and max of the number of legal plays (``moves_*``), plus the same times
for the best play alone (``best_*``, what the Medium tier needs).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rummi_desktop.games.rummble.ai.movegen import Generator  # noqa: E402
from rummi_desktop.games.rummble.analysis.solve import solve  # noqa: E402
from rummi_desktop.games.rummble.rules.board import Board  # noqa: E402
from rummi_desktop.games.rummble.rules.moves import Exchange, Pass  # noqa: E402
from rummi_desktop.games.rummble.rules.state import RummbleParameters, RummbleState  # noqa: E402
from rummi_desktop.tiles import JOKER, Tile  # noqa: E402


def mid_game(seed: int) -> tuple[Board, list[Tile]]:
    rng = random.Random(seed)
    target = rng.randint(30, 60)
    while True:
        state = RummbleState(RummbleParameters(seats=("a", "b"), seed=seed))
        while not state.is_terminal and state.board.count < target:
            best = Generator(state.board, state.rack_tiles()).best()
            if best is not None:
                state.apply(best.move())
            elif state.can_exchange:
                state.apply(Exchange(tuple(state.rack_tiles()[:3])))
            else:
                state.apply(Pass())
        if state.board.count >= 30 and len(state.rack_tiles()) == 10:
            return state.board, with_a_joker(state.rack_tiles(), rng)
        seed += 1_000_003  # the game ended first: another deal


def with_a_joker(rack: list[Tile], rng: random.Random) -> list[Tile]:
    if JOKER in rack:
        return rack
    rack = list(rack)
    rack[rng.randrange(len(rack))] = JOKER
    return rack


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary(prefix: str, values: list[float]) -> dict[str, float]:
    return {f"{prefix}median": round(percentile(values, 0.5), 1), f"{prefix}p95": round(percentile(values, 0.95), 1),
            f"{prefix}max": round(max(values), 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    positions = [mid_game(args.seed * 10_007 + i) for i in range(args.positions)]
    solve_ms, best_ms, moves = [], [], []
    for board, rack in positions:
        started = time.perf_counter()
        answer = solve(board, rack, 13)
        solve_ms.append((time.perf_counter() - started) * 1000)
        moves.append(answer["moves"])
        started = time.perf_counter()
        Generator(board, rack).best()
        best_ms.append((time.perf_counter() - started) * 1000)
    board_sizes = [board.count for board, _ in positions]
    report = {"positions": len(positions), "board_tiles": [min(board_sizes), max(board_sizes)],
              "median_ms": round(percentile(solve_ms, 0.5), 1), "p95_ms": round(percentile(solve_ms, 0.95), 1),
              "max_ms": round(max(solve_ms), 1)}
    report.update(summary("best_", best_ms))
    report.update(summary("moves_", moves))
    print(json.dumps(report, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
