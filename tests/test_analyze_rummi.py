"""``rummi-desktop analyze``: reading, Rummi check mode, solve hand-off, and clear exit-2 errors."""

import io
import json
import re
import subprocess
import sys
import types

import pytest

from rummi_desktop.commands.analyze import run_analyze
from rummi_desktop.games.rummi.analysis.check import SOLVER_MODULE

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


FIRST, SECOND = position(), position(play=[["R1", "R2", "R3"], ["K5", "B5", "Y5"]])


@pytest.mark.parametrize("text, expected_legal", [
    (json.dumps([FIRST, SECOND]), [True, False]),
    (json.dumps([FIRST, SECOND], indent=2), [True, False]),
    (json.dumps(FIRST) + "\n\n" + json.dumps(SECOND) + "\n", [True, False]),
    (json.dumps(FIRST, indent=2), [True]),
    (json.dumps(SECOND), [False]),
])
def test_object_array_and_json_lines_all_answer_in_order(text, expected_legal):
    status, answers, stderr = analyze_text(text)
    assert status == 0 and stderr == ""
    assert [answer["legal"] for answer in answers] == expected_legal


def test_reads_a_file(tmp_path):
    path = tmp_path / "positions.jsonl"
    path.write_text(json.dumps(position()) + "\n", encoding="utf-8")
    out = io.StringIO()
    assert run_analyze(str(path), stdout=out, stderr=io.StringIO()) == 0
    assert json.loads(out.getvalue())["placed"] == 1


@pytest.mark.parametrize("bad, message", [
    (position(table=[["R1", "X2", "R3"]]), "position 1: table meld 1: 'X2': unknown colour"),
    (position(rack=["R4", "R14"]), "position 1: rack: 'R14': no tile numbered 14"),
    (position(rack=["R4", 7]), "position 1: rack: 7 is not a tile"),
    (position(rack=["R4", None]), "position 1: rack: null is not a tile"),
    (position(rack="R4 J"), "position 1: rack must be an array of tiles like [\"R7\", \"J\"], not string"),
    (position(rack=None), "rack must be an array of tiles like [\"R7\", \"J\"], not null"),
    (position(table={"a": 1}), "position 1: table must be an array of melds (arrays of tiles), not object"),
    (position(table=[["R1", "R2", "R3"], 5]), "table meld 2 must be an array of tiles like [\"R7\", \"J\"], not number"),
    (position(play=["R1", "R2"]), "position 1: play meld 1 must be an array of tiles like [\"R7\", \"J\"], not string"),
    (position(initial="yes"), 'position 1: initial must be true or false, not "yes"'),
    (position(initial=None), "position 1: initial must be true or false, not null"),
    (position(table=...), 'position 1: missing key "table"'),
    (position(rack=...), 'position 1: missing key "rack"'),
    (position(game=...), 'position 1: missing key "game"'),
    (position(game=["rummi"]), 'position 1: "game" must be a string like "rummi", not array'),
    (position(game=None), 'position 1: "game" must be a string like "rummi", not null'),
    (position(game={"name": "rummi"}), '"game" must be a string like "rummi", not object'),
    (position(game=True), '"game" must be a string like "rummi", not true/false'),
    (position(rack=["R1", "R1"]), "position 1: table and rack together name more copies than exist of R1"),
    (position(rack=["J", "J", "J"]), "more copies than exist of J"),
    (position(play=[["R7", "R7", "R7"]]), "position 1: the play names more copies than exist of R7"),
    (position(table=[["R7", "R7", "K7"]]), "the table is not a set of valid melds: meld 1 (R7 R7 K7)"),
    (position(plays=[]), 'unknown key "plays" (a Rummi position has game, table, rack, initial, rules, play, '
                         'and may have id and comment)'),
    ({"game": "chess", "board": []}, 'position 1: unknown game "chess" (analyze knows rummi, rummble, tumblewords)'),
    ({"game": "tumblewords", "rows": []}, 'position 1: missing key "hand"'),
    ({"game": "go"}, 'unknown game "go"'),
    ([1, 2], "position 1: a position must be a JSON object, not array"),
    (None, "position 1: a position must be a JSON object, not null"),
    ("rummi", "position 1: a position must be a JSON object, not string"),
])
def test_unreadable_positions_exit_2_naming_the_position(bad, message):
    status, answers, stderr = analyze(position(), bad)
    assert status == 2 and answers == []
    assert stderr.count("\n") == 1 and message in stderr
    assert not re.search(r"\b(None|NoneType|str|dict|list|int|float|bool)\b", stderr)  # JSON words only


def test_id_and_comment_are_accepted_labels():
    status, answers, _ = analyze(position(id="puzzle-7", comment="R4 extends the run"))
    assert status == 0 and answers == [{"game": "rummi", "legal": True, "placed": 1, "value": 4}]


def test_broken_json_line_is_reported_at_its_line():
    status, answers, stderr = analyze_text(json.dumps(position()) + "\n{not json\n")
    assert status == 2 and answers == [] and "position 1: not valid JSON (line 2" in stderr


