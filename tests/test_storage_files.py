"""Atomic TOML writing and the never-crash reader that quarantines damaged files."""

from __future__ import annotations

import os

import pytest

from rummi_desktop.storage import paths
from rummi_desktop.storage.toml_files import read_toml_or_quarantine, write_toml_atomic


def test_write_then_read_round_trips_nested_data(tmp_path):
    target = tmp_path / "deep" / "saves" / "game.toml"
    data = {"version": 1, "seats": ["human", "hard"], "scores": {"ann": 12, "bob": -3}, "ratio": 0.25}
    write_toml_atomic(target, data)
    assert read_toml_or_quarantine(target) == (data, None)


def test_write_leaves_no_temp_files_behind(tmp_path):
    target = tmp_path / "settings.toml"
    write_toml_atomic(target, {"a": 1})
    write_toml_atomic(target, {"a": 2})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.toml"]
    assert read_toml_or_quarantine(target)[0] == {"a": 2}


def test_failed_write_keeps_the_previous_file_intact(tmp_path):
    target = tmp_path / "stats.toml"
    write_toml_atomic(target, {"wins": 3})
    with pytest.raises(TypeError):
        write_toml_atomic(target, {"wins": object()})  # not TOML-serialisable
    assert read_toml_or_quarantine(target)[0] == {"wins": 3}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["stats.toml"]


def test_missing_file_is_no_data_and_no_notice(tmp_path):
    assert read_toml_or_quarantine(tmp_path / "nothing.toml") == (None, None)


@pytest.mark.parametrize("content", [b"theme = 'parlor\n", b"= 3\n", b"\xff\xfe\x00garbage", b"a = 1\na = 2\n"])
def test_damaged_file_is_moved_aside_with_a_notice(tmp_path, content):
    target = tmp_path / "settings.toml"
    target.write_bytes(content)
    data, notice = read_toml_or_quarantine(target)
    assert data is None
    assert "settings.toml.bad" in notice
    assert not target.exists()
    assert (tmp_path / "settings.toml.bad").read_bytes() == content


def test_unreadable_path_gives_a_notice_not_an_exception(tmp_path):
    folder = tmp_path / "settings.toml"
    folder.mkdir()  # a folder where a file should be: reading it fails with an OSError
    data, notice = read_toml_or_quarantine(folder)
    assert data is None and "settings.toml" in notice and folder.is_dir()


def test_home_override_puts_config_and_data_under_one_folder(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    assert paths.settings_path() == tmp_path / "config" / "settings.toml"
    assert paths.saves_dir() == tmp_path / "data" / "saves"


def test_without_override_folders_are_the_platform_user_folders(monkeypatch):
    monkeypatch.delenv(paths.HOME_ENV, raising=False)
    assert paths.config_dir().name == paths.APP_NAME
    assert paths.data_dir().name == paths.APP_NAME
    assert os.path.isabs(paths.config_dir())
