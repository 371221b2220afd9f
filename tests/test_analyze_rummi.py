"""``rummi-desktop analyze``: reading, Rummi check mode, solve hand-off, and clear exit-2 errors."""

import io
import json
import subprocess
import sys
import types

import pytest

from rummi_desktop.analysis import run_analyze
from rummi_desktop.analysis.rummi_check import SOLVER_MODULE

CONTRACT_TABLE = [["R1", "R2", "R3"], ["K5", "B5", "Y5"]]


def position(**changes):
    base = {"game": "rummi", "table": CONTRACT_TABLE, "rack": ["R4", "J", "K7"], "initial": False,
            "play": [["R1", "R2", "R3", "R4"], ["K5", "B5", "Y5"]]}
    base.update(changes)
    return {key: value for key, value in base.items() if value is not ...}


def analyze_text(text):
    """Run analyze on ``text`` given on standard input: (exit status, answers, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    status = run_analyze("-", stdin=io.StringIO(text), stdout=out, stderr=err)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    return status, answers, err.getvalue()


def analyze(*positions):
    return analyze_text("\n".join(json.dumps(p) for p in positions))


def test_contract_check_example_is_legal_with_placed_and_value():
    assert analyze(position()) == (0, [{"game": "rummi", "legal": True, "placed": 1, "value": 4}], "")


def test_joker_play_value_counts_the_joker_as_thirty():
    status, answers, _ = analyze(position(play=[["R1", "R2", "R3", "R4", "J"], ["K5", "B5", "Y5"]]))
    assert answers == [{"game": "rummi", "legal": True, "placed": 2, "value": 34}]


@pytest.mark.parametrize("play, initial, error_part", [
    ([["R1", "R2", "R3"], ["K5", "B5", "Y5"]], False, "at least one"),
    ([["R1", "R2", "R3", "R4"], ["K5", "B5", "Y5", "K7"]], False, "meld 2 (K5 B5 Y5 K7) is not valid"),
    ([["R1", "R2", "R3", "R4"]], False, "never go back to a rack"),
    ([["R1", "R2", "R3", "R4", "R5"], ["K5", "B5", "Y5"]], False, "R5: not on your rack"),
    ([["R1", "R2", "R3", "R4"], ["K5", "B5", "Y5"]], True, "may not touch"),
])
def test_illegal_plays_are_normal_answers_with_an_error_sentence(play, initial, error_part):
    status, answers, stderr = analyze(position(play=play, initial=initial))
    assert status == 0 and stderr == ""
    (answer,) = answers
    assert answer["legal"] is False and error_part in answer["error"]


def test_initial_meld_check():
    opening = position(table=[], rack=["K10", "B10", "Y10", "R1"], initial=True,
                       play=[["K10", "B10", "Y10"]])
    too_small = position(table=[], rack=["K9", "B9", "Y9"], initial=True, play=[["K9", "B9", "Y9"]])
    status, answers, _ = analyze(opening, too_small)
    assert status == 0
    assert answers[0] == {"game": "rummi", "legal": True, "placed": 3, "value": 30}
    assert answers[1]["legal"] is False and "27 points" in answers[1]["error"]


def test_object_array_and_json_lines_all_answer_in_order():
    first, second = position(), position(play=[["R1", "R2", "R3"], ["K5", "B5", "Y5"]])
    for text in (json.dumps([first, second]),
                 json.dumps(first) + "\n\n" + json.dumps(second) + "\n",
                 json.dumps(first, indent=2)):
        status, answers, _ = analyze_text(text)
        assert status == 0 and answers[0]["legal"] is True
        if len(answers) == 2:
            assert answers[1]["legal"] is False


def test_reads_a_file(tmp_path):
    path = tmp_path / "positions.jsonl"
    path.write_text(json.dumps(position()) + "\n", encoding="utf-8")
    out = io.StringIO()
    assert run_analyze(str(path), stdout=out, stderr=io.StringIO()) == 0
    assert json.loads(out.getvalue())["placed"] == 1


@pytest.mark.parametrize("bad, message", [
    (position(table=[["R1", "X2", "R3"]]), "position 1: table meld 1: 'X2': unknown colour"),
    (position(rack=["R4", "R14"]), "position 1: rack: no tile numbered 14"),
    (position(rack=["R4", 7]), "position 1: rack: 7 is not a tile"),
    (position(rack="R4 J"), "position 1: rack must be a list"),
    (position(table={"a": 1}), "position 1: table must be a list of melds"),
    (position(play=["R1", "R2"]), "position 1: play meld 1 must be a list"),
    (position(initial="yes"), "position 1: initial must be true or false"),
    (position(table=...), "position 1: missing key 'table'"),
    (position(rack=...), "position 1: missing key 'rack'"),
    (position(game=...), 'position 1: missing key "game"'),
    (position(rack=["R1", "R1"]), "position 1: table and rack together name more copies than exist of R1"),
    (position(rack=["J", "J", "J"]), "more copies than exist of J"),
    (position(play=[["R7", "R7", "R7"]]), "position 1: the play name"),
    (position(table=[["R7", "R7", "K7"]]), "the table is not a set of valid melds: meld 1 (R7 R7 K7)"),
    (position(plays=[]), "unknown key 'plays'"),
    ({"game": "rummble", "board": [], "rack": []}, "position 1: game 'rummble' is not supported"),
    ({"game": "tumblewords", "rows": []}, "game 'tumblewords' is not supported"),
    ({"game": "go"}, "unknown game 'go'"),
    ([1, 2], "position 1: a position must be a JSON object, not list"),
])
def test_unreadable_positions_exit_2_naming_the_position(bad, message):
    status, answers, stderr = analyze(position(), bad)
    assert status == 2 and answers == []
    assert stderr.count("\n") == 1 and message in stderr


def test_broken_json_line_and_empty_input():
    status, answers, stderr = analyze_text(json.dumps(position()) + "\n{not json\n")
    assert status == 2 and answers == [] and "position 1: not valid JSON (line 2" in stderr
    status, _, stderr = analyze_text("  \n")
    assert status == 2 and "empty" in stderr


def test_missing_file_is_reported():
    err = io.StringIO()
    assert run_analyze("/nonexistent/positions.json", stdout=io.StringIO(), stderr=err) == 2
    assert "cannot read /nonexistent/positions.json" in err.getvalue()


def test_without_a_solver_solve_mode_says_so(monkeypatch):
    monkeypatch.setitem(sys.modules, SOLVER_MODULE, None)
    status, answers, stderr = analyze(position(), position(play=...))
    assert status == 2 and answers == [] and "position 1: solve mode not available" in stderr


def test_solve_mode_hands_validated_tiles_to_the_solver(monkeypatch):
    seen = []

    def solve_position(table, rack, initial):
        seen.append((table, rack, initial))
        return {"game": "rummi", "placed": 0, "value": 0, "table": [], "rack": [], "ms": 0.0}

    fake = types.ModuleType(SOLVER_MODULE)
    fake.solve_position = solve_position
    monkeypatch.setitem(sys.modules, SOLVER_MODULE, fake)
    status, answers, _ = analyze(position(play=..., initial=True))
    assert status == 0 and answers[0]["placed"] == 0
    ((table, rack, initial),) = seen
    assert [str(t) for t in rack] == ["R4", "J", "K7"] and initial is True
    assert [[str(t) for t in meld] for meld in table] == CONTRACT_TABLE


def test_the_command_line_answers_and_fails_like_the_contract(tmp_path):
    good = tmp_path / "good.json"
    good.write_text(json.dumps([position(), position(play=[["R1", "R2", "R3"]])]), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "rummi_desktop", "analyze", str(good)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert json.loads(lines[0]) == {"game": "rummi", "legal": True, "placed": 1, "value": 4}
    assert json.loads(lines[1])["legal"] is False
    bad = subprocess.run([sys.executable, "-m", "rummi_desktop", "analyze", "-"],
                         input=json.dumps(position(rack=["Q4"])), capture_output=True, text=True,
                         timeout=60)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.strip().startswith("analyze: position 0: rack:")


@pytest.mark.parametrize("table, rack, initial", [
    (CONTRACT_TABLE, ["R4", "J", "K7"], False),
    ([["K4", "K5", "K6"]], ["K3", "K7", "B1"], False),
    ([["R3", "R4", "R5", "R6", "R7", "R8"]], ["R6", "Y2"], False),
    ([], ["K10", "B10", "Y10", "J", "R2"], True),
    ([["R10", "R11", "R12"]], ["R13", "K9", "B9"], True),
])
def test_the_solvers_answer_is_a_legal_play_by_the_rules_check(table, rack, initial):
    solve = {"game": "rummi", "table": table, "rack": rack, "initial": initial}
    status, (solved,), _ = analyze(solve)
    assert status == 0
    if solved["placed"] == 0:
        return
    status, (checked,), _ = analyze({**solve, "play": solved["table"]})
    assert checked == {"game": "rummi", "legal": True, "placed": solved["placed"], "value": solved["value"]}
