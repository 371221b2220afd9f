"""``rummi-desktop fuzz --scene S --events N --seed K``: random but well-formed input, no window.

Drives a scene (or ``all`` of them, or ``files``: the damaged-files fuzzer) under SDL's dummy
drivers with the seeded events of fuzz_input.py, through the app's real event path, and checks
after every event the audits of the tables on the stack, that no frame took over 2 s, and
that nothing raised. Everything runs in a throw-away data folder (``RUMMI_DESKTOP_HOME``, one
per scene): the player's own files are never read or written. Prints one JSON line
(docs/analysis-format.md) and, on standard error, one line per failure with the seed and
event number that replay it; exit status 0 when nothing failed, 1 when something did.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from typing import Any

from rummi_desktop.shell.boot import headless_problem

FILES = "files"  # the damaged-files fuzzer's name among the scenes
ALL = "all"


def scene_names() -> list[str]:
    from rummi_desktop.commands.fuzz_scenes import fuzz_scenes

    return list(fuzz_scenes())


def run_fuzz(scene: str, events: int, seed: int) -> int:
    if events < 0:
        print("rummi-desktop fuzz: --events must be 0 or more", file=sys.stderr)
        return 2
    problem = headless_problem()  # before any scene module imports pygame
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    names = chosen_scenes(scene)
    if names is None:
        print(f"rummi-desktop fuzz: unknown scene {scene!r} (available: {', '.join(scene_names())}, "
              f"{FILES}, {ALL})", file=sys.stderr)
        return 2
    summary, failures = fuzz(names, events, seed)
    print(json.dumps(summary, separators=(",", ":")))
    for line in failures:
        print(line, file=sys.stderr)
    return 1 if failures else 0


def chosen_scenes(scene: str) -> list[str] | None:
    known = scene_names()
    if scene == ALL:
        return known + [FILES]
    return [scene] if scene in known or scene == FILES else None


def fuzz(names: list[str], events: int, seed: int) -> tuple[dict[str, Any], list[str]]:
    """Run the named scenes; the summary (the JSON line) and the failures, described."""
    started = time.perf_counter()
    summary: dict[str, Any] = {"seed": seed, "scenes": [], "events": 0, "frames": 0, "files": 0, "damages": 0,
                               "violations": 0, "exceptions": 0, "slow_frames": 0, "max_frame_ms": 0.0}
    failures: list[str] = []
    for name in names:
        with tempfile.TemporaryDirectory(prefix="rummi-fuzz-") as home:
            os.environ["RUMMI_DESKTOP_HOME"] = home
            if name == FILES:
                failures += _damage_files(summary, seed)
            else:
                failures += _one_scene(summary, name, events, seed)
    summary["seconds"] = round(time.perf_counter() - started, 1)
    return summary, failures


def _one_scene(summary: dict[str, Any], name: str, events: int, seed: int) -> list[str]:
    from rummi_desktop.commands.fuzz_run import fuzz_scene
    from rummi_desktop.commands.fuzz_scenes import fuzz_scenes, keep_hosting_local

    keep_hosting_local()
    report = fuzz_scene(name, fuzz_scenes()[name], events, seed)
    summary["scenes"].append(name)
    summary["events"] += report.events
    summary["frames"] += report.frames
    summary["violations"] += report.count("violation")
    summary["exceptions"] += report.count("exception")
    summary["slow_frames"] += report.count("slow frame")
    summary["max_frame_ms"] = max(summary["max_frame_ms"], round(report.max_frame_seconds * 1000, 1))
    return [failure.describe() for failure in report.failures]


def _damage_files(summary: dict[str, Any], seed: int) -> list[str]:
    from rummi_desktop.commands.fuzz_damage_run import damage_every_file

    report = damage_every_file(seed)
    summary["scenes"].append(FILES)
    summary["files"] += report.files
    summary["damages"] += report.cases
    summary["exceptions"] += report.exceptions
    summary["violations"] += report.violations
    return report.failures
