"""Per-game autosave files (here Rummi's): atomic TOML, exact round trip, damaged files kept aside as *.bad."""

from __future__ import annotations

import tomllib

import pytest

from rummi_desktop.storage.saves import (
    SAVE_VERSION,
    autosave_name,
    autosave_path,
    delete_autosave,
    has_autosave,
    last_setup_path,
    read_autosave,
    read_last_setup,
    write_autosave,
    write_last_setup,
)

SETUP = {"seats": [{"kind": "human", "name": "Ada"}, {"kind": "hard", "name": "Hard"}], "seed": 7}
STATE = {"format": 1, "racks": [[1, 2, 3], [4, 5]], "table": [[10, 11, 12]], "turn": 3}
STATS = {"seats": [{"melds_played": 2, "tiles_placed": 7, "turn_seconds": 12.5},
                   {"melds_played": 1, "tiles_placed": 3, "turn_seconds": 0.8}]}


def identity(state):
    return dict(state)


def test_written_autosave_reads_back_exactly(tmp_path):
    write_autosave("rummi", SETUP, STATE, STATS, folder=tmp_path)
    assert has_autosave("rummi", tmp_path)
    save, notice = read_autosave("rummi", "Rummi", identity, folder=tmp_path)
    assert notice is None
    assert (save.setup, save.state, save.stats) == (SETUP, STATE, STATS)
    assert not list(tmp_path.glob("*.tmp"))  # the temp file was replaced into place


def test_none_values_are_dropped_so_toml_can_hold_the_state(tmp_path):
    write_autosave("rummi", SETUP, {"winner": None, "turn": 1}, STATS, folder=tmp_path)
    data = tomllib.loads(autosave_path("rummi", tmp_path).read_text())
    assert data["state"] == {"turn": 1}


def test_no_autosave_means_no_notice(tmp_path):
    assert read_autosave("rummi", "Rummi", identity, folder=tmp_path) == (None, None)
    assert not has_autosave("rummi", tmp_path)


def test_corrupt_toml_is_kept_aside_and_reported(tmp_path):
    autosave_path("rummi", tmp_path).parent.mkdir(parents=True, exist_ok=True)
    autosave_path("rummi", tmp_path).write_text("version = 1\n[state\nracks = ")
    save, notice = read_autosave("rummi", "Rummi", identity, folder=tmp_path)
    assert save is None and "could not be read" in notice
    assert (tmp_path / (autosave_name("rummi") + ".bad")).read_text().startswith("version = 1")
    assert not has_autosave("rummi", tmp_path)


@pytest.mark.parametrize(
    "problem",
    ["wrong version", "model refuses"],
)
def test_a_save_the_model_cannot_use_is_kept_aside(tmp_path, problem):
    write_autosave("rummi", SETUP, STATE, STATS, folder=tmp_path)
    path = autosave_path("rummi", tmp_path)
    if problem == "wrong version":
        path.write_text(path.read_text().replace(f"version = {SAVE_VERSION}", "version = 99", 1))

    def refusing(state):
        raise ValueError("tile 200 does not exist")

    save, notice = read_autosave("rummi", "Rummi", identity if problem == "wrong version" else refusing, folder=tmp_path)
    assert save is None and "damaged" in notice and ".bad" in notice
    assert (tmp_path / (autosave_name("rummi") + ".bad")).exists()
    assert not path.exists()


@pytest.mark.parametrize("stats", [
    {},
    {"seats": "Ada, Hard"},
    {"seats": {"melds_played": 2}},
    {"seats": [1, 2]},
    {"seats": [["melds_played", 2]]},
    {"seats": [{"melds_played": "two"}, {}]},
    {"seats": [{"melds_played": [2]}, {}]},
    {"seats": [{"melds_played": {"count": 2}}, {}]},
    {"seats": [{"turns": True}, {}]},
    {"seats": [{"turns": -1}, {}]},
])
def test_damaged_stats_are_kept_aside_instead_of_crashing_the_menu(tmp_path, stats):
    write_autosave("rummi", SETUP, STATE, stats, folder=tmp_path)
    save, notice = read_autosave("rummi", "Rummi", identity, folder=tmp_path)
    assert save is None and "damaged" in notice and "stats" in notice
    assert (tmp_path / (autosave_name("rummi") + ".bad")).exists()
    assert not has_autosave("rummi", tmp_path)


