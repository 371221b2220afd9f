"""The post-game review (games/review.py, each game's ai/coach.py, ``rummi-desktop review``):
its figures against brute force on short seeded games (every best play it names is legal,
lays what it says and scores what it says, and nothing scores more), Hard's exact play in
Rummi, the summary, the progress callback, and the command's output and refusals."""

from __future__ import annotations

import io
import json
import threading
from collections import Counter

import pytest

from review_support import play_out, small_rummble_game, small_rummi_game
from rummi_desktop.commands.cli import main
from rummi_desktop.commands.review import run_review
from rummi_desktop.entry_points import load_entry, start_games
from rummi_desktop.games import GAMES
from rummi_desktop.games.base import Coach
from rummi_desktop.games.review import ReviewCancelled, review_game, split_turns
from rummi_desktop.games.rummble.rules.moves import Move as RummbleMove
from rummi_desktop.games.rummi.rules.moves import Move as RummiMove
from rummi_desktop.games.tumblewords.rules.grid import LETTERS
from rummi_desktop.games.tumblewords.rules.moves import Drop
from rummi_desktop.records.replay import replay_of_record
from rummi_desktop.records.replay_files import export_replay
from rummi_desktop.storage import paths
from tests.test_rummble_movegen import brute_force as rummble_brute_force
from tests.test_solver_oracle import brute_force as rummi_brute_force

start_games()


def reviewed(key, fresh, moves):
    return review_game(key, load_entry(GAMES[key], "coach"), fresh, moves)


def rummi_laid(before, after) -> Counter:
    return Counter(t for m in after.table_tiles() for t in m) - Counter(t for m in before.table_tiles() for t in m)


# ---- Rummi: exact, against the brute-force oracle --------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_rummi_review_figures_match_brute_force_on_short_games(seed):
    game = play_out("rummi", small_rummi_game(seed))
    review = reviewed("rummi", small_rummi_game(seed), game.log)
    turns = split_turns(small_rummi_game(seed), game.log)
    assert len(review.turns) == len(turns) > 3
    for turn, judged in zip(turns, review.turns):
        before = turn.before
        assert judged.best.rank == rummi_brute_force(before.table_tiles(), before.rack_tiles(), before.owes_opening)
        # The best play named is legal, and lays the tiles and points it says.
        trial = before.clone()
        result = trial.apply(RummiMove.parse(judged.best.move))
        assert result.ok
        laid = rummi_laid(before, trial) if result.laid_tiles else Counter()
        assert sorted(t.notation() for t in laid.elements()) == sorted(judged.best.tiles)
        assert sum(t.penalty for t in laid.elements()) == judged.best.points
        # What was played is what the log laid.
        played = rummi_laid(before, turn.after)
        assert sum(t.penalty for t in played.elements()) == judged.played.points
        missed = Counter(judged.best.tiles) - Counter(t.notation() for t in played.elements())
        assert judged.missed_tiles == (0 if judged.at_best else sum(missed.values()))
        assert judged.missed_points == (0 if judged.at_best else judged.best.points - judged.played.points)


def test_rummi_short_games_have_misses_for_the_review_to_find():
    misses = [turn for seed in range(6) for turn in
              reviewed("rummi", small_rummi_game(seed), play_out("rummi", small_rummi_game(seed)).log).turns
              if not turn.at_best]
    assert len(misses) >= 3 and all(turn.missed_tiles > 0 for turn in misses)


def test_rummi_opening_turns_are_judged_by_the_30_point_rule():
    for seed in range(3):
        game = play_out("rummi", small_rummi_game(seed, opened=False))
        for turn, judged in zip(split_turns(small_rummi_game(seed, opened=False), game.log),
                                reviewed("rummi", small_rummi_game(seed, opened=False), game.log).turns):
            before = turn.before
            assert judged.best.rank == rummi_brute_force(before.table_tiles(), before.rack_tiles(), before.owes_opening)


def test_rummi_hard_misses_nothing_on_a_whole_seeded_game(capsys):
    assert main(["review", "--game", "rummi", "--seats", "medium,hard", "--seed", "3"]) == 0
    data = json.loads(capsys.readouterr().out)
    hard = [turn for turn in data["turns"] if turn["seat"] == 1]
    medium = [turn for turn in data["turns"] if turn["seat"] == 0]
    assert len(hard) > 10
    assert all(turn["missed_tiles"] == 0 and turn["missed_points"] == 0 for turn in hard)
    assert data["accuracy"][1] == 1.0 and data["missed_points"][1] == 0 and data["biggest_misses"][1] == []
    # The test could fail: the other seat's misses are found.
    assert any(turn["missed_tiles"] > 0 for turn in medium) and data["accuracy"][0] < 1.0


