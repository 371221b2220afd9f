"""The app's loop: fixed steps through ``App.step``, and ``App.run`` on a fake clock — frames at
the full rate while something moves or after input, idle waits when the screen is still, and a
turn clock that keeps real time across those waits."""

from __future__ import annotations

import math

import pygame
import pytest

from rummi_desktop.shell.app import FPS, FULL_RATE_AFTER_INPUT, App
from rummi_desktop.shell.fixed_step import FIXED_STEP
from rummi_desktop.shell.frame_pacer import IDLE_POLL, IDLE_WAKE, FramePacer
from rummi_desktop.shell.scene import Scene
from rummi_desktop.scenes.menu import MenuScene
from rummi_desktop.shell.settings import Settings
from tests.test_rummi_flow_support import make_app, open_table, session_from_position


class Recorder(Scene):
    """Notes every fixed step and frame it is given; animates (the base's next_change_in)."""

    def __init__(self) -> None:
        super().__init__()
        self.fixed: list[float] = []
        self.updates: list[float] = []

    def fixed_update(self, step: float) -> None:
        self.fixed.append(step)

    def update(self, dt: float) -> None:
        self.updates.append(dt)


class StillScene(Recorder):
    def __init__(self, app: App) -> None:
        super().__init__()
        self.app = app
        self.timed_updates: list[tuple[int, float]] = []  # (frames drawn so far, dt)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.timed_updates.append((self.app.frames, dt))

    def next_change_in(self) -> float:
        return math.inf


class FakeLoop:
    """A fake clock for ``App.run``: sleeping moves time on; quits the app at ``until``; can
    post an input event at a given time. Records the fake time of every frame."""

    def __init__(self, app: App, until: float, event_at: float = math.inf) -> None:
        self.app, self.until, self.event_at = app, until, event_at
        self.now = 0.0
        self.frame_times: list[float] = []
        real_step = app.step

        def step(dt: float) -> bool:
            self.frame_times.append(self.now)
            return real_step(dt)

        app.step = step  # type: ignore[method-assign]

    def sleep(self, seconds: float) -> None:
        before, self.now = self.now, self.now + seconds
        if before < self.event_at <= self.now:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(20, 20), rel=(0, 0), buttons=(0, 0, 0)))
        if self.now >= self.until:
            self.app.quit()

    def run(self) -> None:
        self.app.run(FramePacer(pygame.event.peek, lambda: self.now, self.sleep))

    def frames_between(self, start: float, end: float) -> list[float]:
        return [t for t in self.frame_times if start <= t < end]


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("RUMMI_DESKTOP_HOME", str(tmp_path))
    return App(persist=False, settings=Settings())


def test_app_step_runs_the_top_scenes_fixed_updates_at_a_constant_rate(app):
    below, top = Recorder(), Recorder()
    app.stack.push(below)
    app.stack.push(top)
    for dt in (0.05, 0.001, 0.016, 0.3):
        app.step(dt)
    # 0.05 → 6 steps; 0.051 → 6.12 so far; +0.016 → 2 more; 0.3 → capped at 12
    assert len(top.fixed) == 6 + 0 + 2 + 12
    assert set(top.fixed) == {FIXED_STEP}
    assert top.updates == [0.05, 0.001, 0.016, 0.3]  # update still gets the frame's own dt
    assert below.fixed == [] and below.updates == []  # only the top scene runs
    assert 0 <= app.fixed.alpha < 1


def test_an_animating_scene_is_drawn_at_the_full_rate(app):
    scene = Recorder()
    app.stack.push(scene)
    loop = FakeLoop(app, until=3.0)
    loop.run()
    assert len(loop.frames_between(1.0, 3.0)) == pytest.approx(2 * FPS, abs=2)


