"""Tweens and easing: exact values at known times, speed scaling, instant mode."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings, strategies as st

from rummi_desktop.ui.tween import EASINGS, Tween, Tweener, ease_out_back, linear


@settings(max_examples=100, deadline=None)
@given(name=st.sampled_from(sorted(EASINGS)))
def test_every_easing_starts_at_0_and_ends_at_1(name):
    easing = EASINGS[name]
    assert easing(0.0) == pytest.approx(0.0, abs=1e-9)
    assert easing(1.0) == pytest.approx(1.0, abs=1e-9)


def test_linear_tween_of_a_position_hits_the_midpoint():
    tween = Tween((0.0, 100.0), (200.0, 0.0), duration=1.0, easing=linear)
    tween.update(0.5)
    assert tween.value == pytest.approx((100.0, 50.0)) and not tween.done
    tween.update(0.6)
    assert tween.value == (200.0, 0.0) and tween.done


def test_delay_holds_the_start_value():
    tween = Tween(10.0, 20.0, duration=1.0, easing=linear, delay=0.5)
    tween.update(0.4)
    assert tween.value == 10.0 and tween.progress == 0.0
    tween.update(0.6)
    assert tween.value == pytest.approx(15.0)


def test_back_easing_overshoots_then_settles():
    assert max(ease_out_back(t / 100) for t in range(101)) > 1.0


def test_on_done_runs_once_and_may_chain_another_tween():
    runner = Tweener()
    calls: list[str] = []
    runner.tween(0, 1, 0.1, on_done=lambda: (calls.append("first"), runner.tween(1, 2, 0.1, on_done=lambda: calls.append("second"))))
    for _ in range(30):
        runner.update(1 / 60)
    assert calls == ["first", "second"] and not runner.busy and len(runner) == 0


def test_speed_multiplier_scales_time():
    fast, normal = Tweener(speed=2.0), Tweener()
    a, b = fast.tween(0.0, 1.0, 1.0, linear), normal.tween(0.0, 1.0, 1.0, linear)
    fast.update(0.25)
    normal.update(0.25)
    assert a.value == pytest.approx(0.5) and b.value == pytest.approx(0.25)


def test_instant_speed_finishes_at_once():
    runner = Tweener(speed=math.inf)
    tween = runner.tween(0.0, 5.0, 3.0)
    assert tween.done and tween.value == 5.0


def test_finish_all_skips_to_the_end():
    runner = Tweener()
    tweens = [runner.tween(0.0, float(i), 2.0) for i in range(3)]
    runner.finish_all()
    assert [t.value for t in tweens] == [0.0, 1.0, 2.0] and not runner.busy


def test_negative_duration_is_refused():
    with pytest.raises(ValueError):
        Tween(0, 1, -1)


@pytest.mark.parametrize("start, end", [((0, 0), (1, 2, 3)), (0, (1, 2)), ("ab", "c"), (None, 1)])
def test_values_that_cannot_be_interpolated_are_refused_when_the_tween_is_made(start, end):
    with pytest.raises(ValueError, match="cannot interpolate"):
        Tween(start, end, 0.5)


def test_lerp_refuses_tuples_of_different_lengths():
    from rummi_desktop.ui.tween import lerp

    with pytest.raises(ValueError, match="equal-length"):
        lerp((0, 0), (1, 2, 3), 0.5)
