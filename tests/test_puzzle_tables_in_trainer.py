"""The Rummble and Tumblewords puzzle tables opened from the trainer: a solved Rummble puzzle
ends on the trainer's result card over the table; a Tumblewords puzzle given up ends on the
card over the pack."""

from __future__ import annotations

from puzzle_table_support import RUMMBLE_PUZZLE, TUMBLEWORDS_PUZZLE
from rummi_desktop.scenes import rummble, tumblewords
from rummi_desktop.scenes.rummble.puzzle_table import RummblePuzzleTable
from rummi_desktop.scenes.trainer.result import AttemptResultScene
from rummi_desktop.scenes.trainer.sources import GamePuzzles
from rummi_desktop.scenes.trainer.trainer_scene import TrainerScene
from rummi_desktop.scenes.tumblewords.puzzle_table import TumblewordsPuzzleTable
from rummi_desktop.trainer.catalog import packs_of
from test_rummble_scene_support import click, key, make_app, place, steps


def trainer_with(game: str, title: str, puzzle: dict, entry) -> GamePuzzles:
    pack = {"id": f"{game}-test", "title": "Test pack", "order": 1}
    return GamePuzzles(game, title, packs_of(game, [pack], [{**puzzle, "pack": pack["id"]}]), entry)


def open_first_puzzle(app, games):
    trainer = TrainerScene(app, games)
    app.stack.push(trainer)
    steps(app, 2)
    click(app, next(iter(trainer.pack_buttons.values())).rect.center)
    pack = app.stack.top
    click(app, pack.puzzle_buttons[0].rect.center)
    steps(app, 5)
    return pack, app.stack.top


def test_a_rummble_puzzle_solved_from_the_trainer_shows_the_result_card(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    _, table = open_first_puzzle(app, [trainer_with("rummble", "Rummble", RUMMBLE_PUZZLE, rummble.ENTRY)])
    assert isinstance(table, RummblePuzzleTable)
    for notation, (row, col) in (("K1", (4, 3)), ("R2", (5, 3)), ("Y3", (6, 3))):
        place(app, table, notation, row, col)
    key(app, "return")
    steps(app, 5)
    card = app.stack.top
    assert isinstance(card, AttemptResultScene) and card.headline.startswith("Solved in")
    assert table in app.stack.scenes, "the card stands over the solved table"


def test_a_tumblewords_puzzle_given_up_from_the_trainer_closes_its_table(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    pack, table = open_first_puzzle(app, [trainer_with("tumblewords", "Tumblewords", TUMBLEWORDS_PUZZLE,
                                                       tumblewords.ENTRY)])
    assert isinstance(table, TumblewordsPuzzleTable)
    key(app, "escape")
    click(app, app.stack.top.confirm_button.rect.center)
    card = app.stack.top
    assert isinstance(card, AttemptResultScene) and card.headline == "Puzzle left unsolved"
    assert table not in app.stack.scenes and app.stack.scenes[-2] is pack
