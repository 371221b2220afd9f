"""``analyze`` solve mode for Rummi (docs/analysis-format.md): one JSON line per position."""

from __future__ import annotations

import json

from rummi_desktop.games.rummi.analysis.solve import solve_position
from rummi_desktop.commands.cli import main
from rummi_desktop.tiles import parse_tiles


def test_solve_position_answers_the_contract_example():
    answer = solve_position([parse_tiles("R1 R2 R3"), parse_tiles("K5 B5 Y5")], parse_tiles("R4 J K7"), False)
    assert set(answer) == {"game", "placed", "value", "table", "rack", "ms"}
    assert (answer["game"], answer["placed"], answer["value"]) == ("rummi", 2, 34)
    assert answer["table"] == [["R1", "R2", "R3", "R4", "J"], ["K5", "B5", "Y5"]]
    assert answer["rack"] == ["K7"]
    assert answer["ms"] >= 0


def test_nothing_to_play_keeps_the_table():
    answer = solve_position([parse_tiles("R1 R2 R3")], parse_tiles("K9"), False)
    assert (answer["placed"], answer["value"], answer["table"], answer["rack"]) == (0, 0, [["R1", "R2", "R3"]], ["K9"])


def test_analyze_command_solves_positions_in_order(tmp_path, capsys):
    positions = [
        {"game": "rummi", "table": [["R1", "R2", "R3", "R4", "J"]], "rack": ["K9", "K10", "K11"]},
        {"game": "rummi", "table": [], "rack": ["K10", "B10", "R10"], "initial": True},
        {"game": "rummi", "table": [["K5", "B5", "R5"]], "rack": ["J"], "initial": False},
    ]
    path = tmp_path / "positions.jsonl"
    path.write_text("\n".join(json.dumps(p) for p in positions), encoding="utf-8")
    assert main(["analyze", str(path)]) == 0
    answers = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [a["placed"] for a in answers] == [3, 3, 1]
    assert answers[1]["table"] == [["K10", "B10", "R10"]] or sorted(answers[1]["table"][0]) == ["B10", "K10", "R10"]
