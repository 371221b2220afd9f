"""Where the player's files live: the platform's user folders, via platformdirs.

Settings go in the user *config* folder; saves, statistics and custom puzzles in the user
*data* folder. Setting ``RUMMI_DESKTOP_HOME`` puts both under one folder instead: tests point it
at a temporary directory so they never touch the real home, and a portable install can use it.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "rummi-desktop"
HOME_ENV = "RUMMI_DESKTOP_HOME"
SETTINGS_FILE = "settings.toml"


def _override() -> Path | None:
    value = os.environ.get(HOME_ENV, "").strip()
    return Path(value).expanduser() if value else None


def config_dir() -> Path:
    """The folder holding settings.toml (not created here; writers create it)."""
    home = _override()
    if home is not None:
        return home / "config"
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """The folder holding saves, statistics and the player's own puzzles."""
    home = _override()
    if home is not None:
        return home / "data"
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def settings_path() -> Path:
    return config_dir() / SETTINGS_FILE


def saves_dir() -> Path:
    return data_dir() / "saves"
