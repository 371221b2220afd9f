"""The Rummi Custom Sandbox, driven by synthetic pygame events on the real table (headless)."""

from __future__ import annotations

import time
from collections import Counter

import pygame

from rummi_desktop.games.rummi.ai.solver import solve
from rummi_desktop.games.rummi.rules.melds import check_meld
from rummi_desktop.games.rummi.rules.pieces import faces
from rummi_desktop.scenes.sandbox import scenario_files as files
from rummi_desktop.games.rummi.table.sandbox import EDIT, PLAY, sandbox_table
from rummi_desktop.tiles import Tile, parse_tiles
from tests.sandbox_save_support import assert_saved_puzzle_verifies
from tests.test_rummi_flow_support import (button_centre, click, drag, key, make_app, rack_id, rack_tile_centre, steps,
                                           type_text)

POSITION = {"game": "rummi", "table": [["R5", "R6", "R7"], ["K9", "B9", "Y9"]], "rack": ["R8", "J", "K4", "K5", "B2"],
            "initial": False}


def open_sandbox(tmp_path, monkeypatch, scenario=None, speed="instant") -> tuple:
    app = make_app(tmp_path, monkeypatch, speed=speed)
    scene = sandbox_table(app, scenario)
    scene.mode.puzzles_folder = tmp_path / "puzzles"
    app.stack.push(scene)
    steps(app, 3)
    return app, scene


def palette_click(app, scene, notation: str) -> None:
    click(app, scene.mode.part.palette.rect_of(Tile.parse(notation)).center)


def new_meld_spot(scene):
    box = scene.view.table_layout.new_meld_box
    return box.center[0] + scene.view.table_layout.tile_w * 0.5, box.center[1]


def meld_end(scene, meld: int):
    box = scene.view.table_layout.meld_boxes[meld]
    return box.right + scene.view.table_layout.tile_w * 0.3, box.center[1]


def rack_spot():
    from rummi_desktop.games.rummi.table.view import REGIONS

    return REGIONS.rack.x + 400, REGIONS.rack.y + 120


def table_names(scene) -> list[list[str]]:
    return [[t.notation() for t in faces(meld)] for meld in scene.state.table]


def wait_for_solver(app, scene, limit: int = 2000) -> None:
    for _ in range(limit):
        if scene.mode.search is None:
            break
        time.sleep(0.005)
        steps(app, 1)
    steps(app, 30)
    assert scene.mode.search is None, "the solver never answered"


def build_small_table(app, scene) -> None:
    """R5 R6 R7 as a new meld, then R8 and K4 on the rack, all through palette clicks."""
    for notation in ("R5", "R6", "R7"):
        palette_click(app, scene, notation)
        click(app, new_meld_spot(scene) if not scene.state.table else meld_end(scene, 0))
        palette_click(app, scene, notation)  # the brush off again
    for notation in ("R8", "K4"):
        palette_click(app, scene, notation)
        click(app, rack_spot())
        palette_click(app, scene, notation)


def test_the_palette_builds_a_table_and_a_rack(tmp_path, monkeypatch):
    app, scene = open_sandbox(tmp_path, monkeypatch)
    build_small_table(app, scene)
    assert table_names(scene) == [["R5", "R6", "R7"]]
    assert sorted(t.notation() for t in faces(scene.state.rack(0))) == ["K4", "R8"]
    assert scene.mode.part.checks[0].valid


def test_the_palette_refuses_a_third_copy_and_greys_the_face(tmp_path, monkeypatch):
    app, scene = open_sandbox(tmp_path, monkeypatch)
    palette_click(app, scene, "K7")
    click(app, new_meld_spot(scene))
    assert scene.mode.brush == Tile.parse("K7")  # one copy left: the brush stays in hand
    click(app, meld_end(scene, 0))
    assert scene.mode.scenario.copies_left(Tile.parse("K7")) == 0
    assert scene.mode.brush is None  # both copies out: nothing left to place
    palette_click(app, scene, "K7")
    click(app, meld_end(scene, 0))
    assert table_names(scene) == [["K7", "K7"]]
    assert "both copies of K7" in scene.banner_log[-1]
    # the face is drawn greyed: fainter than a face with copies left
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    grey = brightness(surface, scene.mode.part.palette.rect_of(Tile.parse("K7")))
    plain = brightness(surface, scene.mode.part.palette.rect_of(Tile.parse("K6")))
    assert grey < plain * 0.7


