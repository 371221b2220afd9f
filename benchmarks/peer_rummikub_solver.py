"""Times the PyPI package ``rummikub-solver`` 1.0.0 on positions given as JSON (stdin).

Run with the interpreter of a SEPARATE virtual environment holding rummikub-solver (the
project never depends on it); ``solver_bench.py`` starts it as a subprocess. Input:
``[{"table": ["R1", ...], "rack": [...], "initial": bool}, ...]``; output: one JSON object with
``build_ms`` (building its rule set) and, per position, ``ms`` and ``placed``.
"""

from __future__ import annotations

import json
import sys
import time

from rummikub_solver import GameState, RuleSet  # type: ignore[import-not-found]

COLOURS = "KBRY"


def tile_id(ruleset: RuleSet, text: str) -> int:
    if text == "J":
        return ruleset.tile_count  # the joker is the last tile id
    return COLOURS.index(text[0]) * 13 + int(text[1:])


def main() -> int:
    positions = json.load(sys.stdin)
    started = time.perf_counter()
    ruleset = RuleSet()
    ruleset.sets  # builds the set list (cached)
    warm = GameState(ruleset._tiles, rack=[tile_id(ruleset, "R1")])
    ruleset.solve(warm)
    build_ms = (time.perf_counter() - started) * 1000
    results = []
    for position in positions:
        state = GameState(
            ruleset._tiles,
            table=[tile_id(ruleset, t) for t in position["table"]],
            rack=[tile_id(ruleset, t) for t in position["rack"]],
            initial=position["initial"],
        )
        t0 = time.perf_counter()
        solution = ruleset.solve(state)
        ms = (time.perf_counter() - t0) * 1000
        results.append({"ms": ms, "placed": len(solution.tiles) if solution else 0})
    json.dump({"build_ms": build_ms, "backend": str(ruleset.backend), "results": results}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
