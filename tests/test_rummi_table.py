"""The Rummi table scene driven headless through synthetic pointer and key events."""

from __future__ import annotations

from rummi_desktop.scenes.turn_machine import Phase
from test_rummi_flow_support import (
    button_centre,
    click,
    drag,
    faces_of,
    key,
    make_app,
    meld_end_point,
    new_meld_point,
    open_table,
    rack_id,
    rack_tile_centre,
    session_from_position,
    steps,
)

OPENING_RACK = "R10 R11 R12 K3 B7 Y9 K13 B2 Y5 R1 K8 B4 Y1 K6"
OTHER_RACK = "B1 B3 B5 B8 B9 K1 K2 K4 K5 Y2 Y3 Y4 Y6 Y7"


def drag_rack_tile(app, scene, notation, target):
    drag(app, rack_tile_centre(scene, rack_id(scene, notation)), target)


def lay_run(app, scene, notations):
    drag_rack_tile(app, scene, notations[0], new_meld_point(scene))
    meld = len(scene.state.table) - 1
    for notation in notations[1:]:
        drag_rack_tile(app, scene, notation, meld_end_point(scene, meld))


def test_a_human_drags_a_legal_opening_and_ends_the_turn(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    scene = open_table(app, session_from_position([], [OPENING_RACK, OTHER_RACK]))
    assert scene.phase == Phase.PERSON and scene.viewer == 0
    lay_run(app, scene, ["R10", "R11", "R12"])
    assert faces_of(scene.state.table) == [["R10", "R11", "R12"]]
    assert scene.state.opening_points() == 33
    assert len(scene.view.rack_ids) == 11
    click(app, button_centre(scene.buttons.end_turn))
    assert scene.session.match.current.opened[0]
    assert scene.session.current == 1  # the computer seat is on turn now
    assert scene.phase in ("thinking", "showing")
    assert scene.session.stats[0].tiles_placed == 3


def test_an_invalid_table_is_refused_with_red_outlines_and_a_reason(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    scene = open_table(app, session_from_position([], [OPENING_RACK, OTHER_RACK]))
    lay_run(app, scene, ["R10", "R11", "Y9"])
    key(app, "return")
    assert scene.session.current == 0, "the turn must not end"
    assert scene.view.invalid_tiles == set(scene.state.table[0])
    assert scene.banner is not None and scene.banner.warning
    assert "R" in scene.banner.message or "run" in scene.banner.message or "group" in scene.banner.message
    steps(app, 1)
    # the refused meld's tiles are drawn in the invalid state
    hand = scene.controller.hand()
    assert {scene.view.tile_state(t, hand) for t in scene.state.table[0]} == {"invalid"}


def test_reset_restores_rack_and_table_exactly(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    table = ["K4 K5 K6", "R3 R4 R5 R6 R7 R8"]
    scene = open_table(app, session_from_position(table, ["R6 K7 K3 Y1 Y2", OTHER_RACK], opened=[True, True]))
    start_table = [list(m) for m in scene.state.table]
    start_rack = list(scene.state.rack(0))
    drag_rack_tile(app, scene, "K7", meld_end_point(scene, 0))
    drag_rack_tile(app, scene, "R6", new_meld_point(scene))
    assert scene.state.table != start_table
    click(app, button_centre(scene.buttons.reset))
    assert scene.state.table == start_table
    assert scene.state.rack(0) == start_rack
    assert not scene.state.turn_moves


def test_undo_steps_back_one_move(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    scene = open_table(app, session_from_position(["K4 K5 K6"], ["K7 K3 Y1", OTHER_RACK], opened=[True, True]))
    drag_rack_tile(app, scene, "K7", meld_end_point(scene, 0))
    drag_rack_tile(app, scene, "K3", (scene.view.table_layout.meld_boxes[0].x + 3, scene.view.table_layout.meld_boxes[0].center[1]))
    assert faces_of(scene.state.table) == [["K3", "K4", "K5", "K6", "K7"]]
    key(app, "z")
    assert faces_of(scene.state.table) == [["K4", "K5", "K6", "K7"]]


def test_click_select_then_click_place_and_touch_drag(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    scene = open_table(app, session_from_position(["K4 K5 K6"], ["K7 K3 Y1", OTHER_RACK], opened=[True, True]))
    k7 = rack_id(scene, "K7")
    click(app, rack_tile_centre(scene, k7))
    assert scene.controller.selected is not None and scene.controller.selected.tile == k7
    click(app, meld_end_point(scene, 0))
    assert faces_of(scene.state.table) == [["K4", "K5", "K6", "K7"]]
    box = scene.view.table_layout.meld_boxes[0]
    drag(app, rack_tile_centre(scene, rack_id(scene, "K3")), (box.x + 3, box.center[1] + 34), touch=True)
    assert faces_of(scene.state.table) == [["K3", "K4", "K5", "K6", "K7"]]


def test_a_tile_played_this_turn_goes_back_to_the_rack_but_a_table_tile_does_not(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    scene = open_table(app, session_from_position(["K4 K5 K6"], ["K7 Y1", OTHER_RACK], opened=[True, True]))
    drag_rack_tile(app, scene, "K7", meld_end_point(scene, 0))
    k7 = scene.state.table[0][3]
    rack_spot = scene.view.rack_layout.slots[0].center
    drag(app, scene.view.table_layout.tile_boxes[0][3].center, rack_spot)
    assert k7 in scene.state.rack(0) and faces_of(scene.state.table) == [["K4", "K5", "K6"]]
    k4 = scene.state.table[0][0]
    drag(app, scene.view.table_layout.tile_boxes[0][0].center, rack_spot)
    assert k4 not in scene.state.rack(0)
    assert scene.banner is not None and scene.banner.warning


def test_dropped_tiles_never_land_on_each_other(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    scene = open_table(app, session_from_position([], [OPENING_RACK, OTHER_RACK]))
    for notation in ["R10", "K3", "B7", "Y9"]:
        drag_rack_tile(app, scene, notation, (640, 300))  # all on the same spot of open felt
    steps(app, 60)
    boxes = [(s.x, s.y) for s in scene.view.sprites.sprites.values()]
    assert len(boxes) == len(set(boxes))
    width = scene.view.table_layout.tile_w
    table_sprites = [scene.view.sprites.get(t) for meld in scene.state.table for t in meld]
    for i, a in enumerate(table_sprites):
        for b in table_sprites[i + 1:]:
            assert abs(a.x - b.x) >= width or abs(a.y - b.y) >= scene.view.table_layout.tile_h


def test_timeout_mid_rearrangement_resets_and_gives_three_tiles(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    table = ["R3 R4 R5 R6 R7 R8"]
    scene = open_table(app, session_from_position(table, ["K7 Y1", OTHER_RACK], opened=[True, True], clock=30,
                                                  pool="B10 B11 B12 B13 K13"))
    start_table = [list(m) for m in scene.state.table]
    drag_rack_tile(app, scene, "K7", new_meld_point(scene))  # an unfinished, invalid rearrangement
    drag(app, scene.view.table_layout.tile_boxes[0][5].center, meld_end_point(scene, 1))
    assert scene.state.table != start_table
    rack_before = len(scene.state.rack(0)) + 1  # K7 is on the table
    for _ in range(80):
        steps(app, 1, dt=0.5)
        if scene.session.current != 0:
            break
    state = scene.session.state
    assert state.table == start_table  # the unfinished rearrangement was reset
    assert len(state.rack(0)) == rack_before + 3
    assert scene.flow.turn_log[-1].result.outcome == "penalty"
    assert "Time — 3 penalty tiles" in scene.banner_log
    assert scene.phase == "thinking"  # the computer seat is on turn now


def test_computer_turn_is_shown_while_frames_keep_running(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    session = session_from_position(["K4 K5 K6"], ["Y1", "K7 K8 B2 B3"], opened=[True, True])
    scene = open_table(app, session)
    click(app, button_centre(scene.buttons.draw_tile))
    assert scene.phase == "thinking"
    frames_before = app.frames
    steps(app, 30)
    assert app.frames == frames_before + 30
    while scene.phase in ("thinking",):
        steps(app, 1)
    assert scene.phase == "showing"
    flying = [t for t in scene.view.incoming]
    assert flying, "the computer's tiles travel to the table"
    assert any(not scene.view.sprites.get(t).settled for t in flying)
    steps(app, 240)
    assert scene.phase == Phase.PERSON and scene.session.current == 0
    assert ["K4", "K5", "K6", "K7", "K8"] in faces_of(scene.state.table)


def test_dropping_the_right_tile_on_a_joker_takes_the_joker(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    scene = open_table(app, session_from_position(["R5 J R7"], ["R6 K1", OTHER_RACK], opened=[True, True]))
    joker_box = scene.view.table_layout.tile_boxes[0][1]
    drag_rack_tile(app, scene, "R6", joker_box.center)
    assert faces_of(scene.state.table) == [["R5", "R6", "R7"], ["J"]]  # the freed joker waits on the table
    drag_rack_tile(app, scene, "K1", joker_box.center)  # a tile that cannot stand in: just joins the meld
    assert "K1" in faces_of(scene.state.table)[0]


def test_sort_buttons_order_the_rack_by_colour_or_by_number(tmp_path, monkeypatch):
    from rummi_desktop.games.rummi.rules.pieces import face

    app = make_app(tmp_path, monkeypatch)
    scene = open_table(app, session_from_position([], ["Y2 K9 B2 J K1 R2", OTHER_RACK]))
    click(app, button_centre(scene.buttons.sort_number))
    assert [str(face(t)) for t in scene.view.rack_ids] == ["K1", "B2", "R2", "Y2", "K9", "J"]
    key(app, "c")
    assert [str(face(t)) for t in scene.view.rack_ids] == ["K1", "K9", "B2", "R2", "Y2", "J"]
    steps(app, 40)
    slots = scene.view.rack_layout.slots
    for index, tile in enumerate(scene.view.rack_ids):  # the sprites glided to their new slots
        sprite = scene.view.sprites.get(tile)
        assert (round(sprite.x), round(sprite.y)) == (round(slots[index].x), round(slots[index].y))


def test_pause_overlay_opens_rules_and_resumes(tmp_path, monkeypatch):
    from rummi_desktop.scenes.table_overlays import PauseOverlay, RulesOverlay

    app = make_app(tmp_path, monkeypatch)
    scene = open_table(app, session_from_position([], [OPENING_RACK, OTHER_RACK], clock=30))
    key(app, "escape")
    assert isinstance(app.stack.top, PauseOverlay)
    clock = scene.turns.clock_left
    steps(app, 120)
    assert scene.turns.clock_left == clock  # the turn clock stands still while paused
    key(app, "h")
    assert isinstance(app.stack.top, RulesOverlay)
    click(app, (640, 400))
    assert isinstance(app.stack.top, PauseOverlay)
    key(app, "escape")
    assert app.stack.top is scene and scene.my_turn


def test_shift_drag_moves_a_tile_with_the_rest_of_its_meld(tmp_path, monkeypatch):
    import pygame

    app = make_app(tmp_path, monkeypatch)
    table = ["K4 K5 K6 K7 K8 K9", "R1 R2 R3"]
    scene = open_table(app, session_from_position(table, ["Y1", OTHER_RACK], opened=[True, True]))
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        drag(app, scene.view.table_layout.tile_boxes[0][3].center, (640, 400))  # split before K7, moved down
        assert faces_of(scene.state.table) == [["K4", "K5", "K6"], ["R1", "R2", "R3"], ["K7", "K8", "K9"]]
        drag(app, scene.view.table_layout.tile_boxes[2][0].center, meld_end_point(scene, 0))  # whole meld onto K4-K6
        assert faces_of(scene.state.table) == [["K4", "K5", "K6", "K7", "K8", "K9"], ["R1", "R2", "R3"]]
    finally:
        pygame.key.set_mods(0)