def test_live_validity_is_the_models_verdict_with_its_reason(tmp_path, monkeypatch):
    app, scene = open_sandbox(tmp_path, monkeypatch, {"game": "rummi", "table": [["R7", "K7", "Y7"]], "rack": []})
    assert scene.mode.part.checks[0].valid
    palette_click(app, scene, "R8")
    click(app, meld_end(scene, 0))
    wrong = parse_tiles("R7 K7 Y7 R8")
    assert table_names(scene) == [["R7", "K7", "Y7", "R8"]]
    assert not scene.mode.part.checks[0].valid
    assert scene.mode.part.checks[0].reason == check_meld(wrong).reason != ""
    assert scene.view.invalid_tiles == set(scene.state.table[0])
    # taking the R8 back off (brush put down first) makes the meld valid again
    palette_click(app, scene, "R8")
    click(app, scene.view.table_layout.tile_boxes[0][3].center)
    assert scene.mode.part.checks[0].valid and not scene.view.invalid_tiles


def test_best_play_puts_the_solvers_answer_on_the_table(tmp_path, monkeypatch):
    app, scene = open_sandbox(tmp_path, monkeypatch, POSITION)
    click(app, button_centre(scene.buttons.named["Best play"]))
    wait_for_solver(app, scene)
    expected = solve([parse_tiles(" ".join(m)) for m in POSITION["table"]], parse_tiles(" ".join(POSITION["rack"])), False)
    assert scene.mode.stage == PLAY
    assert len(POSITION["rack"]) - len(scene.state.rack(0)) == expected.placed == scene.mode.answer.best
    assert Counter(t for meld in scene.state.table_tiles() for t in meld) == Counter(
        t for meld in expected.table for t in meld)
    assert all(check.valid for check in scene.mode.part.checks)
    assert scene.view.sprites.settled  # glided in and landed
    click(app, button_centre(scene.buttons.named["Undo"]))  # the solver's play is one move of the turn
    assert table_names(scene) == POSITION["table"]


def test_play_a_move_undo_and_reset_with_the_real_table(tmp_path, monkeypatch):
    app, scene = open_sandbox(tmp_path, monkeypatch)
    build_small_table(app, scene)
    click(app, button_centre(scene.buttons.named["Play"]))
    assert scene.mode.stage == PLAY
    r8 = rack_id(scene, "R8")
    drag(app, rack_tile_centre(scene, r8), meld_end(scene, 0))
    assert table_names(scene) == [["R5", "R6", "R7", "R8"]]
    k4 = rack_id(scene, "K4")
    drag(app, rack_tile_centre(scene, k4), new_meld_spot(scene))
    assert len(scene.state.table) == 2 and not scene.mode.part.checks[1].valid
    click(app, button_centre(scene.buttons.named["Undo"]))
    assert table_names(scene) == [["R5", "R6", "R7", "R8"]]
    click(app, button_centre(scene.buttons.named["Reset"]))
    assert table_names(scene) == [["R5", "R6", "R7"]]
    assert sorted(t.notation() for t in faces(scene.state.rack(0))) == ["K4", "R8"]
    drag(app, rack_tile_centre(scene, rack_id(scene, "R8")), meld_end(scene, 0))
    key(app, "return")  # Keep play: the play becomes the position
    assert scene.mode.scenario.table == [parse_tiles("R5 R6 R7 R8")] and scene.mode.scenario.rack == [Tile.parse("K4")]


