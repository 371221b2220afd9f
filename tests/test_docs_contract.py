"""docs/analysis-format.md: the file the docstrings cite exists, and it names every field the
headless commands print today."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from rummi_desktop.commands.analyze import run_analyze
from rummi_desktop.commands.bench import run_bench
from rummi_desktop.games import GAMES
from rummi_desktop.commands.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
CONTRACT = ROOT / "docs" / "analysis-format.md"


def documented_fields() -> set[str]:
    return set(re.findall(r"`([a-z_0-9]+)`", CONTRACT.read_text(encoding="utf-8")))


def test_every_citation_of_the_contract_names_the_file_in_docs():
    cited = []
    for source in (ROOT / "rummi_desktop").rglob("*.py"):
        for line in source.read_text(encoding="utf-8").splitlines():
            if "analysis-format.md" in line:
                cited.append((source.name, "docs/analysis-format.md" in line))
    assert cited and all(in_docs for _name, in_docs in cited), cited
    assert CONTRACT.is_file()


@pytest.mark.parametrize("extra", [{}, {"play": [["R1", "R2", "R3", "R4"], ["K5", "B5", "Y5"]]},
                                   {"play": [["R1", "R2", "R3", "R4", "K7"], ["K5", "B5", "Y5"]]}])
def test_analyze_prints_only_documented_fields(extra):
    position = {"game": "rummi", "table": [["R1", "R2", "R3"], ["K5", "B5", "Y5"]], "rack": ["R4", "J", "K7"],
                "initial": False, **extra}
    out = io.StringIO()
    assert run_analyze("-", stdin=io.StringIO(json.dumps(position)), stdout=out, stderr=io.StringIO()) == 0
    assert set(json.loads(out.getvalue())) <= documented_fields()


def test_simulate_prints_only_documented_fields():
    result = simulate(GAMES["rummi"], ["easy", "easy"], 1, 1)
    assert set(result) <= documented_fields()
    assert {key for times in result["think_ms"].values() for key in times} <= documented_fields()


def test_bench_prints_only_documented_fields(capsys):
    assert run_bench("menu", 2, 0.0) == 0
    printed = json.loads(capsys.readouterr().out)
    assert set(printed) <= documented_fields()


def test_ladder_prints_only_documented_fields():
    import dataclasses

    from rummi_desktop.commands.ladder import ladder

    line = ladder(dataclasses.replace(GAMES["rummi"], tiers=("easy", "medium")), 1, 1)
    assert set(line) <= documented_fields()
    assert {key for tier in line["tiers"].values() for key in tier} <= documented_fields()
    assert {key for pairing in line["pairings"] for key in pairing} <= documented_fields()
