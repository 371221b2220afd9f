"""The scenes the fuzzer drives, each built the way the game itself builds it.

Every game the menu offers (``scenes.registry``, fed by :data:`~rummi_desktop.games.GAMES`)
gives three scenes: ``KEY`` (its table: a person against a computer, through the game's
``play KEY`` quick start), ``KEY-pass`` (pass-and-play: two people, the privacy screen between
them) and ``KEY-sandbox`` (the game's sandbox, as the menu's Sandbox opens it). The shell's
screens are the ones the menu's buttons open: ``trainer``, ``profiles``, ``settings`` and
``lobby`` (the Online screen, with no server; "Host on this computer" hosts for this computer
only while fuzzing, see :func:`keep_hosting_local`).
"""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App
    from rummi_desktop.shell.scene import Scene

SceneMaker = Callable[["App", int], "Scene"]
COMPUTER = "easy"  # the quickest tier: the fuzz is about the table, not the thinking


def _table(key: str, seats: str) -> SceneMaker:
    def make(app: "App", seed: int) -> "Scene":
        from rummi_desktop.scenes.registry import find_game

        game = find_game(key)
        assert game is not None and game.quick_start is not None
        return game.quick_start(app, argparse.Namespace(seats=seats, seed=seed, mode=None))
    return make


def _sandbox(key: str) -> SceneMaker:
    def make(app: "App", seed: int) -> "Scene":
        from rummi_desktop.scenes.registry import find_game

        game = find_game(key)
        assert game is not None and game.sandbox is not None
        return game.sandbox(app)
    return make


def _trainer(app: "App", seed: int) -> "Scene":
    from rummi_desktop.scenes.trainer.trainer_scene import TrainerScene

    return TrainerScene(app)


def _profiles(app: "App", seed: int) -> "Scene":
    from rummi_desktop.scenes.profiles import ProfilesScene

    return ProfilesScene(app)


def _settings(app: "App", seed: int) -> "Scene":
    from rummi_desktop.scenes.settings import SettingsScene

    return SettingsScene(app)


def _lobby(app: "App", seed: int) -> "Scene":
    from rummi_desktop.scenes.online.lobby_scene import OnlineScene

    return OnlineScene(app)


def fuzz_scenes() -> dict[str, SceneMaker]:
    """Every scene by name, in the menu's order."""
    from rummi_desktop.scenes.registry import playable_games

    scenes: dict[str, SceneMaker] = {}
    for game in playable_games():
        if game.quick_start is not None:
            scenes[game.key] = _table(game.key, f"human,{COMPUTER}")
            scenes[f"{game.key}-pass"] = _table(game.key, "human,human")
        if game.sandbox is not None:
            scenes[f"{game.key}-sandbox"] = _sandbox(game.key)
    scenes.update(trainer=_trainer, profiles=_profiles, settings=_settings, lobby=_lobby)
    return scenes


def keep_hosting_local() -> None:
    """A click on "Host on this computer" while fuzzing starts a server for this computer only,
    never one the local network can reach (net/hosting.py reads this variable)."""
    from rummi_desktop.net.hosting import BIND_ENV

    os.environ[BIND_ENV] = "127.0.0.1"
