"""Keyboard play at every game's table, driven by synthetic key events only: Rummi's focus ring
and Space (rack to a new meld and to an existing meld, a table tile taken back), Rummble's
cursor, number keys and Space, Tumblewords' column and, in Claim mode, its square. Each ring
is checked on an off-screen surface, and shown only once a key is used."""

from __future__ import annotations

import pygame

from rummi_desktop.games.rummble.rules.board import CENTRE
from rummi_desktop.games.rummble.table.layout import square_box
from rummi_desktop.games.rummi.table.key_focus import find
from rummi_desktop.games.rummi.table.table_scene import RummiTableScene
from rummi_desktop.scenes.turn_machine import Phase
from test_rummi_flow_support import click, faces_of, key, make_app, open_table, session_from_position, steps
import test_rummble_scene_support as rummble
import tumblewords_scene_support as tumblewords


def frame(scene) -> pygame.Surface:
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    return surface


def ring_pixel(surface, box, inset: int):
    """A pixel on the left edge of a ring drawn ``inset`` px outside ``box``."""
    return surface.get_at((round(box.x) - inset, round(box.y + box.h / 2)))[:3]


def spot_name(scene: RummiTableScene):
    spots = scene.controller.key_spots()
    return spots[find(spots, scene.controller.focus.name)].name


def press_until(app, scene, name: str, wanted, limit: int = 20) -> None:
    for _ in range(limit):
        if spot_name(scene) == wanted:
            return
        key(app, name)
    raise AssertionError(f"{name} never reached {wanted}: at {spot_name(scene)}")


def rummi_table(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    session = session_from_position(["K4 K5 K6"], ["R10 R11 R12 K7 B7", "B1 B3 B5 B8 B9"], opened=[True, True])
    return app, open_table(app, session, autosave=False)


def test_rummi_a_whole_turn_by_keyboard_a_new_meld_then_an_existing_one(tmp_path, monkeypatch):
    app, scene = rummi_table(tmp_path, monkeypatch)
    theme = app.theme
    first_slot = scene.view.rack_layout.slots[0]
    assert scene.controller.hand().focus is None, "a mouse player sees no ring"
    assert ring_pixel(frame(scene), first_slot, 3) != theme.selected
    key(app, "down")  # the first key shows the ring where the keyboard is: the rack's first tile
    assert spot_name(scene) == ("rack", 0)
    assert ring_pixel(frame(scene), first_slot, 3) == theme.selected
    for _ in range(3):  # R10, R11, R12: each picked up, put after the one before (a new meld first)
        key(app, "space")
        key(app, "space")
    assert faces_of(scene.state.table) == [["K4", "K5", "K6"], ["R10", "R11", "R12"]]
    key(app, "space")  # K7 in hand: the ring starts after R12
    assert spot_name(scene) == ("gap", 1, 3)
    press_until(app, scene, "left", ("gap", 0, 3))  # after K6
    key(app, "space")
    assert faces_of(scene.state.table) == [["K4", "K5", "K6", "K7"], ["R10", "R11", "R12"]]
    key(app, "return")  # End Turn
    assert scene.session.current == 1 and scene.phase in (Phase.THINKING, Phase.SHOWING)
    assert scene.session.stats[0].tiles_placed == 4


def test_rummi_a_table_tile_taken_back_and_a_refusal_by_keyboard(tmp_path, monkeypatch):
    app, scene = rummi_table(tmp_path, monkeypatch)
    key(app, "down")
    key(app, "space")
    key(app, "space")  # R10 alone, a new meld
    assert faces_of(scene.state.table)[1] == ["R10"]
    key(app, "up")  # onto the table's row, at the tile nearest above
    press_until(app, scene, "right", ("tile", scene.state.table[1][0]))
    key(app, "space")  # R10 in hand again, from the table
    key(app, "down")
    press_until(app, scene, "left", ("slot", 0))
    key(app, "space")  # back on the rack
    assert faces_of(scene.state.table) == [["K4", "K5", "K6"]] and len(scene.view.rack_ids) == 5
    key(app, "up")
    press_until(app, scene, "left", ("tile", scene.state.table[0][0]))
    key(app, "space")  # K4 was on the table at the turn's start: the model refuses to give it back
    key(app, "down")
    press_until(app, scene, "left", ("slot", 0))
    key(app, "space")
    assert faces_of(scene.state.table) == [["K4", "K5", "K6"]]
    assert scene.banner is not None and scene.banner.warning
    click(app, (640, 300))  # the pointer is in use: the ring goes
    assert scene.controller.hand().focus is None


def test_rummi_arrows_reach_the_buttons_focus_only_through_tab(tmp_path, monkeypatch):
    app, scene = rummi_table(tmp_path, monkeypatch)
    key(app, "tab")
    assert scene.buttons.group.focused is not None
    key(app, "right")  # the board's arrows take the focus back: one ring at a time
    assert scene.buttons.group.focused is None and scene.controller.focus.shown


def test_rummble_a_whole_turn_by_keyboard(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = rummble.open_table(app, rummble.session_from_position([], ["R7 R8 B2 Y5 K1", "B1 B3 B5 B9 K4"]))
    view = scene.view
    assert ring_pixel(frame(scene), square_box(CENTRE), 0) != app.theme.selected
    faces = scene.state.faces
    r7, r8, b2 = (next(t for t in view.rack_ids if faces[t].notation() == name) for name in ("R7", "R8", "B2"))

    def put(tile):  # the number key of the tile's place on the rack as shown now
        key(app, str(view.rack_ids.index(tile) + 1))

    put(r7)  # R7 on the star; the cursor steps right
    put(b2)  # B2 beside it: not the play meant
    assert scene.tentative.squares == {CENTRE: r7, CENTRE + 1: b2}
    key(app, "left")
    key(app, "space")
    key(app, "space")  # Space on its own square: B2 back to the rack
    assert scene.tentative.squares == {CENTRE: r7}
    key(app, "left")
    key(app, "space")  # R7 in hand: moved one square down
    key(app, "down")
    key(app, "space")
    assert scene.tentative.squares == {CENTRE + 13: r7}
    key(app, "up")
    key(app, "space")  # nothing in hand, an empty square: nothing happens
    assert scene.tentative.squares == {CENTRE + 13: r7}
    assert ring_pixel(frame(scene), square_box(CENTRE), 0) == app.theme.selected
    put(r8)  # R8 on the star, above R7
    key(app, "return")
    assert scene.state.log[0] == "play R8@6,6 R7@7,6"


def test_tumblewords_a_drop_and_a_claim_by_keyboard(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="normal")
    scene = tumblewords.open_table(app, tumblewords.session_from(["CA"], ["TSOEIAN", "TOESRAN"], claim=True))
    view = scene.view
    while view.cursor != 2:
        key(app, "left")
    key(app, "1")  # T
    key(app, "return")
    tumblewords.settle(app, scene)
    assert scene.state.phase == "claiming" and scene.phase == Phase.PERSON
    while view.square != (7, 0):
        key(app, "left")
    assert ring_pixel(frame(scene), view.layout.cell_box(7, 0), 0) == app.theme.selected
    key(app, "space")
    key(app, "right")
    key(app, "right")
    key(app, "space")  # C A T claimed
    assert [w.word for w in view.claimed] == ["CAT"] and scene.state.scores()[0] == 3
    key(app, "return")  # Done
    steps(app, 2)
    assert scene.state.log[:3] == ["drop 2 T", "claim 7,0-7,2", "done"]
