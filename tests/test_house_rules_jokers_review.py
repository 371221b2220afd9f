"""Rummi's house rule "4 jokers" through a replay file and the review command."""

from __future__ import annotations

import io
import json

from rummi_desktop.commands.review import run_review
from rummi_desktop.entry_points import load_entry, start_games
from rummi_desktop.games.base import play_seat_move
from rummi_desktop.games.rummi.rules.pieces import FACES
from rummi_desktop.games.rummi.rules.serialize import state_to_dict
from rummi_desktop.games.rummi.rules.state import RummiParameters, RummiState
from rummi_desktop.games.rummi.spec import RUMMI
from rummi_desktop.records.replay import replay_of_record
from rummi_desktop.records.replay_files import export_replay, load_replay
from rummi_desktop.storage import paths
from rummi_desktop.tiles import parse_tiles

start_games()
FOUR = RummiParameters(seats=("easy", "easy"), seed=3, jokers=4)


def test_a_4_joker_game_is_reviewed_from_its_replay_file(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    choose = load_entry(RUMMI, "computer")
    # A short round of the larger set (a small pool: the review judges every turn).
    state = RummiState.from_position(FOUR, [parse_tiles("R3 R4 R5")],
                                     [parse_tiles("J J K9 K10 B2 Y7"), parse_tiles("J J B9 Y9 R1 K2")],
                                     opened=[True, True], pool=parse_tiles("K11 B3 B4 Y8 R13 K1 B12 Y2"))
    while not state.is_terminal:
        assert not play_seat_move(RUMMI, state, choose(RUMMI.seat_view(state, state.current), "easy")).refused
    record = {"game": "rummi", "state": state_to_dict(state), "seed": 3, "scores": list(state.scores()),
              "seats": [{"name": "East", "kind": "easy"}, {"name": "West", "kind": "easy"}]}
    path = export_replay(replay_of_record(record), tmp_path / "four.toml")
    replay, problem = load_replay(path)
    assert problem == "" and replay.fresh_state().params.jokers == 4
    dealt = replay.fresh_state().tiles_in_play
    assert sum(FACES[tile_id].is_joker for tile_id in dealt) == 4 and {106, 107} <= set(dealt)
    replay.check()  # the moves replay to the recorded scores
    out, err = io.StringIO(), io.StringIO()
    assert run_review(str(path), None, None, "1", out, err) == 0, err.getvalue()
    turns = json.loads(out.getvalue())["turns"]
    assert len(turns) >= 4 and sum(turn["played"]["tiles"].count("J") for turn in turns) == 4
