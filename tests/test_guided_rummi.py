"""Rummi's guided first game, played through the real table with synthetic pointer events:
each step's words show, an off-script End Turn is refused with the step's hint and does not
advance, and the finished guide leaves no autosave and no record behind."""

from __future__ import annotations

import pygame

from rummi_desktop.games.rummi.rules.pieces import face
from rummi_desktop.games.rummi.table.guided import STEPS, guided_table
from guided_support import at_step
from rummi_desktop.scenes.guided.well_done import WellDoneCard
from test_rummi_flow_support import (click, drag, make_app, meld_end_point, new_meld_point, rack_id, rack_tile_centre,
                                     steps)


def open_guide(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = guided_table(app)
    app.stack.push(scene)
    steps(app, 3)
    return app, scene



def table_tile_point(scene, notation: str, avoid: set[int] = frozenset()):
    for meld, boxes in zip(scene.state.table, scene.view.table_layout.tile_boxes):
        for tile, box in zip(meld, boxes):
            if face(tile).notation() == notation and tile not in avoid:
                return box.center
    raise AssertionError(f"{notation} is not on the table")


def meld_of(scene, notation: str) -> int:
    return next(i for i, meld in enumerate(scene.state.table) if any(face(t).notation() == notation for t in meld))


def lay(app, scene, notations: list[str]) -> None:
    """The rack tiles, one after the other, as a new meld on open felt."""
    drag(app, rack_tile_centre(scene, rack_id(scene, notations[0])), new_meld_point(scene))
    meld = meld_of(scene, notations[0])
    for notation in notations[1:]:
        drag(app, rack_tile_centre(scene, rack_id(scene, notation)), meld_end_point(scene, meld))


def end_turn(app, scene) -> None:
    click(app, scene.buttons.end_turn.rect.center)
    steps(app, 20)  # the scripted reply is played and shown


def test_the_rummi_guide_plays_through_and_refuses_off_script_turns(tmp_path, monkeypatch):
    from rummi_desktop.games.rummi.table.session import MatchSetup, RummiSession
    from rummi_desktop.storage.saves import autosave_path, write_autosave

    monkeypatch.setenv("RUMMI_DESKTOP_HOME", str(tmp_path))
    write_autosave("rummi", *RummiSession.new(MatchSetup(seed=8)).to_save())  # a real match in progress
    saved = autosave_path("rummi").read_bytes()
    app, scene = open_guide(tmp_path, monkeypatch)
    at_step(scene, STEPS, "Welcome to Rummi")
    click(app, scene.mode.next_button.rect.center)
    at_step(scene, STEPS, "Your opening meld")
    assert len(scene.mode.targets()) == 3  # the three red tiles on the rack are ringed

    click(app, scene.buttons.draw_tile.rect.center)  # off the script: refused before the model draws
    steps(app, 5)
    at_step(scene, STEPS, "Your opening meld")
    assert scene.banner_log[-1] == STEPS[1].hint and len(scene.state.rack(0)) == 14

    lay(app, scene, ["R10", "R11", "R12"])
    at_step(scene, STEPS, "End your turn")
    end_turn(app, scene)
    at_step(scene, STEPS, "Rearrange the table")
    assert scene.state.opened[0]

    lay(app, scene, ["B11", "Y11"])
    end_turn(app, scene)  # the 11s are not a meld yet: still this step, the guide says why
    at_step(scene, STEPS, "Rearrange the table")
    assert scene.banner_log[-1] == STEPS[3].hint and scene.state.current == 0  # still your turn
    drag(app, table_tile_point(scene, "K11", avoid=set(scene.state.laid_this_turn)), meld_end_point(scene, meld_of(scene, "B11")))
    at_step(scene, STEPS, "End your turn")
    end_turn(app, scene)

    at_step(scene, STEPS, "Take the joker back")
    drag(app, rack_tile_centre(scene, rack_id(scene, "Y4")), table_tile_point(scene, "J"))
    at_step(scene, STEPS, "Use the joker at once")
    joker_meld = meld_of(scene, "J")
    for notation in ("B6", "B7"):
        drag(app, rack_tile_centre(scene, rack_id(scene, notation)), meld_end_point(scene, joker_meld))
    at_step(scene, STEPS, "End your turn")
    end_turn(app, scene)

    assert scene.mode.guide.finished
    assert isinstance(app.stack.top, WellDoneCard)
    from rummi_desktop.storage.record_index import read_summaries

    assert autosave_path("rummi").read_bytes() == saved  # the real match's autosave is left alone
    assert read_summaries()[0] == []  # not a real game: no record, no statistics


def test_skip_guide_leaves_the_table(tmp_path, monkeypatch):
    app, scene = open_guide(tmp_path, monkeypatch)
    click(app, scene.mode.skip_button.rect.center)
    steps(app, 2)
    assert scene not in app.stack.scenes


def test_a_click_on_the_guide_panel_never_reaches_the_table_under_it(tmp_path, monkeypatch):
    """The panel is opaque: with a rack tile chosen, a click on the panel's words lays nothing."""
    app, scene = open_guide(tmp_path, monkeypatch)
    panel = pygame.Rect(scene.mode.status()["guide"]["panel"])
    first = scene.state.rack(scene.state.current)[0]
    click(app, rack_tile_centre(scene, first))  # chosen: the next click on felt would lay it
    before = [list(meld) for meld in scene.state.table]
    click(app, (panel.x + 12, panel.y + 12))  # the panel's corner: no button there
    assert [list(meld) for meld in scene.state.table] == before
    assert first in scene.state.rack(scene.state.current)
    assert not scene.mode.tracks_unseen and not scene.mode.may_resign
