"""Tumblewords' guided first game, played through the real table with synthetic events: each
step's words show, an off-script drop is refused with the step's hint and changes nothing, and
the finished guide leaves no autosave and no record behind."""

from __future__ import annotations


from rummi_desktop.games.tumblewords.table.guided import STEPS, guided_table
from guided_support import at_step
from rummi_desktop.scenes.guided.well_done import WellDoneCard
from tumblewords_scene_support import click, column_centre, drag, hand_centre, key, make_app, steps



def test_the_tumblewords_guide_plays_through_and_refuses_off_script_drops(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = guided_table(app)
    app.stack.push(scene)
    steps(app, 3)
    at_step(scene, STEPS, "Welcome to Tumblewords")
    click(app, scene.mode.next_button.rect.center)
    at_step(scene, STEPS, "Two words at once")
    assert len(scene.mode.targets()) == 2  # the O in the hand, and its column

    drag(app, hand_centre(scene, "O"), column_centre(scene, 1))  # a legal drop, off the script
    steps(app, 3)
    at_step(scene, STEPS, "Two words at once")
    assert scene.state.log == [] and scene.banner_log[-1] == STEPS[1].hint

    drag(app, hand_centre(scene, "O"), column_centre(scene, 4))
    steps(app, 60)  # the O falls, Robin's scripted drop falls
    at_step(scene, STEPS, "Play a blank")
    assert scene.state.points[0] == 4 and scene.state.log == ["drop 4 O", "drop 0 Q"]

    drag(app, hand_centre(scene, "?"), column_centre(scene, 5))
    steps(app, 2)
    key(app, "e")
    key(app, "return")  # Drop it
    steps(app, 30)
    assert scene.state.points[0] == 4 + 5
    assert scene.mode.guide.finished and isinstance(app.stack.top, WellDoneCard)
    from rummi_desktop.storage.record_index import read_summaries
    from rummi_desktop.storage.saves import has_autosave

    assert not has_autosave("tumblewords") and read_summaries()[0] == []