def test_a_syntax_error_in_pretty_printed_json_is_reported_where_it_is():
    text = json.dumps([position(), position()], indent=2)
    lines = text.splitlines()
    broken_line = next(n for n, line in enumerate(lines) if '"initial"' in line and n > 10)
    lines[broken_line] = lines[broken_line].replace('"initial"', "initial")
    status, answers, stderr = analyze_text("\n".join(lines))
    assert status == 2 and answers == []
    assert f"not valid JSON (line {broken_line + 1}, column" in stderr
    assert stderr.count("\n") == 1


@pytest.mark.parametrize("text, why", [("", "the input is empty"), ("  \n\n", "the input is empty"),
                                       ("[]", "the input is an empty array"),
                                       ("\ufeff", "the input is empty")])
def test_no_positions_is_exit_2_with_a_message(text, why):
    status, answers, stderr = analyze_text(text)
    assert status == 2 and answers == []
    assert stderr == f"analyze: no positions: {why}\n"


def test_a_byte_order_mark_is_accepted_on_standard_input_and_in_files(tmp_path):
    text = "\ufeff" + json.dumps(position())
    assert analyze_text(text)[:2] == (0, [{"game": "rummi", "legal": True, "placed": 1, "value": 4}])
    path = tmp_path / "from-notepad.json"
    path.write_bytes(text.encode("utf-8"))
    out = io.StringIO()
    assert run_analyze(str(path), stdout=out, stderr=io.StringIO()) == 0
    assert json.loads(out.getvalue())["placed"] == 1


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

    def solve_position(table, rack, initial, top=0, *, opening_needed=30):
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


@pytest.mark.parametrize("table, rack, initial, placed", [
    (CONTRACT_TABLE, ["R4", "J", "K7"], False, 2),
    ([["K4", "K5", "K6"]], ["K3", "K7", "B1"], False, 2),
    ([["R3", "R4", "R5", "R6", "R7", "R8"]], ["R6", "Y2"], False, 1),
    ([], ["K10", "B10", "Y10", "J", "R2"], True, 4),
])
def test_the_solvers_answer_is_a_legal_play_by_the_rules_check(table, rack, initial, placed):
    solve = {"game": "rummi", "table": table, "rack": rack, "initial": initial}
    status, (solved,), _ = analyze(solve)
    assert status == 0 and solved["placed"] == placed
    status, (checked,), _ = analyze({**solve, "play": solved["table"]})
    assert checked == {"game": "rummi", "legal": True, "placed": placed, "value": solved["value"]}


def test_when_nothing_can_be_played_the_solver_leaves_table_and_rack_as_they_were():
    # Before the initial meld the table is out of reach, and K9 B9 alone make no meld.
    table, rack = [["R10", "R11", "R12"]], ["R13", "K9", "B9"]
    status, (solved,), _ = analyze({"game": "rummi", "table": table, "rack": rack, "initial": True})
    assert status == 0
    assert (solved["placed"], solved["value"], solved["table"], solved["rack"]) == (0, 0, table, rack)


# -- JSON that is valid but beyond what Python's json module reads -------------------------

GOOD = json.dumps(position())
DEEP_RACK = json.dumps(position(rack="@")).replace('"@"', "[" * 1500 + "]" * 1500)
HUGE_NUMBER_RACK = json.dumps(position(rack="@")).replace('"@"', "7" * 5000)


@pytest.mark.parametrize("text, message", [
    (DEEP_RACK, "position 0: arrays or objects are nested too deeply to read"),
    ("[" * 100000 + "]" * 100000, "position 0: arrays or objects are nested too deeply to read"),
    (HUGE_NUMBER_RACK, "position 0: a number has more than 4300 digits"),
    (f"[{GOOD},\n {GOOD},\n {HUGE_NUMBER_RACK}]", "position 2: a number has more than 4300 digits"),
    (f"[{GOOD}, {DEEP_RACK}, {GOOD}]", "position 1: arrays or objects are nested too deeply"),
    (f"{GOOD}\n\n{GOOD}\n{DEEP_RACK}\n",
     "position 2: arrays or objects are nested too deeply to read (line 4)"),
    (f"{GOOD}\n{HUGE_NUMBER_RACK}\n", "position 1: a number has more than 4300 digits (line 2)"),
    (f"{DEEP_RACK}\n{GOOD}\n", "position 0: arrays or objects are nested too deeply"),
])
def test_too_deep_or_too_long_numbers_exit_2_naming_the_position(text, message):
    status, answers, error = analyze_text(text)
    assert (status, answers) == (2, [])
    assert message in error and error.count("\n") == 1


def test_a_value_nested_just_below_the_limit_is_echoed_short():
    text = json.dumps(position(rack="@")).replace('"@"', "[" * 600 + "]" * 600)
    status, _answers, error = analyze_text(text)
    assert status == 2 and error.count("\n") == 1 and len(error) < 200 and "…" in error


def test_the_command_line_reports_a_deep_position_in_one_line_not_a_traceback(tmp_path):
    source = tmp_path / "deep.jsonl"
    source.write_text(f"{GOOD}\n{DEEP_RACK}\n")
    run = subprocess.run([sys.executable, "-m", "rummi_desktop", "analyze", str(source)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith("analyze: position 1:") and run.stderr.count("\n") == 1
