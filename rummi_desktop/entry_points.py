"""Loading a game's entry points (``GameSpec.entry_points``): its computer seats, analyze, table
scenes and bench scene, each named as ``"package.module:attribute"``, and its puzzle module,
named whole as ``"package.module"`` (:func:`load_module`).

Kept outside the rules layer on purpose: the rules and AI packages may not import by computed
names (tests/test_layering.py), so only the shell, the thinking process and the headless
commands turn these names into functions.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from rummi_desktop.games.base import EntryPoint, GameSpec


def load(entry: EntryPoint) -> Any:
    return getattr(importlib.import_module(entry.module), entry.attribute)


def load_entry(spec: GameSpec, name: str) -> Any:
    """The game's named entry point, imported now (KeyError when the game has none)."""
    return load(spec.entry_points[name])


def load_module(spec: GameSpec, name: str) -> ModuleType:
    """The module a game's entry point names whole (``"puzzles"``: ``"package.module"``, no
    attribute), imported now (KeyError when the game has none)."""
    return importlib.import_module(spec.entry_points[name].module)


def start_games() -> None:
    """Every game's ``startup`` entry point, called once as a process starts (the CLI, the
    thinking process, a load-test worker): each installs what its games will look up, reading
    nothing yet."""
    from rummi_desktop.games import GAMES

    for spec in GAMES.values():
        if spec.has("startup"):
            load_entry(spec, "startup")()


def puzzle_logic(game: str) -> ModuleType:
    """The game's puzzle module (``mine``, ``verify``, ``hints``, ``check``, ``from_position``,
    ``goal_of``), imported now; LookupError when the game has none."""
    from rummi_desktop.games import GAMES

    spec = GAMES[game]
    if not spec.has("puzzles"):
        raise LookupError(f"{spec.title} has no puzzle logic yet")
    return load_module(spec, "puzzles")
