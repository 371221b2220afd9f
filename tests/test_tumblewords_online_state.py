"""A Tumblewords game rebuilt from a seat's view (what the server sends) holds what that seat
sees exactly, finds a Claim turn's words again, keeps tile ids put, and lets another seat's
public actions be played through the model to the server's next view."""

from __future__ import annotations

import random

import pytest

from rummi_desktop.games.tumblewords.rules.moves import Claim, Done, Move
from rummi_desktop.games.tumblewords.spec import new_state
from rummi_desktop.games.tumblewords.rules.state import replayed
from rummi_desktop.net.views import client_view
from rummi_desktop.games.tumblewords.table.network_session import letters_used
from rummi_desktop.games.tumblewords.table.online_state import hide_drawn, state_from_view
from rummi_desktop.games.tumblewords.storage import word_lists

WORDS = word_lists.shipped_dictionary()


def message(state, seat: int, version: int = 1) -> dict:
    """The ``game`` message the server would send ``seat``."""
    return {"type": "game", "table": "t", "game": "tumblewords", "version": version, "seat": seat,
            "current": state.current, "status": "over" if state.is_terminal else "playing",
            "seats": [{"label": "human", "name": f"p{n}"} for n in range(state.seats)],
            "view": client_view("tumblewords", state, seat), "result": None, "last": None}


def seen(state, seat: int) -> tuple:
    """What ``seat`` may see of ``state``, and what its own move would be told."""
    pending = state.pending
    return (state.grid.row_texts(), state.hand(seat), state.scores(), state.current, state.phase,
            [len(hand) for hand in state.hands], len(state.bag), state.passes_in_row, state.is_terminal,
            None if pending is None else (pending.seat, pending.row, pending.col, pending.words, pending.claimed,
                                          pending.stolen))


def play_one(state, rng: random.Random) -> str:
    """A move of the seat on turn: a scoring drop where it can (its words claimed, one of them
    missed under Pressure Cooker), else any."""
    if state.phase != "dropping":
        pending = state.pending
        open_words = [w for w in (pending.words if state.phase == "claiming" else pending.missed)
                      if w not in pending.claimed and w not in pending.stolen]
        if open_words and rng.random() < 0.7:
            move: Move = Claim(((open_words[0].start, open_words[0].end),))
        else:
            move = Done()
    else:
        moves = list(state.legal_moves())
        scored = [m for m in moves if getattr(m, "column", None) is not None and state.check(m).score]
        move = rng.choice(scored or moves)
    state.apply(move)
    return move.notation()


@pytest.mark.parametrize("options", [{}, {"claim": True}, {"pressure_cooker": True}, {"zapper": True, "board": "quick"}])
def test_each_seat_sees_the_game_it_was_sent_and_the_others_moves_replay_to_the_next_view(options):
    rng = random.Random(3)
    state = new_state(("human", "human"), 11, WORDS, **options)
    local = [state_from_view(message(state, seat), WORDS) for seat in range(2)]
    moves = 0
    while not state.is_terminal and moves < 120:
        before_move, mover = replayed(state), state.current
        notation = play_one(state, rng)
        moves += 1
        for seat in range(2):
            previous = local[seat]
            if seat != mover:  # the other seat plays the mover's public action on its own position
                previous = state_from_view(message(before_move, seat), WORDS, previous,
                                           {mover: letters_used([notation])})
                previous.apply(Move.parse(notation))
            else:  # the mover's own move, made by the model on its rebuilt position first
                hide_drawn(previous, previous.apply(Move.parse(notation)))
            assert previous.grid.row_texts() == state.grid.row_texts() and previous.scores() == state.scores()
            local[seat] = state_from_view(message(state, seat, moves + 1), WORDS, previous)
            assert seen(local[seat], seat) == seen(state, seat)
            assert local[seat].grid.ids == previous.grid.ids  # the board's tiles kept their ids
    assert moves > 10


def test_a_drawn_letter_is_hidden_until_the_server_names_it():
    state = state_from_view(message(new_state(("human", "human"), 5, WORDS), 0), WORDS)
    drop = next(m for m in state.legal_moves() if getattr(m, "column", None) is not None and not m.blank)
    bag = len(state.bag)
    result = state.apply(drop)
    hide_drawn(state, result)
    assert len(state.hand(0)) == 6 and len(state.bag) == bag


def test_the_letters_zapper_took_off_are_seen_in_the_rebuilt_game():
    """The server's view names what Zapper! took off; the rebuilt game holds them as zapped, so
    the seat's unseen-tile tracker counts them as seen, as the server's own view does."""
    from rummi_desktop.entry_points import load_entry
    from rummi_desktop.games import GAMES

    state = new_state(("human", "human"), 5, dictionary=WORDS, zapper=True)
    taken = state.bag[:2]
    state.bag, state.removed = state.bag[2:], list(taken)  # as a zap leaves it
    sent = message(state, 0)
    rebuilt = state_from_view(sent, WORDS)
    spec = GAMES["tumblewords"]
    assert sorted(spec.seat_view(rebuilt, 0)["removed"]) == sorted(sent["view"]["removed"])
    assert len(sent["view"]["removed"]) == 2
    tracker = load_entry(spec, "unseen")
    assert tracker(spec.seat_view(rebuilt, 0)).counts() == tracker(sent["view"]).counts()
    assert len(rebuilt.tile_census()) == len(set(rebuilt.tile_census()))
