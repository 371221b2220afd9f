"""Where the trainer finds each game's puzzles, puzzle logic and puzzle table — all looked up
lazily through the game registry, so a game that lacks one of them is shown greyed with the
reason instead of breaking the trainer."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from rummi_desktop.games import GAMES
from rummi_desktop.trainer.catalog import Pack, packs_of


@dataclass
class GamePuzzles:
    """One game as the trainer sees it. ``unavailable`` says why it cannot be played ("" if it can)."""

    key: str
    title: str
    packs: list[Pack] = field(default_factory=list)
    entry: Any = None  # the game's GameEntry (opens its puzzle table)
    unavailable: str = ""

    @property
    def puzzles(self) -> list[dict]:
        return [p for pack in self.packs for p in pack.puzzles]


def game_entry(game: str) -> Any:
    """The game's GameEntry (its scenes package's ``ENTRY``), or None."""
    spec = GAMES[game]
    if not spec.has("scenes"):
        return None
    return getattr(importlib.import_module(spec.entry_points["scenes"].module), "ENTRY", None)


@lru_cache(maxsize=None)
def _shipped(game: str) -> tuple[tuple[Any, ...], tuple[dict, ...]]:
    from rummi_desktop.trainer.puzzle_files import shipped_puzzles

    shipped = shipped_puzzles(game)
    return tuple(shipped.packs), tuple(p.to_dict() for p in shipped.puzzles)


def shipped_puzzle_dicts(game: str) -> tuple[list[Any], list[dict]]:
    """(pack rows, puzzle dicts) from the game's shipped puzzle file. Read and validated once a
    run (~0.2 s for 66 Rummi puzzles): shipped files do not change while the game runs."""
    rows, puzzles = _shipped(game)
    return list(rows), [dict(p) for p in puzzles]


def load_game(game: str) -> GamePuzzles:
    spec = GAMES[game]
    found = GamePuzzles(game, spec.title)
    try:
        rows, puzzles = shipped_puzzle_dicts(game)
        found.packs = packs_of(game, rows, puzzles)
    except ImportError as error:  # a part of the program failed to import (a missing file is "no puzzles yet")
        found.unavailable = f"its puzzles could not be loaded ({_reason(error)})"
        return found
    except Exception as error:  # a damaged shipped file greys its game out, not the trainer
        found.unavailable = f"its puzzles could not be read ({error})"
        return found
    if not found.packs:
        found.unavailable = "no puzzles yet"
        return found
    try:
        found.entry = game_entry(game)
    except Exception as error:
        found.unavailable = f"its scenes could not be loaded ({_reason(error)})"
        return found
    if found.entry is None or not getattr(found.entry, "puzzle", ""):
        found.unavailable = "it has no puzzle table to play them at"
    return found


def _reason(error: Exception) -> str:
    """What went wrong, in the error's own words, with its kind when it says little alone."""
    text = str(error)
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def load_all() -> list[GamePuzzles]:
    return [load_game(key) for key in GAMES]
