"""``simulate``: the contract's JSON line, determinism, and rule checks on every move."""

from __future__ import annotations

import dataclasses
import json

from rummi_desktop.games import GAMES
from rummi_desktop.commands.simulate import run_simulate
from rummi_desktop.commands.simulate import simulate as simulate_game

RUMMI = GAMES["rummi"]


def simulate(tiers, games, seed):
    return simulate_game(RUMMI, tiers, games, seed)


def test_simulate_prints_the_contract_line(capsys):
    assert run_simulate("rummi", "medium,easy", 2, 5) == 0
    line = capsys.readouterr().out.strip()
    data = json.loads(line)
    assert "\n" not in line
    assert set(data) == {"game", "games", "seats", "wins", "shared", "draws", "mean_turns", "violations",
                         "deadline_hits", "think_ms"}
    assert data["game"] == "rummi" and data["games"] == 2 and data["seats"] == ["medium", "easy"]
    assert sum(data["wins"]) + data["draws"] >= 2
    assert data["violations"] == 0
    assert set(data["think_ms"]) == {"medium", "easy"}
    assert all(set(v) == {"mean", "p50", "p95", "max"} for v in data["think_ms"].values())
    assert data["deadline_hits"] == 0


def test_same_seed_same_games():
    first = simulate(["easy", "medium", "easy"], 2, 11)
    second = simulate(["easy", "medium", "easy"], 2, 11)
    for key in ("wins", "draws", "mean_turns", "violations"):
        assert first[key] == second[key]


def test_games_played_on_two_processes_are_the_same_games():
    alone = simulate_game(RUMMI, ["medium", "easy"], 4, 9)
    shared = simulate_game(RUMMI, ["medium", "easy"], 4, 9, jobs=2)
    for key in ("wins", "shared", "draws", "mean_turns", "violations", "deadline_hits"):
        assert alone[key] == shared[key], key
    assert set(shared["think_ms"]) == {"medium", "easy"}


def test_a_move_that_comes_back_after_its_deadline_is_counted(monkeypatch):
    import rummi_desktop.commands.simulate as simulate_module

    monkeypatch.setattr(simulate_module, "SAFETY_NET", -1.0)  # every move is already late
    result = simulate(["easy", "easy"], 2, 3)
    assert result["deadline_hits"] == round(result["mean_turns"] * 2) > 0
    monkeypatch.setattr(simulate_module, "SAFETY_NET", 60.0)
    assert simulate(["easy", "easy"], 2, 3)["deadline_hits"] == 0


def test_bad_arguments_exit_2(capsys):
    assert run_simulate("rummi", "hard", 1, 1) == 2
    assert run_simulate("rummi", "hard,wizard", 1, 1) == 2
    assert run_simulate("chess", "hard,easy", 1, 1) == 2
    assert run_simulate("rummi", "hard,easy", 1, 1, jobs=0) == 2
    assert "simulate:" in capsys.readouterr().err


def test_each_deal_is_played_from_every_seat():
    # Two equal seats on the same deals split the wins exactly.
    result = simulate(["hard", "hard"], 2, 3)
    assert result["wins"] == [1, 1] and result["violations"] == 0


def test_a_blocked_round_with_tied_racks_is_a_shared_win():
    from rummi_desktop.commands.simulate import Tally, play_game

    tally = Tally(wins=[0, 0])
    winners = play_game(RUMMI, ("easy", "easy"), 148, tally)  # this deal blocks with equal racks
    assert winners == (0, 1) and tally.violations == 0


def test_shared_wins_count_for_each_winner_and_once_in_shared(monkeypatch):
    import rummi_desktop.commands.simulate as simulate_module

    outcomes = iter([(0,), (0, 1), (), (1,)])  # won alone, shared, a draw, won alone
    monkeypatch.setattr(simulate_module, "play_game", lambda spec, tiers, seed, tally, rules: next(outcomes))
    result = simulate(["easy", "hard"], 4, 1)
    # Games 1 and 3 are played with the seats turned: their seat 0 is "hard", seat 1 "easy".
    assert result["wins"] == [3, 1] and result["shared"] == 1 and result["draws"] == 1
    won_alone = 2
    assert result["games"] == result["draws"] + won_alone + result["shared"]


def test_rules_play_every_game_under_a_house_rule(capsys):
    dealt = []

    def recording_new_state(seats, seed, **options):
        state = RUMMI.new_state(seats, seed, **options)
        dealt.append(len(state.tiles_in_play))
        return state

    spec = dataclasses.replace(RUMMI, new_state=recording_new_state)
    data = simulate_game(spec, ["easy", "easy"], 2, 3, {"jokers": 4})
    assert dealt == [108, 108] and data["rules"] == {"jokers": 4} and data["violations"] == 0
    assert "rules" not in simulate(["easy", "easy"], 1, 3)
    assert run_simulate("rummi", "easy,easy", 1, 3, '{"jokers": 4}') == 0
    assert json.loads(capsys.readouterr().out)["rules"] == {"jokers": 4}


def test_bad_rules_exit_2_saying_why(capsys):
    for text, said in (('{"jokers": 3}', "rule jokers is 2, 4, not 3"), ("{jokers: 4}", "--rules is not JSON"),
                       ('{"wild": 1}', "unknown rule"), ("[4]", "rules must be an object")):
        assert run_simulate("rummi", "easy,easy", 1, 1, text) == 2
        err = capsys.readouterr().err
        assert err.startswith("simulate: ") and said in err, err
