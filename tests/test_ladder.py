"""``ladder``: the tiers' Elo fit (games/strength.py), the command's JSON line and the rating
table it writes into the package."""

from __future__ import annotations

import ast
import dataclasses
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from rummi_desktop.commands import ladder as ladder_command
from rummi_desktop.commands.ladder import run_ladder
from rummi_desktop.games import GAMES
from rummi_desktop.games.strength import (
    Pairing, expected_score, fit_ratings, performance_rating, rating_intervals, wilson_interval)

# The three quick tiers: the command's shape is the same for five, at a fraction of the time.
QUICK_RUMMI = dataclasses.replace(GAMES["rummi"], tiers=("easy", "medium", "hard"))
TRUE = {"easy": 1000.0, "medium": 1200.0, "hard": 1450.0}


def pairings_from(true: dict[str, float], games: int) -> list[Pairing]:
    """Each pair's games split exactly as the true ratings expect."""
    names = list(true)
    found = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            score = games * expected_score(true[a], true[b])
            found.append(Pairing(a, b, score, games - score))
    return found


def test_the_fit_recovers_the_ratings_the_games_came_from():
    fitted = fit_ratings(pairings_from(TRUE, 4000), "easy")
    assert fitted["easy"] == 1000.0
    for name, rating in TRUE.items():
        assert abs(fitted[name] - rating) < 3, (name, fitted[name])


def test_a_clean_sweep_has_a_finite_rating_and_a_real_interval():
    sweep = [Pairing("hard", "easy", 400, 0)]
    rating = fit_ratings(sweep, "easy")["hard"]
    assert 1900 < rating < 2200  # half a game each way: 400.5 to 0.5 is about 1,160 points
    low, high = rating_intervals(sweep, "easy", seed=1, rounds=100)["hard"]
    assert low < rating <= high + 1 and high > low


def test_intervals_hold_the_fit_and_narrow_with_more_games():
    few, many = pairings_from(TRUE, 100), pairings_from(TRUE, 1600)
    wide = rating_intervals(few, "easy", seed=2, rounds=200)
    narrow = rating_intervals(many, "easy", seed=2, rounds=200)
    assert wide["easy"] == (1000.0, 1000.0)
    for name in ("medium", "hard"):
        assert wide[name][0] < TRUE[name] < wide[name][1]
        assert narrow[name][1] - narrow[name][0] < (wide[name][1] - wide[name][0]) / 2


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 200), st.integers(1, 200))
def test_more_wins_never_a_lower_rating(won, extra):
    games = 200 + extra
    worse = fit_ratings([Pairing("a", "easy", won, games - won)], "easy")["a"]
    better = fit_ratings([Pairing("a", "easy", won + extra, games - won - extra)], "easy")["a"]
    assert better > worse


def test_wilson_interval_of_the_issue_table():
    low, high = wilson_interval(230, 400)  # Rummi Expert v Hard before the ladder work: [52.6, 62.3]
    assert (round(100 * low, 1), round(100 * high, 1)) == (52.6, 62.3)


def test_a_persons_rating_rises_with_wins_and_needs_a_game():
    assert performance_rating([]) is None
    beat_easy = performance_rating([(1000, 1.0)])
    lost_to_easy = performance_rating([(1000, 0.0)])
    assert lost_to_easy < 1000 < beat_easy
    assert performance_rating([(1400, 1.0), (1400, 1.0)]) > performance_rating([(1400, 1.0), (1400, 0.0)])
    even = performance_rating([(1500, 0.5)] * 50)
    assert abs(even - 1500) < 15  # many even games against one tier: close to that tier


def test_the_command_prints_every_pairing_and_every_tier(capsys, monkeypatch):
    monkeypatch.setattr(ladder_command, "find_game", lambda game: QUICK_RUMMI)
    assert run_ladder("rummi", 2, 5) == 0
    line = json.loads(capsys.readouterr().out)
    tiers = QUICK_RUMMI.tiers
    assert line["game"] == "rummi" and line["games"] == 2 and line["anchor"] == tiers[0]
    assert list(line["tiers"]) == list(tiers)
    assert line["tiers"][tiers[0]]["rating"] == 1000
    assert len(line["pairings"]) == len(tiers) * (len(tiers) - 1) // 2
    for pairing in line["pairings"]:
        assert tiers.index(pairing["seats"][0]) > tiers.index(pairing["seats"][1])  # the stronger first
        assert 0 <= pairing["interval"][0] <= pairing["win_rate"] <= pairing["interval"][1] <= 1
    for tier in line["tiers"].values():
        assert tier["interval"][0] <= tier["rating"] <= tier["interval"][1]
        assert set(tier["think_ms"]) == {"mean", "p50", "p95", "max"}
    assert line["violations"] == 0 and line["deadline_hits"] == 0


def test_write_puts_a_data_module_beside_the_computer_seats(tmp_path, monkeypatch, capsys):
    target = tmp_path / "tier_ratings.py"
    monkeypatch.setattr(ladder_command, "ratings_path", lambda spec: target)
    monkeypatch.setattr(ladder_command, "find_game", lambda game: QUICK_RUMMI)
    assert run_ladder("rummi", 2, 5, write=True) == 0
    printed = json.loads(capsys.readouterr().out)
    module = ast.parse(target.read_text(encoding="utf-8"))
    assignment = next(node for node in module.body if isinstance(node, ast.AnnAssign))
    ratings = ast.literal_eval(assignment.value)
    assert ratings == {tier: value["rating"] for tier, value in printed["tiers"].items()}
    assert "--games 2 --seed 5 --write" in ast.get_docstring(module)


def test_the_shipped_tables_name_every_tier_the_game_offers():
    for spec in GAMES.values():
        if spec.tier_ratings:
            assert list(spec.tier_ratings) == list(spec.tiers), spec.key
            assert spec.tier_ratings[spec.tiers[0]] == 1000


def test_bad_arguments_exit_2(capsys):
    assert run_ladder("chess", 10, 1) == 2
    assert run_ladder("rummi", 0, 1) == 2
    assert run_ladder("rummi", 10, 1, jobs=0) == 2
    assert capsys.readouterr().err.count("ladder:") == 3
