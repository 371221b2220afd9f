"""Solver benchmark: our exact solver (and, if available, rummikub-solver) on seeded positions.

    .venv/bin/python benchmarks/solver_bench.py --positions 200 --seed 1 [--jokers 4] \
        [--peer /path/to/other-venv/bin/python]

Deals ``--positions`` realistic positions (``rummi_positions.benchmark_positions``: tables of
0–60 tiles built from valid melds with jokers, racks of 1–30 tiles, about a third owing the
opening; ``--jokers 4``: from the "4 jokers" house rule's set of 108), times ``solve`` on each, and prints one JSON line: median / p90 / max in ms for ours
and, with ``--peer`` (the interpreter of a separate venv holding ``rummikub-solver``), for the
peer on the same positions in the same run (its rule-set build time reported apart), plus how
often the two disagree on the number of tiles placed.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rummi_desktop.games.rummi.ai.positions import Position, benchmark_positions  # noqa: E402
from rummi_desktop.games.rummi.ai.solver import solve  # noqa: E402
from rummi_desktop.games.rummi.rules.pieces import JOKER_CHOICES  # noqa: E402


def summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return {"median": round(pick(0.5), 2), "p90": round(pick(0.9), 2), "max": round(ordered[-1], 2)}


def time_ours(positions: list[Position]) -> tuple[list[float], list[int]]:
    times, placed = [], []
    for position in positions:
        started = time.perf_counter()
        solution = solve(position.table, position.rack, position.initial)
        times.append((time.perf_counter() - started) * 1000)
        placed.append(solution.placed)
    return times, placed


def time_peer(python: str, positions: list[Position]) -> dict:
    payload = [
        {"table": [t.notation() for meld in p.table for t in meld],
         "rack": [t.notation() for t in p.rack], "initial": p.initial}
        for p in positions
    ]  # fmt: skip
    script = pathlib.Path(__file__).with_name("peer_rummikub_solver.py")
    done = subprocess.run([python, str(script)], input=json.dumps(payload), capture_output=True,
                          text=True, check=True)  # fmt: skip
    return json.loads(done.stdout.strip().splitlines()[-1])  # HiGHS may print a banner first


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jokers", type=int, choices=JOKER_CHOICES, default=JOKER_CHOICES[0],
                        help="jokers in the set the positions are dealt from (a house rule)")
    parser.add_argument("--peer", default=None, help="python of a venv with rummikub-solver")
    args = parser.parse_args(argv)
    positions = benchmark_positions(args.seed, args.positions, args.jokers)
    ours_ms, ours_placed = time_ours(positions)
    report: dict = {"positions": len(positions), "seed": args.seed, "jokers": args.jokers,
                    "ours_ms": summary(ours_ms)}
    if args.peer:
        peer = time_peer(args.peer, positions)
        peer_ms = [r["ms"] for r in peer["results"]]
        report["peer_ms"] = summary(peer_ms)
        report["peer_build_ms"] = round(peer["build_ms"], 1)
        report["peer_backend"] = peer["backend"]
        pairs = list(zip(ours_placed, (r["placed"] for r in peer["results"])))
        report["peer_places_fewer"] = sum(p < o for o, p in pairs)
        report["peer_places_more"] = sum(p > o for o, p in pairs)
    print(json.dumps(report, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
