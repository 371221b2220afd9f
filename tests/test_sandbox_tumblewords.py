"""The Tumblewords sandbox on the real Tumblewords table, driven by synthetic pygame events."""

from __future__ import annotations

from rummi_desktop.games.tumblewords.ai.tiers import choose_move
from rummi_desktop.games.tumblewords.spec import TUMBLEWORDS
from rummi_desktop.scenes.sandbox import scenario_files as files
from tests.sandbox_save_support import assert_saved_puzzle_verifies
from rummi_desktop.games.tumblewords.table.sandbox import sandbox_table
from tumblewords_scene_support import click, column_centre, hand_centre, make_app, settle, square_centre, steps, wait_for
from tumblewords_support import WORDS

EMPTY = ["........"] * 6
POSITION = {"game": "tumblewords", "rows": [*EMPTY, "..A.....", "CAT.S..."], "hand": ["S", "E", "T", "O"]}


def open_sandbox(tmp_path, monkeypatch, scenario=None, words=WORDS, speed="instant"):
    app = make_app(tmp_path, monkeypatch, speed=speed)
    scene = sandbox_table(app, scenario, dictionary=words)
    scene.mode.puzzles_folder = tmp_path / "puzzles"
    app.stack.push(scene)
    steps(app, 3)
    return app, scene


def pick(app, scene, letter: str) -> None:
    click(app, scene.mode.part.palette.rect_of(letter).center)


def centre(button):
    return button.rect.center


def test_letters_land_on_the_lowest_vacant_square_and_fall_when_one_is_lifted(tmp_path, monkeypatch):
    app, scene = open_sandbox(tmp_path, monkeypatch)
    pick(app, scene, "T")
    click(app, column_centre(scene, 2))
    pick(app, scene, "T")
    pick(app, scene, "O")
    click(app, square_centre(scene, 0, 2))  # a click high up the column still lands at the bottom
    pick(app, scene, "O")
    pick(app, scene, "P")
    click(app, column_centre(scene, 2))
    assert scene.mode.position()["rows"][-3:] == ["..P.....", "..O.....", "..T....."]
    click(app, square_centre(scene, 7, 2))  # lift the T: O and P fall, nothing floats
    assert scene.mode.position()["rows"][-3:] == ["........", "..P.....", "..O....."]
    assert [w.word for w in scene.mode.part.words] == []  # "PO" is not in the test list
    pick(app, scene, "T")
    click(app, square_centre(scene, 7, 1))
    assert scene.mode.position()["rows"][-1] == ".TO....."
    assert {w.word for w in scene.mode.part.words} == {"TO"}  # live words, from the model's find_words


def test_the_bag_limits_each_letter(tmp_path, monkeypatch):
    app, scene = open_sandbox(tmp_path, monkeypatch)
    pick(app, scene, "Z")
    click(app, column_centre(scene, 0))
    pick(app, scene, "Z")
    click(app, column_centre(scene, 1))
    assert scene.mode.position()["rows"][-1] == "Z......." and "only 1 Z" in scene.banner_log[-1]


def test_a_hand_letter_dropped_in_play_mode_becomes_the_position_and_undo_lifts_it(tmp_path, monkeypatch):
    app, scene = open_sandbox(tmp_path, monkeypatch, POSITION)
    click(app, centre(scene.buttons.named["Play"]))
    click(app, hand_centre(scene, "S"))
    click(app, column_centre(scene, 3))
    settle(app, scene)
    wait_for(app, lambda: scene.mode.part.played)
    assert scene.mode.position()["rows"][-1] == "CATSS..."
    assert scene.mode.position()["hand"] == ["E", "T", "O"]
    assert "CATS" in {w.word for w in scene.mode.part.words}
    click(app, centre(scene.buttons.named["Undo"]))
    assert scene.mode.position() == POSITION


def test_best_drop_is_the_best_scoring_tiers_drop(tmp_path, monkeypatch):
    app, scene = open_sandbox(tmp_path, monkeypatch, POSITION, words=None)
    expected = choose_move(TUMBLEWORDS.seat_view(scene.state, 0), "medium")
    score = scene.state.check(expected).score
    click(app, centre(scene.buttons.named["Best drop"]))
    wait_for(app, lambda: scene.mode.part.played, seconds=30)
    assert scene.mode.answer.solution == [expected.column, expected.letter]
    assert scene.mode.answer.best == score
    rows = scene.mode.position()["rows"]
    assert sum(row.count(".") for row in rows) == sum(row.count(".") for row in POSITION["rows"]) - 1
    assert rows != POSITION["rows"]


def test_a_scenario_round_trips_through_its_file_and_its_code(tmp_path, monkeypatch, capsys):
    app, scene = open_sandbox(tmp_path, monkeypatch, {**POSITION, "rows": [*EMPTY, "..a.....", "CAT.S..."],
                                                      "min_length": 3})
    assert scene.mode.position()["rows"][-2] == "..a....." and scene.mode.position()["min_length"] == 3
    click(app, centre(scene.buttons.named["Save"]))
    wait_for(app, lambda: scene.mode.quiet is None, seconds=30)  # Save asks for the best drop first
    (path,) = files.saved_scenarios("tumblewords", scene.mode.puzzles_folder)
    assert assert_saved_puzzle_verifies(path, "tumblewords", capsys)["position"] == scene.mode.position()
    code = files.share_code(files.scenario_puzzle(scene.mode.position(), None))
    other_app, other = open_sandbox(tmp_path, monkeypatch)
    click(other_app, centre(other.buttons.named["Paste code"]))
    entry = other_app.stack.top
    entry.text = code
    click(other_app, centre(entry.load_button))
    assert other.mode.position() == scene.mode.position()


def test_a_malformed_file_says_why_and_changes_nothing(tmp_path, monkeypatch):
    app, scene = open_sandbox(tmp_path, monkeypatch, POSITION)
    folder = scene.mode.puzzles_folder
    folder.mkdir(parents=True)
    (folder / "tumblewords-bad.toml").write_text("this is = not [toml")
    click(app, centre(scene.buttons.named["Load"]))
    dialog = app.stack.top
    click(app, centre(dialog.choices[0]))
    assert app.stack.top is dialog and "tumblewords-bad.toml" in dialog.problem
    assert scene.mode.position() == POSITION


def test_a_floating_letter_is_refused(tmp_path, monkeypatch):
    app, scene = open_sandbox(tmp_path, monkeypatch, {"game": "tumblewords", "rows": [*EMPTY, "..A.....", "........"],
                                                      "hand": []})
    assert scene.mode.position()["rows"][-2:] == ["........", "........"]
    assert "cannot be opened" in scene.banner_log[-1]
