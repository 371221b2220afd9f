"""How long the Rummi sandbox's Best play takes, and the longest frame while the solver thinks.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python tools/bench_sandbox_best_play.py

Each position is asked three times in one sandbox: the first answer includes starting the
thinking process, the others show a warm one. The frame loop runs at 60 steps a second meanwhile.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time

POSITIONS = {
    "5-tile rack": {"game": "rummi", "table": [["R5", "R6", "R7"], ["K9", "B9", "Y9"]],
                    "rack": ["R8", "J", "K4", "K5", "B2"]},
    "14-tile rack": {"game": "rummi", "table": [["R1", "R2", "R3", "R4", "R5"], ["K3", "K4", "K5", "K6"],
                                                ["B7", "B8", "B9"], ["Y10", "Y11", "Y12", "Y13"], ["R9", "K9", "Y9"],
                                                ["B1", "B2", "B3"], ["K11", "R11", "Y11"]],
                     "rack": ["R6", "R7", "K7", "B6", "Y9", "J", "K2", "B4", "R10", "K12", "Y8", "B11", "R12", "K1"]},
}


def main() -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["RUMMI_DESKTOP_HOME"] = tempfile.mkdtemp(prefix="rummi-bench-")
    from rummi_desktop.shell.app import App
    from rummi_desktop.games.rummi.table.sandbox import sandbox_table
    from rummi_desktop.shell.settings import Settings

    for name, position in POSITIONS.items():
        app = App(persist=False, settings=Settings(animation_speed="normal"))
        scene = sandbox_table(app, position)
        sandbox = scene.mode
        app.stack.push(scene)
        for _ in range(5):
            app.step(1 / 60)
        for run in range(3):
            sandbox.set_stage("edit")
            sandbox.best_play()
            started, longest = time.perf_counter(), 0.0
            while sandbox.search is not None:
                frame = time.perf_counter()
                app.step(1 / 60)
                longest = max(longest, time.perf_counter() - frame)
                time.sleep(1 / 60)
            best = sandbox.answer.best if sandbox.answer is not None else None
            print(f"{name}, ask {run + 1}: answer in {time.perf_counter() - started:.3f} s, "
                  f"longest frame {longest * 1000:.1f} ms, tiles laid {best}")
        app.stack.clear()
        app.step(1 / 60)
    return 0


if __name__ == "__main__":
    sys.exit(main())
