"""When the Rummi table may go undrawn: its waits never skip a visible change."""

from __future__ import annotations

import math

import pytest

from rummi_desktop.games.rummi.rules.moves import Draw
from rummi_desktop.games.rummi.table.table_scene import RummiTableScene
from rummi_desktop.scenes.table_base import BANNER_SECONDS, Banner
from rummi_desktop.scenes.table_stillness import banner_still_for, clock_still_for
from tests.test_rummi_flow_support import make_app, open_table, session_from_position, steps


RING_RADIUS = RummiTableScene.clock_ring_radius


def test_a_banner_is_only_left_undrawn_while_it_is_fully_shown():
    waits = []
    for ms in range(0, round(BANNER_SECONDS * 1000), 5):
        left = BANNER_SECONDS - ms / 1000
        still = banner_still_for(left, BANNER_SECONDS, Banner.FADE_IN, Banner.FADE_OUT)
        waits.append(still)
        for t in (still / 3, still / 2, still) if still > 0 else ():
            assert Banner("x", left=left - t).alpha == pytest.approx(1.0)
    assert max(waits) > 2.5  # the long middle of a banner's life needs no frames


@pytest.mark.parametrize("total", [30.0, 60.0, 120.0])
def test_the_clock_is_redrawn_for_every_new_number_and_every_pixel_of_ring(total):
    left = total
    redraws = 0
    while left > 0:
        still = clock_still_for(left, total, RING_RADIUS)
        assert still > 0
        after = left - still * 0.999
        if after > 0:
            assert math.ceil(after) == math.ceil(left)  # the number shown did not change meanwhile
        assert still / total * 2 * math.pi * RING_RADIUS <= 1.0 + 1e-9  # the ring moved ≤ 1 px
        left -= still
        redraws += 1
    assert redraws < total * 8  # 3–7 frames a second (the shorter the clock, the faster its ring), not 60


def test_a_thinking_computer_animates_and_a_covered_table_is_still(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    session = session_from_position(["R1 R2 R3"], ["K5 K6 Y9", "B1 B2 B3"], clock=60)
    scene = open_table(app, session, autosave=False)
    steps(app, 60)
    assert scene.phase == "person"
    assert 0 < scene.next_change_in() < 1.0  # the clock ring's next pixel or the banner
    scene.open_pause()
    steps(app, 2)
    assert app.stack.top is not scene
    assert scene.next_change_in() == math.inf and app.stack.next_change_in() == math.inf
    app.stack.pop()
    steps(app, 2)
    scene.flow.finish_person_turn(Draw())
    steps(app, 1)
    assert scene.phase in ("thinking", "showing")
    assert scene.next_change_in() == 0.0
