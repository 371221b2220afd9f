"""Play-testing fixes on the Rummi table, driven through synthetic pointer and key events:
drops land where they are dropped, Undo/Reset/Draw give tiles back their rack slots, long
racks stay on their tiers, covered scenes hide their tooltips, the fanfare is for people."""

from __future__ import annotations

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
    post,
    rack_id,
    rack_tile_centre,
    session_from_position,
    steps,
)

import pygame

from rummi_desktop.games.rummi.table.layout import screen_regions
from rummi_desktop.tiles import format_tiles, standard_set

REGIONS = screen_regions()
OTHER_RACK = "B1 B3 B5 B8 B9 K1 K2 K4 K5 Y2 Y3 Y4 Y6 Y7"
SHORT_RACK = "R11 R12 B11"  # the other seat, beside TWELVE_RUNS
# twelve 5-tile runs: three full rows of melds at the normal tile size
TWELVE_RUNS = [f"{c}1 {c}2 {c}3 {c}4 {c}5" for c in "RBKY"] + [f"{c}6 {c}7 {c}8 {c}9 {c}10" for c in "RBKY"] \
    + [f"{c}9 {c}10 {c}11 {c}12 {c}13" for c in "RBKY"]


def drag_rack_tile(app, scene, notation, target):
    drag(app, rack_tile_centre(scene, rack_id(scene, notation)), target)


def all_table_boxes(scene):
    return [box for boxes in scene.view.table_layout.tile_boxes for box in boxes]


def assert_no_overlaps(boxes):
    for i, box in enumerate(boxes):
        assert not any(box.overlaps(other) for other in boxes[i + 1:])