def test_a_still_scene_waits_but_input_brings_full_rate_frames_back_at_once(app):
    scene = StillScene(app)
    app.stack.push(scene)
    loop = FakeLoop(app, until=12.0, event_at=6.005)
    loop.run()
    assert len(loop.frames_between(0.0, FULL_RATE_AFTER_INPUT)) >= FPS - 2  # a new screen: full rate
    idle = loop.frames_between(2.0, 6.0)
    assert len(idle) <= 4 / IDLE_WAKE + 1
    woken = loop.frames_between(6.0, 8.0)
    assert woken[0] <= 6.005 + IDLE_POLL + 1e-9  # the motion event was answered within a poll
    # The time slept before the event reached the scene first, on its own; the frame that
    # answered the event advanced only the time since the event arrived.
    frame = len(loop.frames_between(0.0, woken[0]))
    slept, answering = [dt for at, dt in scene.timed_updates if at == frame]
    assert 0 < slept <= IDLE_WAKE and woken[0] - slept == pytest.approx(loop.frame_times[frame - 1])
    assert answering <= IDLE_POLL
    assert len(loop.frames_between(6.005, 6.005 + FULL_RATE_AFTER_INPUT)) >= FPS - 2
    assert len(loop.frames_between(8.0, 12.0)) <= 4 / IDLE_WAKE + 1
    assert sum(scene.updates) == pytest.approx(app.time)  # every second reached the scene


def test_the_menu_comes_to_rest_and_is_then_hardly_redrawn(app):
    menu = MenuScene(app)
    app.stack.push(menu)
    loop = FakeLoop(app, until=20.0)
    loop.run()
    assert len(loop.frames_between(0.0, 2.0)) >= 2 * FPS - 4  # buttons drop in, the fans breathe
    assert not menu.fans.moving
    assert len(loop.frames_between(10.0, 20.0)) <= 10 / IDLE_WAKE + 1


def test_menu_fans_slow_to_a_stop_and_start_again_without_a_jump(app):
    menu = MenuScene(app)
    app.stack.push(menu)
    positions = []
    for _ in range(int(8 * FPS)):
        app.step(1 / FPS)
        positions.append(menu.fans.clock)
    assert not menu.fans.moving and menu.next_change_in() == math.inf
    steps = [b - a for a, b in zip(positions, positions[1:])]
    assert max(steps) <= 1 / FPS + 1e-9  # the breathing never speeds up or jumps
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(30, 30), rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / FPS)
    assert menu.fans.moving and menu.next_change_in() == 0.0
    assert menu.fans.clock - positions[-1] < 1 / FPS  # it eases back in


def test_a_still_table_at_a_persons_turn_keeps_the_clock_on_real_time(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    session = session_from_position(["R1 R2 R3"], ["K5 K6 Y9", "B1 B2 B3"], clock=60)
    scene = open_table(app, session, autosave=False)
    assert scene.phase == "person"
    clock_before, time_before = scene.turns.clock_left, app.time
    loop = FakeLoop(app, until=20.0)
    loop.run()
    ran = app.time - time_before
    assert ran >= 20.0 - IDLE_WAKE  # the game's time followed the (fake) real time
    assert clock_before - scene.turns.clock_left == pytest.approx(ran)  # the clock lost none of it
    quiet = loop.frames_between(5.0, 20.0)  # the banner is gone; only the clock ring moves
    assert 15 * 2 <= len(quiet) <= 15 * 5  # one frame per pixel of ring and per second shown
    assert len(loop.frame_times) < 20 * FPS / 4


def test_input_after_a_long_rest_starts_the_fans_gently(app):
    menu = MenuScene(app)
    app.stack.push(menu)
    loop = FakeLoop(app, until=12.0, event_at=9.5)
    breathing: list[float] = []
    counted_step = app.step

    def step(dt: float) -> bool:
        alive = counted_step(dt)
        breathing.append(menu.fans.clock)
        return alive

    app.step = step  # type: ignore[method-assign]
    loop.run()
    assert menu.fans.moving  # woken by the motion at 9.5 s
    advances = [b - a for a, b in zip(breathing, breathing[1:])]
    assert max(advances) <= 1 / FPS + 1e-9  # 9.5 s of rest did not make the tiles leap
