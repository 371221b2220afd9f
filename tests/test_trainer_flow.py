"""The trainer end to end, headless: menu → trainer → pack → a Rummi puzzle solved with drags →
the result card; progress, ratings and unlocking follow. Plus greyed games, the daily puzzle
and a streak run that ends on a miss."""

from __future__ import annotations

import datetime

import pygame

from puzzle_support import PACKS, PUZZLES
from rummi_desktop.games.rummi.table import ENTRY
from rummi_desktop.games.rummi.table.puzzle_table import RummiPuzzle
from rummi_desktop.scenes.trainer.pack_scene import PackScene
from rummi_desktop.scenes.trainer.result import AttemptResultScene
from rummi_desktop.scenes.trainer.sources import GamePuzzles
from rummi_desktop.scenes.trainer.trainer_scene import TrainerScene
from rummi_desktop.trainer.progress_file import progress_path, read_book
from rummi_desktop.trainer.catalog import packs_of
from test_rummi_flow_support import button_centre, click, key, make_app, steps
from test_rummi_puzzle_table import solve_split_run_by_hand

DAY = datetime.date(2026, 12, 1)


def sample_games() -> list[GamePuzzles]:
    rummi = GamePuzzles("rummi", "Rummi", packs_of("rummi", PACKS, PUZZLES), ENTRY)
    rummble = GamePuzzles("rummble", "Rummble", packs_of("rummble", [{"id": "b", "title": "Boards", "order": 1}],
                                                         [{"id": "b-1", "pack": "b", "rating": 20.0}]),
                          None, "it has no puzzle table to play them at")
    return [rummi, rummble]


def open_trainer(app, monkeypatch):
    trainer = TrainerScene(app, sample_games(), today=lambda: DAY)
    app.stack.push(trainer)
    steps(app, 2)
    return trainer


def test_the_menu_opens_the_trainer(tmp_path, monkeypatch):
    from rummi_desktop.scenes.menu import MenuScene

    app = make_app(tmp_path, monkeypatch)
    menu = MenuScene(app)
    app.stack.push(menu)
    steps(app, 60)
    button = next(b for b in menu.buttons if b.label == "Puzzles")
    click(app, button.rect.center)
    steps(app, 1)
    assert isinstance(app.stack.top, TrainerScene)


