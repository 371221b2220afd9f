"""Short seeded games small enough for brute force, for the coach's tests: every game starts
from a hand-made position with small racks and a small (or empty) pool, and computer seats
play it to the end."""

from __future__ import annotations

import random

from rummi_desktop.entry_points import load_entry
from rummi_desktop.games import GAMES
from rummi_desktop.games.base import play_seat_move
from rummi_desktop.games.rummble.rules.board import SIZE
from rummi_desktop.games.rummble.rules.state import RummbleParameters, RummbleState
from rummi_desktop.games.rummi.rules.state import RummiParameters, RummiState
from rummi_desktop.tiles import COLOURS, JOKER, Tile, standard_set
from tests.test_rummble_movegen import random_board

SEATS = ("hard", "medium")


def small_rummi_deal(seed: int) -> tuple[list[list[Tile]], list[list[Tile]], list[Tile]]:
    """(table, two racks of 5, a pool of 4): a run and a group on the table, the rest dealt
    from the set (a joker now and then)."""
    rng = random.Random(seed)
    deck = standard_set()
    colour, start, number = rng.choice("KBRY"), rng.randint(1, 11), rng.randint(1, 13)
    run = [Tile(colour, n) for n in range(start, start + 3)]
    group = [Tile(c, number) for c in rng.sample(COLOURS, 3)]
    for tile in run + group:
        deck.remove(tile)
    rng.shuffle(deck)
    if seed % 2 and JOKER in deck:  # put a joker on a rack now and then
        deck.remove(JOKER)
        deck.insert(0, JOKER)
    return [run, group], [deck[:5], deck[5:10]], deck[10:14]


def small_rummi_game(seed: int, opened: bool = True) -> RummiState:
    table, racks, pool = small_rummi_deal(seed)
    return RummiState.from_position(RummiParameters(seats=SEATS, seed=seed), table, racks, 0,
                                    [opened, opened], pool)


def small_rummble_game(seed: int) -> RummbleState:
    """A board of a few plays, two racks of 3 and an empty pool (so the racks stay small)."""
    rng = random.Random(seed)
    board = random_board(rng, 3, 13)
    laid = [(sq // SIZE, sq % SIZE, cell) for sq, cell in enumerate(board.cells) if cell is not None]
    left = standard_set()
    for _, _, cell in laid:
        left.remove(cell.rack_tile)
    rng.shuffle(left)
    return RummbleState.from_position(RummbleParameters(seats=SEATS, seed=seed), laid, [left[:3], left[3:6]],
                                      pool=[])


def play_out(key: str, state, seats=SEATS, max_turns: int = 400):
    """``state`` (a game of ``key``) played to its end by computer seats (no time limit)."""
    spec = GAMES[key]
    choose = load_entry(spec, "computer")
    for _ in range(max_turns):
        if state.is_terminal:
            return state
        play_seat_move(spec, state, choose(spec.seat_view(state, state.current), seats[state.current]))
    raise AssertionError("the game did not end")
