"""The real-window tests' fixtures: ``game`` (the game on a private Xvfb, its home folder
prepared by ``prepare_home`` first) and ``shots`` (the screenshots taken, copied to the folder
``RUMMI_E2E_SHOTS`` names, if any)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Callable, Iterator

import pytest
from x_session import SCREEN_SIZE, GameWindow, VirtualScreen, require_tools

SHOTS_ENV = "RUMMI_E2E_SHOTS"


@pytest.fixture
def shots() -> Iterator[list[Path]]:
    taken: list[Path] = []
    yield taken
    keep = os.environ.get(SHOTS_ENV, "").strip()
    if keep:  # copied even when the test failed: that is when the pictures matter most
        folder = Path(keep)
        folder.mkdir(parents=True, exist_ok=True)
        for shot in taken:
            shutil.copy2(shot, folder / shot.name)


@pytest.fixture
def prepare_home() -> Callable[[Path], None]:
    """What a test puts in the game's home folder before the game starts (a module that needs
    a fixed deal or saved progress overrides this fixture); nothing by default."""
    return lambda home: None


SCREEN_ENV = "RUMMI_E2E_SCREEN"  # e.g. 800x600: every real-window test on a screen of that size


@pytest.fixture
def screen_size() -> tuple[int, int]:
    """The X screen's size: ``RUMMI_E2E_SCREEN`` or 1280×800 (a test module may override it,
    or parametrize it)."""
    wanted = os.environ.get(SCREEN_ENV, "").strip().lower()
    if not wanted:
        return SCREEN_SIZE
    width, _, height = wanted.partition("x")
    return (int(width), int(height))


@pytest.fixture
def game(tmp_path: Path, shots: list[Path], prepare_home: Callable[[Path], None],
         screen_size: tuple[int, int]) -> Iterator[GameWindow]:
    require_tools()
    screen = VirtualScreen(tmp_path, screen_size)
    window = GameWindow(screen, tmp_path, shots)
    try:
        window.home.mkdir()
        prepare_home(window.home)
        screen.start()
        window.start()
        yield window
    finally:
        window.stop()
        screen.stop()


