"""Long-run memory and frame time: computer-only games played headless for a long while.

    python tools/long_run.py --game rummble --minutes 120 [--sample 5] [--seats medium,hard]

Plays one game's table with computer seats only, as the window would (the real scenes, the
real drawing on a dummy display, animations at normal speed, the thinking process), on the
frame clock: every frame is 1/60 s of game time, so two hours of play take as long as the
machine needs, not two hours. A finished round goes on with Continue, a finished game with
Rematch, so the run covers rematches. Every ``--sample`` minutes of game time it prints one
JSON line: the minute, the games finished, the resident memory of this process and of the
thinking process (MiB), and the median and 95th-percentile frame times (ms) since the last
line. The last line sums up: memory growth after the warm-up (the first ``WARM_UP`` minutes:
caches of tile pictures, fonts and the first rematch fill up), and the frame-time drift (the
last median over the one at the end of the warm-up).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

FRAME_DT = 1 / 60
WARM_UP = 15.0  # minutes of game time before memory counts as grown
PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def rss_mib(pid: int | str = "self") -> float:
    """Resident memory now (not the peak), from /proc (0 where there is none)."""
    try:
        resident = int(Path(f"/proc/{pid}/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0.0
    return resident * PAGE / (1024 * 1024)


def new_table(app, game: str, seats: list[str], seed: int):
    """The game's table for a computer-only game, through its entry (as the setup would)."""
    import importlib

    from rummi_desktop.games.seats import SeatConfig

    entry = importlib.import_module(f"rummi_desktop.games.{game}.table").ENTRY
    module = importlib.import_module(f"rummi_desktop.games.{game}.table.session")
    names = {"rummi": ("MatchSetup", "RummiSession"), "rummble": ("RummbleSetup", "RummbleSession"),
             "tumblewords": ("TumblewordsSetup", "TumblewordsSession")}[game]
    configs = tuple(SeatConfig(kind, f"{kind.title()} {index + 1}") for index, kind in enumerate(seats))
    session = getattr(module, names[1]).new(getattr(module, names[0])(seats=configs, seed=seed))
    return entry.table_for(app, session)


def go_on(app) -> bool:
    """Past whatever stands over the table: Continue a round, Rematch a game. True when a game
    was finished here."""
    top = app.stack.top
    if hasattr(top, "rematch"):
        top.rematch()
        return True
    if hasattr(top, "proceed"):
        top.proceed()
    elif hasattr(top, "done"):
        top.done()
    return False


def thinking_pid(app) -> int | None:
    from rummi_desktop.scenes.table_base import TableScene

    for scene in app.stack.scenes:
        if isinstance(scene, TableScene):
            process = getattr(scene.flow.computers, "_process", None)
            return getattr(process, "pid", None)
    return None


def run(game: str, minutes: float, sample: float, seats: list[str]) -> list[dict]:
    from rummi_desktop.scenes.table_base import TableScene
    from rummi_desktop.shell.app import App
    from rummi_desktop.shell.settings import Settings

    app = App(persist=False, settings=Settings())
    app.stack.push(new_table(app, game, seats, seed=1))
    frames_per_sample = round(sample * 60 / FRAME_DT)
    total = round(minutes * 60 / FRAME_DT)
    games, times, lines = 0, [], []
    for frame in range(1, total + 1):
        started = time.perf_counter()
        app.step(FRAME_DT)
        times.append((time.perf_counter() - started) * 1000)
        if not isinstance(app.stack.top, TableScene):
            games += go_on(app)
        if frame % frames_per_sample == 0:
            pid = thinking_pid(app)
            line = {"minute": round(frame * FRAME_DT / 60, 1), "games": games, "rss_mib": round(rss_mib(), 1),
                    "thinking_rss_mib": round(rss_mib(pid), 1) if pid else 0.0,
                    "p50_ms": round(statistics.median(times), 2),
                    "p95_ms": round(statistics.quantiles(times, n=20)[-1], 2)}
            print(json.dumps(line), flush=True)
            lines.append(line)
            times = []
    app.close()
    return lines


def summary(lines: list[dict]) -> dict:
    warm = [line for line in lines if line["minute"] <= WARM_UP]
    first, last = (warm or lines)[-1], lines[-1]
    return {"summary": True, "samples": len(lines), "games": last["games"], "warm_up_minutes": first["minute"],
            "rss_growth_after_warmup_mib": round(last["rss_mib"] - first["rss_mib"], 1),
            "thinking_growth_after_warmup_mib": round(last["thinking_rss_mib"] - first["thinking_rss_mib"], 1),
            "rss_max_mib": max(line["rss_mib"] for line in lines),
            "p50_drift": round(last["p50_ms"] / first["p50_ms"], 2) if first["p50_ms"] else None}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="rummi", choices=("rummi", "rummble", "tumblewords"))
    parser.add_argument("--minutes", type=float, default=120.0, help="game time to play (default 120)")
    parser.add_argument("--sample", type=float, default=5.0, help="minutes of game time between lines")
    parser.add_argument("--seats", default="medium,medium,hard,easy", help="computer tiers, comma-separated")
    args = parser.parse_args()
    lines = run(args.game, args.minutes, args.sample, args.seats.split(","))
    if lines:
        print(json.dumps(summary(lines)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
