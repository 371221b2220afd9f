"""How long the Rummble and Tumblewords puzzle tables take to build and to draw a frame.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python benchmarks/puzzle_table_bench.py [--frames 500]

For each game: opens its puzzle table on the first shipped puzzle (headless), shows hint
level 2 (the marks a frame draws most), lets the animations settle, then times ``draw`` on an
off-screen 1280×800 surface. Prints one JSON line per game: the first build in the process
(imports, word list, tile pictures warmed), a second build, and the draw's median and p95 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("RUMMI_DESKTOP_HOME", tempfile.mkdtemp(prefix="puzzle-bench-"))

import pygame  # noqa: E402

from rummi_desktop.shell.app import App  # noqa: E402
from rummi_desktop.scenes.trainer.sources import game_entry, shipped_puzzle_dicts  # noqa: E402
from rummi_desktop.games.tumblewords.storage import word_lists# noqa: E402
from rummi_desktop.shell.settings import Settings  # noqa: E402

STEP = 1 / 60


def ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


def bench(app: App, game: str, frames: int) -> dict:
    puzzle = shipped_puzzle_dicts(game)[1][0]
    entry = game_entry(game)
    started = time.perf_counter()
    entry.puzzle_scene(app, puzzle, lambda outcome: None)
    first = time.perf_counter() - started
    started = time.perf_counter()
    table = entry.puzzle_scene(app, puzzle, lambda outcome: None)
    second = time.perf_counter() - started
    if app.stack.top is None:
        app.stack.push(table)
    else:
        app.stack.replace(table)
    for _ in range(3):
        app.step(STEP)
    table.ask_hint()
    table.ask_hint()
    for _ in range(200):
        app.step(STEP)
    surface = pygame.Surface((1280, 800)).convert()
    times = []
    for _ in range(frames):
        started = time.perf_counter()
        table.draw(surface)
        times.append(time.perf_counter() - started)
    times.sort()
    return {"game": game, "puzzle": puzzle["id"], "first_build_ms": ms(first), "build_ms": ms(second),
            "draw_median_ms": ms(times[len(times) // 2]), "draw_p95_ms": ms(times[int(len(times) * 0.95)])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=500)
    args = parser.parse_args()
    word_lists.install()
    app = App(persist=False, settings=Settings(animation_speed="normal"))
    for game in ("rummble", "tumblewords"):
        print(json.dumps(bench(app, game, args.frames)))


if __name__ == "__main__":
    main()
