"""The server's game states keep no undo history (it never undoes: the snapshots cost tens of KB
a move), yet play exactly as the window's states do, whose Undo still takes moves back."""

import random

import pytest

from rummi_desktop.games import GAMES
from rummi_desktop.net import lobby
from rummi_desktop.net.live import fresh_state
from rummi_desktop.net.records import Seat, TableRecord


def server_and_local(game):
    seats = (Seat("human", "a", "A"), Seat("human", "b", "B"))
    record = TableRecord("t", game, "a", seats, {}, 99, invite="I", updated=0.0, created=0.0)
    record = lobby.started(record, fresh_state(record), 0.0)
    return fresh_state(record), GAMES[game].new_state(("human", "human"), 99)


@pytest.mark.parametrize("game", ["rummble", "tumblewords"])
def test_a_server_state_plays_as_a_local_one_but_keeps_no_undo(game):
    server, local = server_and_local(game)
    rng = random.Random(3)
    for _ in range(12):
        if local.is_terminal:
            break
        moves = [move for _, move in zip(range(20), local.legal_moves())]
        move = rng.choice(moves)
        server.apply(move), local.apply(move)
        assert server.position() == local.position() and server.log == local.log
    assert server.keeps_undo is False and server.undo() is None  # nothing to take back
    assert server.position() == local.position()
    assert local.undo() is not None and len(local.log) == len(server.log) - 1  # the window's Undo
