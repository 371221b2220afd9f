"""The joker rule (rules/rummi.md, "Jokers on the table"): a joker already on the table takes a
new role only once the tile it stands for has been put in its place. Checked by the rules model
(End Turn, analyze check mode) and obeyed by the exact solver (analyze solve mode, Hard, Expert)."""

import json
import subprocess
import sys

import pytest

from rummi_desktop.games.rummi.ai.dp import PER_TILE, PlacementSearch
from rummi_desktop.games.rummi.ai.joker_fates import Fate, best_under_joker_rule
from rummi_desktop.games.rummi.ai.solver import solve
from rummi_desktop.games.rummi.ai.table import count_grid
from rummi_desktop.games.rummi.rules.joker_rule import joker_roles, stranded_joker_error
from rummi_desktop.games.rummi.rules.melds import check_meld
from rummi_desktop.games.rummi.rules.play_check import check_play
from rummi_desktop.tiles import Tile, parse_tiles


def melds(text: str) -> list[list[Tile]]:
    return [parse_tiles(part) for part in text.split("/")] if text.strip() else []


def test_roles_follow_position_in_runs_and_missing_colours_in_groups():
    assert joker_roles(melds("R4 R5 R6 J")) == [frozenset({Tile("R", 7)})]
    assert joker_roles(melds("J R5 R6")) == [frozenset({Tile("R", 4)})]
    assert joker_roles(melds("K7 B7 J")) == [frozenset({Tile("R", 7), Tile("Y", 7)})]


@pytest.mark.parametrize("before, rack, after", [
    # the run's joker (R7) goes to a new meld while no R7 takes its place
    ("R4 R5 R6 J", "K1 K2", "R4 R5 R6 / K1 K2 J"),
    # the four-group's joker (Y7) leaves and no Y7 is put in
    ("K7 B7 R7 J / R1 R2 R3", "B1 Y1", "K7 B7 R7 / R1 R2 R3 / B1 Y1 J"),
])
def test_moving_a_table_joker_without_its_tile_is_refused(before, rack, after):
    verdict = check_play(melds(before), parse_tiles(rack), melds(after), initial=False)
    assert not verdict.legal
    assert "joker taken from the table must be replaced by the tile it stands for" in verdict.error


@pytest.mark.parametrize("before, rack, after", [
    # substitution from the rack: R7 in the joker's place, the joker used in a new meld
    ("R4 R5 R6 J", "K1 K2 R7", "R4 R5 R6 R7 / K1 K2 J"),
    # a group joker freed by either missing colour
    ("K7 B7 J", "Y7 K1 K2", "K7 B7 Y7 / K1 K2 J"),
    # substitution with a tile taken from another table meld (R9 from a four-group)
    ("R7 R8 J / K9 B9 R9 Y9", "K1 K2", "R7 R8 R9 / K9 B9 Y9 / K1 K2 J"),
    # the joker stays in its role while its run is split and extended
    ("R3 R4 J R6 R7", "R8", "R3 R4 J / R6 R7 R8"),
    # a joker from the rack may go anywhere
    ("R3 R4 R5", "J K1 K2", "R3 R4 R5 / K1 K2 J"),
])
def test_legal_joker_plays_pass(before, rack, after):
    verdict = check_play(melds(before), parse_tiles(rack), melds(after), initial=False)
    assert verdict.legal, verdict.error


def test_solver_does_not_move_a_table_joker_for_free():
    assert solve(melds("R4 R5 R6 J"), parse_tiles("K1 K2"), False).placed == 0
    freed = solve(melds("R4 R5 R6 J"), parse_tiles("K1 K2 R7"), False)
    assert freed.placed == 3
    assert check_play(melds("R4 R5 R6 J"), parse_tiles("K1 K2 R7"), freed.table, False).legal


def test_solver_may_keep_a_joker_in_its_role_and_place_around_it():
    # J stands for R6 and must keep doing so (no R6 anywhere): R8 still extends the run.
    answer = solve(melds("R5 J R7"), parse_tiles("R8 K1"), False)
    assert answer.placed == 1
    assert not stranded_joker_error(melds("R5 J R7"), answer.table)


def test_analyze_check_mode_applies_the_rule():
    position = {"game": "rummi", "table": [["R4", "R5", "R6", "J"]], "rack": ["K1", "K2"],
                "play": [["R4", "R5", "R6"], ["K1", "K2", "J"]]}
    result = subprocess.run([sys.executable, "-m", "rummi_desktop", "analyze", "-"],
                            input=json.dumps(position), capture_output=True, text=True, check=True)
    answer = json.loads(result.stdout)
    assert answer["legal"] is False and "joker" in answer["error"]



def test_one_rack_tile_may_free_two_jokers_in_turn():
    # Both table jokers may stand for R6. Put the rack's R6 in the run's place, move it on into
    # the group's place: both jokers are free, and the rule needs the one R6 only once.
    before = melds("R2 R3 R4 / R5 J R7 / R8 R9 R10 / K6 B6 J")
    rack = parse_tiles("R6 K1 K2")
    after = melds("R2 R3 R4 R5 / R7 R8 R9 R10 / K6 B6 R6 / K1 K2 J J")
    assert check_play(before, rack, after, initial=False).legal
    # The solver's fate search frees both jokers with that one tile (it used to ask for two).
    rack_grid, rack_jokers = count_grid(rack)
    freed_by_r6 = [Fate("freed", Tile("R", 6))]

    def make_search(tg, rg, tj, rj, track_room):
        return PlacementSearch(tg, rg, tj, rj, track_room=track_room)

    score, found = best_under_joker_rule([freed_by_r6, freed_by_r6], before, rack_grid, rack_jokers,
                                         make_search, lambda t: t.number)
    assert found is not None and score // PER_TILE == 3
    assert check_play(before, rack, found, initial=False).legal


def test_two_kept_jokers_in_one_meld_must_share_one_reading_of_it():
    # Found by the solver's brute-force test (hypothesis): J J R11 reads as R9 R10 R11 or as a
    # group of 11s, never as both at once, so the run's joker (R9) and the group-run's joker
    # (Y11) cannot both be kept in it.
    before = melds("Y9 Y10 J / J R10 R11 R12")
    after = melds("Y8 Y9 Y10 / J J R11 / R10 R11 R12")  # Y8 and R11 from the rack
    assert all(check_meld(meld).valid for meld in after)
    assert stranded_joker_error(before, after) != ""
    # Kept under one reading, two jokers may share a meld: R10 and R11 of one run.
    assert stranded_joker_error(melds("R8 R9 J / J R12 R13"), melds("R8 R9 J J R12 R13")) == ""
