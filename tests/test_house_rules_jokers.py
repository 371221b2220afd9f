"""Rummi's house rule "4 jokers" (the set of 108 tiles), honoured by the deal, the audit, saves,
the computer tiers, the coach, the unseen tracker, analyze (a position's ``rules``), the puzzle
checker, the setup screen, the table's rules line and online tables."""

from __future__ import annotations

import asyncio
import json
from collections import Counter

import pygame
import pytest

from net_support import running_server, signed_in
from test_analyze_rummi import analyze
from test_rummi_flow_support import button_centre, click, make_app, open_table, session_from_position, steps

from rummi_desktop.entry_points import load_entry
from rummi_desktop.games.base import play_seat_move
from rummi_desktop.games.rummi.ai.coach import best_plays
from rummi_desktop.games.rummi.ai.seat_faces import SeatView
from rummi_desktop.games.rummi.puzzles.mining import from_position, verify
from rummi_desktop.games.rummi.rules.match import Match, MatchSettings
from rummi_desktop.games.rummi.rules.pieces import FACES, round_ids
from rummi_desktop.games.rummi.rules.serialize import match_from_dict, match_to_dict, state_from_dict, state_to_dict
from rummi_desktop.games.rummi.rules.state import RummiParameters, RummiState
from rummi_desktop.games.rummi.rules.unseen import unseen
from rummi_desktop.games.rummi.spec import RUMMI
from rummi_desktop.games.rummi.table import paint
from rummi_desktop.games.rummi.table.online_state import state_from_view
from rummi_desktop.tiles import JOKER, parse_tiles

FOUR = RummiParameters(seats=("hard", "medium"), seed=3, jokers=4)


def jokers_in_round(state: RummiState) -> int:
    return sum(FACES[tile_id].is_joker for tile_id in state.tiles_in_play)


def test_four_jokers_deal_108_tiles_and_two_deal_the_usual_106():
    four = RummiState(FOUR)
    assert list(four.tiles_in_play) == list(round_ids(4)) == list(range(108)) and jokers_in_round(four) == 4
    assert RUMMI.audit(four) == []
    two = RummiState(RummiParameters(seats=("hard", "medium"), seed=3))
    assert list(two.tiles_in_play) == list(range(106)) and jokers_in_round(two) == 2
    assert RUMMI.audit(two) == []
    with pytest.raises(ValueError, match="2 or 4 jokers, not 3"):
        RummiParameters(seats=("human", "hard"), jokers=3)
    with pytest.raises(ValueError, match="2 or 4 jokers"):
        MatchSettings("Parlor League", jokers=True)


def test_a_hand_made_position_may_name_four_jokers_only_under_the_rule():
    racks = [parse_tiles("J J J R5"), parse_tiles("J K1")]
    state = RummiState.from_position(FOUR, [], racks)
    assert state.rack_tiles(0).count(JOKER) == 3 and RUMMI.audit(state) == []
    assert JOKER not in [FACES[tile_id] for tile_id in state.pool]  # all four are on the racks
    with pytest.raises(ValueError, match="more copies than exist of J"):
        RummiState.from_position(RummiParameters(seats=("hard", "medium")), [], racks)


def test_computer_seats_play_a_whole_4_joker_round_and_every_tile_stays_accounted_for():
    choose = load_entry(RUMMI, "computer")
    state = RUMMI.new_state(("hard", "medium"), 3, jokers=4)
    for _turn in range(400):
        if state.is_terminal:
            break
        move = choose(RUMMI.seat_view(state, state.current), state.params.seats[state.current])
        assert not play_seat_move(RUMMI, state, move).refused
        assert RUMMI.audit(state) == []
    assert state.is_terminal
    assert sum(tile.is_joker for meld in state.table_tiles() for tile in meld) >= 3  # the extra jokers were played


def test_the_rule_travels_with_saves_and_replays():
    match = Match(MatchSettings("Parlor League", 100, None, jokers=4), ("human", "hard"), 9)
    match.start_round()
    data = json.loads(json.dumps(match_to_dict(match)))
    assert data["settings"]["jokers"] == 4
    loaded = match_from_dict(data)
    assert loaded.settings.jokers == 4 and loaded.current.params.jokers == 4
    assert loaded.current.fingerprint() == match.current.fingerprint()
    assert state_from_dict(state_to_dict(loaded.current)).params.jokers == 4
    plain = match_to_dict(Match(MatchSettings("Parlor League"), ("human", "hard"), 9))
    assert "jokers" not in plain["settings"]  # the usual set is written as before
    plain_round = state_to_dict(RummiState(RummiParameters(seats=("human", "hard"))))
    assert "jokers" not in plain_round["params"]


def test_the_tiers_the_coach_and_the_tracker_see_the_four_jokers():
    state = RummiState.from_position(FOUR, [parse_tiles("R3 R4 R5")], [parse_tiles("J J J K9"), parse_tiles("Y1")],
                                     opened=[True, True])
    view = RUMMI.seat_view(state, 0)
    assert view["jokers"] == 4 and SeatView.from_data(view, "expert").jokers == 4
    sheet = unseen(view)
    assert [(cell.count, cell.full) for row in sheet.rows for cell in row.cells if cell.face == "J"] == [(1, 4)]
    assert sheet.total == 108 - 4 - 3  # the set less the rack and the table
    plays = best_plays(state, 1)
    assert sorted(plays[0].tiles) == ["J", "J", "J", "K9"]  # every tile down (K9 with three jokers)
    choose = load_entry(RUMMI, "computer")
    for tier in ("easy", "medium", "hard", "expert"):
        trial = state.clone()
        assert not play_seat_move(RUMMI, trial, choose(view, tier)).refused, tier


