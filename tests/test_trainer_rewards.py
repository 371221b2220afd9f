"""The trainer rewards solving (issue 21, item 12): a solve never lowers the rating and the
card says why it moved (the expected score, what hints and time cost); after "Solution shown"
the board can be studied with the card put aside, and after giving up the solution can be seen;
Check with nothing laid says so without a Draw puzzles lack; a long pack name keeps felt at
both ends of its button."""

from __future__ import annotations

import itertools

import pygame

from rummi_desktop.games.rummi.table.puzzle_table import RummiPuzzle
from rummi_desktop.scenes.trainer.result import AttemptResultScene
from rummi_desktop.scenes.trainer.sources import GamePuzzles
from rummi_desktop.scenes.trainer.trainer_scene import PACK_PAD, TrainerScene
from rummi_desktop.trainer.attempts import book_attempt
from rummi_desktop.trainer.catalog import packs_of
from rummi_desktop.trainer.progress_file import PuzzleProgress, read_book
from rummi_desktop.trainer.rating import Rating, rate_attempt
from rummi_desktop.games.rummi.table import ENTRY
from rummi_desktop.ui import shapes
from puzzle_support import PACKS, PUZZLES
from test_rummi_flow_support import button_centre, click, faces_of, key, make_app, steps
from test_rummi_puzzle_table import solve_split_run_by_hand
from test_trainer_flow import open_trainer


def open_first(app, trainer):
    click(app, button_centre(trainer.pack_buttons["t-easy"]))
    click(app, button_centre(app.stack.top.puzzle_buttons[0]))
    steps(app, 40)
    return app.stack.top


def test_a_solve_never_lowers_the_rating_whatever_the_hints_time_and_ratings():
    for mu, puzzle_mu, hints, seconds in itertools.product((15.0, 25.0, 40.0), (10.0, 20.0, 35.0), (0, 1, 2),
                                                           (5.0, 100.0, 900.0)):
        player = Rating(mu)
        after, _ = rate_attempt(player, Rating(puzzle_mu), True, hints, seconds)
        assert after.shown > player.shown, (mu, puzzle_mu, hints, seconds)
    clean, _ = rate_attempt(Rating(), Rating(25.0), True, 0, 30.0)
    helped, _ = rate_attempt(Rating(), Rating(25.0), True, 1, 30.0)
    missed, _ = rate_attempt(Rating(), Rating(25.0), False, 0, 30.0)
    assert clean.shown > helped.shown > Rating().shown > missed.shown


def test_the_first_puzzle_solved_after_a_hint_and_a_failed_check_raises_the_rating_and_says_why(tmp_path,
                                                                                              monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    table = open_first(app, open_trainer(app, monkeypatch))
    assert isinstance(table.mode.board, RummiPuzzle)
    click(app, button_centre(table.buttons.check))  # nothing laid yet
    message = table.mode.run.message
    assert "draw" not in message.lower() and "Nothing from your rack" in message
    key(app, "h")
    solve_split_run_by_hand(app, table)
    click(app, button_centre(table.buttons.check))
    card = app.stack.top
    assert isinstance(card, AttemptResultScene)
    record = read_book()[0].of("guest").game("rummi")
    assert record.rating.shown > 1500
    assert card.lines[0].startswith("Your Rummi rating 1500 → ") and "(+" in card.lines[0]
    assert card.lines[1] == "Expected score 85 % against a puzzle rated 1200"
    assert card.lines[2] == "Score 75 % (solved 100 %, hint −25 %)"
    assert card.lines[3] == "A solve never lowers your rating: +1 at least"
    steps(app, 1)
    pygame.image.save(app.screen, str(tmp_path / "card.png"))


def test_every_booked_change_is_explained():
    progress = PuzzleProgress()
    slow = book_attempt(progress, "rummi", {"id": "a", "rating": 25.0}, True, 200.0, 0)
    assert slow.explanation() == ["Expected score 50 % against a puzzle rated 1500",
                                  "Score 80 % (solved 100 %, time −20 %)"]
    missed = book_attempt(progress, "rummi", {"id": "b", "rating": 25.0}, False, 20.0, 1)
    assert missed.change < 0 and missed.explanation()[1] == "Score 0 % (unsolved)"


def test_after_solution_shown_the_card_steps_aside_to_study_the_board(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    table = open_first(app, open_trainer(app, monkeypatch))
    for _ in range(3):
        click(app, button_centre(table.buttons.hint))
    steps(app, 150)
    card = app.stack.top
    assert isinstance(card, AttemptResultScene) and card.headline == "Solution shown"
    look = card.look_button
    assert look is not None and look.label == "See the board"
    click(app, button_centre(look))
    steps(app, 2)
    assert card.studying and app.stack.top is card and table in app.stack.scenes
    alone = pygame.Surface(app.screen.get_size())
    table.draw(alone)
    app.stack.draw(app.screen)
    middle = card.card.center
    assert app.screen.get_at(middle) == alone.get_at(middle), "the board shows, undimmed, where the card was"
    pygame.image.save(app.screen, str(tmp_path / "studying.png"))
    key(app, "b")
    assert not card.studying
    click(app, button_centre(card.choice_buttons[-1]))  # Pack
    steps(app, 2)
    assert table not in app.stack.scenes and card not in app.stack.scenes


def test_after_giving_up_the_solution_can_be_seen_and_is_not_booked_again(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    trainer = open_trainer(app, monkeypatch)
    table = open_first(app, trainer)
    key(app, "escape")
    click(app, button_centre(app.stack.top.confirm_button))  # Give up
    steps(app, 2)
    card = app.stack.top
    assert isinstance(card, AttemptResultScene) and card.headline == "Puzzle left unsolved"
    assert card.look_button.label == "See the solution"
    click(app, button_centre(card.look_button))
    steps(app, 200)
    assert app.stack.top is card and card.studying
    shown = card.table
    assert shown is not None and shown is not table and shown in app.stack.scenes
    assert faces_of(shown.state.table) == [["R3", "R4", "R5"], ["R6", "K6", "B6"]]
    assert read_book()[0].of("guest").game("rummi").puzzles["t-split-001"].attempts == 1
    pygame.image.save(app.screen, str(tmp_path / "solution.png"))
    key(app, "b")
    assert card.look_button.label == "See the board"
    key(app, "escape")
    steps(app, 2)
    assert shown not in app.stack.scenes and card not in app.stack.scenes


def test_a_long_pack_name_keeps_felt_at_both_ends_of_its_button(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    packs = [{"id": "hard", "title": "Grand Rearrangements", "order": 1}]
    many = [dict(PUZZLES[0], id=f"h-{i}", pack="hard") for i in range(22)]
    trainer = TrainerScene(app, [GamePuzzles("rummi", "Rummi", packs_of("rummi", packs, many), ENTRY)])
    app.stack.push(trainer)
    steps(app, 2)
    button = trainer.pack_buttons["hard"]
    assert button.label == "Grand Rearrangements  0/22"
    width = shapes.text(button.label, button.font_size, (0, 0, 0), bold=True).get_width()
    assert width <= button.rect.w - 2 * PACK_PAD
    assert PACKS  # the sample packs stay as they are
