"""The puzzle progress file (round trip, upgrade, damaged files) and the rating updates."""

from __future__ import annotations

import tomllib

from rummi_desktop.storage.puzzle_progress import (VERSION, PuzzleProgress, progress_path, read_progress,
                                                   write_progress)
from rummi_desktop.trainer.attempts import book_attempt
from rummi_desktop.trainer.rating import DEFAULT_SIGMA, Rating, attempt_ranks, rate_attempt

PUZZLE = {"id": "rummi-easy-001", "rating": 22.0}


def test_progress_round_trips_through_the_file(tmp_path):
    path = tmp_path / "progress.toml"
    progress = PuzzleProgress()
    book_attempt(progress, "rummi", PUZZLE, solved=True, seconds=41.25, hints_used=0)
    progress.game("rummi").streak_best = 4
    progress.daily_done.add("2026-12-01")
    write_progress(progress, path)
    again, notice = read_progress(path)
    assert notice is None
    assert again == progress
    record = again.game("rummi").puzzles["rummi-easy-001"]
    assert record.solved and record.attempts == 1 and record.best_seconds == 41.25 and record.hints == 0
    assert tomllib.loads(path.read_text())["version"] == VERSION


def test_default_path_is_in_the_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("RUMMI_DESKTOP_HOME", str(tmp_path))
    write_progress(PuzzleProgress())
    assert progress_path().parent == tmp_path / "data" and progress_path().exists()


def test_a_version_1_file_is_upgraded(tmp_path):
    path = tmp_path / "progress.toml"
    path.write_text('version = 1\ndaily_done = ["2026-11-30"]\n'
                    '[games.rummi]\nrating = 27.5\nstreak_best = 2\n'
                    '[games.rummi.puzzles."rummi-easy-001"]\nsolved = true\nattempts = 3\nbest_seconds = 12.0\n'
                    'hints = 1\nrating = 21.0\n')
    progress, notice = read_progress(path)
    assert notice is None
    game = progress.game("rummi")
    assert game.rating == Rating(27.5, DEFAULT_SIGMA) and game.streak_best == 2
    assert game.puzzles["rummi-easy-001"].rating == Rating(21.0, DEFAULT_SIGMA)
    assert progress.daily_done == {"2026-11-30"}


def test_a_damaged_file_is_kept_as_bad_with_a_notice(tmp_path):
    path = tmp_path / "progress.toml"
    path.write_text("version = 2\n[games.rummi\n")
    progress, notice = read_progress(path)
    assert progress == PuzzleProgress()
    assert notice is not None and "progress.toml.bad" in notice
    assert (tmp_path / "progress.toml.bad").exists() and not path.exists()


def test_a_file_with_bad_values_or_a_future_version_is_set_aside(tmp_path):
    path = tmp_path / "progress.toml"
    path.write_text('version = 2\n[games.rummi.puzzles.x]\nsolved = "yes"\n')
    progress, notice = read_progress(path)
    assert progress == PuzzleProgress() and "kept it as progress.toml.bad" in notice
    path.write_text("version = 9\n")
    progress, notice = read_progress(path)
    assert "newer than this copy" in notice and (tmp_path / "progress.toml.bad").read_text() == "version = 9\n"


def test_ranks_follow_the_documented_choice():
    assert attempt_ranks(True, 0) == (0, 1)  # the player beats the puzzle
    assert attempt_ranks(True, 2) == (0, 0)  # found with help: a draw
    assert attempt_ranks(True, 3) == (1, 0)  # the solution was shown: the puzzle wins
    assert attempt_ranks(False, 0) == (1, 0)


def test_a_clean_solve_raises_the_player_and_lowers_the_puzzle():
    player, puzzle = Rating(), Rating(25.0)
    up, down = rate_attempt(player, puzzle, True, 0)
    assert up.mu > player.mu and down.mu < puzzle.mu and up.sigma < player.sigma
    lost, won = rate_attempt(player, puzzle, False, 0)
    assert lost.mu < player.mu and won.mu > puzzle.mu
    helped, _ = rate_attempt(player, Rating(30.0), True, 1)
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
