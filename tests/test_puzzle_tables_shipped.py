"""Every shipped Rummble and Tumblewords puzzle opens on its puzzle table, and the third hint
plays its solution out through the table's own parts to a solved outcome."""

from __future__ import annotations

import pytest

from puzzle_table_support import Outcomes
from test_rummi_flow_support import key, make_app, steps


@pytest.mark.parametrize("game", ["rummble", "tumblewords"])
def test_hint_three_solves_every_shipped_puzzle(game, tmp_path, monkeypatch):
    from rummi_desktop.scenes.trainer.sources import game_entry, shipped_puzzle_dicts

    _, puzzles = shipped_puzzle_dicts(game)
    assert len(puzzles) >= 20
    entry = game_entry(game)
    app = make_app(tmp_path, monkeypatch, speed="instant")
    unsolved = []
    for puzzle in puzzles:
        outcomes = Outcomes()
        scene = entry.puzzle_scene(app, puzzle, outcomes)
        app.stack.replace(scene) if app.stack.top is not None else app.stack.push(scene)
        steps(app, 2)
        for _ in range(3):
            key(app, "h")
        for _ in range(300):
            if outcomes:
                break
            steps(app, 1)
        if not (outcomes and outcomes[0].solved and outcomes[0].hints_used == 3):
            unsolved.append((puzzle["id"], scene.mode.run.message))
    assert unsolved == []
