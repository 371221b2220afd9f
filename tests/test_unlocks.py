"""Unlockables: each milestone fires exactly when its condition is met (constructed and
seeded records, a palindrome found by the model's own scoring), the unlock file (upgrader,
damage kept as .bad), the Collection applying a felt, and the trophy banner after a game."""

from __future__ import annotations

import copy
import datetime as dt
import os

import pygame
import pytest

from replay_support import recorded_game
from rummi_desktop.shell.app import App
from rummi_desktop.games.tumblewords.rules.stats import is_palindrome
from rummi_desktop.records.profiles import ProfileBook
from rummi_desktop.scenes.collection import CollectionScene
from rummi_desktop.scenes.menu import MenuScene
from rummi_desktop.scenes.trophy import SHOW_SECONDS, TrophyBanner
from rummi_desktop.storage import paths
from rummi_desktop.storage.game_records import write_record
from rummi_desktop.records.profile_file import save_profiles
from rummi_desktop.storage.toml_files import write_toml_atomic
from rummi_desktop.records.unlock_state import read_unlocks, unlocks_path
from rummi_desktop.records.unlock_check import newly_earned
from rummi_desktop.records.unlocks import BY_KEY, earned_keys, profile_facts, unlock_progress

DT = 1 / 60
SHOTS = "/tmp/replays-shots"


def record(game="rummi", won=False, profile="p-1", **stats):
    return {"game": game, "seats": [{"profile": profile, "won": won, "stats": stats},
                                    {"profile": "", "won": not won, "stats": {}}]}


def earned(records, solved=None):
    return earned_keys(profile_facts(records, "p-1", solved))


def test_first_win_fires_on_the_first_win_and_not_before():
    assert "midnight" not in earned([record(won=False)] * 5)
    assert "midnight" in earned([record(won=False)] * 5 + [record(won=True)])
    assert "midnight" not in earned([record(won=True, profile="p-2")])  # someone else's win


def test_ten_wins_fires_at_the_tenth():
    nine = [record(won=True)] * 9 + [record(won=False)] * 20
    assert "velvet" not in earned(nine)
    assert "velvet" in earned(nine + [record(won=True)])
    progress = next(p for p in unlock_progress(
        profile_facts(nine, "p-1")) if p.unlock.key == "velvet")
    assert progress.text() == "9/10 wins" and progress.fraction == pytest.approx(0.9)


def test_a_rummmble_and_a_long_rearrangement_and_25_games():
    assert "sunset" not in earned([record("rummble", rummmbles=0)])
    assert "sunset" in earned([record("rummble", rummmbles=1)])
    assert "sunset" not in earned([record("rummi", rummmbles=1)])  # only Rummble's measure counts
    assert "lattice" not in earned([record("rummi", longest_rearrangement=5)] * 3)
    assert "lattice" in earned([record("rummi", longest_rearrangement=6)])
    assert "argyle" not in earned([record()] * 24) and "argyle" in earned([record()] * 25)


def test_a_hard_puzzle_pack_counts_once_all_its_puzzles_are_solved():
    assert "gilded" not in earned([], {"rummi": 21 / 22, "rummble": 7 / 8})
    assert "gilded" in earned([], {"rummi": 0.5, "rummble": 1.0})


def test_the_trainers_progress_gives_each_games_hard_pack_part(tmp_path, monkeypatch):
    from rummi_desktop.trainer import puzzle_files
    from rummi_desktop.trainer import progress_file as puzzle_progress
    from rummi_desktop.records.unlock_state import hard_pack_progress

    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    hard = [p.id for p in puzzle_files.shipped_puzzles("rummble").puzzles if p.pack == "rummble-hard"]
    book, _ = puzzle_progress.read_book()
    for puzzle_id in hard[:-1]:
        book.of("ann").game("rummble").record(puzzle_id).solved = True
    book.of("bob").game("rummble").record(hard[-1]).solved = True
    puzzle_progress.write_book(book)
    assert hard_pack_progress("ann")["rummble"] == pytest.approx((len(hard) - 1) / len(hard))
    assert hard_pack_progress("bob")["rummble"] == pytest.approx(1 / len(hard))  # each profile its own
    assert "gilded" not in earned([], hard_pack_progress("ann"))
    book.of("ann").game("rummble").record(hard[-1]).solved = True
    puzzle_progress.write_book(book)
    assert "gilded" in earned([], hard_pack_progress("ann"))


def test_a_palindrome_is_counted_from_a_seeded_tumblewords_game():
    assert is_palindrome("LEVEL") and not is_palindrome("AA") and not is_palindrome("LEVER")
    for seed in range(1, 40):
        _, game = recorded_game("tumblewords", seed)
        seat = game["seats"][0]["stats"]
        if seat["palindromes"]:
            break
    else:
        pytest.fail("no seeded game scored a palindrome for seat 0")
    assert "mirror" in earned([game]) and BY_KEY["mirror"].measure(profile_facts([game], "p-1")) == seat["palindromes"]
    without = copy.deepcopy(game)
    without["seats"][0]["stats"]["palindromes"] = 0
    assert "mirror" not in earned([without])


