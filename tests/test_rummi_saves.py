"""The Rummi autosave file: atomic TOML, exact round trip, damaged files kept aside as *.bad."""

from __future__ import annotations

import tomllib

import pytest

from rummi_desktop.storage.rummi_saves import (
    AUTOSAVE_NAME,
    autosave_path,
    delete_autosave,
    has_autosave,
    read_autosave,
    write_autosave,
)

SETUP = {"seats": [{"kind": "human", "name": "Ada"}, {"kind": "hard", "name": "Hard"}], "seed": 7}
STATE = {"format": 1, "racks": [[1, 2, 3], [4, 5]], "table": [[10, 11, 12]], "turn": 3}
STATS = {"seats": [{"melds_played": 2, "tiles_placed": 7, "turn_seconds": 12.5},
                   {"melds_played": 1, "tiles_placed": 3, "turn_seconds": 0.8}]}


def identity(state):
    return dict(state)


def test_written_autosave_reads_back_exactly(tmp_path):
    write_autosave(SETUP, STATE, STATS, folder=tmp_path)
    assert has_autosave(tmp_path)
    save, notice = read_autosave(identity, folder=tmp_path)
    assert notice is None
    assert (save.setup, save.state, save.stats) == (SETUP, STATE, STATS)
    assert not list(tmp_path.glob("*.tmp"))  # the temp file was replaced into place


def test_none_values_are_dropped_so_toml_can_hold_the_state(tmp_path):
    write_autosave(SETUP, {"winner": None, "turn": 1}, STATS, folder=tmp_path)
    data = tomllib.loads(autosave_path(tmp_path).read_text())
    assert data["state"] == {"turn": 1}


def test_no_autosave_means_no_notice(tmp_path):
    assert read_autosave(identity, folder=tmp_path) == (None, None)
    assert not has_autosave(tmp_path)


def test_corrupt_toml_is_kept_aside_and_reported(tmp_path):
    autosave_path(tmp_path).parent.mkdir(parents=True, exist_ok=True)
    autosave_path(tmp_path).write_text("version = 1\n[state\nracks = ")
    save, notice = read_autosave(identity, folder=tmp_path)
    assert save is None and "could not be read" in notice
    assert (tmp_path / (AUTOSAVE_NAME + ".bad")).read_text().startswith("version = 1")
    assert not has_autosave(tmp_path)


@pytest.mark.parametrize(
    "problem",
    ["wrong version", "model refuses"],
)
def test_a_save_the_model_cannot_use_is_kept_aside(tmp_path, problem):
    write_autosave(SETUP, STATE, STATS, folder=tmp_path)
    path = autosave_path(tmp_path)
    if problem == "wrong version":
        path.write_text(path.read_text().replace("version = 1", "version = 99", 1))

    def refusing(state):
        raise ValueError("tile 200 does not exist")

    save, notice = read_autosave(identity if problem == "wrong version" else refusing, folder=tmp_path)
    assert save is None and "damaged" in notice and ".bad" in notice
    assert (tmp_path / (AUTOSAVE_NAME + ".bad")).exists()
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
    write_autosave(SETUP, STATE, stats, folder=tmp_path)
    save, notice = read_autosave(identity, folder=tmp_path)
    assert save is None and "damaged" in notice and "stats" in notice
    assert (tmp_path / (AUTOSAVE_NAME + ".bad")).exists()
    assert not has_autosave(tmp_path)


def test_stats_with_no_seats_yet_are_fine(tmp_path):
    write_autosave(SETUP, STATE, {"seats": []}, folder=tmp_path)
    save, notice = read_autosave(identity, folder=tmp_path)
    assert notice is None and save.stats == {"seats": []}


def test_delete_removes_only_the_autosave(tmp_path):
    write_autosave(SETUP, STATE, STATS, folder=tmp_path)
    (tmp_path / "other.toml").write_text("x = 1\n")
    delete_autosave(tmp_path)
    assert not has_autosave(tmp_path)
    assert (tmp_path / "other.toml").exists()