def test_stats_with_no_seats_yet_are_fine(tmp_path):
    write_autosave("rummi", SETUP, STATE, {"seats": []}, folder=tmp_path)
    save, notice = read_autosave("rummi", "Rummi", identity, folder=tmp_path)
    assert notice is None and save.stats == {"seats": []}


def test_delete_removes_only_the_autosave(tmp_path):
    write_autosave("rummi", SETUP, STATE, STATS, folder=tmp_path)
    (tmp_path / "other.toml").write_text("x = 1\n")
    delete_autosave("rummi", tmp_path)
    assert not has_autosave("rummi", tmp_path)
    assert (tmp_path / "other.toml").exists()


# A save exactly as version 1 wrote it (the format before saves became per game and versioned).
VERSION_1_SAVE = """\
version = 1
game = "rummi"
saved_at = "2026-11-29T17:02:11"

[setup]
mode = "parlor"
target = 200
clock = 60
seed = 7

[[setup.seats]]
kind = "human"
name = "Ada"

[[setup.seats]]
kind = "hard"
name = "Hard"

[state]
turn = 3

[stats]
seats = [{melds_played = 2, tiles_placed = 7, jokers_used = 0, turns = 3, turn_seconds = 12.5}, {}]
"""


def test_a_version_1_save_is_upgraded_and_resumes(tmp_path):
    autosave_path("rummi", tmp_path).parent.mkdir(parents=True, exist_ok=True)
    autosave_path("rummi", tmp_path).write_text(VERSION_1_SAVE)
    save, notice = read_autosave("rummi", "Rummi", identity, folder=tmp_path)
    assert notice is None
    assert save.state == {"turn": 3} and save.setup["seed"] == 7
    assert save.stats["seats"][0]["tiles_placed"] == 7
    import datetime as dt

    moment = dt.datetime.fromisoformat(save.saved_at)
    assert moment.utcoffset() == dt.timedelta(0)  # the naive local time is now UTC with its offset
    assert moment == dt.datetime(2026, 11, 29, 17, 2, 11).astimezone()


@pytest.mark.parametrize("saved_at", ["0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00", "yesterday"])
def test_a_version_1_save_with_an_odd_time_still_resumes(tmp_path, saved_at):
    # Converting these to UTC overflows the calendar: that must not escape to the menu.
    autosave_path("rummi", tmp_path).parent.mkdir(parents=True, exist_ok=True)
    text = VERSION_1_SAVE.replace('saved_at = "2026-11-29T17:02:11"', f'saved_at = "{saved_at}"')
    autosave_path("rummi", tmp_path).write_text(text)
    save, notice = read_autosave("rummi", "Rummi", identity, folder=tmp_path)
    assert notice is None and save.state == {"turn": 3}


def test_new_saves_carry_the_current_version_and_an_aware_time(tmp_path):
    import datetime as dt

    write_autosave("rummi", SETUP, STATE, STATS, folder=tmp_path)
    data = tomllib.loads(autosave_path("rummi", tmp_path).read_text())
    assert data["version"] == SAVE_VERSION and data["game"] == "rummi"
    assert dt.datetime.fromisoformat(data["saved_at"]).utcoffset() == dt.timedelta(0)


def test_upgraders_run_one_version_after_another(monkeypatch):
    from rummi_desktop.storage import saves

    monkeypatch.setattr(saves, "SAVE_VERSION", 3)
    monkeypatch.setitem(saves.UPGRADERS, 2, lambda doc: {**doc, "version": 3, "stats": {"seats": []}})
    upgraded = saves.upgrade({"version": 1, "saved_at": "2026-01-01T10:00:00", "stats": {"seats": [{}]}})
    assert upgraded["version"] == 3 and upgraded["stats"] == {"seats": []}
    assert upgraded["saved_at"].endswith("+00:00")