def test_the_unlock_file_upgrades_version_1_and_sets_a_damaged_one_aside(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    write_toml_atomic(unlocks_path("p-1"), {"version": 1, "earned": ["midnight"]})
    state, notice = read_unlocks("p-1")
    assert notice is None and state.earned == {"midnight": ""}
    unlocks_path("p-1").write_text("version = 2\nearned = [[[", encoding="utf-8")
    state, notice = read_unlocks("p-1")
    assert state.earned == {} and "kept it as p-1.toml.bad" in notice
    assert unlocks_path("p-1").with_name("p-1.toml.bad").exists()
    write_toml_atomic(unlocks_path("p-1"), {"version": 2, "earned": {"midnight": 5}})
    assert "damaged" in read_unlocks("p-1")[1]


def test_newly_earned_announces_each_unlock_once(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    records = [record(won=True)]
    assert [u.key for _, u in newly_earned(["p-1"], records)] == ["midnight"]
    assert newly_earned(["p-1"], records) == []
    assert "midnight" in read_unlocks("p-1")[0].earned


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    made = App()
    made.stack.push(MenuScene(made))
    made.step(DT)
    return made


def shot(scene, name):
    os.makedirs(SHOTS, exist_ok=True)
    surface = pygame.Surface((1280, 800))
    scene.app.stack.draw(surface) if hasattr(scene.app.stack, "draw") else scene.draw(surface)
    pygame.image.save(surface, f"{SHOTS}/{name}.png")
    return surface


def test_collection_shows_progress_greys_locked_and_applies_an_earned_felt(app):
    book = ProfileBook()
    ann = book.create("Ann")
    save_profiles(book)
    when = dt.datetime(2026, 11, 1, tzinfo=dt.timezone.utc)
    for seed in range(1, 4):
        _, game = recorded_game("rummble", seed, ann.id, when)
        game["seats"][0]["won"] = seed == 1
        write_record(game)
    scene = CollectionScene(app, ann.id)
    app.stack.push(scene)
    app.step(DT)
    status = scene.status()
    assert "midnight" in status["earned"] and "velvet" not in status["earned"]
    velvet = next(i for i, p in enumerate(scene.progress) if p.unlock.key == "velvet")
    assert scene.progress[velvet].text() == "1/10 wins"
    surface = shot(scene, "collection")
    locked = scene.card_rect(velvet)
    assert max(surface.get_at((locked.x + 30, locked.y + 30))[:3]) < 90  # veiled
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=locked.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=locked.center, button=1))
    app.step(DT)
    assert "locked" in scene.message and app.theme.name != "velvet"
    midnight = scene.card_rect(next(i for i, p in enumerate(scene.progress) if p.unlock.key == "midnight"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=midnight.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=midnight.center, button=1))
    app.step(DT)
    assert app.theme.name == "midnight" and app.settings.theme == "midnight"
    assert App().theme.name == "midnight"  # the saved setting finds the earned felt next time


def test_the_trophy_banner_drops_in_with_the_fanfare_and_goes(app):
    played = []
    app.audio.play = played.append
    banner = TrophyBanner(app, [("Ann", BY_KEY["sunset"]), ("Ann", BY_KEY["midnight"])], "rummble")
    app.stack.push(banner)
    for _ in range(60):
        app.step(DT)
    assert "fanfare" in played
    surface = shot(banner, "trophy-banner")
    assert surface.get_at((640, 100))[:3] != surface.get_at((640, 600))[:3]  # the ribbon is drawn
    for _ in range(int(SHOW_SECONDS / DT) + 5):
        app.step(DT)
    assert app.stack.top.status().get("trophy") == "midnight"  # the next one follows
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(10, 10), button=1))
    app.step(DT)
    app.step(DT)
    assert isinstance(app.stack.top, MenuScene)


def test_a_finished_game_at_the_table_shows_the_trophy_over_the_results(app):
    from profile_support import new_session, play_session_to_end
    from rummi_desktop.games.rummble.table.table_scene import RummbleTableScene
    from rummi_desktop.games.seats import HUMAN, SeatConfig

    seats = (SeatConfig(HUMAN, "Ann", "p-a"), SeatConfig(HUMAN, "Bea", "p-b"))
    session = new_session("rummble", 6, seats)
    play_session_to_end(session, "rummble", 6)
    winner = "p-a" if 0 in session.state.winners() else "p-b"
    table = RummbleTableScene(app, session)
    app.stack.push(table)
    app.step(DT)
    table.turn_completed(True)  # the turn flow's call after the last turn: record, then the results
    app.step(DT)
    banner = app.stack.top
    assert isinstance(banner, TrophyBanner) and banner.unlock.key == "midnight"
    assert banner.person == ("Ann" if winner == "p-a" else "Bea")
    assert "midnight" in read_unlocks(winner)[0].earned
    table_again = RummbleTableScene(app, session)
    table_again.saving.record()  # the same records again: nothing new to announce
    assert table_again.saving.trophies == []


def test_an_earned_tile_back_applies_to_the_tile_stacks_on_the_tables(app):
    from rummi_desktop.ui import table_hud
    from rummi_desktop.records.unlocks import Progress

    scene = CollectionScene(app, "")
    plain = pygame.Surface((200, 60))
    table_hud.draw_pool_chip(plain, app.theme, pygame.Rect(0, 0, 200, 60), 40)
    scene.choose(Progress(BY_KEY["lattice"], 6))
    assert app.settings.tile_back == "lattice" and app.theme.tile_back == "lattice"
    backed = pygame.Surface((200, 60))
    table_hud.draw_pool_chip(backed, app.theme, pygame.Rect(0, 0, 200, 60), 40)
    corner = (14, 20)  # inside the first mini tile, away from the count
    assert plain.get_at(corner) != backed.get_at(corner)
    assert App().settings.tile_back == "lattice"  # saved
    scene.choose(Progress(BY_KEY["argyle"], 3))  # not earned: refused
    assert app.settings.tile_back == "lattice" and "locked" in scene.message


def test_profiles_collection_button_opens_the_collection(app):
    from rummi_desktop.scenes.profiles import ProfilesScene

    app.stack.push(ProfilesScene(app))
    app.step(DT)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_o, mod=0, unicode="o", scancode=0))
    app.step(DT)
    app.step(DT)
    assert isinstance(app.stack.top, CollectionScene)
