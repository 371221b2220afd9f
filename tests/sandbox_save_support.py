"""A sandbox-saved scenario is a whole puzzle: its game's verify() and the
``rummi-desktop puzzles --verify`` command both pass it."""

from __future__ import annotations

import json

from rummi_desktop.commands.cli import main
from rummi_desktop.scenes.sandbox import scenario_files as files


def assert_saved_puzzle_verifies(path, game: str, capsys) -> dict:
    puzzle = files.load_scenario_file(path, game)
    assert files.puzzle_module(game).verify(puzzle) == []
    capsys.readouterr()
    assert main(["puzzles", "--verify", str(path)]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    assert json.loads(line)["ok"] is True
    return puzzle
