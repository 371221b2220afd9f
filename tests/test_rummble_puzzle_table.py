"""The Rummble puzzle table, driven with real pointer and key events: solving, a wrong answer,
the three hint levels, Undo and Reset, and what it draws."""

from __future__ import annotations

from puzzle_table_support import RUMMBLE_PUZZLE, Outcomes
from rummi_desktop.games.rummble.rules.board import square
from test_rummble_scene_support import click, key, make_app, place, steps


def open_puzzle(app, puzzle=RUMMBLE_PUZZLE):
    from rummi_desktop.games.rummble.table.puzzle_table import puzzle_table

    outcomes = Outcomes()
    scene = puzzle_table(app, puzzle, outcomes)
    app.stack.push(scene)
    steps(app, 3)
    return scene, outcomes


def test_the_test_puzzle_is_a_good_puzzle():
    from rummi_desktop.games.rummble.puzzles import mining as rummble_puzzles

    assert rummble_puzzles.verify(RUMMBLE_PUZZLE) == []


def test_solving_with_real_drags_and_check_reports_solved(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="normal")
    scene, outcomes = open_puzzle(app)
    assert scene.my_turn and scene.viewer == 0
    for notation, (row, col) in (("K1", (4, 3)), ("R2", (5, 3)), ("Y3", (6, 3))):
        place(app, scene, notation, row, col)
    assert scene.view.verdict is not None and scene.view.verdict.score == 31
    click(app, scene.buttons.check.rect.center)
    assert scene.mode.run.solved and scene.banner.message == "Solved! 31 points"
    assert not scene.buttons.give_up.enabled and not scene.buttons.check.enabled
    assert outcomes == [], "the result shows for a moment first"
    steps(app, 200)
    assert len(outcomes) == 1
    outcome = outcomes[0]
    assert outcome.solved and not outcome.gave_up and outcome.hints_used == 0 and outcome.seconds > 0
    assert scene.state.log == [], "a puzzle plays nothing into the game"


