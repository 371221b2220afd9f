"""Computer seats: each tier's plays are legal under the rules model and match its description."""

from __future__ import annotations

import threading
from dataclasses import dataclass

import pytest

from rummi_desktop.games.rummi.ai.dp import SolveInterrupted
from rummi_desktop.games.rummi.ai.tiers import TIERS, choose_play
from rummi_desktop.games.rummi.rules.play_check import check_play
from rummi_desktop.tiles import parse_tiles


@dataclass(frozen=True)
class View:
    tier: str
    table: tuple
    rack: tuple
    owes_opening: bool = False
    other_rack_sizes: tuple = (14,)
    pool_size: int = 40
    seed: int = 1
    opening_points: int = 30  # the house rule SeatView carries


def view(tier, table, rack, **kw):
    return View(tier, tuple(tuple(parse_tiles(m)) for m in table), tuple(parse_tiles(rack)), **kw)


@pytest.mark.parametrize("tier", TIERS)
def test_every_tier_makes_a_legal_play_or_draws(tier):
    v = view(tier, ["R1 R2 R3", "K9 B9 Y9"], "R4 K10 K11 K12 B2 J Y13")
    for seed in range(6):
        v2 = View(v.tier, v.table, v.rack, seed=seed)
        melds = choose_play(v2)
        if melds is not None:
            verdict = check_play([list(m) for m in v.table], list(v.rack), melds, False)
            assert verdict.legal, verdict.error


def test_easy_never_touches_the_table():
    table = ["R1 R2 R3", "K9 B9 Y9"]
    for seed in range(10):
        melds = choose_play(View("easy", tuple(tuple(parse_tiles(m)) for m in table),
                                 tuple(parse_tiles("R4 K10 K11 K12")), seed=seed))
        if melds is not None:
            assert melds[:2] == [parse_tiles(m) for m in table]
            assert melds[2:] == [parse_tiles("K10 K11 K12")]


def test_easy_sometimes_draws_when_it_could_play():
    outcomes = {choose_play(View("easy", (), tuple(parse_tiles("K10 K11 K12")), seed=s)) is None
                for s in range(40)}
    assert outcomes == {True, False}


def test_medium_extends_runs_and_splits_a_long_run():
    table = ["R3 R4 R5 R6 R7 R8", "K2 K3 K4", "B5 Y5 R5"]
    medium = choose_play(view("medium", table, "R6 K5"))
    assert parse_tiles("R3 R4 R5 R6") in medium and parse_tiles("R6 R7 R8") in medium
    assert parse_tiles("K2 K3 K4 K5") in medium
    assert check_play([parse_tiles(m) for m in table], parse_tiles("R6 K5"), medium, False).legal


def test_medium_does_not_rearrange():
    # K7 needs the table taken apart (K5 K6 from the groups): Hard finds it, Medium cannot.
    table = ["K5 B5 R5 Y5", "K6 B6 R6 Y6"]
    assert choose_play(view("medium", table, "K7")) is None
    hard = choose_play(view("hard", table, "K7"))
    assert parse_tiles("K5 K6 K7") in hard


def test_opening_tiers_respect_thirty_points():
    for tier in TIERS:
        assert choose_play(view(tier, [], "K1 K2 K3 B9", owes_opening=True)) is None
        melds = choose_play(view(tier, [], "K9 K10 K11", owes_opening=True, seed=3))
        assert melds in (None, [parse_tiles("K9 K10 K11")])


def test_expert_keeps_its_joker_when_calm_and_dumps_it_in_danger():
    table, rack = ["R1 R2 R3"], "R4 K7 J"
    calm = choose_play(view("expert", table, rack, other_rack_sizes=(12,)))
    assert calm == [parse_tiles("R1 R2 R3 R4")]
    danger = choose_play(view("expert", table, rack, other_rack_sizes=(2,)))
    assert sum(t.is_joker for m in danger for t in m) == 1


def test_expert_goes_out_with_its_joker():
    melds = choose_play(view("expert", ["R1 R2 R3"], "R4 J"))
    assert sum(len(m) for m in melds) == 5


def test_cancelled_thinking_raises():
    stop = threading.Event()
    stop.set()
    with pytest.raises(SolveInterrupted):
        choose_play(view("hard", ["R1 R2 R3"], "R4 K7 J"), cancel=stop)


def test_deadline_passed_falls_back_to_the_quick_play():
    melds = choose_play(view("hard", ["R1 R2 R3"], "R4 K7"), deadline=0.0)
    assert melds == [parse_tiles("R1 R2 R3 R4")]


def test_unknown_tier_is_refused():
    with pytest.raises(ValueError):
        choose_play(view("grandmaster", [], "K1"))
