"""Issue 21, items 3–5, on the Rummi table through synthetic pointer and key events: a tile
dropped on a run goes where its number belongs, a Shift-dragged part of a meld follows the
pointer and lands where it is dropped, and Undo and Reset keep every meld where it was."""

from __future__ import annotations

import pygame

from rummi_desktop.games.rummi.rules.drop_order import joined_order
from rummi_desktop.tiles import parse_tiles
from test_keyboard_play import press_until
from test_rummi_flow_support import (
    button_centre,
    click,
    drag,
    faces_of,
    key,
    make_app,
    meld_end_point,
    open_table,
    post,
    rack_id,
    rack_tile_centre,
    session_from_position,
    steps,
)

OTHER_RACK = "B1 B3 B5 B8 B9 K1 K2 K4 K5 Y2 Y3 Y4 Y6 Y7"


def opened_table(tmp_path, monkeypatch, table, rack, speed="normal"):
    app = make_app(tmp_path, monkeypatch, speed)
    return app, open_table(app, session_from_position(table, [rack, OTHER_RACK], opened=[True, True]),
                           autosave=False)


def drag_rack_tile(app, scene, notation, target):
    drag(app, rack_tile_centre(scene, rack_id(scene, notation)), target)


def tile_centre(scene, meld, position):
    return scene.view.table_layout.tile_boxes[meld][position].center


def hold_and_move(app, start, end):
    """Press at ``start`` and move to ``end`` in a few steps, without letting go."""
    start = (round(start[0]), round(start[1]))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    for t in (0.25, 0.5, 0.75, 1.0):
        post(pygame.MOUSEMOTION, pos=(round(start[0] + (end[0] - start[0]) * t),
                                      round(start[1] + (end[1] - start[1]) * t)), rel=(0, 0), buttons=(1, 0, 0))
        steps(app, 1)


def let_go(app, end):
    post(pygame.MOUSEBUTTONUP, pos=(round(end[0]), round(end[1])), button=1)
    steps(app, 2)


def lands_at(scene, box, spot) -> bool:
    """The tile's box is where a drop at ``spot`` puts it: under it, on the row nearest it."""
    layout = scene.view.table_layout
    return abs(box.center[0] - spot[0]) <= layout.tile_w and abs(box.center[1] - spot[1]) <= layout.tile_h * 0.75


def meld_boxes(scene):
    return [box.as_tuple() for box in scene.view.table_layout.meld_boxes]


# -- 3. a tile dropped on a run goes into its place in number order ------------------------------
def test_a_low_tile_dropped_at_a_runs_right_end_goes_to_its_start(tmp_path, monkeypatch):
    # The issue's own case: a drop at the pointer made "B1 cannot come after B4".
    app, scene = opened_table(tmp_path, monkeypatch, ["B2 B3 B4"], "B1 K9")
    drag_rack_tile(app, scene, "B1", meld_end_point(scene, 0))
    assert faces_of(scene.state.table) == [["B1", "B2", "B3", "B4"]]
    assert scene.state.check_turn().legal


def test_a_tile_dropped_anywhere_on_a_run_slots_between_its_neighbours(tmp_path, monkeypatch):
    app, scene = opened_table(tmp_path, monkeypatch, ["R4 R5 R7 R8"], "R6 R9 K9")
    drag_rack_tile(app, scene, "R6", tile_centre(scene, 0, 0))  # dropped on R4
    assert faces_of(scene.state.table) == [["R4", "R5", "R6", "R7", "R8"]]
    drag_rack_tile(app, scene, "R9", tile_centre(scene, 0, 1))  # dropped on R5
    assert faces_of(scene.state.table) == [["R4", "R5", "R6", "R7", "R8", "R9"]]


