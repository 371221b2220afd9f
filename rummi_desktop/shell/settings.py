"""The player's settings: what they are, their defaults, and loading/saving them as TOML.

``load_settings`` never raises: a missing file gives defaults silently; a damaged file gives
defaults, a notice for the menu, and the file kept aside as ``settings.toml.bad``; a readable
file with some wrong values keeps the good ones and names the bad keys in the notice.
"""

from __future__ import annotations

import math
import os
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Mapping

from rummi_desktop.games import GAMES
from rummi_desktop.shell.window_size import AUTOMATIC, UI_SCALES
from rummi_desktop.storage import paths
from rummi_desktop.storage.schema import Choice, Flag, MapOf, Number, Table, Text
from rummi_desktop.storage.toml_files import read_toml_or_quarantine, write_toml_atomic

SETTINGS_VERSION = 1
# The default turn clock offered in Settings: every clock a game of the collection offers
# (its "clock_seconds" setup option), 0 meaning no clock.
TURN_CLOCK_CHOICES: tuple[int, ...] = tuple(sorted({
    seconds or 0 for spec in GAMES.values() for option in spec.options if option.key == "clock_seconds"
    for seconds in option.choices}))
# Multipliers on animation speed; "instant" skips motion (for players who dislike movement).
ANIMATION_SPEEDS: dict[str, float] = {"relaxed": 0.7, "normal": 1.0, "brisk": 1.6, "instant": math.inf}
DEFAULT_THEME = "parlor"


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the player can set. Immutable: change with ``dataclasses.replace``."""

    master_volume: float = 0.8
    effects_volume: float = 0.9
    music_volume: float = 0.5
    music_on: bool = True
    theme: str = DEFAULT_THEME
    turn_clock: int = 60
    animation_speed: str = "normal"
    colour_blind: bool = False
    show_invalid_melds: bool = True
    fullscreen: bool = False
    tile_back: str = "plain"  # the back of face-down tiles: "plain" or one earned in the Collection
    ui_scale: int = AUTOMATIC  # how big the window opens: 100, 125 or 150 (%), 0 = fit the screen
    # The unseen-tile tracker, shown or hidden by game key; a game not named shows it as its
    # spec says (``tracker_shown``). Not hashed: a mapping is not hashable.
    unseen_trackers: Mapping[str, bool] = field(default_factory=dict, hash=False)
    guides_offered: str = ""  # the keys of the games whose guided first game was offered (asked once), by spaces
    desktop_notices: bool = False  # tell the desktop too when an online game becomes your move

    @property
    def animation_multiplier(self) -> float:
        return ANIMATION_SPEEDS[self.animation_speed]

    def with_changes(self, **changes: Any) -> "Settings":
        """A copy with some fields changed, each checked; raises ValueError on a bad value."""
        updated = replace(self, **changes)
        problems = [problem for name in changes if (problem := _field_problem(name, getattr(updated, name)))]
        if problems:
            raise ValueError("; ".join(problems))
        return updated


# The settings file's schema: one spec per setting. It is read field by field (``Table.sift``):
# a setting that does not fit falls back to its default and is named, the others are kept.
SETTINGS_SCHEMA = Table({
    **{name: Number(0, 1) for name in ("master_volume", "effects_volume", "music_volume")},
    **{name: Flag() for name in ("music_on", "colour_blind", "show_invalid_melds", "fullscreen", "desktop_notices")},
    "theme": Text(limit=100, blank=False, says="a theme name"),
    "tile_back": Text(limit=100, blank=False, says="a tile back's name"),
    "turn_clock": Choice(TURN_CLOCK_CHOICES),
    "animation_speed": Choice(tuple(ANIMATION_SPEEDS)),
    "ui_scale": Choice(UI_SCALES),
    "unseen_trackers": MapOf(Flag(), key=Text(limit=40, blank=False, says="a game's name")),
    "guides_offered": Text(limit=200, pattern=r"[a-z]+( [a-z]+)*|", says="game keys with spaces between"),
})


def _field_problem(name: str, value: Any) -> str | None:
    """Why ``value`` is not acceptable for field ``name``, or None when it is."""
    spec = SETTINGS_SCHEMA.fields.get(name)
    if spec is None:
        return f"unknown setting {name}"
    problem = spec.problem(value)
    return None if problem is None else f"{name} must be {problem}"


def settings_from_dict(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from parsed TOML: good values kept, bad ones replaced by defaults and named."""
    values, bad_keys = SETTINGS_SCHEMA.sift(data)
    for name in values:
        if name.endswith("_volume"):
            values[name] = float(values[name])
    return Settings(**values), bad_keys


def settings_to_dict(settings: Settings) -> dict[str, Any]:
    data = asdict(settings)
    data["unseen_trackers"] = dict(settings.unseen_trackers)
    return {"version": SETTINGS_VERSION, **data}


def load_settings(path: str | os.PathLike[str] | None = None) -> tuple[Settings, str | None]:
    """Read the settings file (default: the user config folder). Returns (settings, notice)."""
    source = Path(path) if path is not None else paths.settings_path()
    data, notice = read_toml_or_quarantine(source)
    if data is None:
        return Settings(), notice
    settings, bad_keys = settings_from_dict(data)
    if bad_keys:
        return settings, f"Some settings were not understood ({', '.join(bad_keys)}); using defaults for those."
    return settings, None


def save_settings(settings: Settings, path: str | os.PathLike[str] | None = None) -> None:
    """Write the settings atomically (default: the user config folder)."""
    write_toml_atomic(Path(path) if path is not None else paths.settings_path(), settings_to_dict(settings))