def test_solving_a_puzzle_from_its_pack_marks_it_done_moves_the_rating_and_unlocks_the_next(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    trainer = open_trainer(app, monkeypatch)
    assert trainer.pack_buttons["t-easy"].label == "Test Steps  0/3"
    click(app, button_centre(trainer.pack_buttons["t-easy"]))
    pack = app.stack.top
    assert isinstance(pack, PackScene)
    assert [b.enabled for b in pack.puzzle_buttons] == [True, False, False]
    click(app, button_centre(pack.puzzle_buttons[0]))
    steps(app, 40)
    table = app.stack.top
    assert isinstance(table.mode.board, RummiPuzzle) and table.session.puzzle["id"] == "t-split-001"
    solve_split_run_by_hand(app, table)
    click(app, button_centre(table.buttons.check))
    card = app.stack.top
    assert isinstance(card, AttemptResultScene)
    assert card.headline.startswith("Solved in") and "rating 1500 →" in card.lines[0]
    assert "(+" in card.lines[0]
    book, notice = read_book()
    assert notice is None and progress_path().exists()
    saved = book.of("guest")  # no profiles here: the trainer plays as Guest
    record = saved.game("rummi").puzzles["t-split-001"]
    assert record.solved and record.attempts == 1 and record.best_seconds is not None
    assert saved.game("rummi").rating.mu > 25.0
    assert card.choice_buttons[0].label == "Next puzzle"
    click(app, button_centre(card.choice_buttons[0]))
    steps(app, 40)
    assert isinstance(app.stack.top.mode.board, RummiPuzzle) and app.stack.top.session.puzzle["id"] == "t-extend-002"
    assert table not in app.stack.scenes and card not in app.stack.scenes
    key(app, "escape")  # leave the second one: asked, given up, a card over the pack
    key(app, "tab")
    key(app, "return")
    card = app.stack.top
    assert isinstance(card, AttemptResultScene) and card.headline == "Puzzle left unsolved"
    click(app, button_centre(card.choice_buttons[-1]))
    assert app.stack.top is pack
    assert [b.enabled for b in pack.puzzle_buttons] == [True, True, False]
    assert "✓" in pack.puzzle_buttons[0].label
    key(app, "escape")
    assert app.stack.top is trainer and trainer.pack_buttons["t-easy"].label == "Test Steps  1/3"
    trainer.draw(app.screen)
    pygame.image.save(app.screen, str(tmp_path / "trainer.png"))
    assert (tmp_path / "trainer.png").stat().st_size > 0


def test_a_game_without_its_puzzle_table_is_greyed_with_the_reason(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    trainer = open_trainer(app, monkeypatch)
    assert not trainer.pack_buttons["b"].enabled and not trainer.streak_buttons["rummble"].enabled
    assert trainer.pack_buttons["b"].tooltip == "it has no puzzle table to play them at"
    assert trainer.pack_buttons["t-easy"].enabled
    assert trainer.daily()[0].key == "rummi"  # only playable games take part in the daily rotation


def test_the_daily_puzzle_is_the_dates_and_is_marked_done(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    trainer = open_trainer(app, monkeypatch)
    game, puzzle = trainer.daily()
    assert TrainerScene(app, sample_games(), today=lambda: DAY).daily()[1]["id"] == puzzle["id"]
    click(app, button_centre(trainer.daily_button))
    steps(app, 40)
    table = app.stack.top
    assert table.session.puzzle["id"] == puzzle["id"]
    for _ in range(3):  # the whole solution played out: that does not count as the day's solve
        click(app, button_centre(table.buttons.hint))
    steps(app, 150)
    assert isinstance(app.stack.top, AttemptResultScene) and app.stack.top.headline == "Solution shown"
    assert not read_book()[0].of("guest").daily_done(DAY.isoformat(), game.key)


def test_a_streak_runs_on_rising_ratings_until_a_miss(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    trainer = open_trainer(app, monkeypatch)
    click(app, button_centre(trainer.streak_buttons["rummi"]))
    steps(app, 40)
    table = app.stack.top
    assert table.session.puzzle["id"] == "t-split-001"  # the lowest rating first
    solve_split_run_by_hand(app, table)
    key(app, "return")
    card = app.stack.top
    assert "Streak: 1" in card.lines and card.choice_buttons[0].label == "Next"
    click(app, button_centre(card.choice_buttons[0]))
    steps(app, 40)
    assert app.stack.top.session.puzzle["id"] == "t-extend-002"
    key(app, "escape")  # a miss, once confirmed
    key(app, "tab")
    key(app, "return")
    card = app.stack.top
    assert any(line.startswith("Streak over: 1 solved") for line in card.lines)
    assert read_book()[0].of("guest").game("rummi").streak_best == 1
    assert trainer.streak.over


def test_three_packs_a_game_and_long_packs_lay_out_without_overlaps(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    rows = [{"id": f"p{n}", "title": f"Medium Puzzles {n}", "order": n} for n in range(3)]
    many = [dict(PUZZLES[0], id=f"q{n}-{i}", pack=f"p{n}") for n in range(3) for i in range(50)]
    games = [GamePuzzles("rummi", "Rummi", packs_of("rummi", rows, many), ENTRY), *sample_games()[1:]]
    trainer = TrainerScene(app, games, today=lambda: DAY)
    app.stack.push(trainer)
    steps(app, 2)
    rects = [w.rect for w in trainer.widgets.widgets]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    click(app, button_centre(trainer.pack_buttons["p2"]))
    pack = app.stack.top
    rects = [w.rect for w in pack.widgets.widgets]
    assert len(pack.puzzle_buttons) == 50
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert all(r.right < 1240 and r.x > 40 for r in rects)


def test_a_puzzle_that_cannot_be_set_up_gives_a_notice_not_a_crash(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    broken = dict(PUZZLES[0], position={"game": "rummi", "table": [["R3", "Q4"]], "rack": ["K6"]})
    games = [GamePuzzles("rummi", "Rummi", packs_of("rummi", PACKS, [broken]), ENTRY)]
    trainer = TrainerScene(app, games, today=lambda: DAY)
    app.stack.push(trainer)
    steps(app, 2)
    click(app, button_centre(trainer.pack_buttons["t-easy"]))
    pack = app.stack.top
    click(app, button_centre(pack.puzzle_buttons[0]))
    assert app.stack.top is pack
    assert "t-split-001 cannot be opened" in trainer.notices[-1]
    pack.draw(app.screen)


def test_the_trainer_plays_as_the_last_used_profile_and_keeps_each_profiles_progress(tmp_path, monkeypatch):
    from rummi_desktop.records.profiles import ProfileBook
    from rummi_desktop.records.profile_file import load_profiles, save_profiles

    app = make_app(tmp_path, monkeypatch)
    book = ProfileBook()
    ann, bea = book.create("Ann"), book.create("Bea")
    book.remember("rummi", ["guest", bea.id])  # Bea played last, at a game's second seat
    save_profiles(book)
    trainer = open_trainer(app, monkeypatch)
    assert trainer.profile_id == bea.id and trainer.profile_chip.value == bea.id
    assert trainer.status()["profile"] == bea.id
    click(app, button_centre(trainer.pack_buttons["t-easy"]))
    click(app, button_centre(app.stack.top.puzzle_buttons[0]))
    steps(app, 40)
    solve_split_run_by_hand(app, app.stack.top)
    key(app, "return")  # Check
    key(app, "escape")  # the card: back to the pack
    key(app, "escape")  # the pack: back to the trainer
    assert app.stack.top is trainer and trainer.pack_buttons["t-easy"].label == "Test Steps  1/3"
    click(app, trainer.profile_chip.rect.center)  # Bea → Guest (the chip cycles, Guest first)
    assert trainer.profile_id == "guest" and trainer.pack_buttons["t-easy"].label == "Test Steps  0/3"
    click(app, trainer.profile_chip.rect.center)
    assert trainer.profile_id == ann.id and trainer.status()["ratings"]["rummi"] == 1500
    assert load_profiles()[0].last_person == ann.id  # the next visit starts as Ann
    saved = read_book()[0]
    assert saved.of(bea.id).game("rummi").puzzles["t-split-001"].solved
    assert "t-split-001" not in saved.of(ann.id).game("rummi").puzzles
    assert TrainerScene(app, sample_games(), today=lambda: DAY).profile_id == ann.id
    trainer.draw(app.screen)
    pygame.image.save(app.screen, str(tmp_path / "trainer-profile.png"))
    assert (tmp_path / "trainer-profile.png").stat().st_size > 0


def test_a_deleted_last_profile_leaves_the_trainer_to_guest(tmp_path, monkeypatch):
    from rummi_desktop.records.profiles import ProfileBook
    from rummi_desktop.records.profile_file import save_profiles

    app = make_app(tmp_path, monkeypatch)
    book = ProfileBook()
    ann = book.create("Ann")
    book.remember("rummble", [ann.id])
    book.delete(ann.id)
    save_profiles(book)
    assert open_trainer(app, monkeypatch).profile_id == "guest"
