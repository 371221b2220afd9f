"""How long a replay takes to move: a seeded game of each game played through the window's
session and recorded, then shown in the Replay scene; one step back from the end (replayed
from the deal, and the table laid out), one step forward, and the whole game replayed.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python benchmarks/replay_bench.py
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["RUMMI_DESKTOP_HOME"] = tempfile.mkdtemp()

from rummi_desktop.games.tumblewords.storage import word_lists# noqa: E402

word_lists.install()

from replay_support import GAME_KEYS, recorded_game  # noqa: E402

from rummi_desktop.shell.app import App  # noqa: E402
from rummi_desktop.records.replay import replay_of_record  # noqa: E402
from rummi_desktop.scenes.replay import ReplayScene  # noqa: E402


def timed(action) -> float:
    started = time.perf_counter()
    action()
    return (time.perf_counter() - started) * 1000


def main() -> None:
    app = App()
    for key in GAME_KEYS:
        _, record = recorded_game(key, 5)
        scene = ReplayScene(app, replay_of_record(record))
        scene.seek(scene.replay.length)
        back, forward = timed(lambda: scene.step(-1)), timed(lambda: scene.step(1))
        whole = timed(lambda: replay_of_record(record).seek(scene.replay.length))
        print(f"{key}: {scene.replay.length} moves; step back {back:.1f} ms, step forward {forward:.1f} ms, "
              f"whole replay {whole:.1f} ms")


if __name__ == "__main__":
    main()
