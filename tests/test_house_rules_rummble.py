"""Rummble's house rule of the Rummmble bonus (on or off), honoured by the scoring, the move
generator and the tiers, saves, analyze (a position's ``rules``, with the short set) and the
setup screen."""

from __future__ import annotations

from test_analyze_rummble import analyze
from test_rummi_flow_support import button_centre, click, make_app, steps

from rummi_desktop.entry_points import load_entry
from rummi_desktop.games.base import play_seat_move
from rummi_desktop.games.rummble.ai.coach import ranked_plays
from rummi_desktop.games.rummble.ai.movegen import Generator
from rummi_desktop.games.rummble.rules.board import Board, Laid
from rummi_desktop.games.rummble.rules.moves import Placement, Play
from rummi_desktop.games.rummble.rules.play import RUMMMBLE_BONUS, check_play
from rummi_desktop.games.rummble.rules.serialize import state_from_dict, state_to_dict
from rummi_desktop.games.rummble.rules.state import RummbleParameters, RummbleState
from rummi_desktop.games.rummble.spec import RUMMBLE
from rummi_desktop.tiles import parse_tiles

TEN = parse_tiles("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10")  # a straight flush of ten: a Rummmble


def ten_tile_state(bonus: bool) -> RummbleState:
    params = RummbleParameters(seats=("human", "hard"), seed=3, rummmble_bonus=bonus)
    return RummbleState.from_position(params, [], [list(TEN), parse_tiles("K1 K2")], current=0)


def across_the_star() -> Play:
    return Play(tuple(Placement(6, col, Laid.of(tile)) for col, tile in enumerate(TEN, start=2)))


def test_with_the_bonus_off_a_rummmble_scores_only_its_sets():
    with_bonus, without = ten_tile_state(True).check(across_the_star()), ten_tile_state(False).check(across_the_star())
    assert with_bonus.legal and without.legal and with_bonus.rummmble and without.rummmble
    assert (with_bonus.bonus, without.bonus) == (RUMMMBLE_BONUS, 0)
    assert with_bonus.score - without.score == RUMMMBLE_BONUS
    state = ten_tile_state(False)
    state.apply(across_the_star())
    assert state.scores()[0] == without.score


def test_the_move_generator_ranks_by_the_tables_bonus():
    board = Board()
    best_on, best_off = Generator(board, TEN, bonus=RUMMMBLE_BONUS).best(), Generator(board, TEN, bonus=0).best()
    assert best_on.score - best_off.score == RUMMMBLE_BONUS  # the ten-tile line, 100 less
    assert best_off.score == check_play(board, list(best_off.placements), bonus=0).score  # as the rules score it
    ranked_on = [c.points for c in ranked_plays(board, TEN, 13, 2)]
    ranked_off = [c.points for c in ranked_plays(board, TEN, 13, 2, bonus=0)]
    assert ranked_off == [points - RUMMMBLE_BONUS for points in ranked_on]


def test_the_seat_view_tells_the_tiers_the_bonus():
    choose = load_entry(RUMMBLE, "computer")
    assert RUMMBLE.seat_view(ten_tile_state(True), 0)["bonus"] == RUMMMBLE_BONUS
    state = ten_tile_state(False)
    view = RUMMBLE.seat_view(state, 0)
    assert view["bonus"] == 0
    verdict = state.check(choose(view, "hard"))  # Hard plays the best score at this table
    assert verdict.rummmble and verdict.score == Generator(state.board, TEN, bonus=0).best().score


def test_computer_seats_play_a_whole_game_without_the_bonus():
    choose = load_entry(RUMMBLE, "computer")
    state = RUMMBLE.new_state(("medium", "easy"), 5, rummmble_bonus=False, tile_set="short")
    for _turn in range(300):
        if state.is_terminal:
            break
        move = choose(RUMMBLE.seat_view(state, state.current), state.params.seats[state.current])
        assert not play_seat_move(RUMMBLE, state, move).refused and RUMMBLE.audit(state) == []
    assert state.is_terminal
    loaded = state_from_dict(state_to_dict(state))
    assert loaded.params.rummmble_bonus is False and loaded == state
    assert "rummmble_bonus" not in state_to_dict(ten_tile_state(True))["params"]  # the usual rules as before


def test_analyze_reads_the_bonus_and_the_short_set_from_the_positions_rules():
    play = [[6, col, tile.notation()] for col, tile in enumerate(TEN, start=2)]
    rack = [tile.notation() for tile in TEN]
    status, answers, _ = analyze(
        {"game": "rummble", "board": [], "rack": rack, "play": play},
        {"game": "rummble", "board": [], "rack": rack, "play": play, "rules": {"rummmble_bonus": False}},
        {"game": "rummble", "board": [], "rack": rack, "rules": {"rummmble_bonus": False}},
        {"game": "rummble", "board": [], "rack": ["K8", "J"], "play": [[6, 6, "K8"], [6, 7, "J=K9"]],
         "rules": {"tile_set": "short"}},
        {"game": "rummble", "board": [], "rack": ["K8", "J"], "play": [[6, 6, "K8"], [6, 7, "J=K9"]]},
    )
    assert status == 0
    assert answers[0]["bonus"] == RUMMMBLE_BONUS and answers[1]["bonus"] == 0
    assert answers[0]["score"] - answers[1]["score"] == RUMMMBLE_BONUS
    assert answers[2]["bonus"] == 0 and answers[2]["score"] == Generator(Board(), TEN, bonus=0).best().score
    assert answers[3]["legal"] and answers[4]["legal"]  # K9 is in the short set too
    status, answers, _ = analyze({"game": "rummble", "board": [], "rack": ["K8", "J"],
                                  "play": [[6, 6, "K9"], [6, 7, "J=K10"]], "rules": {"tile_set": "short"}})
    assert status == 0 and not answers[0]["legal"]
    status, _, stderr = analyze({"game": "rummble", "board": [], "rack": rack, "rules": {"rummmble_bonus": 1}})
    assert status == 2 and "rule rummmble_bonus is true, false, not 1" in stderr


def test_the_setup_screen_offers_the_bonus_and_the_game_keeps_it(tmp_path, monkeypatch):
    from rummi_desktop.games.rummble.table.session import RummbleSetup
    from rummi_desktop.games.rummble.table.setup_scene import RummbleSetupScene

    app = make_app(tmp_path, monkeypatch)
    setup_scene = RummbleSetupScene(app, RummbleSetup(seed=4))
    app.stack.push(setup_scene)
    steps(app, 2)
    click(app, setup_scene.bonus_picker.arrow_rects()[1].center)  # 100 points -> Off
    click(app, button_centre(setup_scene.start_button))
    table = app.stack.top
    assert table.session.setup.rummmble_bonus is False and table.session.state.params.bonus == 0
    assert RummbleSetupScene(app).current_setup().rummmble_bonus is False  # remembered


def test_the_puzzle_checker_scores_a_positions_rummmble_under_its_rules():
    from rummi_desktop.games.rummble.puzzles.mining import from_position, verify

    position = {"game": "rummble", "board": [], "rack": [tile.notation() for tile in TEN]}
    usual = from_position(position)
    plain = from_position({**position, "rules": {"rummmble_bonus": False}})
    assert usual["best"] - plain["best"] == RUMMMBLE_BONUS and plain["position"]["rules"] == {"rummmble_bonus": False}
    assert "rummmble" in usual["tags"] and "rummmble" in plain["tags"]  # all ten laid, either way
    assert verify(plain) == []
    lying = {**usual, "position": plain["position"]}  # the usual best claimed under the rule without the bonus
    assert verify(lying) != []
