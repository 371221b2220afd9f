"""Start-up checks every pygame command goes through: pygame-ce present (window and bench alike)
and a display the player can see (no silent run with an invisible window)."""

from __future__ import annotations

import os
import subprocess
import sys
import types

import pygame
import pytest

from rummi_desktop.shell import boot
from rummi_desktop.commands.bench import run_bench

NO_DISPLAY = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")


def run_command(args, env, timeout=60):
    """``python -m rummi_desktop ARGS``; a game that opens anyway fails by the timeout."""
    return subprocess.run([sys.executable, "-m", "rummi_desktop", *args], capture_output=True, text=True,
                          timeout=timeout, env=env)


@pytest.fixture
def plain_pygame_env(tmp_path):
    """An environment where ``import pygame`` finds a plain pygame 2.6.1 (no IS_CE)."""
    fake = tmp_path / "fake" / "pygame"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("class version:\n    ver = '2.6.1'\n")
    return {**os.environ, "PYTHONPATH": str(fake.parent), "RUMMI_DESKTOP_HOME": str(tmp_path / "home")}


@pytest.mark.parametrize("args", [[], ["play", "rummi"], ["bench", "--frames", "1"],
                                  ["bench", "--scene", "rummi", "--frames", "1"]])
def test_plain_pygame_gives_the_repair_message_not_a_traceback(plain_pygame_env, args):
    result = run_command(args, plain_pygame_env)
    assert result.returncode == 1 and result.stdout == ""
    assert "force-reinstall pygame-ce" in result.stderr and "2.6.1" in result.stderr
    assert "Traceback" not in result.stderr


def test_bench_checks_pygame_ce_before_anything_else(monkeypatch, capsys):
    monkeypatch.setattr(pygame, "IS_CE", False, raising=False)
    assert run_bench("menu", 1, 0.0) == 1
    assert boot.REPAIR_COMMAND in capsys.readouterr().err


def test_with_no_display_the_window_command_says_so_and_exits_1(tmp_path):
    env = {key: value for key, value in os.environ.items() if key not in NO_DISPLAY}
    env["RUMMI_DESKTOP_HOME"] = str(tmp_path)
    result = run_command([], env)
    assert result.returncode == 1, result.stderr
    assert "cannot open its window" in result.stderr and "SDL_VIDEODRIVER=dummy" in result.stderr
    assert "Traceback" not in result.stderr


class FakeDisplay:
    """pygame.display as far as check_display uses it."""

    def __init__(self, driver=None, failure=None):
        self.driver, self.failure, self.stopped = driver, failure, False

    def init(self):
        if self.failure:
            raise pygame.error(self.failure)

    def get_driver(self):
        return self.driver

    def quit(self):
        self.stopped = True


def fake_pygame(display):
    return types.SimpleNamespace(display=display, error=pygame.error)


@pytest.mark.parametrize("driver", ["offscreen", "dummy"])
def test_an_invisible_driver_nobody_asked_for_is_refused(monkeypatch, driver):
    for name in NO_DISPLAY:
        monkeypatch.delenv(name, raising=False)
    display = FakeDisplay(driver)
    with pytest.raises(boot.NoDisplayError, match=f'invisible "{driver}" driver') as caught:
        boot.check_display(fake_pygame(display))
    assert display.stopped
    if sys.platform.startswith("linux"):
        assert "DISPLAY and WAYLAND_DISPLAY are not set" in str(caught.value)


@pytest.mark.parametrize("requested, driver", [("dummy", "dummy"), ("offscreen", "offscreen"),
                                               ("wayland,offscreen", "offscreen"), ("", "x11")])
def test_a_requested_headless_driver_or_a_real_one_passes(monkeypatch, requested, driver):
    monkeypatch.setenv("SDL_VIDEODRIVER", requested)
    boot.check_display(fake_pygame(FakeDisplay(driver)))


def test_a_video_system_that_does_not_start_is_reported(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    with pytest.raises(boot.NoDisplayError, match="x11 not available"):
        boot.check_display(fake_pygame(FakeDisplay(failure="x11 not available")))


@pytest.mark.parametrize("seed", ["1" + "0" * 30, "-3", "seven"])
def test_play_refuses_a_deal_number_no_save_could_hold(capsys, seed):
    from rummi_desktop.commands.cli import build_parser

    with pytest.raises(SystemExit) as caught:
        build_parser().parse_args(["play", "rummi", "--seed", seed])
    assert caught.value.code == 2 and "is not a deal number" in capsys.readouterr().err


def test_play_accepts_the_largest_deal_number_a_save_holds():
    from rummi_desktop.commands.cli import MAX_DEAL_NUMBER, build_parser

    args = build_parser().parse_args(["play", "rummi", "--seed", str(MAX_DEAL_NUMBER)])
    assert args.seed == MAX_DEAL_NUMBER
