"""One Rummble game: deal and first player, plays and refills, exchange rules, both ends of the
game, undo, serialise and replay, notation, and invariants under random moves."""

import random

import pytest
import tomli_w
import tomllib
from hypothesis import HealthCheck, given, settings, strategies as st

from playthroughs.rummble_policy import find_play, random_moves
from rummi_desktop.games import GAMES
from rummi_desktop.games.base import IllegalMove, MoveNotationError, play_seat_move
from rummi_desktop.games.rummble.rules.board import Laid
from rummi_desktop.games.rummble.rules.moves import Exchange, Move, Pass, Placement, Play
from rummi_desktop.games.rummble.rules.state import RummbleParameters, RummbleState, replayed
from rummi_desktop.tiles import Tile, parse_tiles

RUMMBLE = GAMES["rummble"]
TWO = RummbleParameters(seats=("human", "easy"), seed=3)


def position(board, racks, pool=None, scores=None, current=0, seats=2):
    params = RummbleParameters(seats=("human",) * seats, seed=1)
    return RummbleState.from_position(params, board, [parse_tiles(r) for r in racks], current, scores,
                                      None if pool is None else parse_tiles(pool))


# ----- start ------------------------------------------------------------------------------------
def test_a_new_game_deals_ten_each_and_the_highest_draw_starts():
    state = RummbleState(TWO)
    assert [len(state.rack(s)) for s in range(2)] == [10, 10] and len(state.pool) == 106 - 20
    last_round = state.first_draw.rounds[-1]
    numbers = {seat: state.faces[tile_id].number for seat, tile_id in last_round.items()}
    assert state.current == state.first_draw.first == max(numbers, key=numbers.get)
    assert list(numbers.values()).count(max(numbers.values())) == 1
    assert state.board.is_empty and RUMMBLE.audit(state) == []


@pytest.mark.parametrize("tile_set, count, highest", [("standard", 106, 13), ("short", 74, 9), ("cards", 106, 13)])
def test_the_tile_sets(tile_set, count, highest):
    state = RUMMBLE.new_state(("easy", "easy", "easy"), 2, tile_set=tile_set)
    assert state.tile_census() == list(range(count)) and state.params.highest == highest
    assert max(tile.number for tile in state.faces) == highest
    assert RUMMBLE.seat_view(state, 0)["tile_set"] == tile_set
    with pytest.raises(ValueError, match="tile set"):
        RUMMBLE.new_state(("easy", "easy"), 2, tile_set="dominoes")


def test_the_seed_decides_the_deal():
    assert RummbleState(TWO) == RummbleState(TWO)
    assert RummbleState(TWO).racks != RummbleState(RummbleParameters(seats=TWO.seats, seed=4)).racks


# ----- plays --------------------------------------------------------------------------------------
def test_a_play_scores_refills_and_passes_the_turn():
    state = position([], ["K1 B1 R5 R6 R7 R8 R9 Y1 Y2 Y3", "K9"], pool="B7 B8 B9 B10")
    result = state.apply(Move.parse("play K1@6,6 B1@6,7"))
    assert result.outcome == "played" and result.points == 4 and state.scores() == (4, 0)
    assert state.rack_tiles(0)[-2:] == parse_tiles("B7 B8") and len(state.rack(0)) == 10
    assert state.current == 1 and state.log == ["play K1@6,6 B1@6,7"]
    assert state.board_ids[6 * 13 + 6] == result.laid[0] and state.faces[result.laid[0]] == Tile("K", 1)


def test_a_refused_play_changes_nothing():
    state = position([(6, 6, "K5")], ["K6 K7", "K9"], pool="B7")
    before, log = state.position(), list(state.log)
    for text, reason in [("play K8@6,7", "your rack has no K8"), ("play K6@6,7 K6@6,8", "no more K6"),
                         ("play K7@6,7", "K5 K7 in row 6 \\(columns 6–7\\): two tiles of one colour"),
                         ("play J=K6@6,7", "your rack has no J")]:
        with pytest.raises(IllegalMove, match=reason):
            state.apply(Move.parse(text))
        assert state.position() == before and state.log == log


def test_a_played_joker_keeps_its_declared_identity():
    state = position([(6, 6, "K5")], ["J K9", "K9"], pool="B7 B8")
    state.apply(Move.parse("play J=K6@6,7"))
    assert state.board.cells[6 * 13 + 7] == Laid("K", 6, True)
    assert RUMMBLE.seat_view(state, 1)["board"] == [[6, 6, "K5"], [6, 7, "J=K6"]]
    assert state.scores() == (5 * 2, 0)  # K5 J: 5 + 0, ×2 straight flush; the joker scores 0
    assert RUMMBLE.audit(state) == []


