"""Where the trainer finds each game's puzzles and puzzle table, and why a game is greyed."""

from __future__ import annotations

import subprocess
import sys

import pytest

from puzzle_support import PACKS, PUZZLES
from rummi_desktop.entry_points import puzzle_logic
from rummi_desktop.scenes.game_entry import GameEntry
from rummi_desktop.games.rummi.table import ENTRY
from rummi_desktop.scenes.trainer import sources
from rummi_desktop.trainer.puzzle_files import PuzzleFileError


def test_a_game_with_puzzles_and_a_puzzle_table_is_playable(monkeypatch):
    monkeypatch.setattr(sources, "shipped_puzzle_dicts", lambda game: (PACKS, PUZZLES))
    found = sources.load_game("rummi")
    assert found.unavailable == "" and found.entry is ENTRY and ENTRY.puzzle
    assert [p["id"] for p in found.puzzles] == [p["id"] for p in PUZZLES]
    assert puzzle_logic("rummi").check.__module__ == "rummi_desktop.games.rummi.puzzles.mining"


def test_each_missing_part_greys_the_game_with_its_reason(monkeypatch):
    monkeypatch.setattr(sources, "shipped_puzzle_dicts", lambda game: ([], []))
    assert sources.load_game("rummi").unavailable == "no puzzles yet"

    def damaged(game):
        raise PuzzleFileError("the shipped rummi.toml: puzzle 3 has a bad tile 'Q7'.")

    monkeypatch.setattr(sources, "shipped_puzzle_dicts", damaged)
    assert "could not be read (the shipped rummi.toml: puzzle 3" in sources.load_game("rummi").unavailable

    def broken_import(game):
        raise ModuleNotFoundError("No module named 'tomllib'", name="tomllib")

    monkeypatch.setattr(sources, "shipped_puzzle_dicts", broken_import)
    assert sources.load_game("rummi").unavailable == \
        "its puzzles could not be loaded (ModuleNotFoundError: No module named 'tomllib')"

    monkeypatch.setattr(sources, "shipped_puzzle_dicts", lambda game: (PACKS, PUZZLES))

    def broken_scenes(game):
        raise AttributeError("module 'rummi_desktop.games.rummi.table' has no attribute 'ENTRY'")

    monkeypatch.setattr(sources, "game_entry", broken_scenes)
    assert sources.load_game("rummi").unavailable == ("its scenes could not be loaded (AttributeError: module "
                                                      "'rummi_desktop.games.rummi.table' has no attribute 'ENTRY')")
    bare = GameEntry("rummi", "Rummi", setup="x:y", session="x:y", load_state="x:y", table="x:y")
    monkeypatch.setattr(sources, "game_entry", lambda game: bare)
    assert sources.load_game("rummi").unavailable == "it has no puzzle table to play them at"


def test_a_game_entry_without_a_puzzle_table_refuses_to_open_one():
    bare = GameEntry("rummi", "Rummi", setup="x:y", session="x:y", load_state="x:y", table="x:y")
    with pytest.raises(ValueError, match="no puzzle table"):
        bare.puzzle_scene(None, {}, lambda outcome: None)


def test_the_menu_loads_neither_the_trainer_nor_openskill():
    code = ("import sys, rummi_desktop.scenes.menu\n"
            "print(sorted(m for m in sys.modules if m.startswith(('openskill', 'rummi_desktop.scenes.trainer',"
            " 'rummi_desktop.trainer'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PATH": ""})
    assert out.stdout.strip() == "[]"