def test_each_game_has_its_own_autosave(tmp_path):
    write_autosave("rummi", SETUP, STATE, STATS, folder=tmp_path)
    write_autosave("othergame", SETUP, {"turn": 9}, STATS, folder=tmp_path)
    assert read_autosave("rummi", "Rummi", identity, folder=tmp_path)[0].state == STATE
    assert read_autosave("othergame", "Other", identity, folder=tmp_path)[0].state == {"turn": 9}
    delete_autosave("othergame", tmp_path)
    assert has_autosave("rummi", tmp_path) and not has_autosave("othergame", tmp_path)


def test_a_save_of_another_game_in_the_file_is_kept_aside(tmp_path):
    write_autosave("othergame", SETUP, STATE, STATS, folder=tmp_path)
    autosave_path("othergame", tmp_path).rename(autosave_path("rummi", tmp_path))
    save, notice = read_autosave("rummi", "Rummi", identity, folder=tmp_path)
    assert save is None and "not a rummi save" in notice


@pytest.mark.parametrize("stats", [
    {"seats": [{"turn_seconds": 10**400}, {}]},  # overflows float arithmetic on the next turn
    {"seats": [{"turn_seconds": 10**12}, {}]},
    {"seats": [{"turns": 2.5}, {}]},  # a count must be whole
    {"seats": [{"melds_played": 10**10}, {}]},
])
def test_stats_out_of_range_are_kept_aside(tmp_path, stats):
    write_autosave("rummi", SETUP, STATE, stats, folder=tmp_path)
    save, notice = read_autosave("rummi", "Rummi", identity, folder=tmp_path)
    assert save is None and "damaged" in notice and "stats" in notice
    assert not has_autosave("rummi", tmp_path)


@pytest.mark.parametrize("where, text", [
    ("state", "moves = 100000000000000000000"),  # past TOML's 64-bit integers
    ("state", "clock = inf"),
    ("setup", "target = nan"),
])
def test_a_number_no_save_of_ours_holds_anywhere_marks_the_save_damaged(tmp_path, where, text):
    write_autosave("rummi", SETUP, STATE, STATS, folder=tmp_path)
    path = autosave_path("rummi", tmp_path)
    path.write_text(path.read_text().replace(f"[{where}]\n", f"[{where}]\n{text}\n", 1))
    save, notice = read_autosave("rummi", "Rummi", identity, folder=tmp_path)
    assert save is None and f"{where}." in notice and "sensible number" in notice
    assert (tmp_path / (autosave_name("rummi") + ".bad")).exists()


@pytest.mark.parametrize("field, text", [
    ("version", "version = true"), ("game", "game = 1"), ("saved_at", "saved_at = 2026"),
])
def test_top_fields_of_the_wrong_type_mark_the_save_damaged(tmp_path, field, text):
    write_autosave("rummi", SETUP, STATE, STATS, folder=tmp_path)
    path = autosave_path("rummi", tmp_path)
    lines = [text if line.startswith(f"{field} =") else line for line in path.read_text().splitlines()]
    path.write_text("\n".join(lines) + "\n")
    save, notice = read_autosave("rummi", "Rummi", identity, folder=tmp_path)
    assert save is None and "damaged" in notice


def test_a_deeply_nested_autosave_is_kept_aside_not_raised(tmp_path):
    path = autosave_path("rummi", tmp_path)
    path.write_text('version = 1\ngame = "rummi"\n[state]\nx = ' + "[" * 1000 + "]" * 1000 + "\n")
    save, notice = read_autosave("rummi", "Rummi", identity, folder=tmp_path)
    assert save is None and "nested too deeply" in notice
    assert (tmp_path / (autosave_name("rummi") + ".bad")).exists() and not has_autosave("rummi", tmp_path)