def test_the_rummmble_bonus_through_the_state():
    rack = " ".join(f"{'KB'[col % 2]}{col}" for col in range(1, 11))
    state = position([], [rack, "K9"], pool="Y1 Y2")
    result = state.apply(Move.parse("play " + " ".join(f"{'KB'[c % 2]}{c}@6,{c}" for c in range(1, 11))))
    assert result.verdict.bonus == 100 and state.scores()[0] == 234


# ----- exchange -----------------------------------------------------------------------------------
def test_exchange_needs_ten_tiles_in_the_pool():
    nine = "B1 B2 B3 B4 B5 B6 B7 B8 B9"
    state = position([(6, 6, "K5")], ["K6 K7", "K9"], pool=nine)
    with pytest.raises(IllegalMove, match="at least 10 tiles .it holds 9."):
        state.apply(Exchange(tuple(parse_tiles("K6"))))
    assert not state.can_exchange and not RUMMBLE.seat_view(state, 0)["can_exchange"]
    state = position([(6, 6, "K5")], ["K6 K7", "K9"], pool=nine + " B10")
    result = state.apply(Move.parse("exchange K6 K7"))
    assert result.outcome == "exchanged" and len(result.drawn) == 2
    assert state.rack_tiles(0) == parse_tiles("B1 B2") and len(state.pool) == 10
    assert sorted(state.faces[t] for t in state.pool) == sorted(parse_tiles("B3 B4 B5 B6 B7 B8 B9 B10 K6 K7"))
    assert state.scores() == (0, 0) and state.current == 1


def test_exchange_only_rack_tiles():
    state = position([], ["K6 K7", "K9"])
    with pytest.raises(IllegalMove, match="your rack has no more K6"):
        state.apply(Move.parse("exchange K6 K6"))
    with pytest.raises(MoveNotationError):
        Move.parse("exchange")


# ----- the end ------------------------------------------------------------------------------------
def test_going_out_with_the_pool_empty_collects_the_other_hands():
    state = position([(6, 6, "K5")], ["K6", "Y9 J B3", "R2"], pool="", scores=[10, 20, 30], seats=3)
    result = state.apply(Move.parse("play K6@6,7"))
    assert result.outcome == "went_out" and state.is_terminal
    # seat 0: 10 + (5 + 6) × 2 for the straight flush, + 12 + 2 from the others' hands (joker 0)
    assert state.scores() == (10 + 22 + 14, 20 - 12, 30 - 2) and state.winners() == (0,)
    assert state.result.hand_totals == (0, 12, 2)
    with pytest.raises(IllegalMove, match="over"):
        state.apply(Pass())


def test_emptying_the_rack_while_the_pool_lasts_refills_and_goes_on():
    state = position([(6, 6, "K5")], ["K6", "Y9"], pool="B1 B2")
    assert state.apply(Move.parse("play K6@6,7")).outcome == "played"
    assert state.rack_tiles(0) == parse_tiles("B1 B2") and not state.pool  # refilled as far as it lasts
    assert not state.is_terminal and RUMMBLE.audit(state) == []


def test_two_idle_rounds_end_the_game_and_each_seat_pays_its_hand():
    state = position([(6, 6, "K5")], ["K6 K9", "Y9 J", "R2"], scores=[10, 20, 5], seats=3)
    for _ in range(5):
        assert state.apply(Pass()).outcome == "passed"
    assert state.apply(Pass()).outcome == "stalled" and state.is_terminal
    assert state.scores() == (10 - 15, 20 - 9, 5 - 2) and state.winners() == (1,)


def test_a_play_restarts_the_idle_count_and_ties_share_the_win():
    state = position([(6, 6, "K5")], ["K6 B1", "B2"], scores=[0, 22], pool="Y1", current=1)
    state.apply(Pass())
    state.apply(Pass())
    state.apply(Pass())
    assert state.idle_turns == 3
    state.apply(Move.parse("play K6@6,7"))  # 22 points, the rack refills with Y1
    assert state.idle_turns == 0 and not state.is_terminal and state.scores() == (22, 22)
    for _ in range(4):
        state.apply(Pass())
    assert state.is_terminal and state.scores() == (22 - 2, 22 - 2) and state.winners() == (0, 1)


def test_a_refused_computer_move_passes():
    state = position([(6, 6, "K5")], ["K6", "Y9"])
    outcome = play_seat_move(RUMMBLE, state, "play K6@0,0")
    assert "touch" in outcome.refused and outcome.change.outcome == "passed" and state.current == 1


