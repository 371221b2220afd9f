"""The fixed-timestep runner: whole steps out of uneven frames, a cap per frame, the leftover."""

from __future__ import annotations

import pytest

from rummi_desktop.shell.fixed_step import FixedStep

STEP = 1 / 120

# Frame times and the steps each must run (worked out by hand in 1/120 s steps, max 12):
#   0.001 → 0.12 steps accumulated: none yet
#   0.05  → 0.051 s = 6.12 steps: 6, leaving 0.001 s
#   0.016 → 0.017 s = 2.04 steps: 2, leaving 1/3000 s
#   0.3   → 36.04 steps: 12 run, 24 (0.2 s) dropped by the cap, 1/3000 s left
#   0.1   → 12.04 steps: 12, 1/3000 s left
#   0.0   → none
#   1/120 → 1.04 steps: 1
#   0.004 → 0.52 steps: none
#   0.004 → exactly 1/120 s in all: 1, nothing left
FRAMES = [0.001, 0.05, 0.016, 0.3, 0.1, 0.0, 1 / 120, 0.004, 0.004]
EXPECTED_STEPS = [0, 6, 2, 12, 12, 0, 1, 0, 1]


def test_uneven_frames_give_exactly_the_whole_steps_and_lose_only_the_capped_time():
    runner = FixedStep(STEP, max_steps=12)
    calls: list[float] = []
    taken = [runner.advance(dt, calls.append) for dt in FRAMES]
    assert taken == EXPECTED_STEPS
    assert len(calls) == sum(EXPECTED_STEPS) == runner.steps == 34
    assert all(step == STEP for step in calls)
    assert runner.dropped == pytest.approx(0.2, abs=1e-9)
    assert runner.simulated == pytest.approx(sum(FRAMES) - runner.dropped, abs=1e-9)
    assert runner.accumulator == pytest.approx(0.0, abs=1e-9)


def test_simulated_time_follows_real_time_when_no_frame_is_capped():
    runner = FixedStep(STEP, max_steps=12)
    frames = [0.016, 0.017, 0.033, 0.001, 0.05, 0.0167] * 20
    for dt in frames:
        runner.advance(dt, lambda step: None)
        assert 0 <= runner.accumulator < STEP  # never a whole step left behind
    assert runner.dropped == 0
    assert runner.simulated + runner.accumulator == pytest.approx(sum(frames), abs=1e-9)
    assert runner.steps == int(sum(frames) / STEP + 1e-9)


def test_alpha_is_the_leftover_fraction_of_a_step():
    runner = FixedStep(0.01)
    assert runner.advance(0.025, lambda step: None) == 2
    assert runner.alpha == pytest.approx(0.5)
    assert runner.advance(0.004, lambda step: None) == 0
    assert runner.alpha == pytest.approx(0.9)
    runner.reset()
    assert runner.alpha == 0.0


def test_bad_arguments_are_refused_with_a_reason():
    with pytest.raises(ValueError, match="positive"):
        FixedStep(0.0)
    with pytest.raises(ValueError, match="at least one step"):
        FixedStep(STEP, max_steps=0)
    with pytest.raises(ValueError, match="negative"):
        FixedStep().advance(-0.01, lambda step: None)