def test_a_scenario_round_trips_through_its_file_and_its_code(tmp_path, monkeypatch, capsys):
    app, scene = open_sandbox(tmp_path, monkeypatch, POSITION)
    click(app, button_centre(scene.buttons.named["Best play"]))
    wait_for_solver(app, scene)
    click(app, button_centre(scene.buttons.named["Save"]))
    # Where Best play's search ran out of time (a busy machine), Save finds the play first and
    # writes the file when it comes.
    for _ in range(2000):
        if files.saved_scenarios("rummi", scene.mode.puzzles_folder):
            break
        time.sleep(0.005)
        steps(app, 1)
    saved = files.saved_scenarios("rummi", scene.mode.puzzles_folder)
    assert len(saved) == 1
    puzzle = assert_saved_puzzle_verifies(saved[0], "rummi", capsys)
    assert puzzle["position"] == POSITION and puzzle["best"] == scene.mode.answer.best
    assert puzzle["runner_up"] < puzzle["best"] and puzzle["features"] and puzzle["difficulty"] > 0

    other_app, other = open_sandbox(tmp_path, monkeypatch)
    click(other_app, button_centre(other.buttons.named["Load"]))
    dialog = other_app.stack.top
    click(other_app, button_centre(dialog.choices[0]))
    assert other_app.stack.top is other and other.mode.position() == POSITION

    click(app, button_centre(scene.buttons.named["Share"]))
    code = app.stack.top.text
    assert code.startswith("RD2-")
    third_app, third = open_sandbox(tmp_path, monkeypatch)
    assert files.position_of(files.read_share_code(code, "rummi"), "rummi") == POSITION
    click(third_app, button_centre(third.buttons.named["Paste code"]))
    entry = third_app.stack.top
    entry.text = code
    click(third_app, button_centre(entry.load_button))
    assert third_app.stack.top is third and third.mode.position() == POSITION


def test_a_code_of_the_first_format_still_opens_in_the_sandbox(tmp_path, monkeypatch):
    import base64
    import zlib

    from rummi_desktop.puzzles.share_code import canonical_json

    puzzle = files.scenario_puzzle(POSITION, None)  # what an RD1- code carried: the whole puzzle
    old = "RD1-" + base64.urlsafe_b64encode(zlib.compress(canonical_json(puzzle).encode(), 9)).decode().rstrip("=")
    app, scene = open_sandbox(tmp_path, monkeypatch)
    click(app, button_centre(scene.buttons.named["Paste code"]))
    entry = app.stack.top
    entry.text = old
    click(app, button_centre(entry.load_button))
    assert app.stack.top is scene and scene.mode.position() == POSITION


def test_a_malformed_code_or_file_says_why_and_changes_nothing(tmp_path, monkeypatch):
    app, scene = open_sandbox(tmp_path, monkeypatch, POSITION)
    before = scene.mode.position()
    click(app, button_centre(scene.buttons.named["Paste code"]))
    entry = app.stack.top
    type_text(app, "RD1-abc é")  # typed as text, as SDL sends it; a space and an accent are no code's
    assert entry.text == "RD1-abc"
    click(app, button_centre(entry.load_button))
    assert app.stack.top is entry and "cannot be read" in entry.problem
    key(app, "escape")
    assert app.stack.top is scene and scene.mode.position() == before

    folder = scene.mode.puzzles_folder
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "rummi-broken.toml").write_text("version = 1\ngame = 'rummi'\n[[puzzles]]\nid = 'x'\n")
    click(app, button_centre(scene.buttons.named["Load"]))
    dialog = app.stack.top
    click(app, button_centre(dialog.choices[0]))
    assert app.stack.top is dialog and "rummi-broken.toml" in dialog.problem
    assert scene.mode.position() == before


def test_a_bad_scenario_opens_an_empty_sandbox_with_the_reason(tmp_path, monkeypatch):
    app, scene = open_sandbox(tmp_path, monkeypatch, {"game": "rummi", "table": [["R7", "R7", "R7"]], "rack": []})
    assert scene.mode.position()["table"] == [] and "both copies of R7" in scene.banner_log[-1]


def test_edit_undo_and_the_opening_rule_toggle(tmp_path, monkeypatch):
    app, scene = open_sandbox(tmp_path, monkeypatch, POSITION)
    click(app, button_centre(scene.buttons.named["30-point rule: on"]))
    assert scene.mode.scenario.initial and scene.state.owes_opening
    click(app, button_centre(scene.buttons.named["Undo"]))
    assert not scene.mode.scenario.initial
    click(app, button_centre(scene.buttons.named["Reset"]))  # Clear while editing
    assert scene.mode.position()["table"] == [] and scene.mode.position()["rack"] == []
    assert scene.mode.stage == EDIT


def test_drawing_the_sandbox_shows_the_panel_and_the_meld_marks(tmp_path, monkeypatch):
    app, scene = open_sandbox(tmp_path, monkeypatch, {"game": "rummi", "table": [["R7", "K7", "R8"]], "rack": ["B1"]})
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    badge = scene.view.table_layout.meld_boxes[0]
    assert surface.get_at((round(badge.x) - 9, round(badge.y) - 2))[:3] == app.theme.invalid[:3]  # its badge, left of the number