def test_analyze_reads_the_jokers_rule_of_a_position():
    table, rack = [["R3", "R4", "R5"]], ["J", "J", "J", "K9"]
    play = [["R3", "R4", "R5"], ["J", "J", "J", "K9"]]
    status, answers, stderr = analyze({"game": "rummi", "table": table, "rack": rack})
    assert status == 2 and "more copies than exist of J (two of each tile, two jokers)" in stderr
    status, answers, _ = analyze(
        {"game": "rummi", "table": table, "rack": rack, "rules": {"jokers": 4}},
        {"game": "rummi", "table": table, "rack": rack, "play": play, "rules": {"jokers": 4}},
    )
    assert status == 0
    assert answers[0]["placed"] == 4 and answers[1] == {"game": "rummi", "legal": True, "placed": 4, "value": 99}
    status, _, stderr = analyze({"game": "rummi", "table": table, "rack": rack + ["J", "J"], "rules": {"jokers": 4}})
    assert status == 2 and "more copies than exist of J (two of each tile, four jokers)" in stderr
    status, _, stderr = analyze({"game": "rummi", "table": table, "rack": rack, "rules": {"jokers": 3}})
    assert status == 2 and "rule jokers is 2, 4, not 3" in stderr


def test_the_puzzle_checker_honours_the_positions_jokers():
    position = {"game": "rummi", "table": [["R3", "R4", "R5"]], "rack": ["J", "J", "J", "K9", "B1"],
                "rules": {"jokers": 4}}
    puzzle = from_position(position)
    assert puzzle is not None and puzzle["position"]["rules"] == {"jokers": 4} and verify(puzzle) == []
    assert Counter(tile for meld in puzzle["solution"] for tile in meld)["J"] == 3


def test_the_setup_screen_offers_four_jokers_and_the_table_shows_them(tmp_path, monkeypatch):
    from rummi_desktop.games.rummi.table.session import MatchSetup
    from rummi_desktop.games.rummi.table.setup_scene import RummiSetupScene

    app = make_app(tmp_path, monkeypatch)
    setup_scene = RummiSetupScene(app, MatchSetup(seed=7))
    app.stack.push(setup_scene)
    steps(app, 2)
    click(app, setup_scene.jokers_picker.arrow_rects()[1].center)  # 2 jokers -> 4 jokers
    click(app, button_centre(setup_scene.start_button))
    table = app.stack.top
    assert table.session.setup.jokers == 4 and table.session.state.params.jokers == 4
    assert jokers_in_round(table.session.state) == 4
    assert paint.match_caption(table.view).endswith(" · 4 jokers")
    assert RummiSetupScene(app).current_setup().jokers == 4  # remembered for the next match


def test_a_rack_of_three_jokers_is_drawn_joker_by_joker(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    session = session_from_position([], ["K10 B10 Y10", "Y1 Y2"])
    session.match.current = RummiState.from_position(
        RummiParameters(seats=("human", "hard"), seed=11, jokers=4), [parse_tiles("K7 J K9")],
        [parse_tiles("J J J K10 B10"), parse_tiles("Y1 Y2")], opened=[True, True])
    scene = open_table(app, session, autosave=False)
    rects = _rack_rects(scene)
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    pictures = [surface.subsurface(rect).copy() for rect in rects]
    jokers, numbers = pictures[:3], pictures[3:]
    average = [tuple(pygame.transform.average_color(picture))[:3] for picture in pictures]
    assert len(set(average[:3])) == 1, "the three jokers look alike"
    assert all(average[0] != colour for colour in average[3:]), "a joker looks unlike a numbered tile"
    assert len(jokers) == 3 and len(numbers) == 2


def _rack_rects(scene) -> list[pygame.Rect]:
    """The square top of each rack tile as drawn (its sprite settled)."""
    sprites = [scene.view.sprites.get(tile_id) for tile_id in scene.session.state.rack(0)]
    for sprite in sprites:
        sprite.finish()
    return [pygame.Rect(round(s.x), round(s.y), round(s.w), round(s.w)) for s in sprites]


def test_an_online_table_made_with_four_jokers_deals_them(tmp_path):
    async def play():
        async with running_server(tmp_path / "server.sqlite3") as url:
            alice = await signed_in(url, "alice")
            table = await alice.create_table("rummi", ["human", "easy"], options={"jokers": 4})
            first = await alice.subscribe(table["table"])
            await alice.close()
            return first

    first = asyncio.run(play())
    assert first["view"]["jokers"] == 4 and first["view"]["match"]["round"] == 1  # a match's round keeps the rule
    local = state_from_view(first)  # the window rebuilds the round from the table's set
    assert local.params.jokers == 4 and len(local.tiles_in_play) == 108
