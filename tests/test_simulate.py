"""``simulate``: the contract's JSON line, determinism, and rule checks on every move."""

from __future__ import annotations

import json

from rummi_desktop.simulate import run_simulate, simulate


def test_simulate_prints_the_contract_line(capsys):
    assert run_simulate("rummi", "medium,easy", 2, 5) == 0
    line = capsys.readouterr().out.strip()
    data = json.loads(line)
    assert "\n" not in line
    assert set(data) == {"game", "games", "seats", "wins", "draws", "mean_turns", "violations", "think_ms"}
    assert data["game"] == "rummi" and data["games"] == 2 and data["seats"] == ["medium", "easy"]
    assert sum(data["wins"]) + data["draws"] >= 2
    assert data["violations"] == 0
    assert set(data["think_ms"]) == {"medium", "easy"}
    assert all(set(v) == {"mean", "p95", "max"} for v in data["think_ms"].values())


def test_same_seed_same_games():
    first = simulate(["easy", "medium", "easy"], 2, 11)
    second = simulate(["easy", "medium", "easy"], 2, 11)
    for key in ("wins", "draws", "mean_turns", "violations"):
        assert first[key] == second[key]


def test_bad_arguments_exit_2(capsys):
    assert run_simulate("rummi", "hard", 1, 1) == 2
    assert run_simulate("rummi", "hard,wizard", 1, 1) == 2
    assert run_simulate("chess", "hard,easy", 1, 1) == 2
    assert "simulate:" in capsys.readouterr().err


def test_each_deal_is_played_from_every_seat():
    # Two equal seats on the same deals split the wins exactly.
    result = simulate(["hard", "hard"], 2, 3)
    assert result["wins"] == [1, 1] and result["violations"] == 0
