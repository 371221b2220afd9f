"""Atomic TOML writing and the never-crash reader that quarantines damaged files."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from killed_writes import kill_after_written
from rummi_desktop.storage import paths
from rummi_desktop.shell.settings import Settings, load_settings
from rummi_desktop.storage.toml_files import (
    SIZE_LIMIT,
    STALE_TEMP_SECONDS,
    UnusableFileError,
    read_regular_file,
    read_toml_or_quarantine,
    write_toml_atomic,
)


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


# -- files that parse into trouble ---------------------------------------------------------

DEEP_ARRAY = "x = " + "[" * 1000 + "]" * 1000 + "\n"
HUGE_INTEGER = "x = " + "7" * 5000 + "\n"  # past Python's 4300-digit conversion limit


@pytest.mark.parametrize("content, reason", [(DEEP_ARRAY, "nested too deeply"),
                                             (HUGE_INTEGER, "too many digits")])
def test_values_python_cannot_hold_are_damage_not_a_crash(tmp_path, content, reason):
    target = tmp_path / "settings.toml"
    target.write_text(content)
    data, notice = read_toml_or_quarantine(target)
    assert data is None and reason in notice and "settings.toml.bad" in notice
    assert (tmp_path / "settings.toml.bad").read_text() == content and not target.exists()


@pytest.mark.parametrize("content", [DEEP_ARRAY, HUGE_INTEGER])
def test_settings_with_such_values_start_with_defaults_and_only_once_with_a_notice(tmp_path, content):
    target = tmp_path / "settings.toml"
    target.write_text(content)
    settings, notice = load_settings(target)
    assert settings == Settings() and "settings.toml.bad" in notice
    assert load_settings(target) == (Settings(), None)  # moved aside: the next start is clean


def test_an_oversized_file_is_set_aside_without_being_read(tmp_path):
    target = tmp_path / "settings.toml"
    with open(target, "wb") as big:
        big.truncate(SIZE_LIMIT + 1)  # sparse: no disk used
    data, notice = read_toml_or_quarantine(target)
    assert data is None and "larger than 1 MiB" in notice and (tmp_path / "settings.toml.bad").exists()


def test_the_size_limit_is_per_kind_of_file(tmp_path):
    target = tmp_path / "save.toml"
    target.write_text("note = '" + "x" * 2000 + "'\n")
    assert read_toml_or_quarantine(target, size_limit=4096)[0] == {"note": "x" * 2000}
    assert read_toml_or_quarantine(target, size_limit=1024)[0] is None


# -- things that are not files: never hang -------------------------------------------------

def run_bounded(code: str, *args: str) -> subprocess.CompletedProcess:
    """Run ``code`` in a fresh interpreter; a hang fails the test (TimeoutExpired) instead of
    hanging the suite."""
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})


LOAD_SETTINGS = ("import sys\nfrom rummi_desktop.shell.settings import load_settings\n"
                 "settings, notice = load_settings(sys.argv[1])\nprint(notice)")


def make_pipe(path):
    os.mkfifo(path)
    return "named pipe"


def make_zero_link(path):
    os.symlink("/dev/zero", path)
    return "device"


@pytest.mark.parametrize("make", [make_pipe, make_zero_link])
def test_a_pipe_or_device_in_place_of_settings_is_reported_and_moved_aside(tmp_path, make):
    target = tmp_path / "settings.toml"
    kind = make(target)
    result = run_bounded(LOAD_SETTINGS, str(target))
    assert result.returncode == 0, result.stderr
    assert kind in result.stdout and "settings.toml.bad" in result.stdout
    assert not os.path.lexists(target) and os.path.lexists(tmp_path / "settings.toml.bad")


def test_the_window_starts_with_a_pipe_in_place_of_settings(tmp_path):
    (tmp_path / "config").mkdir()
    os.mkfifo(tmp_path / "config" / "settings.toml")
    code = "from rummi_desktop.shell.app import App\napp = App()\nprint(app.notices)\napp.close()"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                            env={**os.environ, paths.HOME_ENV: str(tmp_path),
                                 "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert result.returncode == 0, result.stderr
    assert "named pipe" in result.stdout


def test_a_linked_regular_file_is_read_through_the_link(tmp_path):
    real = tmp_path / "dotfiles-settings.toml"
    real.write_text("a = 1\n")
    (tmp_path / "settings.toml").symlink_to(real)
    assert read_toml_or_quarantine(tmp_path / "settings.toml") == ({"a": 1}, None)


def test_read_regular_file_names_what_the_path_is(tmp_path):
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(UnusableFileError, match="named pipe") as caught:
        read_regular_file(tmp_path / "pipe")
    assert caught.value.movable
    with pytest.raises(UnusableFileError, match="folder") as caught:
        read_regular_file(tmp_path)
    assert not caught.value.movable


# -- temp files of killed writes -----------------------------------------------------------

def age(path, seconds):
    old = time.time() - seconds
    os.utime(path, (old, old))


def test_stale_temp_files_of_our_own_naming_are_removed_on_the_next_write(tmp_path):
    target = tmp_path / "rummi_autosave.toml"
    stale = tmp_path / f".{target.name}.k3x_9q2a.tmp"
    fresh = tmp_path / f".{target.name}.a1b2c3d4.tmp"  # may be another window's write in progress
    other = tmp_path / ".settings.toml.k3x_9q2a.tmp"
    mine_alike = tmp_path / f"{target.name}.notes.tmp"
    for path in (stale, fresh, other, mine_alike):
        path.write_text("half a save")
    for path in (stale, other, mine_alike):
        age(path, STALE_TEMP_SECONDS + 60)
    write_toml_atomic(target, {"a": 1})
    left = sorted(path.name for path in tmp_path.iterdir())
    assert left == sorted([target.name, fresh.name, other.name, mine_alike.name])


def test_reading_a_file_also_removes_its_stale_temp_files(tmp_path):
    target = tmp_path / "settings.toml"
    stale = tmp_path / ".settings.toml.zz9plura.tmp"
    stale.write_text("x")
    age(stale, STALE_TEMP_SECONDS + 1)
    read_toml_or_quarantine(target)
    assert not stale.exists()


def test_a_write_killed_half_way_leaves_a_temp_file_that_the_next_write_removes(tmp_path):
    target = tmp_path / "rummi_autosave.toml"
    write_toml_atomic(target, {"turn": 1})
    # A writer stuck between writing its temp file and replacing the save, then SIGKILLed.
    code = ("import os, sys, time\nfrom rummi_desktop.storage import toml_files\n"
            "def stuck(*args):\n    print('written', flush=True)\n    time.sleep(120)\n"
            "toml_files.os.replace = stuck\n"
            "toml_files.write_toml_atomic(sys.argv[1], {'turn': 2})\n")
    kill_after_written(code, str(target))
    leftovers = list(tmp_path.glob(".rummi_autosave.toml.*.tmp"))
    assert len(leftovers) == 1
    age(leftovers[0], STALE_TEMP_SECONDS + 1)
    write_toml_atomic(target, {"turn": 3})
    assert sorted(path.name for path in tmp_path.iterdir()) == ["rummi_autosave.toml"]
    assert read_toml_or_quarantine(target)[0] == {"turn": 3}


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_a_write_failing_after_the_temp_file_exists_removes_it(tmp_path, monkeypatch, failing):
    target = tmp_path / "stats.toml"
    write_toml_atomic(target, {"wins": 3})

    def broken(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, failing, broken)
    with pytest.raises(OSError):
        write_toml_atomic(target, {"wins": 4})
    monkeypatch.undo()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["stats.toml"]
    assert read_toml_or_quarantine(target)[0] == {"wins": 3}
