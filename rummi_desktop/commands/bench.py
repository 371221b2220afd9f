"""``rummi-desktop bench --scene NAME --frames N``: time the real drawing code, no window.

Runs a scripted, animated scene under SDL's dummy video driver with a fixed 1/60 s step and
prints one JSON line (docs/analysis-format.md): per-frame work time percentiles (events, update,
draw, flip — not the wait for the next tick), ``first_frame_ms`` from process start to the end
of the first drawn frame, and the peak resident memory.

Bench scenes are found by name. A setup function receives the ``App`` (its stack empty),
pushes its scenes, and may return a per-frame script ``script(frame_index)`` that posts input
events. The menu is registered here; every game in :data:`~rummi_desktop.games.GAMES` with a
``bench`` entry point (``setup_bench(app)``) is a scene under its key.
"""

from __future__ import annotations

import json
import math
import sys
import time
from typing import TYPE_CHECKING, Callable, Optional

from rummi_desktop.shell.boot import headless_problem

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

FrameScript = Callable[[int], None]
BenchSetup = Callable[["App"], Optional[FrameScript]]
FRAME_DT = 1 / 60

_bench_scenes: dict[str, BenchSetup] = {}


def register_bench_scene(name: str, setup: BenchSetup) -> None:
    _bench_scenes[name] = setup


def find_bench_scene(name: str) -> BenchSetup | None:
    if name in _bench_scenes:
        return _bench_scenes[name]
    from rummi_desktop.entry_points import load_entry
    from rummi_desktop.games import GAMES

    spec = GAMES.get(name)
    return load_entry(spec, "bench") if spec is not None and spec.has("bench") else None


def available_scenes() -> list[str]:
    from rummi_desktop.games import GAMES

    return sorted(set(_bench_scenes) | {key for key, spec in GAMES.items() if spec.has("bench")})


def setup_menu_bench(app: "App") -> FrameScript:
    """The main menu with its animated tiles while a pointer wanders over every button."""
    import pygame

    from rummi_desktop.scenes.menu import MenuScene

    menu = MenuScene(app)
    app.stack.push(menu)
    targets = [button.rect.center for button in menu.buttons] or [(640, 400)]
    dwell = 50  # frames per button: long enough for the hover glow and the tooltip to show

    def script(frame: int) -> None:
        leg, step = divmod(frame, dwell)
        start = targets[leg % len(targets)]
        end = targets[(leg + 1) % len(targets)]
        t = min(1.0, step / 12)  # glide to the next button, then rest on it
        pos = (round(start[0] + (end[0] - start[0]) * t), round(start[1] + (end[1] - start[1]) * t))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))

    return script


register_bench_scene("menu", setup_menu_bench)


def percentile(sorted_values: list[float], fraction: float) -> float:
    """Nearest-rank percentile of an already sorted, non-empty list."""
    rank = max(1, math.ceil(fraction * len(sorted_values)))
    return sorted_values[rank - 1]


def peak_rss_mib() -> float:
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024  # bytes on macOS, KiB elsewhere


def run_bench(scene: str, frames: int, process_start: float) -> int:
    if frames < 1:
        print("rummi-desktop bench: --frames must be at least 1", file=sys.stderr)
        return 2
    problem = headless_problem()  # before any scene module imports pygame
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    setup = find_bench_scene(scene)
    if setup is None:
        print(f"rummi-desktop bench: unknown scene {scene!r} (available: {', '.join(available_scenes())})",
              file=sys.stderr)
        return 2
    result = measure(setup, frames, process_start)
    result = {"scene": scene, **result}
    print(json.dumps(result, separators=(",", ":")))
    return 0


def measure(setup: BenchSetup, frames: int, process_start: float) -> dict[str, float | int]:
    from rummi_desktop.shell.app import App
    from rummi_desktop.shell.settings import Settings

    app = App(persist=False, settings=Settings())
    script = setup(app)
    times: list[float] = []
    first_frame_ms = 0.0
    for index in range(frames):
        started = time.perf_counter()
        if script is not None:
            script(index)
        app.step(FRAME_DT)
        finished = time.perf_counter()
        times.append((finished - started) * 1000)
        if index == 0:
            first_frame_ms = (finished - process_start) * 1000
    app.close()
    ordered = sorted(times)
    return {
        "frames": frames,
        "p50_ms": round(percentile(ordered, 0.50), 2),
        "p95_ms": round(percentile(ordered, 0.95), 2),
        "p99_ms": round(percentile(ordered, 0.99), 2),
        "max_ms": round(ordered[-1], 2),
        "first_frame_ms": round(first_frame_ms, 1),
        "peak_rss_mib": round(peak_rss_mib(), 1),
    }