# ---- Rummble and Tumblewords: the best play is the highest score of every legal play ---------

@pytest.mark.parametrize("seed", range(4))
def test_rummble_review_figures_match_brute_force_on_short_games(seed):
    seats = ("easy", "medium")
    game = play_out("rummble", small_rummble_game(seed), seats)
    turns = split_turns(small_rummble_game(seed), game.log)
    review = reviewed("rummble", small_rummble_game(seed), game.log)
    assert len(review.turns) == len(turns) >= 2
    for turn, judged in zip(turns, review.turns):
        before = turn.before
        plays = rummble_brute_force(before.board, before.rack_tiles(), before.params.highest)
        assert judged.best.points == max(plays.values(), default=0)
        if plays:
            trial, seat = before.clone(), before.current
            trial.apply(RummbleMove.parse(judged.best.move))
            assert trial.points[seat] - before.points[seat] == judged.best.points
        gained = turn.after.points[turn.seat] - before.points[turn.seat]
        assert judged.played.points == gained
        assert judged.missed_points == judged.best.points - gained


def tumblewords_brute_best(state) -> int:
    """The best score of a drop, by trying every column and letter on a copy of the state."""
    best, seat = 0, state.current
    for letter in set(state.hand()):
        shown = LETTERS if letter == "?" else letter
        for column in range(state.grid.columns):
            for face in shown:
                trial = state.clone()
                try:
                    trial.apply(Drop(column, face, blank=letter == "?"))
                except ValueError:
                    continue  # a full column
                best = max(best, trial.points[seat] - state.points[seat])
    return best


def test_tumblewords_review_figures_match_brute_force_on_a_short_game():
    spec, seats = GAMES["tumblewords"], ("easy", "medium")
    game = play_out("tumblewords", spec.new_state(seats, 5, board="quick"), seats)
    turns = split_turns(spec.new_state(seats, 5, board="quick"), game.log)
    review = reviewed("tumblewords", spec.new_state(seats, 5, board="quick"), game.log)
    assert len(review.turns) == len(turns) > 10
    assert any(not judged.at_best for judged in review.turns)
    for turn, judged in list(zip(turns, review.turns))[:16]:
        before, seat = turn.before, turn.seat
        assert judged.best.points == tumblewords_brute_best(before)
        trial = before.clone()
        trial.apply(Drop.parse(judged.best.move))
        assert trial.points[seat] - before.points[seat] == judged.best.points
        assert judged.played.points == turn.after.points[seat] - before.points[seat]


# ---- the summary, progress and cancelling ------------------------------------------------------

def test_the_summary_counts_accuracy_misses_and_the_three_biggest():
    seed = 1
    review = reviewed("rummi", small_rummi_game(seed), play_out("rummi", small_rummi_game(seed)).log)
    data = review.to_data()
    for seat in range(2):
        mine = [turn for turn in review.turns if turn.seat == seat]
        assert data["accuracy"][seat] == round(sum(turn.at_best for turn in mine) / len(mine), 4)
        assert data["missed_points"][seat] == sum(turn.missed_points for turn in mine)
        misses = sorted((turn for turn in mine if not turn.at_best), key=lambda t: t.shortfall, reverse=True)
        assert data["biggest_misses"][seat] == [turn.turn for turn in misses[:3]]
    assert data["biggest_misses"][1], "Medium misses something in this game"


def test_progress_is_reported_turn_by_turn_and_a_cancel_stops_the_review():
    game = play_out("rummi", small_rummi_game(2))
    calls = []
    review_game("rummi", load_entry(GAMES["rummi"], "coach"), small_rummi_game(2), game.log,
                progress=lambda done, total: calls.append((done, total)))
    total = len(split_turns(small_rummi_game(2), game.log))
    assert calls == [(done, total) for done in range(1, total + 1)]
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(ReviewCancelled):
        review_game("rummi", load_entry(GAMES["rummi"], "coach"), small_rummi_game(2), game.log, cancel=cancel)


