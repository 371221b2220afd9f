"""A hint's candidate list: the coach's five best plays, best first, listed beside the board in
every game's Practice; the best is what the hint shows, and a click on another row shows that
play instead, the way the hint shows its own. The list never covers the rack or the board."""

from __future__ import annotations

import time
from collections import Counter

import test_rummble_scene_support as rummble
import tumblewords_scene_support as tumblewords
from rummi_desktop.entry_points import load_entry
from rummi_desktop.games import GAMES
from rummi_desktop.games.rummi.rules.pieces import faces
from rummi_desktop.ui.candidate_rows import row_rect
from rummi_desktop.ui.table_hud import rect
from test_rummi_flow_support import click, key, make_app, steps
from test_rummi_hint import practice_session, wait_for_hint


def coach_best(scene) -> list:
    return load_entry(GAMES[scene.GAME], "coach").best_plays(scene.session.state.clone(), 5)


def hint(app, scene, limit: int = 2000) -> None:
    """Ask for the hint and let its search finish (it runs on a thread: frames go on)."""
    key(app, "h")
    wait_for_hint(app, scene, limit)


def choose_row(app, scene, index: int) -> None:
    click(app, row_rect(rect(scene.candidates_area()), index).center)
    steps(app, 2)


def move_of(scene, index: int):
    return GAMES[scene.GAME].parse_move(scene.candidates.candidates[index].move)


def test_rummi_lists_the_best_plays_and_previews_the_chosen_one(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="normal")  # the preview stays a few seconds
    scene = rummi_open(app)
    expected = coach_best(scene)
    hint(app, scene)
    panel, area = scene.candidates, scene.view.candidates_area()
    assert panel.candidates == expected and len(expected) == 5 and panel.chosen == 0
    assert not area.overlaps(scene_rack(scene)) and area.right <= scene.view.table_area.right
    assert all(not box.overlaps(area) for meld in scene.view.table_layout.tile_boxes for box in meld)
    assert shown_tiles(scene) == Counter(tile for meld in move_of(scene, 0).melds for tile in meld)
    choose_row(app, scene, 1)
    assert panel.chosen == 1 and shown_tiles(scene) == Counter(tile for meld in move_of(scene, 1).melds for tile in meld)
    assert scene.state.log == [], "a hint plays nothing"


def rummi_open(app):
    import test_rummi_flow_support as rummi

    return rummi.open_table(app, practice_session(), autosave=False)


def scene_rack(scene):
    from rummi_desktop.games.rummi.table.view import REGIONS

    return REGIONS.rack


def shown_tiles(scene) -> Counter:
    return Counter(tile for meld in scene.view.preview_table for tile in faces(meld))


def test_rummble_lists_the_best_plays_and_ghosts_the_chosen_one(tmp_path, monkeypatch):
    from rummi_desktop.games.rummble.table.layout import REGIONS

    rummble.no_thinking_process(monkeypatch)
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = rummble.open_table(app, rummble.session_from_position(
        [(6, 4, "K4"), (6, 5, "K5"), (6, 6, "K6"), (6, 7, "K7")],
        ["R7 B8 Y9 K8 R2 J Y3 B11 K12 R13", "B1 B3 B5 B9 B9 K1 K2 K4 K5 Y2"]))
    expected = coach_best(scene)
    hint(app, scene)
    area = scene.view.candidates_area()
    assert scene.candidates.candidates == expected and len(expected) == 5
    assert not area.overlaps(REGIONS.frame) and not area.overlaps(REGIONS.rack)
    assert not area.overlaps(scene.view.tracker_area())
    assert scene.view.ghosts == [(p.square, p.laid) for p in move_of(scene, 0).placements]
    choose_row(app, scene, 1)
    assert scene.candidates.chosen == 1
    assert scene.view.ghosts == [(p.square, p.laid) for p in move_of(scene, 1).placements]


def test_tumblewords_lists_the_best_drops_and_ghosts_the_chosen_one(tmp_path, monkeypatch):
    from rummi_desktop.games.tumblewords.table.layout import REGIONS

    tumblewords.with_stand_in_computer(monkeypatch)
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = tumblewords.open_table(app, tumblewords.session_from(["CA"], ["TSOEIAN", "TOESRAN"]))
    expected = coach_best(scene)
    hint(app, scene)
    area = scene.view.candidates_area()
    assert scene.candidates.candidates == expected and len(expected) == 5
    assert not area.overlaps(scene.view.layout.frame) and not area.overlaps(REGIONS.hand)
    assert scene.view.ghost == move_of(scene, 0)
    choose_row(app, scene, 1)
    assert scene.candidates.chosen == 1 and scene.view.ghost == move_of(scene, 1)
    assert scene.banner.message.startswith(f"Hint: {move_of(scene, 1).letter}")