def test_a_wrong_answer_stays_unsolved_and_says_why(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene, outcomes = open_puzzle(app)
    place(app, scene, "Y3", 6, 3)
    key(app, "return")  # Enter checks
    steps(app, 30)
    assert outcomes == [] and not scene.mode.run.solved and scene.my_turn
    assert scene.mode.run.message == "25 points; the best play scores 31."
    assert scene.banner.warning and scene.banner.message == "25 points; the best play scores 31."
    assert scene.mode.run.checks == 1


def test_hint_levels_mark_the_square_then_the_tiles_then_play_the_solution(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="normal")
    scene, outcomes = open_puzzle(app)
    place(app, scene, "B9", 7, 4)  # a wrong tile on the board: level 3 starts from here
    click(app, scene.buttons.hint.rect.center)
    assert scene.mode.run.level == 1 and scene.view.hint_squares == [square(6, 3)]
    assert scene.view.hint_tiles == set()
    key(app, "h")
    faces = scene.state.faces
    assert sorted(faces[t].notation() for t in scene.view.hint_tiles) == ["K1", "R2", "Y3"]
    assert all(t in scene.state.rack(0) for t in scene.view.hint_tiles)
    key(app, "h")
    assert scene.mode.run.level == 3 and not scene.my_turn, "the solution is being played"
    gliding = set()
    for _ in range(400):
        steps(app, 1)
        gliding |= {faces[t].notation() for t in scene.tentative.ids if not scene.view.sprites.get(t).settled}
    assert {"K1", "R2", "Y3"} <= gliding, "each tile glides onto the board"
    placed = sorted((sq, faces[t].notation()) for sq, t in scene.tentative.squares.items())
    assert placed == [(square(4, 3), "K1"), (square(5, 3), "R2"), (square(6, 3), "Y3")], "B9 went back"
    assert scene.mode.run.solved and len(outcomes) == 1
    assert outcomes[0].solved and outcomes[0].hints_used == 3


def test_undo_takes_back_one_change_and_reset_all(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene, _ = open_puzzle(app)
    assert not scene.buttons.undo.enabled and not scene.buttons.reset.enabled
    place(app, scene, "K1", 4, 3)
    place(app, scene, "R2", 5, 3)
    click(app, scene.buttons.undo.rect.center)
    assert [scene.state.faces[t].notation() for t in scene.tentative.squares.values()] == ["K1"]
    place(app, scene, "R2", 5, 3)
    key(app, "r")
    assert not scene.tentative and len(scene.view.rack_ids) == 7
    key(app, "u")
    assert len(scene.tentative.squares) == 2, "Reset itself can be undone"


def test_give_up_asks_then_reports_an_unsolved_outcome(tmp_path, monkeypatch):
    from rummi_desktop.scenes.confirm import ConfirmScene

    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene, outcomes = open_puzzle(app)
    key(app, "escape")
    assert isinstance(app.stack.top, ConfirmScene) and outcomes == []
    click(app, app.stack.top.confirm_button.rect.center)
    assert len(outcomes) == 1 and outcomes[0].gave_up and not outcomes[0].solved
    assert scene not in app.stack._scenes, "giving up closes the table"


def test_drawing_shows_the_card_the_hint_square_and_glowing_tiles(tmp_path, monkeypatch):
    import os

    import pygame

    from rummi_desktop.games.rummble.table.layout import square_box

    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene, _ = open_puzzle(app)
    key(app, "h")
    key(app, "h")
    steps(app, 2)
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    os.makedirs("/tmp/pz-tables-shots", exist_ok=True)
    pygame.image.save(surface, "/tmp/pz-tables-shots/rummble-hint-2.png")
    hint = app.theme.hint
    box = square_box(square(6, 3))
    edge = surface.get_at((round(box.x) - 1, round(box.y + box.h / 2)))[:3]
    assert sum(abs(a - b) for a, b in zip(edge, hint)) < 60, "the anchor square wears a golden ring"
    card = scene.mode.board.card_area
    inside = surface.get_at((round(card.x + card.w / 2), round(card.bottom) - 6))[:3]
    assert sum(abs(a - b) for a, b in zip(inside, app.theme.panel[:3])) < 40, "the puzzle's card fills the left column"


def test_the_game_entry_names_the_puzzle_table_and_builds_it(tmp_path, monkeypatch):
    from rummi_desktop.games.rummble import table as rummble
    from rummi_desktop.games.tumblewords import table as tumblewords
    from rummi_desktop.games.rummble.table.puzzle_table import RummblePuzzle
    from rummi_desktop.games.rummble.table.table_scene import RummbleTableScene
    from rummi_desktop.games.tumblewords.table.puzzle_table import TumblewordsPuzzle
    from rummi_desktop.games.tumblewords.table.table_scene import TumblewordsTableScene

    assert rummble.ENTRY.puzzle.endswith("puzzle_table:puzzle_table")
    assert tumblewords.ENTRY.puzzle.endswith("puzzle_table:puzzle_table")
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = rummble.ENTRY.puzzle_scene(app, RUMMBLE_PUZZLE, Outcomes())
    assert isinstance(scene, RummbleTableScene) and isinstance(scene.mode.board, RummblePuzzle)
    from puzzle_table_support import TUMBLEWORDS_PUZZLE

    scene = tumblewords.ENTRY.puzzle_scene(app, TUMBLEWORDS_PUZZLE, Outcomes())
    assert isinstance(scene, TumblewordsTableScene) and isinstance(scene.mode.board, TumblewordsPuzzle)


# A stage for the joker picker (not a verified puzzle: a better play exists).
JOKER_PUZZLE = {
    **RUMMBLE_PUZZLE, "id": "rummble-test-joker", "title": "The joker's part",
    "position": {"game": "rummble", "board": [[6, 4, "K4"], [6, 5, "K5"], [6, 6, "K6"], [6, 7, "K7"]],
                 "rack": ["J", "B9", "Y9", "R11", "B12"]},
    "solution": [[6, 8, "J=K8"]], "target": 44, "best": 44,
}


def test_a_joker_is_declared_through_the_picker_and_checked(tmp_path, monkeypatch):
    from rummi_desktop.games.rummble.table.dialogs import JokerPicker
    from rummi_desktop.tiles import Tile

    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene, outcomes = open_puzzle(app, JOKER_PUZZLE)
    place(app, scene, "J", 6, 8)
    picker = app.stack.top
    assert isinstance(picker, JokerPicker) and Tile("K", 8) in picker.fitting
    click(app, picker.tile_rect(Tile("K", 3)).center)  # K3 does not fit: the play is refused
    click(app, picker.widgets.widgets[0].rect.center)
    steps(app, 2)
    key(app, "return")
    assert not scene.mode.run.solved and scene.mode.run.checks == 1 and scene.banner.warning
    click(app, scene.buttons.undo.rect.center)  # back to the undeclared joker... and before it
    while scene.tentative:
        click(app, scene.buttons.undo.rect.center)
    place(app, scene, "J", 6, 8)
    picker = app.stack.top
    click(app, picker.tile_rect(Tile("K", 8)).center)
    click(app, picker.widgets.widgets[0].rect.center)
    steps(app, 2)
    key(app, "return")
    steps(app, 5)
    assert scene.mode.run.solved and outcomes and outcomes[0].solved


def test_w_hides_and_shows_the_stopwatch_which_runs_on_meanwhile(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="normal")
    scene, _outcomes = open_puzzle(app)
    assert scene.status()["stopwatch"] is True
    key(app, "w")
    before = scene.mode.run.seconds
    steps(app, 10)
    assert scene.status()["stopwatch"] is False and scene.mode.run.seconds > before
    assert scene.mode._card[0][1] is None, "the card shows no time while hidden"
    key(app, "w")
    assert scene.status()["stopwatch"] is True
