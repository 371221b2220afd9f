"""The puzzle tables opened from the trainer: a solved Rummble puzzle ends on the trainer's
result card over the table; a Tumblewords puzzle given up ends on the card over the pack; Esc
asks "Give up?" on every game's puzzle table."""

from __future__ import annotations

import pytest

from puzzle_support import PUZZLES
from puzzle_table_support import RUMMBLE_PUZZLE, TUMBLEWORDS_PUZZLE
from rummi_desktop.games.rummble import table as rummble
from rummi_desktop.games.rummi import table as rummi
from rummi_desktop.games.tumblewords import table as tumblewords
from rummi_desktop.games.rummble.table.puzzle_table import RummblePuzzle
from rummi_desktop.scenes.trainer.result import AttemptResultScene
from rummi_desktop.scenes.trainer.sources import GamePuzzles
from rummi_desktop.scenes.trainer.trainer_scene import TrainerScene
from rummi_desktop.games.tumblewords.table.puzzle_table import TumblewordsPuzzle
from rummi_desktop.trainer.progress_file import read_book
from rummi_desktop.trainer.catalog import packs_of
from test_rummble_scene_support import click, key, make_app, place, steps


def trainer_with(game: str, title: str, puzzle: dict, entry) -> GamePuzzles:
    pack = {"id": f"{game}-test", "title": "Test pack", "order": 1}
    return GamePuzzles(game, title, packs_of(game, [pack], [{**puzzle, "pack": pack["id"]}]), entry)


TABLES = {
    "rummi": lambda: trainer_with("rummi", "Rummi", PUZZLES[0], rummi.ENTRY),
    "rummble": lambda: trainer_with("rummble", "Rummble", RUMMBLE_PUZZLE, rummble.ENTRY),
    "tumblewords": lambda: trainer_with("tumblewords", "Tumblewords", TUMBLEWORDS_PUZZLE, tumblewords.ENTRY),
}


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
    assert isinstance(table.mode.board, RummblePuzzle)
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
    assert isinstance(table.mode.board, TumblewordsPuzzle)
    key(app, "escape")
    click(app, app.stack.top.confirm_button.rect.center)
    card = app.stack.top
    assert isinstance(card, AttemptResultScene) and card.headline == "Puzzle left unsolved"
    assert table not in app.stack.scenes and app.stack.scenes[-2] is pack


@pytest.mark.parametrize("game", ["rummi", "rummble", "tumblewords"])
def test_esc_on_every_puzzle_table_asks_before_giving_up(tmp_path, monkeypatch, game):
    from rummi_desktop.scenes.confirm import ConfirmScene

    app = make_app(tmp_path, monkeypatch, speed="instant")
    _, table = open_first_puzzle(app, [TABLES[game]()])
    key(app, "escape")
    question = app.stack.top
    assert isinstance(question, ConfirmScene) and question.title == "Give up?" and "rating" in question.message
    key(app, "escape")  # Keep trying: back on the table, nothing booked
    assert app.stack.top is table and not read_book()[0].players
    key(app, "escape")
    key(app, "tab")  # from Keep trying to Give up
    key(app, "return")
    card = app.stack.top
    assert isinstance(card, AttemptResultScene) and card.headline == "Puzzle left unsolved"
    assert table not in app.stack.scenes
    assert read_book()[0].of("guest").game(game).attempts == 1