def test_a_real_match_save_passes_the_number_check(tmp_path):
    from rummi_desktop.games.rummi.table.session import MatchSetup, RummiSession, load_match

    session = RummiSession.new(MatchSetup(seed=999_999_999))
    write_autosave("rummi", *session.to_save(), folder=tmp_path)
    save, notice = read_autosave("rummi", "Rummi", load_match, folder=tmp_path)
    assert notice is None and save is not None


def test_the_stats_checked_as_whole_numbers_are_the_integer_seat_stats():
    from dataclasses import fields

    from rummi_desktop.games.rummi.table.session import RummiSeatStats
    from rummi_desktop.storage.saves import is_whole_stat

    for field in fields(RummiSeatStats):
        assert is_whole_stat(field.name) == (field.type in (int, "int")), field.name


def test_a_remembered_setup_with_an_impossible_number_is_forgotten(tmp_path):
    write_last_setup("rummi", {"seats": [], "seed": 7}, folder=tmp_path)
    assert read_last_setup("rummi", tmp_path) == {"seats": [], "seed": 7}
    last_setup_path("rummi", tmp_path).write_text("version = 1\n[setup]\nseed = " + "9" * 30 + "\n")
    assert read_last_setup("rummi", tmp_path) is None
    assert last_setup_path("rummi", tmp_path).with_name("rummi_setup.toml.bad").exists()


def test_continue_refuses_a_real_save_whose_turn_seconds_would_overflow(tmp_path, monkeypatch):
    from rummi_desktop.games.rummi.table import load_saved_session
    from rummi_desktop.games.rummi.table.session import MatchSetup, RummiSession
    from rummi_desktop.storage import paths

    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    setup, state, stats = RummiSession.new(MatchSetup(seed=5)).to_save()
    stats["seats"][0]["turn_seconds"] = 10**400
    write_autosave("rummi", setup, state, stats)
    notices: list[str] = []
    assert load_saved_session(notices) is None
    assert "turn_seconds" in notices[0] and not has_autosave("rummi")


@pytest.mark.parametrize("kind", ["named pipe", "device"])
def test_a_pipe_or_device_link_in_place_of_the_autosave_is_reported_by_the_menu(tmp_path, kind):
    import os
    import subprocess
    import sys

    saves = tmp_path / "data" / "saves"
    saves.mkdir(parents=True)
    if kind == "named pipe":
        os.mkfifo(saves / autosave_name("rummi"))
    else:
        os.symlink("/dev/zero", saves / autosave_name("rummi"))
    code = ("from rummi_desktop.shell.app import App\nfrom rummi_desktop.scenes.menu import MenuScene\n"
            "app = App()\nmenu = MenuScene(app)\nprint([b.label for b in menu.buttons], menu.notices)\n")
    env = {**os.environ, "RUMMI_DESKTOP_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env)
    assert result.returncode == 0, result.stderr
    assert "Continue Rummi" not in result.stdout and kind in result.stdout
    assert os.path.lexists(saves / (autosave_name("rummi") + ".bad")) and not os.path.lexists(saves / autosave_name("rummi"))


def test_a_real_rummi_save_written_by_version_1_resumes_at_its_turn(tmp_path, monkeypatch):
    """tests/data/rummi_autosave_v1.toml was written by the release before per-game saves
    (storage/rummi_saves.py at 1678ae6): a match of Ada against Hard, deal 4242, six turns in."""
    import shutil
    from pathlib import Path

    from rummi_desktop.games.rummi.table import load_saved_session
    from rummi_desktop.storage import paths

    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    target = autosave_path("rummi")
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(Path(__file__).parent / "data" / "rummi_autosave_v1.toml", target)
    notices: list[str] = []
    session = load_saved_session(notices)
    assert notices == [] and session is not None
    assert [seat.name for seat in session.setup.seats] == ["Ada", "Hard"] and session.setup.seed == 4242
    assert session.state.turn_number == 6
    assert sorted(len(session.state.rack(seat)) for seat in range(2)) == [16, 17]