# ----- undo, serialise, replay ----------------------------------------------------------------------
def played_game(seed=5, turns=30):
    state = RUMMBLE.new_state(("easy", "easy"), seed)
    rng = random.Random(seed)
    for _ in range(turns):
        if state.is_terminal:
            break
        move = find_play(state, rng) or (Exchange(tuple(state.rack_tiles()[:2])) if state.can_exchange else Pass())
        state.apply(move)
    return state


def test_undo_steps_back_exactly_refills_and_reshuffles_included():
    state = played_game(turns=6)
    copies = []
    for move in (Exchange(tuple(state.rack_tiles()[:3])), Pass(), find_play(state, random.Random(1))):
        if move is None:
            continue
        copies.append(replayed(state))
        state.apply(move)
    for copy in reversed(copies):
        state.undo()
        assert state == copy
    assert replayed(state).undo() is not None


def test_save_and_load_round_trips_through_toml():
    for state in (played_game(), position([(6, 6, "J=K5")], ["K6 J", "Y9"], pool="B1 B2", scores=[3, 4])):
        text = tomli_w.dumps(RUMMBLE.state_to_dict(state))
        assert RUMMBLE.state_from_dict(tomllib.loads(text)) == state
        assert replayed(state) == state


@pytest.mark.parametrize("damage, message", [
    (lambda d: d.update(game="rummi"), "not a Rummble save"),
    (lambda d: d.update(format=9), "format 9"),
    (lambda d: d.update(log="pass"), "list of strings"),
    (lambda d: d["log"].append("play K1@99,0"), "does not replay"),
    (lambda d: d["snapshot"].update(pool_size=3), "do not match"),
    (lambda d: d["params"].update(seats=["a"]), "bad game parameters"),
])
def test_bad_saves_are_refused_with_a_reason(damage, message):
    data = RUMMBLE.state_to_dict(played_game(turns=4))
    damage(data)
    with pytest.raises(ValueError, match=message):
        RUMMBLE.state_from_dict(data)


def test_the_seat_view_shows_only_the_seats_own_rack():
    state = played_game(turns=4)
    view = RUMMBLE.seat_view(state, 1)
    assert [Tile.parse(t) for t in view["rack"]] == state.rack_tiles(1)
    assert view["other_rack_sizes"] == [len(state.rack(0))] and view["pool_size"] == len(state.pool)
    assert view["board"] == [[r, c, laid.notation()] for r, c, laid in state.board.tiles()]
    assert view["scores"] == list(state.scores())


# ----- notation ---------------------------------------------------------------------------------------
LAID = st.builds(Laid, st.sampled_from("KBRY"), st.integers(1, 13), st.booleans())
PLACEMENT = st.builds(Placement, st.integers(0, 12), st.integers(0, 12), LAID)
TILES = st.lists(st.builds(Tile, st.sampled_from("KBRY"), st.integers(1, 13)) | st.just(Tile("", 0)),
                 min_size=1, max_size=10)
MOVES = (st.lists(PLACEMENT, min_size=1, max_size=10).map(lambda p: Play(tuple(p)))
         | TILES.map(lambda t: Exchange(tuple(t))) | st.just(Pass()))


@given(MOVES)
def test_notation_round_trips(move):
    assert Move.parse(move.notation()) == move and RUMMBLE.parse_move(str(move)) == move
    assert repr(move) == f"Move.parse({move.notation()!r})"


def test_the_notation_reads_as_documented():
    move = Move.parse("play R2@6,5 B3@6,6 J=K7@7,6")
    assert move.placements == (Placement(6, 5, Laid("R", 2)), Placement(6, 6, Laid("B", 3)),
                               Placement(7, 6, Laid("K", 7, True)))
    assert Move.parse("play J=K7@7,6 R2@6,5 B3@6,6") == move  # one play, one notation


@pytest.mark.parametrize("text", ["play", "play R2", "play R2@6", "play R2@13,0", "play J@6,6", "play R2@-1,3",
                                  "exchange X9", "pass now", "draw"])
def test_bad_notation_is_a_notation_error(text):
    with pytest.raises(MoveNotationError):
        Move.parse(text)


# ----- invariants under random moves --------------------------------------------------------------------
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.sampled_from(["standard", "short"]), st.integers(2, 4))
def test_random_moves_keep_every_tile_and_undo_restores(seed, tile_set, seats):
    rng = random.Random(seed)
    state = RUMMBLE.new_state(("easy",) * seats, seed, tile_set=tile_set)
    start = replayed(state)
    applied = random_moves(state, rng, 40)  # asserts that each refused move changed nothing
    assert RUMMBLE.audit(state) == []
    assert state.tile_census() == list(range(len(state.faces)))
    for _ in range(applied):
        state.undo()
    assert state == start
