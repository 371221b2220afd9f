"""Driving one scene with the fuzzer's events, through the app's real event path.

Each step posts its event to pygame's queue and runs one ``App.step`` (events → the input
mapper → the scene stack, update, draw), exactly as the window's loop does, then checks the
tables' audits (fuzz_checks.py) and the frame's time. An exception, a violation or a slow
frame is a :class:`Failure` naming the scene, the seed and the event number; after an
exception or a violation the app is closed and the scene opened afresh, and the stream goes
on (the same seed still replays it all). A scene the input closes (Esc, Back, Save and quit)
is opened again: it is the scene under test, not the menu. Each failure is kept once per
kind and place, with how many times it happened.
"""

from __future__ import annotations

import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from rummi_desktop.commands.fuzz_checks import MAX_FRAME_SECONDS, violations, wall_limit
from rummi_desktop.commands.fuzz_input import event_stream

if TYPE_CHECKING:
    from rummi_desktop.commands.fuzz_scenes import SceneMaker
    from rummi_desktop.shell.app import App

PACKAGE = Path(__file__).resolve().parents[1]


@dataclass
class Failure:
    """What went wrong, where, and how to see it again: ``event`` counts the events posted so
    far (the one just posted included), so ``--events EVENT --seed SEED`` replays it."""

    scene: str
    seed: int
    event: int
    kind: str  # "exception", "violation" or "slow frame"
    detail: str
    where: str = ""
    times: int = 1

    def replay_command(self) -> str:
        return f"rummi-desktop fuzz --scene {self.scene} --events {self.event} --seed {self.seed}"

    def describe(self) -> str:
        place = f" at {self.where}" if self.where else ""
        again = f" ({self.times} times)" if self.times > 1 else ""
        return (f"fuzz: scene {self.scene}, seed {self.seed}, event {self.event}: {self.kind}{place}: "
                f"{self.detail}{again}; replay: {self.replay_command()}")


@dataclass
class SceneReport:
    scene: str
    events: int = 0
    frames: int = 0
    reopened: int = 0
    max_frame_seconds: float = 0.0
    failures: list[Failure] = field(default_factory=list)

    def add(self, failure: Failure) -> None:
        for known in self.failures:
            if (known.kind, known.where or known.detail) == (failure.kind, failure.where or failure.detail):
                known.times += 1
                return
        self.failures.append(failure)

    def count(self, kind: str) -> int:
        return sum(failure.times for failure in self.failures if failure.kind == kind)


def where_raised(error: BaseException) -> str:
    """file:line of the innermost frame in the package (the last frame when none is)."""
    frames = traceback.extract_tb(error.__traceback__)
    ours = [frame for frame in frames if Path(frame.filename).resolve().is_relative_to(PACKAGE)]
    chosen = (ours or frames or [None])[-1]
    if chosen is None:
        return ""
    path = Path(chosen.filename).resolve()
    shown = path.relative_to(PACKAGE.parent) if path.is_relative_to(PACKAGE.parent) else path
    return f"{shown.as_posix()}:{chosen.lineno}"


class SceneDriver:
    """One app showing one scene under test; reopens it when the input closes it."""

    def __init__(self, name: str, make: "SceneMaker", seed: int) -> None:
        self.name, self.make, self.seed = name, make, seed
        self.app = self._open()

    def _open(self) -> "App":
        from rummi_desktop.shell.app import App

        app = App(persist=True)  # the real settings file, in the fuzz's own folder
        app.stack.push(self.make(app, self.seed))
        return app

    def restart(self) -> None:
        """A fresh app after an exception or a violation: the old one may be half-changed."""
        try:
            self.app.close()
        except Exception:
            pass  # it already failed once; what matters is the fresh one
        self.app = self._open()

    def reopen_if_closed(self) -> bool:
        if self.app.running and not self.app.stack.empty:
            return False
        self.app.running = True
        self.app.stack.push(self.make(self.app, self.seed))
        return True


def fuzz_scene(name: str, make: "SceneMaker", events: int, seed: int,
               clock: Callable[[], float] = time.perf_counter) -> SceneReport:
    """Post ``events`` events to the scene ``make`` builds, checking after each frame."""
    report = SceneReport(name)
    driver = SceneDriver(name, make, seed)
    stream = event_stream(seed, name)
    try:
        while report.events < events:
            step = next(stream)
            step.post()
            report.events += step.event is not None
            report.frames += 1
            _run_frame(driver, step.dt, report, seed, clock)
    finally:
        driver.app.close()
    return report


def _run_frame(driver: SceneDriver, dt: float, report: SceneReport, seed: int, clock: Callable[[], float]) -> None:
    def failed(kind: str, detail: str, where: str = "") -> None:
        report.add(Failure(report.scene, seed, report.events, kind, detail, where))

    started, cpu_started = clock(), time.process_time()
    try:
        driver.app.step(dt)
        problems = violations(driver.app)
    except Exception as error:
        failed("exception", f"{type(error).__name__}: {error}", where_raised(error))
        driver.restart()
        return
    seconds, cpu = clock() - started, time.process_time() - cpu_started
    report.max_frame_seconds = max(report.max_frame_seconds, seconds)
    if cpu > MAX_FRAME_SECONDS or seconds > wall_limit():
        failed("slow frame", f"a frame took {seconds:.2f} s ({cpu:.2f} s of CPU; limits {MAX_FRAME_SECONDS:g} s "
                             f"of CPU, {wall_limit():.1f} s of wall time at this load)")
    if problems:
        failed("violation", "; ".join(problems))
        driver.restart()
    elif driver.reopen_if_closed():
        report.reopened += 1
