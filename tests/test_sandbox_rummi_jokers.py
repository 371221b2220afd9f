"""The Rummi sandbox's scenario under the "4 jokers" house rule: a third joker switches the
position to it, a loaded position keeps its own rule, and the turn built from it deals ids
of the larger set."""

from __future__ import annotations

import pytest

from rummi_desktop.games.positions import PositionError
from rummi_desktop.games.rummi.rules.pieces import faces
from rummi_desktop.games.rummi.table.sandbox import scenario_state
from rummi_desktop.games.rummi.table.scenario import RummiScenario
from rummi_desktop.tiles import JOKER, Tile, parse_tiles
from tests.test_rummi_flow_support import click
from tests.test_sandbox_rummi import open_sandbox, palette_click, rack_spot


def test_a_third_joker_switches_the_scenario_to_four_jokers():
    scenario = RummiScenario()
    scenario.add_to_rack(JOKER)
    scenario.add_to_rack(JOKER)
    assert scenario.jokers == 2 and scenario.copies_left(JOKER) == 2
    scenario.add_to_table(Tile.parse("R5"))
    scenario.add_to_table(JOKER, 0)
    assert scenario.jokers == 4 and scenario.copies_left(JOKER) == 1
    assert scenario.position()["rules"] == {"jokers": 4}
    scenario.add_to_table(JOKER, 0)
    with pytest.raises(PositionError, match="all 4 jokers"):
        scenario.add_to_rack(JOKER)
    with pytest.raises(PositionError, match="both copies of R5"):
        scenario.add_to_rack(Tile.parse("R5"))
        scenario.add_to_rack(Tile.parse("R5"))
    assert scenario.copy().jokers == 4
    scenario.clear()
    assert scenario.jokers == 2 and "rules" not in scenario.position()


def test_a_loaded_position_keeps_its_rule_and_its_jokers():
    position = {"game": "rummi", "table": [["R5", "J", "J"]], "rack": ["J", "J", "K9"], "rules": {"jokers": 4}}
    scenario = RummiScenario.from_position(position)
    assert scenario.jokers == 4 and scenario.copies_left(JOKER) == 0
    assert RummiScenario.from_position(scenario.position()).position() == scenario.position()
    without_rule = {**position, "rules": {}}
    with pytest.raises(PositionError, match='"jokers": 4'):
        RummiScenario.from_position(without_rule)


def test_the_turn_of_a_four_joker_scenario_holds_the_extra_joker_ids():
    scenario = RummiScenario([parse_tiles("R5 J J")], parse_tiles("J J K9"), jokers=4)
    state = scenario_state(scenario)
    assert state.params.jokers == 4
    ids = [*state.table[0], *state.rack(0)]
    assert len(set(ids)) == 6 and {106, 107} <= set(ids)
    assert faces(state.rack(0)).count(JOKER) == 2


def test_the_palette_puts_down_a_third_joker_and_says_the_rule_changed(tmp_path, monkeypatch):
    app, scene = open_sandbox(tmp_path, monkeypatch)
    palette_click(app, scene, "J")
    for _ in range(3):
        click(app, rack_spot())
    assert faces(scene.state.rack(0)).count(JOKER) == 3 and scene.state.params.jokers == 4
    assert "the \"4 jokers\" house rule" in scene.banner_log[-1]
    assert scene.mode.position()["rules"] == {"jokers": 4}
