"""The window's side of the games: what the menu, help and ``play KEY`` show of each game.

The games themselves are :data:`rummi_desktop.games.GAMES`; a game with a ``scenes`` entry
point (``rummi_desktop.games.rummi.table:game_info``) is asked for its :class:`GameInfo`, and
appears on the menu once it answers one: a game whose scenes are not written, or answer None,
is simply not offered (no placeholder entries). Scenes that fail to import are reported as a
notice rather than crashing the menu. Tests and plug-ins may also call ``register_game``.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterable

from rummi_desktop.entry_points import load_entry
from rummi_desktop.games import GAMES
from rummi_desktop.games.base import GameSpec

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App
    from rummi_desktop.shell.scene import Scene
    from rummi_desktop.ui.theme import Theme


@dataclass(frozen=True)
class GameInfo:
    """What the menu and ``rummi-desktop play KEY`` need to know about one playable game.

    ``new_game(app)`` makes the scene the menu button opens (usually the game's setup);
    ``quick_start(app, args)`` opens a table straight from the command line (``args`` has
    ``seats``, ``seed``, ``mode``; it may raise ValueError with a message for bad options);
    ``resume(app)`` returns a scene continuing a saved game, or None when there is none.
    ``replay_table(app, setup, state)`` is the game's table, read-only, showing a replayed state.
    ``chart_ink(theme)`` is the game's own colour in the theme, for its statistics charts (None:
    the theme's accent).
    ``continue_key`` is the menu shortcut of its Continue button (each game has its own).
    ``check_start(args)`` checks ``play``'s options before the window opens (ValueError names
    the problem: a seat, a mode the game does not have).
    ``sandbox(app)`` opens the game's sandbox (None: the game has none).
    ``guided(app)`` opens the game's guided first game (None: the game has none): Help offers
    it, and so does the game's first start (``scenes.guided.offer``).
    ``rules`` is a short rules summary for How to play (the help page's text format: blank
    lines between paragraphs, ``- `` for list items); empty means only the tagline is shown.
    """

    key: str
    title: str
    tagline: str
    new_game: Callable[["App"], "Scene"]
    quick_start: Callable[["App", argparse.Namespace], "Scene"] | None = None
    check_start: Callable[[argparse.Namespace], None] | None = None
    resume: Callable[["App"], "Scene | None"] | None = None
    order: int = 100
    rules: str = ""
    continue_key: str = "c"
    sandbox: Callable[["App"], "Scene"] | None = None
    replay_table: Callable[["App", dict, object], "Scene"] | None = None
    chart_ink: Callable[["Theme"], tuple[int, int, int]] | None = None  # its statistics charts' colour
    guided: Callable[["App"], "Scene"] | None = None  # its guided first game


_registered: dict[str, GameInfo] = {}
_load_problems: list[str] = []
_loaded = {"done": False}


def register_game(info: GameInfo) -> None:
    _registered[info.key] = info


def load_game_scenes(specs: Iterable[GameSpec] | None = None) -> list[str]:
    """Ask every game (once) for its menu entry and register the playable ones. Returns problems."""
    if _loaded["done"]:
        return list(_load_problems)
    _loaded["done"] = True
    for spec in GAMES.values() if specs is None else specs:
        if not spec.has("scenes"):
            continue
        try:
            info = load_entry(spec, "scenes")()
        except Exception as error:  # a broken game must not take the menu down with it
            _load_problems.append(f"{spec.key}: {type(error).__name__}: {error}")
            continue
        if info is not None:
            register_game(info)
    return list(_load_problems)


def playable_games() -> list[GameInfo]:
    """Registered games in menu order."""
    load_game_scenes()
    return sorted(_registered.values(), key=lambda info: (info.order, info.title))


def find_game(key: str) -> GameInfo | None:
    load_game_scenes()
    return _registered.get(key.strip().lower())