def test_a_run_still_being_built_takes_each_tile_in_number_order(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    scene = open_table(app, session_from_position([], ["R10 R12 R11 K9", OTHER_RACK]), autosave=False)
    drag_rack_tile(app, scene, "R12", (640, 300))
    drag_rack_tile(app, scene, "R10", meld_end_point(scene, 0))  # after R12: goes before it
    assert faces_of(scene.state.table) == [["R10", "R12"]]
    drag_rack_tile(app, scene, "R11", meld_end_point(scene, 0))  # at the end: goes between
    assert faces_of(scene.state.table) == [["R10", "R11", "R12"]]


def test_a_tile_that_fits_where_a_joker_stands_takes_its_place_and_the_joker_moves_on(tmp_path, monkeypatch):
    app, scene = opened_table(tmp_path, monkeypatch, ["R5 J R7"], "R6 R8 K9")
    drag_rack_tile(app, scene, "R6", tile_centre(scene, 0, 2))  # on R7, not squarely on the joker
    assert faces_of(scene.state.table) == [["R5", "R6", "R7", "J"]]  # J now stands for R8
    assert scene.state.check_turn().legal, "the joker's tile freed it for its new place"
    click(app, button_centre(scene.buttons.undo))  # one gesture, one step back
    assert faces_of(scene.state.table) == [["R5", "J", "R7"]]


def test_a_tile_dropped_on_a_joker_it_does_not_stand_for_joins_the_run(tmp_path, monkeypatch):
    app, scene = opened_table(tmp_path, monkeypatch, ["R5 R6 J"], "R8 K9")
    drag_rack_tile(app, scene, "R8", tile_centre(scene, 0, 2))  # squarely on the joker (an R7)
    assert faces_of(scene.state.table) == [["R5", "R6", "J", "R8"]]
    assert scene.banner is None or not scene.banner.warning


def test_a_tile_the_run_has_no_place_for_stays_where_it_was_dropped_and_end_turn_says_why(tmp_path, monkeypatch):
    app, scene = opened_table(tmp_path, monkeypatch, ["R5 R6 R7"], "R6 K9")
    drag_rack_tile(app, scene, "R6", tile_centre(scene, 0, 1))  # onto R6: a second red 6
    assert faces_of(scene.state.table) == [["R5", "R6", "R6", "R7"]]
    key(app, "return")
    assert scene.session.current == 0 and scene.banner is not None and scene.banner.warning
    assert "6s" in scene.banner.message


def test_a_tile_dropped_on_a_group_joins_it(tmp_path, monkeypatch):
    app, scene = opened_table(tmp_path, monkeypatch, ["R7 K7 Y7"], "B7 K9")
    drag_rack_tile(app, scene, "B7", tile_centre(scene, 0, 0))
    assert sorted(faces_of(scene.state.table)[0]) == ["B7", "K7", "R7", "Y7"]


def test_a_table_tile_moved_onto_a_run_slots_in_number_order(tmp_path, monkeypatch):
    app, scene = opened_table(tmp_path, monkeypatch, ["K1 K2 K3 K4", "K5 K6 K7"], "Y1 B9")
    drag(app, tile_centre(scene, 0, 3), tile_centre(scene, 1, 2))  # K4 dropped on K7
    assert faces_of(scene.state.table) == [["K1", "K2", "K3"], ["K4", "K5", "K6", "K7"]]


def test_the_keyboard_slots_a_tile_the_same_way(tmp_path, monkeypatch):
    app, scene = opened_table(tmp_path, monkeypatch, ["B2 B3 B4"], "B1 K9", speed="instant")
    key(app, "down")
    press_until(app, scene, "right", ("rack", scene.view.rack_ids.index(rack_id(scene, "B1"))))
    key(app, "space")  # B1 in hand
    press_until(app, scene, "left", ("gap", 0, 3))  # the gap after B4
    key(app, "space")
    assert faces_of(scene.state.table) == [["B1", "B2", "B3", "B4"]]


def test_drop_order_in_the_rules_model():
    def joined(meld, added, near):
        tiles = parse_tiles(meld) + parse_tiles(added)
        order = joined_order(parse_tiles(meld), parse_tiles(added), near)
        return None if order is None else " ".join(str(tiles[i]) for i in order)

    assert joined("B2 B3 B4", "B1", 3) == "B1 B2 B3 B4"
    assert joined("J R6 R7", "R5", 0) == "J R5 R6 R7"  # the joker's place is R5's: it becomes R4
    assert joined("R5 J R7", "R6", 0) == "R5 R6 R7 J"
    assert joined("R5 R6 R7", "J", 1) == "J R5 R6 R7"  # a joker goes to the nearer end that fits
    assert joined("R5 R6 R7", "R10", 0) == "R5 R6 R7 R10"  # a gap: End Turn says so
    assert joined("R5 R6 R7", "R6", 1) is None  # a number the run has
    assert joined("R5 K5", "R6", 1) is None  # neither a run nor a group
    assert joined("R10 R11 R12", "R7 R8 R9", 3) == "R7 R8 R9 R10 R11 R12"
    assert joined("R7 K7 Y7", "B7", 1) == "R7 B7 K7 Y7"  # a group: where it was dropped


# -- 4. Shift-drag moves the split-off part to where it is dropped -------------------------------
def test_a_shift_dragged_part_follows_the_pointer_as_it_will_land_and_lands_there(tmp_path, monkeypatch):
    app, scene = opened_table(tmp_path, monkeypatch, ["K4 K5 K6 K7 K8 K9", "R1 R2 R3"], "Y1")
    k7, k8, k9 = scene.state.table[0][3:]
    spot = (700, 360)
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        hold_and_move(app, tile_centre(scene, 0, 3), spot)
        layout = scene.view.table_layout
        held = scene.view.sprites.get(k7)
        assert abs(held.x + layout.tile_w / 2 - spot[0]) < layout.tile_w, "the held tile is under the pointer"
        for step, tile in ((1, k8), (2, k9)):  # the rest of the part rides beside it, a tile apart
            sprite = scene.view.sprites.get(tile)
            assert (sprite.x, sprite.y, sprite.w) == (held.x + step * layout.pitch, held.y, layout.tile_w)
        steps(app, 10)
        assert scene.view.sprites.get(k9).x == held.x + 2 * layout.pitch, "it stays with the pointer"
        hand = scene.controller.hand()
        assert hand.carried == (k8, k9)
        kind, preview = hand.preview
        assert kind == "slot" and preview.w == 3 * layout.pitch - (layout.pitch - layout.tile_w)
        let_go(app, spot)
    finally:
        pygame.key.set_mods(0)
    assert faces_of(scene.state.table) == [["K4", "K5", "K6"], ["R1", "R2", "R3"], ["K7", "K8", "K9"]]
    assert lands_at(scene, scene.view.table_layout.tile_boxes[2][0], spot), "the part lands where dropped"
    assert scene.view.sprites.carried == ()


def test_a_shift_dragged_part_joins_another_run_in_number_order(tmp_path, monkeypatch):
    app, scene = opened_table(tmp_path, monkeypatch, ["R4 R5 R6 R7 R8 R9", "R10 R11 R12"], "Y1")
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        drag(app, tile_centre(scene, 0, 3), tile_centre(scene, 1, 2))  # R7 R8 R9 dropped on R12
    finally:
        pygame.key.set_mods(0)
    assert faces_of(scene.state.table) == [["R4", "R5", "R6"], ["R7", "R8", "R9", "R10", "R11", "R12"]]
    click(app, button_centre(scene.buttons.undo))  # the whole gesture is one step
    assert faces_of(scene.state.table) == [["R4", "R5", "R6", "R7", "R8", "R9"], ["R10", "R11", "R12"]]


def test_a_whole_meld_shift_dragged_to_open_felt_moves_there(tmp_path, monkeypatch):
    app, scene = opened_table(tmp_path, monkeypatch, ["K4 K5 K6", "R1 R2 R3"], "Y1")
    spot = (760, 380)
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        drag(app, tile_centre(scene, 1, 0), spot)
    finally:
        pygame.key.set_mods(0)
    assert faces_of(scene.state.table) == [["K4", "K5", "K6"], ["R1", "R2", "R3"]]
    assert lands_at(scene, scene.view.table_layout.tile_boxes[1][0], spot)


# -- 5. Undo and Reset keep the melds where they were on the felt -------------------------------
def test_each_undo_puts_every_meld_back_where_it_was_at_that_point(tmp_path, monkeypatch):
    app, scene = opened_table(tmp_path, monkeypatch, ["K4 K5 K6 K7", "R1 R2 R3"], "Y9 Y10 B2")
    seen = [meld_boxes(scene)]
    drag(app, tile_centre(scene, 0, 0), (700, 330))  # K4 off to a spot of its own
    seen.append(meld_boxes(scene))
    drag_rack_tile(app, scene, "Y9", (420, 420))  # a new meld further down
    seen.append(meld_boxes(scene))
    drag(app, tile_centre(scene, 3, 0), scene.view.rack_layout.slots[0].center)  # Y9 back to the rack
    seen.append(meld_boxes(scene))
    drag(app, tile_centre(scene, 2, 0), tile_centre(scene, 0, 1))  # K4 back onto its run (on K6)
    assert faces_of(scene.state.table) == [["K4", "K5", "K6", "K7"], ["R1", "R2", "R3"]]
    for before in reversed(seen):
        click(app, button_centre(scene.buttons.undo))
        assert meld_boxes(scene) == before


def test_reset_puts_every_meld_back_where_it_was_when_the_turn_began(tmp_path, monkeypatch):
    app, scene = opened_table(tmp_path, monkeypatch, ["K4 K5 K6 K7", "R1 R2 R3", "Y5 B5 R5"], "Y9 Y10 B2")
    start = meld_boxes(scene)
    drag(app, tile_centre(scene, 0, 0), (700, 330))  # K4 leaves its run for a spot of its own
    drag_rack_tile(app, scene, "Y9", (420, 420))
    drag_rack_tile(app, scene, "Y10", meld_end_point(scene, len(scene.state.table) - 1))
    assert meld_boxes(scene) != start
    click(app, button_centre(scene.buttons.reset))
    assert faces_of(scene.state.table) == [["K4", "K5", "K6", "K7"], ["R1", "R2", "R3"], ["Y5", "B5", "R5"]]
    assert meld_boxes(scene) == start
    steps(app, 60)
    for meld, boxes in zip(scene.state.table, scene.view.table_layout.tile_boxes):
        for tile, box in zip(meld, boxes):  # and the tiles glide back there, not elsewhere
            sprite = scene.view.sprites.get(tile)
            assert (round(sprite.x), round(sprite.y)) == (round(box.x), round(box.y))


def test_any_gesture_undone_leaves_every_tile_and_meld_where_it_was(tmp_path, monkeypatch):
    """Seeded random drags (Shift held for some) from the rack and the table, to melds and open
    felt; after each, Undo half the time. No tile is ever lost, and an Undo gives back the
    table and every meld's box exactly."""
    import random

    app, scene = opened_table(tmp_path, monkeypatch, ["K4 K5 K6 K7 K8 K9", "R1 R2 R3", "Y5 B5 R5", "B9 J B11"],
                              "R4 R6 K3 K10 B10 Y9 B8 J K2 R8", speed="instant")
    rng = random.Random(5)
    area = scene.view.table_area
    census = sorted([t for meld in scene.state.table for t in meld] + scene.state.rack(0))
    undone = 0
    for _ in range(80):
        layout = scene.view.table_layout
        before = ([list(meld) for meld in scene.state.table], meld_boxes(scene), len(scene.state.turn_moves))
        tiles = [box for boxes in layout.tile_boxes for box in boxes]
        rack = scene.view.rack_layout.slots
        start = rng.choice(rack).center if rack and rng.random() < 0.4 else rng.choice(tiles).center
        if rng.random() < 0.5:
            x, y = rng.choice(tiles).center
            end = (x + rng.uniform(-30, 30), y + rng.uniform(-10, 10))
        else:
            end = (rng.uniform(area.x, area.right), rng.uniform(area.y, area.bottom))
        pygame.key.set_mods(pygame.KMOD_SHIFT if rng.random() < 0.4 else 0)
        try:
            drag(app, start, end)
        finally:
            pygame.key.set_mods(0)
        assert sorted([t for meld in scene.state.table for t in meld] + scene.state.rack(0)) == census
        if len(scene.state.turn_moves) > before[2] and rng.random() < 0.5:
            click(app, button_centre(scene.buttons.undo))
            assert (scene.state.table, meld_boxes(scene)) == before[:2]
            undone += 1
    assert undone >= 20, "the gestures did change the table"
