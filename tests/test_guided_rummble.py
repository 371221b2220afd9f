"""Rummble's guided first game, played through the real table with synthetic pointer and key
events: each step's words show, off-script turns are refused with the step's hint and do not
advance, and the finished guide leaves no autosave and no record behind."""

from __future__ import annotations


from rummi_desktop.games.rummble.table.guided import STEPS, guided_table
from rummi_desktop.scenes.confirm import ConfirmScene
from guided_support import at_step
from rummi_desktop.scenes.guided.well_done import WellDoneCard
from test_rummble_scene_support import click, key, make_app, place, steps



def press_play(app, scene) -> None:
    click(app, scene.buttons.play.rect.center)
    steps(app, 20)  # the scripted reply is played and shown


def test_the_rummble_guide_plays_through_and_refuses_off_script_turns(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = guided_table(app)
    app.stack.push(scene)
    steps(app, 3)
    at_step(scene, STEPS, "Welcome to Rummble")
    key(app, "return")  # Enter is Next on a reading step
    at_step(scene, STEPS, "Cover the star")

    click(app, scene.buttons.pass_turn.rect.center)
    assert isinstance(app.stack.top, ConfirmScene)
    click(app, app.stack.top.confirm_button.rect.center)
    steps(app, 3)
    at_step(scene, STEPS, "Cover the star")  # a pass is off the script: refused, nothing changed
    assert scene.banner_log[-1] == STEPS[1].hint and scene.state.log == []

    place(app, scene, "R5", 6, 5)
    place(app, scene, "K6", 6, 6)  # legal (it covers the star), but not the guide's play
    press_play(app, scene)
    at_step(scene, STEPS, "Cover the star")
    assert scene.state.log == [] and scene.banner_log[-1] == STEPS[1].hint
    place(app, scene, "B7", 6, 7)
    press_play(app, scene)
    at_step(scene, STEPS, "Use the premium squares")
    assert scene.state.points[0] == 36 and len(scene.state.log) == 2  # and Robin's scripted reply

    place(app, scene, "Y6", 5, 7)
    place(app, scene, "R8", 7, 7)
    press_play(app, scene)
    at_step(scene, STEPS, "Exchange tiles")
    assert scene.state.points[0] == 36 + 49

    click(app, scene.buttons.exchange.rect.center)
    steps(app, 2)
    key(app, "1")
    key(app, "return")
    steps(app, 5)
    assert scene.mode.guide.finished and isinstance(app.stack.top, WellDoneCard)
    from rummi_desktop.storage.record_index import read_summaries
    from rummi_desktop.storage.saves import has_autosave

    assert not has_autosave("rummble") and read_summaries()[0] == []
