"""The puzzle progress file (per profile: round trip, upgrades, damaged files), the summary the
statistics show, and the rating updates."""

from __future__ import annotations

import tomllib

import datetime

import pytest

from rummi_desktop.records.profiles import ProfileBook
from rummi_desktop.records.profile_file import save_profiles
from rummi_desktop.trainer.progress_file import (VERSION, ProgressBook, PuzzleProgress, profile_summary,
                                                   progress_path, read_book, write_book)
from rummi_desktop.trainer.catalog import daily_game
from rummi_desktop.trainer.attempts import book_attempt
from rummi_desktop.trainer.rating import DEFAULT_SIGMA, Rating, rate_attempt

PUZZLE = {"id": "rummi-easy-001", "rating": 22.0}


def test_each_profiles_progress_round_trips_through_the_file(tmp_path):
    path = tmp_path / "progress.toml"
    book = ProgressBook()
    progress = book.of("p-0000000a")
    book_attempt(progress, "rummi", PUZZLE, solved=True, seconds=41.25, hints_used=0)
    progress.game("rummi").streak_best = 4
    progress.game("rummi").daily_done.add("2026-12-01")
    book_attempt(book.of("guest"), "rummi", PUZZLE, solved=False, seconds=9.0, hints_used=0)
    write_book(book, path)
    again, notice = read_book(path)
    assert notice is None
    assert again == book and sorted(again.players) == ["guest", "p-0000000a"]
    assert not again.of("guest").game("rummi").puzzles["rummi-easy-001"].solved
    record = again.of("p-0000000a").game("rummi").puzzles["rummi-easy-001"]
    assert record.solved and record.attempts == 1 and record.best_seconds == 41.25 and record.hints == 0
    assert tomllib.loads(path.read_text())["version"] == VERSION


def test_default_path_is_in_the_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("RUMMI_DESKTOP_HOME", str(tmp_path))
    write_book(ProgressBook())
    assert progress_path().parent == tmp_path / "data" and progress_path().exists()


def test_a_version_1_file_is_upgraded_to_guest(tmp_path):
    path = tmp_path / "progress.toml"
    path.write_text('version = 1\ndaily_done = ["2026-11-30"]\n'
                    '[games.rummi]\nrating = 27.5\nstreak_best = 2\n'
                    '[games.rummi.puzzles."rummi-easy-001"]\nsolved = true\nattempts = 3\nbest_seconds = 12.0\n'
                    'hints = 1\nrating = 21.0\n')
    book, notice = read_book(path)
    assert notice is None and list(book.players) == ["guest"]
    progress = book.of("guest")
    game = progress.game("rummi")
    assert game.rating == Rating(27.5, DEFAULT_SIGMA) and game.streak_best == 2
    assert game.puzzles["rummi-easy-001"].rating == Rating(21.0, DEFAULT_SIGMA)
    day = datetime.date(2026, 11, 30)  # filed under the game whose daily puzzle it was
    assert progress.daily_done(day.isoformat(), daily_game(day, ("rummi", "rummble", "tumblewords")))


# 2026-12-03's daily puzzle was a Rummble one; 2026-12-01's a Rummi one.
V2_FILE = ('version = 2\ndaily_done = ["2026-12-01", "2026-12-03"]\n[games.rummble]\nmu = 26.0\nsigma = 7.0\nstreak_best = 3\n'
           '[games.rummble.puzzles."rummble-easy-001"]\nsolved = true\nattempts = 1\nhints = 0\n')


def test_a_one_player_file_goes_to_the_only_profile_here(tmp_path):
    book = ProfileBook()
    ann = book.create("Ann")
    save_profiles(book, tmp_path)
    (tmp_path / "puzzle_progress.toml").write_text(V2_FILE)
    progress, notice = read_book(progress_path(tmp_path))
    assert notice is None and list(progress.players) == [ann.id]
    assert progress.of(ann.id).game("rummi").daily_done == {"2026-12-01"}
    assert profile_summary(ann.id, "rummble", progress) == {"rating": 1560, "puzzles_solved": 1, "best_streak": 3,
                                                            "daily_puzzles_done": 1}
    write_book(progress, progress_path(tmp_path))
    assert tomllib.loads(progress_path(tmp_path).read_text())["version"] == VERSION


