"""The frame pacer on a fake clock: frame-rate sleeps while animating, idle waits when still,
an event ends a wait at once, and the turn clock never loses a wait the loop chose."""

from __future__ import annotations

import math

import pytest

from rummi_desktop.shell.frame_pacer import IDLE_POLL, IDLE_WAKE, MAX_DT, FramePacer, frame_gap, split_elapsed

PERIOD = 1 / 60


class FakeTime:
    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []
        self.event_at = math.inf  # fake time at which an input event arrives

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds

    def events_waiting(self) -> bool:
        return self.now >= self.event_at - 1e-12


def pacer_on(fake: FakeTime) -> FramePacer:
    return FramePacer(fake.events_waiting, fake.clock, fake.sleep)


def test_an_animating_scene_gets_a_frame_every_period():
    fake = FakeTime()
    pacer = pacer_on(fake)
    frames = [pacer.next_frame(PERIOD, 0.0) for _ in range(6)]
    assert [still for still, _ in frames] == [0.0] * 6
    assert [dt for _, dt in frames] == pytest.approx([PERIOD] * 6)
    assert fake.now == pytest.approx(6 * PERIOD)


def test_a_still_scene_waits_until_its_next_change_and_all_that_time_is_kept():
    fake = FakeTime()
    pacer = pacer_on(fake)
    still, dt = pacer.next_frame(PERIOD, 0.37)  # a clock ring one pixel from its next step
    assert still == pytest.approx(0.37)  # more than MAX_DT: the wait was planned, not a stall
    assert dt == pytest.approx(0.0)
    assert max(fake.sleeps) <= IDLE_POLL + 1e-12  # it kept looking for events meanwhile


def test_a_screen_that_never_changes_still_runs_a_frame_every_idle_wake():
    fake = FakeTime()
    pacer = pacer_on(fake)
    assert pacer.next_frame(PERIOD, math.inf) == pytest.approx((IDLE_WAKE, 0.0))
    assert fake.now == pytest.approx(IDLE_WAKE)


def test_an_input_event_ends_an_idle_wait_within_one_poll():
    fake = FakeTime()
    fake.event_at = 0.203
    pacer = pacer_on(fake)
    still, dt = pacer.next_frame(PERIOD, math.inf)
    assert 0.203 <= fake.now <= 0.203 + IDLE_POLL
    assert still == pytest.approx(fake.now) and dt == pytest.approx(0.0)


def test_a_stall_is_capped_but_a_planned_wait_is_not():
    fake = FakeTime()
    pacer = pacer_on(fake)
    fake.now += 5.0  # the frame's work took 5 s (window dragged, laptop asleep)
    assert pacer.next_frame(PERIOD, 0.0) == pytest.approx((0.0, MAX_DT))
    fake.now += 5.0
    assert pacer.next_frame(PERIOD, 0.5) == pytest.approx((0.5, MAX_DT))


def test_gap_and_dt_rules():
    assert frame_gap(PERIOD, 0.0) == PERIOD
    assert frame_gap(PERIOD, PERIOD / 2) == PERIOD  # sooner than a frame: just the next frame
    assert frame_gap(0.1, 0.05) == 0.1  # minimised: never faster than its frame rate
    assert frame_gap(PERIOD, 0.3) == 0.3
    assert frame_gap(PERIOD, math.inf) == IDLE_WAKE
    assert split_elapsed(0.016, PERIOD, PERIOD) == (0.0, 0.016)
    assert split_elapsed(3.0, PERIOD, PERIOD) == (0.0, MAX_DT)
    assert split_elapsed(0.31, PERIOD, 0.3) == pytest.approx((0.3, 0.01))
    assert split_elapsed(0.12, PERIOD, 0.3) == (0.12, 0.0)  # an event ended the wait early
