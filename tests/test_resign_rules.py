"""Resigning, in every game's model: the ``resign`` move ends the game at once, the seat that
gave up is never among the winners, and the log, saves and replays carry it like any move."""

from __future__ import annotations

import pytest

from random_game import RandomGame
from rummi_desktop.games import GAMES
from rummi_desktop.games.base import RESIGN, IllegalMove, MoveNotationError, play_seat_move, replay_log
from rummi_desktop.games.rummi.rules.match import PARLOR_LEAGUE, Match
from rummi_desktop.games.rummi.rules.scoring import RESIGNED, resigned_scores
from rummi_desktop.games.rummi.rules.serialize import match_from_dict, match_to_dict
from rummi_desktop.tiles import parse_tiles

KEYS = sorted(GAMES)


def played(key: str, seats: int, moves: int = 6, seed: int = 11):
    """A game of ``key`` for ``seats`` computer-labelled seats after a few random legal moves."""
    game = RandomGame(key, seed, seats=("easy",) * seats)
    state = game.fresh()
    for _ in range(moves):
        state.apply(game.choose(state))
    assert not state.is_terminal
    return state


@pytest.mark.parametrize("key", KEYS)
def test_resign_reads_and_writes_one_word(key):
    move = GAMES[key].parse_move(RESIGN)
    assert move.notation() == "resign" and GAMES[key].parse_move(move.notation()) == move
    with pytest.raises(MoveNotationError):
        GAMES[key].parse_move("resign now")


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("seats", [2, 3])
def test_resigning_ends_the_game_and_the_resigner_never_wins(key, seats):
    spec = GAMES[key]
    state = played(key, seats)
    resigner = state.current
    state.apply(spec.parse_move(RESIGN))
    assert state.is_terminal and state.log[-1] == "resign"
    winners = state.winners()
    assert winners and resigner not in winners
    if seats == 2:
        assert winners == (1 - resigner,)
    assert not state.legal_moves()
    with pytest.raises(IllegalMove):
        state.apply(spec.parse_move(RESIGN))
    assert spec.audit(state) == []


@pytest.mark.parametrize("key", KEYS)
def test_a_resignation_is_final_and_survives_a_save_and_a_replay(key):
    spec = GAMES[key]
    state = played(key, 3)
    state.apply(spec.parse_move(RESIGN))
    assert state.undo() is None and state.is_terminal  # giving up cannot be taken back
    loaded = spec.state_from_dict(spec.state_to_dict(state))
    assert loaded == state and loaded.winners() == state.winners()
    replayed = replay_log(RandomGame(key, 11, seats=("easy",) * 3).fresh(), state.log)
    assert replayed == state


@pytest.mark.parametrize("key", KEYS)
def test_a_computer_seat_never_resigns(key):
    spec = GAMES[key]
    state = played(key, 2)
    seat = state.current
    outcome = play_seat_move(spec, state, RESIGN)
    assert outcome.refused and not state.is_terminal  # it forfeited its turn instead
    assert state.log[-1] != "resign" and (state.current != seat or key == "tumblewords")
    assert all(move.notation() != RESIGN for move in played(key, 2).legal_moves())


@pytest.mark.parametrize("key", ["rummble", "tumblewords"])
def test_the_top_score_among_the_others_wins(key):
    spec = GAMES[key]
    state = played(key, 3, moves=0)
    resigner = state.current
    others = [seat for seat in range(3) if seat != resigner]
    state.points[resigner], state.points[others[0]], state.points[others[1]] = 90, 10, 40
    state.apply(spec.parse_move(RESIGN))
    assert state.winners() == (others[1],)
    assert state.result.resigned == resigner


def test_a_rummi_resignation_is_scored_as_a_blocked_round_among_the_others():
    racks = [parse_tiles("R1 R2"), parse_tiles("K13 J"), parse_tiles("B5")]  # totals 3, 43, 5
    result = resigned_scores(racks, 0)  # the lowest rack resigns: it still loses
    assert result.kind == RESIGNED and result.winners == (2,) and result.resigned == 0
    assert result.scores == (-3, -38, 41) and sum(result.scores) == 0


def test_resigning_a_rummi_round_ends_the_match_won_by_the_best_total_among_the_others():
    match = Match(PARLOR_LEAGUE, ("human", "easy", "easy"), seed=4)
    state = match.start_round()
    resigner = state.current
    state.apply(GAMES["rummi"].parse_move(RESIGN))
    match.finish_round()
    assert match.is_over and resigner not in match.winners
    best = max(total for seat, total in enumerate(match.totals) if seat != resigner)
    assert match.winners == tuple(s for s, t in enumerate(match.totals) if s != resigner and t == best)
    with pytest.raises(ValueError):
        match.start_round()
    loaded = match_from_dict(match_to_dict(match))
    assert loaded.is_over and loaded.resigned == resigner and loaded.winners == match.winners


@pytest.mark.parametrize("key", KEYS)
def test_a_resigned_game_is_recorded_as_a_loss_and_replays_to_ana_resigned(key):
    from rummi_desktop.games.seats import HUMAN, SeatConfig
    from rummi_desktop.records.finished_games import build_record, measures_of
    from rummi_desktop.records.replay import replay_of_record
    from rummi_desktop.records.stat_totals import profile_game_stats
    from rummi_desktop.scenes.history import history_rows
    from rummi_desktop.storage.game_records import check_record

    state = played(key, 2)
    ana = state.current
    state.apply(GAMES[key].parse_move(RESIGN))
    seats = [SeatConfig("easy", "Bot"), SeatConfig("easy", "Bot")]
    seats[ana] = SeatConfig(HUMAN, "Ana", "ana")
    record = build_record(GAMES[key], {"seed": 11}, seats, state, [(3, 6.0), (3, 6.0)], "2 seats")
    totals = profile_game_stats([record], "ana", key, measures_of(GAMES[key]))
    assert totals.games == 1 and totals.wins == 0
    assert [seat.get("resigned", False) for seat in record["seats"]] == [seat == ana for seat in range(2)]
    check_record(record)  # the flag is part of the record's schema
    assert history_rows([record], "ana")[0].cells()[-1] == "Resigned"
    replay = replay_of_record(record)
    seat, words, points = replay.turns()[-1]
    assert (replay.seats[seat].name, words, points) == ("Ana", "resigned", 0)


@pytest.mark.parametrize("key", KEYS)
def test_the_review_does_not_weigh_the_turn_that_resigned(key):
    from rummi_desktop.games.base import Coach
    from rummi_desktop.games.review import review_turn, split_turns

    state = played(key, 2, moves=0)
    state.apply(GAMES[key].parse_move(RESIGN))

    def never(*_args, **_kwargs):
        raise AssertionError("the coach was asked about a resignation")

    turns = split_turns(RandomGame(key, 11, seats=("easy", "easy")).fresh(), state.log)
    assert len(turns) == 1 and turns[0].actions == ("resign",)
    assert review_turn(Coach(best_plays=never, turn_played=never), turns[0], 1) is None
