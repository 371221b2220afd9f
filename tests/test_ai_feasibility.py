"""The shared feasibility search: "can these tiles all join this table?" answered exactly."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from rummi_desktop.games.rummi.ai.dp import PER_TILE, PlacementSearch
from rummi_desktop.games.rummi.ai.feasibility import TableFeasibility
from rummi_desktop.games.rummi.ai.positions import benchmark_positions, random_meld
from rummi_desktop.games.rummi.ai.table import count_grid
from rummi_desktop.tiles import COLOURS, JOKER, Tile, parse_tiles, standard_set
from tests.test_solver_oracle import best_points

NO_JOKERS = Counter(tile for tile in standard_set() if not tile.is_joker)


def full_search(table: list[Tile], tiles: list[Tile]) -> bool:
    """The placement search itself asked whether every tile can be placed."""
    table_grid, table_jokers = count_grid(table)
    rack_grid, rack_jokers = count_grid(tiles)
    search = PlacementSearch(table_grid, rack_grid, table_jokers, rack_jokers)
    wanted = len(tiles) * PER_TILE - 1
    return search._value(1, 0, table_jokers + rack_jokers, 0, wanted) > wanted


def small_table(rng: random.Random, bag: Counter, melds: int) -> list[Tile]:
    table: list[Tile] = []
    for _ in range(melds):
        meld = random_meld(rng, bag)
        if meld is not None:
            bag.subtract(meld)
            table += meld
    return table


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**6), melds=st.integers(0, 4), asked=st.integers(1, 3))
def test_agrees_with_brute_force_without_jokers(seed, melds, asked):
    rng = random.Random(seed)
    bag = Counter(NO_JOKERS)
    table = small_table(rng, bag, melds)
    tiles = rng.sample(list(bag.elements()), asked)
    expected = best_points(tuple(sorted(table + tiles))) != float("-inf")
    assert TableFeasibility(table).can_add(tiles) is expected


def test_agrees_with_the_placement_search_on_realistic_tables_with_jokers():
    rng = random.Random(5)
    asked_total = 0
    for position in benchmark_positions(3, 40):
        table = [tile for meld in position.table for tile in meld]
        unseen = list((Counter(standard_set()) - Counter(table) - Counter(position.rack)).elements())
        feasibility = TableFeasibility(table)  # one table, many questions: shared work
        for size in (1, 1, 2, 3):
            tiles = rng.sample(unseen, min(size, len(unseen)))
            assert feasibility.can_add(tiles) == full_search(table, tiles), (position, tiles)
            asked_total += 1
    assert asked_total == 160


def test_plain_answers():
    empty = TableFeasibility([])
    assert empty.can_add(parse_tiles("R1 R2 R3"))
    assert not empty.can_add(parse_tiles("R1 R2"))
    assert empty.can_add(parse_tiles("K7 B7 J"))
    table = TableFeasibility(parse_tiles("R1 R2 R3 R4 R5"))
    assert table.can_add(parse_tiles("R3"))  # split: R1 R2 R3 + R3 R4 R5
    assert table.can_add(parse_tiles("R6"))
    assert not table.can_add(parse_tiles("R8"))
    assert not table.can_add(parse_tiles("K3"))  # one other colour is not a group
    assert table.can_add(parse_tiles("K1 B1"))  # R1 leaves the run for a group of three
    assert not table.can_add(parse_tiles("K3 B3"))  # R3 cannot: R1 R2 and R4 R5 are no melds


def test_a_question_over_budget_is_unanswered_not_wrong():
    table = TableFeasibility(parse_tiles("R1 R2 R3 K5 B5 Y5 B9 B10 B11"))
    assert table.can_add(parse_tiles("R4"), budget=0) is None
    assert table.can_add(parse_tiles("R4"), budget=None) is True
    assert table.can_add(parse_tiles("R4"), budget=0) is True  # known now: asked before


def test_every_tile_of_every_colour_on_an_empty_table_needs_partners():
    empty = TableFeasibility([])
    assert not any(empty.can_add([Tile(colour, n)]) for colour in COLOURS for n in range(1, 14))
    assert not empty.can_add([JOKER])  # a joker alone is no meld
    assert TableFeasibility(parse_tiles("K1 B1 R1")).can_add([JOKER])


def test_a_cancelled_question_stops_and_leaves_what_was_learnt_valid():
    import threading

    import pytest

    from rummi_desktop.games.rummi.ai.dp import SolveInterrupted

    position = max(benchmark_positions(6, 30), key=lambda p: sum(map(len, p.table)))
    table = [tile for meld in position.table for tile in meld]
    stopped = threading.Event()
    stopped.set()
    feasibility = TableFeasibility(table)
    question = [table[len(table) // 2]]  # a copy of a table tile: it has partners to search
    with pytest.raises(SolveInterrupted):
        feasibility.can_add(question, cancel=stopped)
    assert feasibility.can_add(question) == TableFeasibility(table).can_add(question)