def brightness(surface, rect) -> float:
    """The mean brightness of a rect (a tile's face, its number and edge)."""
    values = [sum(surface.get_at((x, y))[:3]) for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)]
    return sum(values) / len(values)


def test_a_face_dragged_from_the_palette_lands_where_it_is_dropped(tmp_path, monkeypatch):
    app, scene = open_sandbox(tmp_path, monkeypatch, POSITION)
    first = scene.view.table_layout.tile_boxes[0][0]
    drag(app, scene.mode.part.palette.rect_of(Tile.parse("R4")).center, (first.x + first.w * 0.2, first.center[1]))
    assert table_names(scene)[0] == ["R4", "R5", "R6", "R7"]
    drag(app, scene.mode.part.palette.rect_of(Tile.parse("Y1")).center, rack_spot())
    assert "Y1" in scene.mode.position()["rack"] and scene.mode.part.carried is None


def test_save_without_best_play_asks_the_solver_and_stores_its_solution(tmp_path, monkeypatch, capsys):
    app, scene = open_sandbox(tmp_path, monkeypatch, POSITION)
    click(app, button_centre(scene.buttons.named["Save"]))
    for _ in range(2000):
        if scene.mode.quiet is None:
            break
        time.sleep(0.005)
        steps(app, 1)
    (path,) = files.saved_scenarios("rummi", scene.mode.puzzles_folder)
    puzzle = assert_saved_puzzle_verifies(path, "rummi", capsys)
    expected = solve([parse_tiles(" ".join(m)) for m in POSITION["table"]], parse_tiles(" ".join(POSITION["rack"])), False)
    assert puzzle["best"] == expected.placed and puzzle["goal"] == "place-n" and puzzle["target"] == expected.placed
    assert table_names(scene) == POSITION["table"] and scene.mode.stage == EDIT  # the table was left as it was


def test_a_position_with_no_play_is_no_whole_puzzle_and_keeps_the_games_goal_rule():
    lone = {"game": "rummi", "table": [], "rack": ["R1"], "initial": False}
    assert files.complete_puzzle(lone) is None  # Save then keeps it as a scenario without a solution
    loose = files.scenario_puzzle(lone, None)
    assert (loose["goal"], loose["target"]) == ("place-all", 1) and "solution" not in loose
    answered = files.scenario_puzzle(POSITION, files.SolverAnswer([["R5", "R6", "R7", "R8"]], 1))
    assert (answered["goal"], answered["target"]) == ("place-n", 1)
    whole = files.complete_puzzle(POSITION, "Mine")
    assert whole["title"] == "Mine" and files.puzzle_module("rummi").verify(whole) == []


def test_a_saved_scenario_that_is_a_pipe_a_folder_or_a_link_loop_is_listed_as_unusable_with_its_reason(
        tmp_path, monkeypatch):
    import os

    app, scene = open_sandbox(tmp_path, monkeypatch, POSITION)
    good = files.save_scenario(files.scenario_puzzle(POSITION, None), scene.mode.puzzles_folder)
    folder = scene.mode.puzzles_folder
    os.mkfifo(folder / "rummi-pipe.toml")
    (folder / "rummi-folder.toml").mkdir()
    (folder / "rummi-loop.toml").symlink_to("rummi-loop.toml")
    (folder / "rummi-nowhere.toml").symlink_to("gone.toml")
    listed = files.listed_scenarios("rummi", folder)
    assert [(entry.path.name, entry.problem) for entry in listed] == [
        (good.name, ""), ("rummi-folder.toml", "it is a folder"), ("rummi-loop.toml", "it is a link that loops"),
        ("rummi-nowhere.toml", "it is a link to nothing"), ("rummi-pipe.toml", "it is a named pipe")]
    assert files.saved_scenarios("rummi", folder) == [good]

    click(app, button_centre(scene.buttons.named["Load"]))
    dialog = app.stack.top
    assert [choice.label for choice in dialog.choices] == [
        good.stem, "rummi-folder (unusable)", "rummi-loop (unusable)", "rummi-nowhere (unusable)",
        "rummi-pipe (unusable)"]
    assert "unusable" in dialog.note
    click(app, button_centre(dialog.choices[4]))  # never opened: it would block the game
    assert app.stack.top is dialog and dialog.problem == "rummi-pipe.toml cannot be opened: it is a named pipe."
    click(app, button_centre(dialog.choices[0]))
    assert app.stack.top is scene and scene.mode.position() == POSITION
