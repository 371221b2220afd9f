"""Issue 21, item 6: the table shows what changed. The tiles a computer just laid are ringed
until the person's first action, the tile the person drew is ringed and tagged, and Continue
deals the next round's rack sorted the way the player sorted the last one. Driven through
the window with synthetic events; the rings are checked on the drawn frame."""

from __future__ import annotations

import pygame

from test_rummi_flow_support import button_centre, click, faces_of, make_app, open_table, session_from_position, steps
from rummi_desktop.games.rummi.rules.pieces import face
from rummi_desktop.games.rummi.table.change_marks import ChangeMarks
from rummi_desktop.games.rummi.table.marks_paint import CHANGE_INK, MOVED_INK
from rummi_desktop.games.rummi.table.results import RoundEndScene
from rummi_desktop.ui.tile_render import tile_height


def wait_for_my_turn(app, scene, limit=600) -> None:
    for _ in range(limit):
        if scene.my_turn and scene.view.sprites.settled:
            return
        job = scene.flow.job
        if job is not None and not job.done:
            job.wait(20)
        steps(app, 1, dt=0.05)
    raise AssertionError("the person's turn did not come back")


def ring_pixels(scene, tile) -> list[tuple[int, int, int]]:
    """The frame's colours just outside ``tile``'s four edges (where its ring is drawn)."""
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    sprite = scene.view.sprites.get(tile)
    box = pygame.Rect(round(sprite.x), round(sprite.y), round(sprite.w), tile_height(round(sprite.w))).inflate(6, 6)
    points = [(box.centerx, box.top + 1), (box.centerx, box.bottom - 2), (box.left + 1, box.centery),
              (box.right - 2, box.centery)]
    return [tuple(surface.get_at(p))[:3] for p in points]


def test_the_computers_play_and_the_drawn_tile_stay_marked_until_the_first_action(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    session = session_from_position(["R1 R2 R3", "K7 B7 Y7"], ["B9 K2 Y11 R13 K13", "R4 R5 K10 K11 K12 R7 Y1"],
                                    opened=[True, True], pool="B1 B2 B3 B4 B5")
    scene = open_table(app, session)
    click(app, button_centre(scene.buttons.draw_tile))  # the person draws: the computer plays next
    wait_for_my_turn(app, scene)
    drawn = [t for t in scene.state.rack(0) if face(t).notation() == "B1"]
    laid = {t for meld in scene.state.table for t in meld if face(t).notation() in ("R4", "R5", "K10", "K11", "K12", "R7")}
    assert faces_of(scene.state.table)[2] == ["K10", "K11", "K12"]  # the computer laid a new meld
    marks = scene.view.changes.of(0)
    assert marks.drawn == set(drawn) and marks.laid == laid
    for tile in [*drawn, *laid]:
        assert CHANGE_INK in ring_pixels(scene, tile), face(tile).notation()
    untouched = next(t for meld in scene.state.table for t in meld if face(t).notation() == "R1")
    assert CHANGE_INK not in ring_pixels(scene, untouched)
    # The first action of the turn (a press on the felt) clears every mark
    felt = scene.view.table_area
    click(app, (felt.x + felt.w / 2, felt.y + felt.h - 80))
    assert scene.view.changes.of(0).laid == set()
    for tile in [*drawn, *laid]:
        assert CHANGE_INK not in ring_pixels(scene, tile)


def test_tiles_a_computer_moved_get_a_pale_ring_apart_from_the_ones_it_laid(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    session = session_from_position(["R1 R2 R3 R4 R5 R6 R7"], ["B9 K2 Y11 R13 K13", "K4 B4 Y1 Y2 K9"],
                                    opened=[True, True], pool="B1 B2 B3 B4 B5")
    scene = open_table(app, session)
    click(app, button_centre(scene.buttons.draw_tile))
    wait_for_my_turn(app, scene)
    assert faces_of(scene.state.table) == [["R1", "R2", "R3"], ["K4", "B4", "R4"], ["R5", "R6", "R7"]]
    by_face = {face(t).notation(): t for meld in scene.state.table for t in meld}
    assert scene.view.changes.of(0).laid == {by_face["K4"], by_face["B4"]}
    assert MOVED_INK in ring_pixels(scene, by_face["R6"]) and CHANGE_INK not in ring_pixels(scene, by_face["R6"])
    assert CHANGE_INK in ring_pixels(scene, by_face["K4"])


def test_each_person_keeps_the_marks_of_what_the_others_did():
    marks = ChangeMarks()
    marks.played(1, people=[0, 2], laid=[5, 6], moved=[7, 5])
    marks.drew(0, [40])
    assert (marks.of(0).laid, marks.of(0).moved, marks.of(0).drawn) == ({5, 6}, {7}, {40})
    assert marks.of(2).laid == {5, 6} and marks.of(1).laid == set()  # the player sees their own play
    assert marks.seen(0) and marks.of(0).drawn == set() and marks.of(2).laid == {5, 6}


def sorted_by_number(tiles) -> bool:
    keys = [(face(t).is_joker, face(t).number, "KBRY".find(face(t).colour)) for t in tiles]
    return keys == sorted(keys)


def test_continue_deals_the_next_rack_sorted_the_way_the_player_sorted(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    session = session_from_position([], ["B9 K2 Y11 R13 K1", "K10 K11 K12"], seats=("human", "easy"),
                                    opened=[True, True], pool="B1 B2 B3 B4 B5")
    scene = open_table(app, session)
    click(app, button_centre(scene.buttons.sort_number))  # Sort groups: by number, then colour
    assert sorted_by_number(scene.view.rack_ids)
    click(app, button_centre(scene.buttons.draw_tile))  # the computer then goes out
    for _ in range(600):
        if isinstance(app.stack.top, RoundEndScene):
            break
        job = scene.flow.job
        if job is not None and not job.done:
            job.wait(20)
        steps(app, 1, dt=0.05)
    round_end = app.stack.top
    assert isinstance(round_end, RoundEndScene) and not session.match.is_over
    click(app, button_centre(round_end.next_button))  # Continue: the next round is dealt
    wait_for_my_turn(app, scene)
    dealt = session.state.rack(0)
    assert len(dealt) == 14 and not sorted_by_number(dealt)  # the model deals in no order...
    assert scene.view.rack_ids != dealt and sorted_by_number(scene.view.rack_ids)  # ...the rack shows it sorted
