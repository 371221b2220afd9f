"""How fast the Tumblewords dictionary loads and answers, and what it costs in memory.

    .venv/bin/python benchmarks/tumblewords_dictionary_bench.py [--repeats 5]

Builds the shipped ENABLE list ``--repeats`` times from the asset (reading included) and prints
one JSON line: ``load_ms`` (best and median), ``kept_mib`` (memory held by the built dictionary,
by tracemalloc), ``word_check_ns`` (``word in d.words``, hit and miss), ``prefix_ns``
(``has_prefix``) and ``drop_check_us`` (every legal drop of a 7-letter hand with a blank on a
half-full 8×8 board, per drop).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
import timeit
import tracemalloc

from rummi_desktop.games.tumblewords.rules.grid import FACES, Grid
from rummi_desktop.games.tumblewords.rules.play import check_drop, possible_drops
from rummi_desktop.games.tumblewords.storage import word_lists


def _load_ms(repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        word_lists._cache.clear()
        started = time.perf_counter()
        word_lists.shipped_dictionary()
        times.append((time.perf_counter() - started) * 1000)
    return times


def _kept_mib() -> float:
    word_lists._cache.clear()
    tracemalloc.start()
    word_lists.shipped_dictionary()
    kept, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return kept / 2**20


def _half_full_grid(rng: random.Random) -> Grid:
    grid = Grid(8, 8)
    letters = [face for face in FACES if face != "?"]
    for tile_id in range(32):
        col = rng.choice([c for c in range(8) if grid.heights[c] < 6])
        grid.drop(col, tile_id, rng.choice(letters))
    return grid


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    loads = _load_ms(args.repeats)
    kept = _kept_mib()
    words = word_lists.shipped_dictionary()
    n = 200_000
    hit = timeit.timeit("'tumble' in w", globals={"w": words.words}, number=n) / n * 1e9
    miss = timeit.timeit("'tumblx' in w", globals={"w": words.words}, number=n) / n * 1e9
    prefix = timeit.timeit("d.has_prefix('tumbl')", globals={"d": words}, number=n // 10) / (n // 10) * 1e9
    grid, hand = _half_full_grid(random.Random(1)), list("ETAOIN?")
    drops = possible_drops(grid, hand)
    started = time.perf_counter()
    for drop in drops:
        check_drop(grid, hand, drop, words)
    per_drop = (time.perf_counter() - started) / len(drops) * 1e6
    print(json.dumps({"words": len(words), "load_ms": {"best": round(min(loads), 1),
                      "median": round(statistics.median(loads), 1)}, "kept_mib": round(kept, 1),
                      "word_check_ns": {"hit": round(hit), "miss": round(miss)}, "prefix_ns": round(prefix),
                      "drops": len(drops), "drop_check_us": round(per_drop, 1)}))


if __name__ == "__main__":
    main()