# -- 1. dropping where the player drops ---------------------------------------------------------
def test_a_tile_dropped_beside_a_lone_tile_joins_it_on_either_side(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    scene = open_table(app, session_from_position([], ["R10 R11 R12 R9 K3 Y5", OTHER_RACK]))
    spot = (REGIONS.table.x + 500, REGIONS.table.y + 200)
    drag_rack_tile(app, scene, "R10", spot)
    first = scene.view.table_layout.tile_boxes[0][0]
    # a newcomer's second drop: roughly one tile to the right of the first tile
    drag_rack_tile(app, scene, "R11", (first.center[0] + first.w * 1.3, first.center[1] + 5))
    assert faces_of(scene.state.table) == [["R10", "R11"]]
    # a tile width past the right end, and past the left end, still joins at that end
    box = scene.view.table_layout.meld_boxes[0]
    drag_rack_tile(app, scene, "R12", (box.right + scene.view.table_layout.tile_w * 0.9, box.center[1]))
    assert faces_of(scene.state.table) == [["R10", "R11", "R12"]]


def test_a_tile_dropped_in_the_gap_before_a_meld_joins_that_meld_at_its_start(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    scene = open_table(app, session_from_position(["K4 K5 K6", "R3 R4 R5"], ["R2 Y5", OTHER_RACK],
                                                  opened=[True, True]))
    box = scene.view.table_layout.meld_boxes[1]
    drag_rack_tile(app, scene, "R2", (box.x - scene.view.table_layout.tile_w * 0.25, box.center[1] - 8))
    assert faces_of(scene.state.table) == [["K4", "K5", "K6"], ["R2", "R3", "R4", "R5"]]


def test_a_new_meld_appears_where_it_is_dropped_not_at_the_end(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    scene = open_table(app, session_from_position(TWELVE_RUNS, ["R6 K7 Y13", SHORT_RACK], opened=[True, True]))
    layout = scene.view.table_layout
    rows = sorted({box.y for box in layout.meld_boxes})
    assert len(rows) >= 3
    first_row = [i for i, box in enumerate(layout.meld_boxes) if box.y == rows[0]]
    last_in_row = layout.meld_boxes[first_row[-1]]
    spot = (last_in_row.right + layout.tile_w * 2.5, last_in_row.center[1])  # open felt, row 1
    assert spot[0] < REGIONS.table.right - layout.tile_w
    before = [list(meld) for meld in scene.state.table]
    drag_rack_tile(app, scene, "K7", spot)
    table = scene.state.table
    assert len(table) == 13
    new_index = first_row[-1] + 1
    assert faces_of([table[new_index]]) == [["K7"]], "the new meld takes the dropped place in the order"
    assert [m for i, m in enumerate(table) if i != new_index] == before, "the other melds are untouched"
    landed = scene.view.table_layout.tile_boxes[new_index][0]
    assert landed.y == rows[0]
    assert abs(landed.center[0] - spot[0]) <= layout.tile_w * 2.5
    assert_no_overlaps(all_table_boxes(scene))
    # Undo takes it back in one step; the drop preview showed that very slot
    click(app, button_centre(scene.buttons.undo))
    assert scene.state.table == before


def test_the_drop_preview_shows_the_new_meld_under_the_pointer(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    scene = open_table(app, session_from_position(TWELVE_RUNS, ["R6 K7 Y13", SHORT_RACK], opened=[True, True]))
    layout = scene.view.table_layout
    row_end = layout.meld_boxes[7]  # the last meld of the second row
    assert layout.meld_boxes[8].y > row_end.y
    spot = (round(row_end.right + layout.tile_w * 2.5), round(row_end.center[1] + 6))
    start = rack_tile_centre(scene, rack_id(scene, "Y13"))
    post(pygame.MOUSEBUTTONDOWN, pos=(round(start[0]), round(start[1])), button=1)
    for t in (0.3, 0.7, 1.0):
        post(pygame.MOUSEMOTION, pos=(round(start[0] + (spot[0] - start[0]) * t),
                                      round(start[1] + (spot[1] - start[1]) * t)), rel=(0, 0), buttons=(1, 0, 0))
        steps(app, 1)
    kind, preview = scene.controller.drop_preview()
    post(pygame.MOUSEBUTTONUP, pos=spot, button=1)
    steps(app, 2)
    index = next(i for i, meld in enumerate(faces_of(scene.state.table)) if meld == ["Y13"])
    landed = scene.view.table_layout.tile_boxes[index][0]
    assert kind == "slot" and (preview.x, preview.y) == (landed.x, landed.y)
    assert abs(landed.center[1] - spot[1]) <= layout.tile_h


def test_a_lone_tile_can_be_moved_to_another_spot_on_the_felt(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    scene = open_table(app, session_from_position(TWELVE_RUNS[:6], ["R6 K7 Y13", SHORT_RACK], opened=[True, True]))
    drag_rack_tile(app, scene, "K7", new_meld_point(scene))
    assert faces_of(scene.state.table)[-1] == ["K7"]
    layout = scene.view.table_layout
    row_end = layout.meld_boxes[3]  # the last meld of the first row
    assert layout.meld_boxes[4].y > row_end.y
    lone = layout.tile_boxes[-1][0]
    target = (row_end.right + layout.tile_w * 2.5, row_end.center[1])  # open felt on row 1
    drag(app, lone.center, target)
    table = faces_of(scene.state.table)
    assert table.index(["K7"]) == 4, "the lone tile moved up the order, to the end of row 1"
    assert_no_overlaps(all_table_boxes(scene))


def test_a_lone_tile_dragged_beside_a_neighbour_joins_it(tmp_path, monkeypatch):
    # Found by play-testing: a lone tile dropped just past a neighbouring meld's end, a little
    # nearer to its own old place, used to "join" itself and stay put.
    app = make_app(tmp_path, monkeypatch)
    scene = open_table(app, session_from_position([], ["Y8 B8 K8 K3", OTHER_RACK]))
    spot = (REGIONS.table.x + 500, REGIONS.table.y + 200)
    drag_rack_tile(app, scene, "Y8", spot)
    first = scene.view.table_layout.tile_boxes[0][0]
    drag_rack_tile(app, scene, "B8", (first.center[0] + first.w * 1.3, first.center[1]))
    assert faces_of(scene.state.table) == [["Y8", "B8"]]
    group = scene.view.table_layout.meld_boxes[0]
    tile_w = scene.view.table_layout.tile_w
    drag_rack_tile(app, scene, "K8", (group.right + tile_w * 1.6, group.center[1]))
    assert faces_of(scene.state.table) == [["Y8", "B8"], ["K8"]]
    lone = scene.view.table_layout.tile_boxes[1][0]
    target = (group.right + tile_w * 0.6, group.center[1])
    assert lone.x - target[0] < target[0] - group.right, "nearer to its own place than to the group"
    drag(app, lone.center, target)
    assert faces_of(scene.state.table) == [["Y8", "B8", "K8"]]


# -- 2. tiles go back to their rack slots --------------------------------------------------------
def test_reset_gives_back_the_rack_exactly_as_the_turn_began(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    scene = open_table(app, session_from_position(["K4 K5 K6"], ["Y1 K7 K3 R9 Y2 B6", OTHER_RACK],
                                                  opened=[True, True]))
    start_order = list(scene.view.rack_ids)
    drag_rack_tile(app, scene, "K3", meld_end_point(scene, 0))
    drag_rack_tile(app, scene, "Y1", new_meld_point(scene))
    drag_rack_tile(app, scene, "Y2", meld_end_point(scene, 1))
    assert len(scene.view.rack_ids) == 3
    key(app, "r")
    assert scene.view.rack_ids == start_order


def test_reset_and_undo_put_tiles_back_in_their_rack_slots(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    table = ["K4 K5 K6", "R3 R4 R5 R6 R7 R8"]
    scene = open_table(app, session_from_position(table, ["Y1 K7 K3 R9 Y2 B6", OTHER_RACK], opened=[True, True]))
    click(app, button_centre(scene.buttons.sort_number))  # the player's own arrangement
    start_order = list(scene.view.rack_ids)
    drag_rack_tile(app, scene, "K7", meld_end_point(scene, 0))
    second = scene.view.table_layout.meld_boxes[1]
    drag_rack_tile(app, scene, "K3", (second.x - scene.view.table_layout.tile_w * 0.25, second.center[1]))
    drag_rack_tile(app, scene, "R9", meld_end_point(scene, 1))
    click(app, button_centre(scene.buttons.undo))  # R9 back where it was
    assert scene.view.rack_ids == [t for t in start_order if faces_of([[t]])[0][0] not in ("K7", "K3")]
    click(app, button_centre(scene.buttons.reset))
    assert scene.view.rack_ids == start_order


def test_drawing_after_a_half_play_keeps_the_rack_order_and_adds_the_new_tile_last(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    scene = open_table(app, session_from_position(["K4 K5 K6"], ["Y1 K7 K3 R9 Y2", OTHER_RACK],
                                                  opened=[True, True], pool="B13 B12"))
    start_order = list(scene.view.rack_ids)
    drag_rack_tile(app, scene, "K3", meld_end_point(scene, 0))  # an invalid meld, then Draw
    click(app, button_centre(scene.buttons.draw_tile))
    order = scene.view.rack_order(0)
    assert order[:-1] == start_order and len(order) == len(start_order) + 1


# -- 3. long racks ------------------------------------------------------------------------------
def test_every_rack_tile_stands_on_a_ledge_inside_the_rack_up_to_a_whole_set(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    everything = standard_set()
    for count in (14, 40, 60, 80, 104):
        rack = format_tiles(everything[:count])
        others = format_tiles(everything[count:count + 2]) or "R1"
        scene = open_table(app, session_from_position([], [rack, others], opened=[True, True], pool=""),
                           autosave=False)
        layout = scene.view.rack_layout
        assert len(scene.view.rack_ids) == count
        assert_no_overlaps(list(layout.slots))
        ledges = [REGIONS.rack.y + y for y in layout.ledges]
        assert len(ledges) == len({box.y for box in layout.slots}) or count <= layout.per_row
        for box in layout.slots:
            assert REGIONS.rack.x <= box.x and box.right <= REGIONS.rack.right
            assert REGIONS.rack.y <= box.y and box.bottom + 8 <= REGIONS.rack.bottom
            # the tile's foot rests on a ledge, and no ledge cuts through it
            assert any(0 <= ledge - box.bottom <= 2 for ledge in ledges), (count, box)
            assert not any(box.y < ledge < box.bottom for ledge in ledges), (count, box)
        steps(app, 2)  # the tray with its tiers paints without trouble
        app.stack.pop()
        steps(app, 1)


# -- 4. tooltips of covered scenes ----------------------------------------------------------------
def hover(app, pos, seconds=1.0):
    post(pygame.MOUSEMOTION, pos=(round(pos[0]), round(pos[1])), rel=(0, 0), buttons=(0, 0, 0))
    steps(app, round(seconds * 60))


def test_a_covered_table_and_a_covered_pause_panel_draw_no_tooltip(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    scene = open_table(app, session_from_position([], ["R10 R11 R12 K3", OTHER_RACK]))
    hover(app, button_centre(scene.buttons.draw_tile))
    assert scene.buttons.group.tooltip_widget() is scene.buttons.draw_tile
    key(app, "escape")
    steps(app, 2)
    pause = app.stack.top
    assert pause is not scene
    assert scene.buttons.group.tooltip_widget() is None
    assert scene.controller.hovered_tile() is None
    # the same for a shell panel covered by another (pause → rules)
    rules = next(w for w in pause.widgets.widgets if "ules" in getattr(w, "label", ""))
    hover(app, rules.rect.center)
    assert pause.widgets.tooltip_widget() is rules
    rules.activate()
    steps(app, 2)
    assert app.stack.top is not pause
    assert pause.widgets.tooltip_widget() is None


# -- 5. the fanfare is for people ---------------------------------------------------------------
def record_cues(app):
    cues: list[str] = []
    real = app.audio.play
    app.audio.play = lambda cue: (cues.append(cue), real(cue))[1]
    return cues


def play_until_round_over(app, scene, limit=3000):
    for _ in range(limit):
        if scene.session.last_result is not None:
            return
        if scene.my_turn:
            click(app, button_centre(scene.buttons.draw_tile))
        steps(app, 1)
    raise AssertionError("the round did not end")


def test_going_out_earns_the_fanfare(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    cues = record_cues(app)
    scene = open_table(app, session_from_position(["K4 K5 K6"], ["K7 K8", OTHER_RACK], opened=[True, True]))
    drag_rack_tile(app, scene, "K7", meld_end_point(scene, 0))
    drag_rack_tile(app, scene, "K8", meld_end_point(scene, 0))
    click(app, button_centre(scene.buttons.end_turn))
    assert scene.session.last_result.winners == (0,)
    assert "fanfare" in cues


def test_a_computer_winning_a_blocked_round_gets_a_soft_chime_not_the_fanfare(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    cues = record_cues(app)
    # nobody can play and the pool is empty: the lower rack (the computer's) wins
    scene = open_table(app, session_from_position(["K4 K5 K6"], ["R13 B13 Y12 K11 R1", "B1 Y3"],
                                                  opened=[True, True], pool=""))
    play_until_round_over(app, scene)
    assert scene.session.last_result.winners == (1,)
    assert "fanfare" not in cues
    assert cues[-1] == "turn"


def test_the_first_tiles_of_a_turn_stay_under_the_pointer_on_an_empty_table(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    scene = open_table(app, session_from_position([], ["R10 R11 Y7 K3", OTHER_RACK]))
    spot = (640, 300)
    drag_rack_tile(app, scene, "R10", spot)
    box = scene.view.table_layout.tile_boxes[0][0]
    assert box.contains(*spot), "the first tile lands under the pointer, not in the corner"
    drag_rack_tile(app, scene, "R11", (box.center[0] + box.w * 1.2, box.center[1]))
    assert faces_of(scene.state.table) == [["R10", "R11"]]
    assert scene.view.table_layout.tile_boxes[0][0] == box, "the growing meld stays where it was put"
    drag_rack_tile(app, scene, "Y7", (700, 180))  # open felt above it: a meld of its own, there
    table = faces_of(scene.state.table)
    y7 = scene.view.table_layout.tile_boxes[table.index(["Y7"])][0]
    assert y7.contains(700, 180)
    assert scene.view.table_layout.tile_boxes[table.index(["R10", "R11"])][0] == box
    assert_no_overlaps(all_table_boxes(scene))
    # the spots are display only: the model's table is the same melds either way
    click(app, button_centre(scene.buttons.reset))
    assert scene.state.table == [] and len(scene.view.rack_ids) == 4


def test_seat_chip_texts_fit_beside_the_tile_stack(tmp_path, monkeypatch):
    make_app(tmp_path, monkeypatch)
    from rummi_desktop.games.rummi.table.marks_paint import SEAT_CHIP_W, _fitted

    room = SEAT_CHIP_W - 28 - 116
    for text, size, smallest, bold in (("Christabella", 21, 15, True), ("WWWWWWWWWWWW", 21, 15, True),
                                       ("Medium computer", 15, 12, False), ("Expert computer", 15, 12, False)):
        assert _fitted(text, size, smallest, (0, 0, 0), room, bold=bold).get_width() <= room
    assert _fitted("You", 21, 15, (0, 0, 0), room, bold=True).get_height() >= 24  # short names stay large


def test_reset_after_a_refusal_clears_the_stale_warning(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    scene = open_table(app, session_from_position([], ["R10 R11 Y7 K3", OTHER_RACK]))
    drag_rack_tile(app, scene, "Y7", (640, 300))
    key(app, "return")
    assert scene.banner is not None and scene.banner.warning and scene.view.invalid_tiles
    click(app, button_centre(scene.buttons.reset))
    assert scene.banner is None or not scene.banner.warning
    assert not scene.view.invalid_tiles


# -- 6. Undo and Reset drop the tile in hand ------------------------------------------------------
def test_undo_or_reset_with_a_table_tile_selected_then_a_click_on_the_rack_does_not_crash(tmp_path, monkeypatch):
    # Found in play: the selected tile still pointed at a meld Undo/Reset had taken away, and
    # putting it down on a rack tile raised IndexError.
    for command in ("z", "r"):
        app = make_app(tmp_path, monkeypatch)
        scene = open_table(app, session_from_position(["K4 K5 K6"], ["K7 Y1 B6", OTHER_RACK],
                                                      opened=[True, True]), autosave=False)
        drag_rack_tile(app, scene, "K7", new_meld_point(scene))
        assert faces_of(scene.state.table) == [["K4", "K5", "K6"], ["K7"]]
        click(app, scene.view.table_layout.tile_boxes[1][0].center)  # select the lone K7 on the table
        assert scene.controller.selected is not None and scene.controller.selected.meld == 1
        key(app, command)
        assert scene.controller.selected is None and scene.controller.held is None
        assert faces_of(scene.state.table) == [["K4", "K5", "K6"]]
        click(app, rack_tile_centre(scene, rack_id(scene, "Y1")))  # used to crash here
        assert faces_of(scene.state.table) == [["K4", "K5", "K6"]]
        app.stack.pop()
        steps(app, 1)


def test_undo_mid_drag_of_a_table_tile_drops_it(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    scene = open_table(app, session_from_position(["K4 K5 K6"], ["K7 Y1 B6", OTHER_RACK], opened=[True, True]),
                       autosave=False)
    drag_rack_tile(app, scene, "K7", new_meld_point(scene))
    lone = scene.view.table_layout.tile_boxes[1][0].center
    target = rack_tile_centre(scene, rack_id(scene, "Y1"))
    post(pygame.MOUSEBUTTONDOWN, pos=(round(lone[0]), round(lone[1])), button=1)
    for t in (0.3, 0.7, 1.0):
        post(pygame.MOUSEMOTION, pos=(round(lone[0] + (target[0] - lone[0]) * t),
                                      round(lone[1] + (target[1] - lone[1]) * t)), rel=(0, 0), buttons=(1, 0, 0))
        steps(app, 1)
    assert scene.controller.held is not None and scene.controller.held.meld == 1
    key(app, "z")
    assert scene.controller.held is None and scene.view.sprites.pinned is None
    post(pygame.MOUSEBUTTONUP, pos=(round(target[0]), round(target[1])), button=1)
    steps(app, 2)  # used to crash here
    assert faces_of(scene.state.table) == [["K4", "K5", "K6"]]
    assert len(scene.view.rack_ids) == 3


def test_a_drop_lays_the_table_out_once(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    scene = open_table(app, session_from_position(["K4 K5 K6"], ["K7 Y1 B6", OTHER_RACK], opened=[True, True]),
                       autosave=False)
    calls = []
    real = scene.view.relayout
    scene.view.relayout = lambda *args, **kwargs: (calls.append(1), real(*args, **kwargs))[1]
    drag_rack_tile(app, scene, "K7", meld_end_point(scene, 0))
    assert len(calls) == 1
    drag_rack_tile(app, scene, "Y1", new_meld_point(scene))  # a new meld, with its spot remembered
    assert len(calls) == 2
    drag(app, scene.view.table_layout.tile_boxes[1][0].center, scene.view.rack_layout.slots[0].center)  # back to the rack
    assert len(calls) == 3 and faces_of(scene.state.table) == [["K4", "K5", "K6", "K7"]]
