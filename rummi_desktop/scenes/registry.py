"""The registry of games the menu offers: a game appears once it is playable, never before.

Each game's scene package (``rummi_desktop.scenes.rummi`` …) may define ``game_info() ->
GameInfo | None``; the registry imports the known packages and asks. A package that does not
exist yet, or has no ``game_info``, or answers None, is simply not offered: no placeholder
entries. A package that fails to import is reported as a notice rather than crashing the menu.
Tests and plug-ins may also call ``register_game`` directly.
"""

from __future__ import annotations

import argparse
import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from rummi_desktop.app import App
    from rummi_desktop.scene import Scene

KNOWN_GAME_PACKAGES: tuple[str, ...] = (
    "rummi_desktop.scenes.rummi",
    "rummi_desktop.scenes.rummble",
    "rummi_desktop.scenes.tumblewords",
)


@dataclass(frozen=True)
class GameInfo:
    """What the menu and ``rummi-desktop play KEY`` need to know about one playable game.

    ``new_game(app)`` makes the scene the menu button opens (usually the game's setup);
    ``quick_start(app, args)`` opens a table straight from the command line (``args`` has
    ``seats``, ``seed``, ``mode``; it may raise ValueError with a message for bad options);
    ``resume(app)`` returns a scene continuing a saved game, or None when there is none.
    ``rules`` is a short rules summary for How to play (the help page's text format: blank
    lines between paragraphs, ``- `` for list items); empty means only the tagline is shown.
    """

    key: str
    title: str
    tagline: str
    new_game: Callable[["App"], "Scene"]
    quick_start: Callable[["App", argparse.Namespace], "Scene"] | None = None
    resume: Callable[["App"], "Scene | None"] | None = None
    order: int = 100
    rules: str = ""


_registered: dict[str, GameInfo] = {}
_load_problems: list[str] = []
_loaded = {"done": False}


def register_game(info: GameInfo) -> None:
    _registered[info.key] = info


def load_game_packages(packages: tuple[str, ...] = KNOWN_GAME_PACKAGES) -> list[str]:
    """Import the known game packages once and register the playable ones. Returns problems."""
    if _loaded["done"]:
        return list(_load_problems)
    _loaded["done"] = True
    for name in packages:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name is not None and name.startswith(error.name):
                continue  # that game is not written yet
            _load_problems.append(f"{name.rsplit('.', 1)[-1]}: {error}")
            continue
        except Exception as error:  # a broken game must not take the menu down with it
            _load_problems.append(f"{name.rsplit('.', 1)[-1]}: {type(error).__name__}: {error}")
            continue
        hook = getattr(module, "game_info", None)
        info = hook() if callable(hook) else None
        if info is not None:
            register_game(info)
    return list(_load_problems)


def playable_games() -> list[GameInfo]:
    """Registered games in menu order."""
    load_game_packages()
    return sorted(_registered.values(), key=lambda info: (info.order, info.title))


def find_game(key: str) -> GameInfo | None:
    load_game_packages()
    return _registered.get(key.strip().lower())
