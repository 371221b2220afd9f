"""The unlock check after a game names every damaged file it set aside (puzzle progress,
unlocks) instead of moving it to .bad in silence, and the table says so."""

from __future__ import annotations

from types import SimpleNamespace

from rummi_desktop.scenes.game_records_hook import unlocks_after
from rummi_desktop.games.seats import HUMAN, SeatConfig
from rummi_desktop.storage import paths
from rummi_desktop.trainer.progress_file import progress_path
from rummi_desktop.records.unlock_state import unlocks_path
from rummi_desktop.records.unlock_check import newly_earned

WON = {"game": "rummi", "mode": "2 seats", "finished_at": "2026-11-01T10:00:00+00:00", "id": "r-1",
       "seats": [{"kind": HUMAN, "name": "Ann", "profile": "p-1", "score": 10, "won": True, "stats": {}},
                 {"kind": "hard", "name": "Hard", "profile": "", "score": -10, "won": False, "stats": {}}]}


def damage(path):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("version = [", encoding="utf-8")


def test_damaged_progress_and_unlocks_are_named_when_set_aside(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    damage(progress_path())
    damage(unlocks_path("p-1"))
    notices: list[str] = []
    earned = newly_earned(["p-1"], [WON], notices=notices)
    assert [unlock.key for _, unlock in earned] == ["midnight"]
    assert progress_path().with_name("puzzle_progress.toml.bad").exists()
    assert unlocks_path("p-1").with_name("p-1.toml.bad").exists()
    assert any("puzzle_progress.toml.bad" in notice for notice in notices)
    assert any("p-1.toml.bad" in notice for notice in notices)


def test_the_tables_hook_passes_the_notices_on(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    damage(progress_path())
    session = SimpleNamespace(setup=SimpleNamespace(seats=(SeatConfig(HUMAN, "Ann", "p-1"), SeatConfig("hard", "Hard"))))
    notices: list[str] = []
    assert unlocks_after(session, notices) == []  # no records: nothing earned
    assert len(notices) == 1 and "puzzle_progress.toml.bad" in notices[0]


def test_the_table_says_a_damaged_progress_file_was_set_aside_when_the_game_ends(tmp_path, monkeypatch):
    from profile_support import new_session, play_session_to_end

    from rummi_desktop.shell.app import App
    from rummi_desktop.scenes.menu import MenuScene
    from rummi_desktop.games.rummble.table.table_scene import RummbleTableScene

    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    damage(progress_path())
    app = App()
    app.stack.push(MenuScene(app))
    session = new_session("rummble", 6, (SeatConfig(HUMAN, "Ann", "p-a"), SeatConfig("hard", "Hard")))
    play_session_to_end(session, "rummble", 6)
    table = RummbleTableScene(app, session)
    app.stack.push(table)
    app.step(1 / 60)
    table.turn_completed(True)
    assert any("puzzle_progress.toml.bad" in line for line in table.banner_log)
