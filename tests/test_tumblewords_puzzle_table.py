"""The Tumblewords puzzle table, driven with real pointer and key events: solving, a wrong drop
taken back, the three hint levels (the last one falls with the physics), and what it draws."""

from __future__ import annotations

from puzzle_table_support import TUMBLEWORDS_PUZZLE, Outcomes
from rummi_desktop.games.tumblewords.rules.grid import FACES
from tumblewords_scene_support import click, column_centre, drag, hand_centre, key, make_app, settle, steps


def open_puzzle(app, puzzle=TUMBLEWORDS_PUZZLE):
    from rummi_desktop.games.tumblewords.table.puzzle_table import puzzle_table

    outcomes = Outcomes()
    scene = puzzle_table(app, puzzle, outcomes)
    app.stack.push(scene)
    steps(app, 3)
    return scene, outcomes


def finish_showing(app, scene, frames: int = 600) -> None:
    for _ in range(frames):
        if scene.phase.value == "person" and not scene.view.busy:
            return
        steps(app, 1)
    raise AssertionError("the drop was never done showing")


def test_the_test_puzzle_is_a_good_puzzle():
    from rummi_desktop.games.tumblewords.puzzles import mining as tumblewords_puzzles

    assert tumblewords_puzzles.verify(TUMBLEWORDS_PUZZLE) == []


def test_a_dragged_drop_that_reaches_the_target_is_solved(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="normal")
    scene, outcomes = open_puzzle(app)
    assert scene.my_turn and scene.view.scoreboard is False
    drag(app, hand_centre(scene, "E"), column_centre(scene, 7))
    assert not scene.view.world.settled, "the letter falls"
    settle(app, scene)
    finish_showing(app, scene)
    assert scene.mode.run.solved and scene.mode.run.message == "Solved: STOPE, TOPE, OPE, PE for 14 points."
    steps(app, 200)
    assert len(outcomes) == 1 and outcomes[0].solved and outcomes[0].hints_used == 0
    assert scene.state.grid.row_texts()[-1] == "C.TSTOPE"


def test_a_wrong_drop_says_why_and_undo_lifts_it_back(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene, outcomes = open_puzzle(app)
    click(app, hand_centre(scene, "A"))
    click(app, column_centre(scene, 1))
    assert "A" not in [FACES[t] for t in scene.view.hand_ids], "the letter left the hand as it fell"
    finish_showing(app, scene)
    steps(app, 30)
    assert outcomes == [] and not scene.mode.run.solved
    assert scene.mode.run.message == "CAT, CATS, AT, TA: 11 points; the best drop scores 14."
    assert scene.banner.warning and scene.banner.message == "Not yet: 11 points", "the card has the rest"
    assert not scene.my_turn, "one drop per try"
    assert scene.buttons.undo.enabled and not scene.buttons.check.enabled, "checked already"
    click(app, scene.buttons.undo.rect.center)
    assert scene.state.log == [] and scene.my_turn
    assert sorted(FACES[t] for t in scene.view.hand_ids) == sorted("ERAONIL")
    assert scene.state.grid.row_texts()[-2:] == ["...A....", "C.TSTOP."]


def test_hint_levels_light_the_column_then_the_letter_then_drop_it(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="normal")
    scene, outcomes = open_puzzle(app)
    click(app, hand_centre(scene, "A"))  # a wrong drop first: level 3 takes it back
    click(app, column_centre(scene, 1))
    settle(app, scene)
    finish_showing(app, scene)
    click(app, scene.buttons.hint.rect.center)
    assert scene.mode.run.level == 1 and scene.view.hint_column == 7 and scene.view.hint_tiles == set()
    assert scene.mode.run.hint_text == "Drop into column 8.", "as the board numbers its columns"
    key(app, "h")
    assert [FACES[t] for t in scene.view.hint_tiles] == ["E"]
    key(app, "h")
    assert scene.mode.run.level == 3
    fell = False
    for _ in range(900):
        steps(app, 1)
        fell = fell or (not scene.view.world.settled and scene.state.grid.row_texts()[-1] == "C.TSTOPE")
        if outcomes:
            break
    assert fell, "the E falls through the physics"
    assert scene.state.grid.row_texts()[-2:] == ["...A....", "C.TSTOPE"], "the wrong A was taken back"
    assert outcomes and outcomes[0].solved and outcomes[0].hints_used == 3


def test_drawing_shows_the_glowing_column_and_letter(tmp_path, monkeypatch):
    import os

    import pygame

    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene, _ = open_puzzle(app)
    key(app, "h")
    key(app, "h")
    steps(app, 2)
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    os.makedirs("/tmp/pz-tables-shots", exist_ok=True)
    pygame.image.save(surface, "/tmp/pz-tables-shots/tumblewords-hint-2.png")
    column = scene.view.layout.column_box(7)
    edge = surface.get_at((round(column.x) - 1, round(column.y + column.h / 3)))[:3]
    assert sum(abs(a - b) for a, b in zip(edge, app.theme.hint)) < 60, "the column has a golden edge"
    other = scene.view.layout.column_box(3)
    assert sum(abs(a - b) for a, b in zip(surface.get_at((round(other.x) - 1, round(other.y + other.h / 3)))[:3],
                                          app.theme.hint)) > 60, "other columns do not"


def test_w_hides_the_stopwatch_on_the_card(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene, _outcomes = open_puzzle(app)
    key(app, "w")
    steps(app, 2)
    assert scene.mode.show_stopwatch is False and scene.status()["stopwatch"] is False
    assert scene.mode._card[0][1] is None, "the card was painted again without the time"
    key(app, "w")
    steps(app, 2)
    assert scene.mode.show_stopwatch is True and scene.mode._card[0][1] == int(scene.mode.run.seconds)