def test_the_list_goes_with_the_turn(tmp_path, monkeypatch):
    tumblewords.with_stand_in_computer(monkeypatch)
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = tumblewords.open_table(app, tumblewords.session_from(["CA"], ["TSOEIAN", "TOESRAN"]))
    hint(app, scene)
    assert scene.candidates.shown
    tumblewords.pass_turn(app, scene)
    steps(app, 2)
    assert not scene.candidates.shown and scene.view.candidates_area() is None


def test_the_sandboxs_best_play_lists_the_candidates_and_a_row_puts_its_play_down(tmp_path, monkeypatch):
    from rummi_desktop.games.rummble.table.sandbox import PANEL, sandbox_table
    from rummi_desktop.scenes.sandbox.common import PLAY

    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = sandbox_table(app, {"game": "rummble", "board": [[6, 5, "R2"], [6, 6, "R3"], [6, 7, "R4"]],
                                "rack": ["R5", "K6", "B7", "Y3", "R6", "J"]})
    app.stack.push(scene)
    steps(app, 3)
    scene.mode.set_stage(PLAY)
    steps(app, 1)
    expected = coach_best(scene)
    click(app, scene.buttons.named["Best play"].rect.center)
    for _ in range(2000):
        if scene.mode.search is None and scene.mode.candidate_job is None:
            break
        time.sleep(0.005)
        steps(app, 1)
    steps(app, 3)
    area = scene.candidates_area()
    assert scene.candidates.candidates == expected and PANEL.contains(rect(area))
    shown = scene.candidates.chosen  # Best play's own move, lit among them
    assert shown >= 0 and scene.tentative.play(scene.state.faces) == move_of(scene, shown)
    choose_row(app, scene, 1)
    assert scene.candidates.chosen == 1 and scene.tentative.play(scene.state.faces) == move_of(scene, 1)
    assert scene.mode.answer.best == scene.state.check(move_of(scene, 1)).score


def test_after_solving_a_puzzle_the_board_is_studied_with_its_best_plays(tmp_path, monkeypatch):
    from puzzle_table_support import RUMMBLE_PUZZLE
    from rummi_desktop.games.rummble import table as rummble_table
    from test_puzzle_tables_in_trainer import open_first_puzzle, trainer_with

    app = make_app(tmp_path, monkeypatch, speed="instant")
    _, table = open_first_puzzle(app, [trainer_with("rummble", "Rummble", RUMMBLE_PUZZLE, rummble_table.ENTRY)])
    expected = coach_best_of(table.mode.opening)
    for notation, (row, col) in (("K1", (4, 3)), ("R2", (5, 3)), ("Y3", (6, 3))):
        rummble.place(app, table, notation, row, col)
    key(app, "return")
    steps(app, 5)
    card = app.stack.top
    click(app, card.look_button.rect.center)  # See the board
    for _ in range(2000):
        if card.study_list.job is None:
            break
        time.sleep(0.005)
        steps(app, 1)
    steps(app, 2)
    panel, area = table.candidates, table.candidates_area()
    assert panel.candidates == expected and panel.chosen == -1  # the player's own answer is on the board
    from rummi_desktop.games.rummble.table.layout import REGIONS

    assert rect(table.mode.board.card_area).contains(rect(area)) and not area.overlaps(REGIONS.frame)
    choose_row(app, table, 1)
    assert panel.chosen == 1 and table.view.ghosts == [(p.square, p.laid) for p in move_of(table, 1).placements]
    assert not table.tentative, "the board went back to the puzzle's start to show it"
    key(app, "b")  # back to the result card: the list goes with the study when the card closes
    click(app, card.choice_buttons[-1].rect.center)
    steps(app, 2)
    assert not panel.shown


def coach_best_of(state) -> list:
    return load_entry(GAMES["rummble"], "coach").best_plays(state.clone(), 5)


def test_the_list_draws_each_row_and_lights_the_chosen_one(tmp_path, monkeypatch):
    import pygame

    from rummi_desktop.tiles import Tile
    from rummi_desktop.ui.candidate_rows import CandidateRow, draw_candidate_list, list_height

    app = make_app(tmp_path, monkeypatch)
    rows = [CandidateRow(12, (Tile.parse("R7"), Tile.parse("R8"))), CandidateRow(0, (), "Draw")]
    area = pygame.Rect(10, 10, 300, list_height(len(rows)))
    surface = pygame.Surface((320, 320))
    draw_candidate_list(surface, app.theme, app.tiles, area, "Best plays", rows, 1)

    def lit(index: int) -> bool:
        edge = row_rect(area, index)
        return all(abs(a - b) < 30 for a, b in zip(surface.get_at((edge.centerx, edge.y))[:3], app.theme.hint))

    assert lit(1) and not lit(0)
    first = row_rect(area, 0)
    face_edge = [surface.get_at((first.x + 64 + 10 + 3, y))[:3] for y in range(first.y, first.bottom)]  # the R7's left
    assert any(sum(colour) > 600 for colour in face_edge), "the laid tiles are drawn as tiles"