# ---- the command -------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ("rummi", "rummble", "tumblewords"))
def test_review_of_a_replay_file_prints_one_json_object(game, tmp_path, monkeypatch):
    from replay_support import recorded_game

    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    state, record = recorded_game(game, 4)
    path = export_replay(replay_of_record(record), tmp_path / "game.toml")
    out, err = io.StringIO(), io.StringIO()
    assert run_review(str(path), None, None, "1", out, err) == 0
    assert err.getvalue() == "" and out.getvalue().count("\n") == 1
    data = json.loads(out.getvalue())
    assert list(data) == ["game", "turns", "accuracy", "missed_points", "biggest_misses", "seconds"]
    assert data["game"] == game and len(data["accuracy"]) == 2
    assert [turn["turn"] for turn in data["turns"]] == list(range(1, len(data["turns"]) + 1))
    assert {turn["seat"] for turn in data["turns"]} == {0, 1}
    for turn in data["turns"]:
        assert list(turn) == ["seat", "turn", "played", "best", "missed_points", "missed_tiles"]
        assert set(turn["best"]) == {"move", "points", "tiles"} and turn["missed_tiles"] >= 0
    assert all(0 <= share <= 1 for share in data["accuracy"]) and data["seconds"] >= 0


def test_a_person_s_turn_of_many_rummi_moves_is_one_reviewed_turn(tmp_path, monkeypatch):
    from replay_support import recorded_game

    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    state, record = recorded_game("rummi", 4)
    assert any(action.startswith("place") for action in state.log), "the person plays tile by tile"
    replay = replay_of_record(record)
    review = reviewed("rummi", replay.fresh_state(), replay.moves)
    turns = split_turns(replay.fresh_state(), replay.moves)
    assert any(len(turn.actions) > 2 for turn in turns)
    for turn, judged in zip(turns, review.turns):
        laid = rummi_laid(turn.before, turn.after)
        assert sorted(judged.played.tiles) == sorted(t.notation() for t in laid.elements())


def one_line_refusal(args, capsys) -> str:
    assert main(["review", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and "Traceback" not in captured.err
    return captured.err


def test_bad_input_is_one_clear_line_and_status_2(tmp_path, capsys):
    damaged = tmp_path / "damaged.toml"
    damaged.write_text("kind = 'rummi-desktop replay'\nversion = [", encoding="utf-8")
    assert "damaged.toml is not a readable TOML file" in one_line_refusal([str(damaged)], capsys)
    not_replay = tmp_path / "list.toml"
    not_replay.write_text("kind = 'a shopping list'\n", encoding="utf-8")
    assert "list.toml is not a replay" in one_line_refusal([str(not_replay)], capsys)
    assert "There is no file" in one_line_refusal([str(tmp_path / "missing.toml")], capsys)
    assert "unknown game 'chess'" in one_line_refusal(["--game", "chess", "--seats", "hard,easy"], capsys)
    assert "--seats" in one_line_refusal(["--game", "rummi", "--seats", "hard,wizard"], capsys)
    assert "--seats" in one_line_refusal(["--game", "rummi", "--seats", "hard"], capsys)
    assert "--game needs --seats" in one_line_refusal(["--game", "rummi"], capsys)
    assert "--seed" in one_line_refusal(["--game", "rummi", "--seats", "hard,easy", "--seed", "seven"], capsys)
    assert "not both" in one_line_refusal([], capsys)
    assert "not both" in one_line_refusal([str(damaged), "--game", "rummi", "--seats", "hard,easy"], capsys)


def test_review_and_top_print_only_documented_fields():
    from tests.test_docs_contract import documented_fields

    seed = 1
    data = reviewed("rummi", small_rummi_game(seed), play_out("rummi", small_rummi_game(seed)).log).to_data()
    fields = set(data) | {"seconds"} | {key for turn in data["turns"] for key in turn}
    fields |= {key for turn in data["turns"] for key in turn["best"]}
    assert fields <= documented_fields()
    assert "top" in documented_fields()


def test_a_cancel_during_a_turn_s_search_stops_the_review_as_cancelled():
    game = play_out("rummi", small_rummi_game(2))
    coach, cancel = load_entry(GAMES["rummi"], "coach"), threading.Event()

    def cancelled_mid_search(state, top, *, deadline=None, cancel=None):
        cancel.set()  # as the window would, while the solver runs
        return coach.best_plays(state, top, cancel=cancel)

    with pytest.raises(ReviewCancelled):
        review_game("rummi", Coach(cancelled_mid_search, coach.turn_played), small_rummi_game(2), game.log,
                    cancel=cancel)
