"""The turn clock the rules set themselves, as the server keeps it (games.base.rules_clock and
time_up): Tumblewords' Ticker times a drop and its claims as one turn of 30 s and a Pressure
Cooker steal window as one of 15 s; a Rummi match's Blitz times each turn of each round; a
server Rummi match replays from its seed and its log alone."""

from rummi_desktop.games import GAMES
from rummi_desktop.games.base import rules_clock, time_up
from rummi_desktop.games.rummi.rules.match_state import new_match_state
from rummi_desktop.games.tumblewords.rules.moves import Claim, Done, Drop
from test_tumblewords_state import claim_game


def test_a_ticker_turn_is_the_drop_and_its_claims_and_a_steal_window_is_its_own():
    state = claim_game(pressure_cooker=True)
    dropping = rules_clock(state)
    assert dropping == ((0, False), 30.0)
    state.apply(Drop(2, "T"))
    state.apply(Claim.parse("claim 7,0-7,2"))
    assert rules_clock(state) == dropping  # one turn: the deadline stays
    state.apply(Done())
    assert rules_clock(state) == ((1, True), 15.0)  # the next seat's steal window
    time_up(state)  # the window ran out: the rules' timeout closes it
    assert state.log[-1] == "timeout" and rules_clock(state) == ((1, False), 30.0)
    assert rules_clock(claim_game()) is None  # no Ticker: the table's own clock runs, and forfeits


def test_a_blitz_match_times_every_turn_and_its_timeout_is_the_rounds():
    blitz = new_match_state(("human", "human"), 9, mode="blitz", match_target=100)
    assert rules_clock(blitz) == ((1, 0), 30.0)
    time_up(blitz)
    assert blitz.log == ["timeout"] and rules_clock(blitz) == ((1, 1), 30.0)
    assert rules_clock(new_match_state(("human", "human"), 9)) is None  # Parlor League: the table's clock


def test_a_server_match_replays_from_its_seed_and_log():
    spec = GAMES["rummi"]
    played = spec.table_state(("human", "easy"), 5, mode="parlor", match_target=100)
    while not played.is_terminal:
        played.forfeit_turn()
    assert played.round_number >= 2 and not list(played.legal_moves())
    replayed = spec.table_state(("human", "easy"), 5, mode="parlor", match_target=100)
    for action in played.log:
        replayed.perform(action)
    assert replayed.is_terminal and replayed.scores() == played.scores() and replayed.winners() == played.winners()
    assert spec.seat_view(replayed, 0) == spec.seat_view(played, 0)
    assert replayed.undo() is None  # a booked round is never taken back
    stored_before = spec.table_state(("human", "easy"), 5, opening_points=50)  # a table made before matches
    assert stored_before.params.opening_points == 50 and not hasattr(stored_before, "match")
