"""Opening the window from the command line, and the pygame-ce guard."""

from __future__ import annotations

import argparse
import types

import pytest

from rummi_desktop.shell import boot
from rummi_desktop.commands.launch import open_window
from rummi_desktop.scenes import registry


def test_play_an_unknown_game_exits_2_with_a_clear_message(capsys):
    args = argparse.Namespace(command="play", game="chess", seats=None, seed=None, mode=None)
    assert open_window(args, 0.0) == 2
    message = capsys.readouterr().err
    assert "chess" in message and "playable games" in message


def test_play_without_a_game_name_exits_2(capsys):
    args = argparse.Namespace(command="play", game=None, seats=None, seed=None, mode=None)
    assert open_window(args, 0.0) == 2
    assert "needs a game" in capsys.readouterr().err


def test_a_registered_game_without_quick_start_is_not_playable_from_the_command_line(capsys, monkeypatch):
    monkeypatch.setattr(registry, "_registered", {})
    monkeypatch.setitem(registry._loaded, "done", True)
    registry.register_game(registry.GameInfo("demo", "Demo", "test", new_game=lambda app: None))
    args = argparse.Namespace(command="play", game="demo", seats=None, seed=None, mode=None)
    assert open_window(args, 0.0) == 2


def test_plain_pygame_is_refused_with_the_repair_command():
    fake = types.SimpleNamespace(version=types.SimpleNamespace(ver="2.6.1"))
    with pytest.raises(boot.PygameNotCEError) as caught:
        boot.check_pygame_module(fake)
    assert "pip install --force-reinstall pygame-ce" in str(caught.value) and "2.6.1" in str(caught.value)


def test_the_installed_pygame_is_pygame_ce():
    assert boot.import_pygame().IS_CE


def test_registry_skips_games_without_scenes_and_reports_broken_ones(monkeypatch, tmp_path):
    import sys
    from dataclasses import replace

    from rummi_desktop.games import GAMES
    from rummi_desktop.games.base import EntryPoint

    package = tmp_path / "broken_game_pkg"
    package.mkdir()
    (package / "__init__.py").write_text("raise RuntimeError('half-written')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "_registered", {})
    monkeypatch.setitem(registry._loaded, "done", False)
    monkeypatch.setattr(registry, "_load_problems", [])
    rummi = GAMES["rummi"]
    no_scenes = replace(rummi, key="noscenes", entry_points={})
    broken = replace(rummi, key="broken", entry_points={"scenes": EntryPoint("broken_game_pkg:game_info")})
    problems = registry.load_game_scenes([no_scenes, broken])
    sys.modules.pop("broken_game_pkg", None)
    assert len(problems) == 1 and "half-written" in problems[0] and problems[0].startswith("broken:")
    assert registry.playable_games() == []