def test_a_one_player_file_goes_to_guest_when_there_are_several_profiles(tmp_path):
    book = ProfileBook()
    book.create("Ann"), book.create("Bea")
    save_profiles(book, tmp_path)
    (tmp_path / "puzzle_progress.toml").write_text(V2_FILE)
    progress, _ = read_book(progress_path(tmp_path))
    assert list(progress.players) == ["guest"]
    assert progress.of("guest").game("rummble").streak_best == 3


def test_the_summary_reads_the_file_and_is_empty_for_a_newcomer(tmp_path, monkeypatch):
    monkeypatch.setenv("RUMMI_DESKTOP_HOME", str(tmp_path))
    book = ProgressBook()
    book_attempt(book.of("p-0000000a"), "rummi", PUZZLE, solved=True, seconds=10.0, hints_used=0)
    write_book(book)
    mine = profile_summary("p-0000000a", "rummi")
    assert mine["puzzles_solved"] == 1 and mine["rating"] > 1500 and mine["daily_puzzles_done"] == 0
    assert profile_summary("p-0000000b", "rummi") == {"rating": 1500, "puzzles_solved": 0, "best_streak": 0,
                                                      "daily_puzzles_done": 0}


def test_a_damaged_file_is_kept_as_bad_with_a_notice(tmp_path):
    path = tmp_path / "progress.toml"
    path.write_text("version = 2\n[games.rummi\n")
    progress, notice = read_book(path)
    assert progress == ProgressBook()
    assert notice is not None and "progress.toml.bad" in notice
    assert (tmp_path / "progress.toml.bad").exists() and not path.exists()


def test_a_file_with_bad_values_or_a_future_version_is_set_aside(tmp_path):
    path = tmp_path / "progress.toml"
    path.write_text('version = 3\n[players.guest.games.rummi.puzzles.x]\nsolved = "yes"\n')
    progress, notice = read_book(path)
    assert progress == ProgressBook() and "kept it as progress.toml.bad" in notice
    path.write_text("version = 9\n")
    progress, notice = read_book(path)
    assert "newer than this copy" in notice and (tmp_path / "progress.toml.bad").read_text() == "version = 9\n"


@pytest.mark.parametrize("line", ["mu = 1" + "0" * 400, "mu = inf", "best_seconds = nan", "attempts = inf",
                                  "attempts = 2.5", "mu = [1]"])
def test_a_number_no_file_of_ours_holds_sets_the_file_aside_instead_of_failing_later(tmp_path, line):
    path = tmp_path / "progress.toml"
    path.write_text(f"version = {VERSION}\n[players.guest.games.rummi.puzzles.x]\nsolved = true\nmu = 25.0\n"
                    f"sigma = 8.0\n".replace("mu = 25.0", line if line.startswith("mu") else f"mu = 25.0\n{line}"))
    progress, notice = read_book(path)
    assert progress == ProgressBook() and "kept it as progress.toml.bad" in notice


def test_a_clean_solve_raises_the_player_and_lowers_the_puzzle():
    player, puzzle = Rating(), Rating(25.0)
    up, down = rate_attempt(player, puzzle, True, 0)
    assert up.mu > player.mu and down.mu < puzzle.mu and up.sigma < player.sigma
    lost, won = rate_attempt(player, puzzle, False, 0)
    assert lost.mu < player.mu and won.mu > puzzle.mu
    helped, _ = rate_attempt(player, Rating(30.0), True, 1)  # found with help: still a gain, a smaller one
    assert player.mu < helped.mu < rate_attempt(player, Rating(30.0), True, 0)[0].mu


def test_booking_keeps_the_best_time_and_counts_attempts():
    progress = PuzzleProgress()
    book_attempt(progress, "rummi", PUZZLE, False, 80.0, 0)
    first = book_attempt(progress, "rummi", PUZZLE, True, 50.0, 0)
    book_attempt(progress, "rummi", PUZZLE, True, 70.0, 0)
    shown = book_attempt(progress, "rummi", PUZZLE, True, 5.0, 3)
    record = progress.game("rummi").puzzles["rummi-easy-001"]
    assert record.attempts == 4 and record.solved and record.best_seconds == 50.0
    assert first.counted_solved and first.change > 0
    assert not shown.counted_solved and shown.change < 0
    assert record.rating is not None and record.rating.mu != 22.0
