"""The game protocol (games/base.py) and Rummi's place in it: verbs per game, notation that
round-trips, whole-turn moves, the one rule for a refused computer move, and the registry."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest
from hypothesis import given, strategies as st

from rummi_desktop.entry_points import load, load_entry
from rummi_desktop.games import GAMES, find_game
from rummi_desktop.games.base import EntryPoint, IllegalMove, Move, MoveNotationError, MoveVerbs, play_seat_move
from rummi_desktop.games.rummi.rules.moves import Draw, EndTurn, Place, Play, Timeout
from rummi_desktop.games.rummi.rules.moves import Move as RummiMove
from rummi_desktop.games.rummi.rules.state import RummiParameters, RummiState, TurnRefused
from rummi_desktop.tiles import Tile, parse_tiles

RUMMI = GAMES["rummi"]
OTHER_VERBS = MoveVerbs("othergame")


class OtherMove(Move, verbs=OTHER_VERBS):
    pass


@dataclass(frozen=True, repr=False)
class OtherPlace(OtherMove):
    verb: ClassVar[str] = "place"
    square: int

    @classmethod
    def from_words(cls, words):
        (square,) = words
        return cls(int(square))

    def notation(self):
        return f"place {self.square}"


def test_two_games_may_share_a_verb_without_clashing():
    assert isinstance(OtherMove.parse("place 12"), OtherPlace)
    assert isinstance(RummiMove.parse("place 17 3:0"), Place)
    assert "place" in OTHER_VERBS.classes and OTHER_VERBS.classes["place"] is OtherPlace
    assert RummiMove.verbs is not OTHER_VERBS
    with pytest.raises(MoveNotationError, match="not a othergame move"):
        OtherMove.parse("draw")


def test_a_game_cannot_register_one_verb_twice():
    with pytest.raises(ValueError, match="two moves with the verb 'place'"):
        @dataclass(frozen=True)
        class AnotherPlace(OtherMove):
            verb: ClassVar[str] = "place"


def test_repr_prints_the_parse_call():
    assert repr(Place(17, 3, 0)) == "Move.parse('place 17 3:0')"
    assert repr(OtherPlace(4)) == "OtherMove.parse('place 4')"


TILES = st.sampled_from(sorted(set(parse_tiles("K1 B2 R13 Y7 J K13 B9"))))
PLAYS = st.lists(st.lists(TILES, min_size=1, max_size=5).map(tuple), max_size=4).map(tuple)


@given(PLAYS)
def test_whole_turn_notation_round_trips(melds):
    move = Play(melds)
    assert RummiMove.parse(move.notation()) == move
    assert RUMMI.parse_move(move.notation()) == move


@pytest.mark.parametrize("move", [EndTurn(), Draw(), Timeout()])
def test_turn_actions_round_trip(move):
    assert RummiMove.parse(move.notation()) == move


@pytest.mark.parametrize("text", ["end now", "play R1,X9", "play R1,R2 R3", "jump 3"])
def test_bad_notation_is_a_notation_error(text):
    with pytest.raises(MoveNotationError):
        RummiMove.parse(text)


def opened_position():
    return RummiState.from_position(RummiParameters(seats=("hard", "easy")), [parse_tiles("K4 K5 K6")],
                                    [parse_tiles("K7 K8 B2"), parse_tiles("Y1 Y2")], opened=[True, True])


def test_apply_carries_out_the_moves_that_settle_a_turn():
    state = opened_position()
    result = state.apply(Play((tuple(parse_tiles("K4 K5 K6 K7 K8")),)))
    assert result.outcome == "played" and state.current == 1
    assert state.apply(Draw()).outcome == "drew" and state.current == 0


def test_a_refused_play_changes_nothing_not_even_the_log():
    state = opened_position()
    before, log = state.position(), list(state.log)
    with pytest.raises(TurnRefused) as refused:
        state.apply(Play((tuple(parse_tiles("K4 K5 K6")), tuple(parse_tiles("K7 B2")))))
    assert refused.value.result.problems and state.position() == before and state.log == log
    with pytest.raises(IllegalMove, match="neither on the table nor on your rack"):
        state.apply(Play((tuple(parse_tiles("K4 K5 K6 K7 K8 K9")),)))
    assert state.position() == before and state.log == log


def test_a_refused_end_turn_raises_with_the_bad_melds():
    state = opened_position()
    state.apply(Place(state.rack(0)[0], 1, 0))  # a lone tile as a new meld
    with pytest.raises(TurnRefused) as refused:
        state.apply(EndTurn())
    assert refused.value.result.problems


def test_a_refused_computer_move_forfeits_the_turn():
    state = opened_position()
    rack_before = len(state.rack(0))
    outcome = play_seat_move(RUMMI, state, "play K4,K5,K6/K7,B2")
    assert outcome.refused and outcome.change.outcome == "drew"
    assert len(state.rack(0)) == rack_before + 1 and state.current == 1
    garbled = play_seat_move(RUMMI, state, "teleport 3")
    assert "not a rummi move" in garbled.refused and garbled.change.outcome == "drew"


def test_an_accepted_computer_move_is_not_a_refusal():
    state = opened_position()
    outcome = play_seat_move(RUMMI, state, Play((tuple(parse_tiles("K4 K5 K6 K7 K8")),)))
    assert outcome.refused == "" and outcome.change.outcome == "played"


def test_the_registry_and_its_entry_points():
    assert find_game(" Rummi ") is RUMMI and find_game("chess") is None
    assert RUMMI.min_seats == 2 and RUMMI.max_seats == 4
    assert RUMMI.tiers == ("easy", "medium", "hard", "expert")
    for name in ("computer", "analyze", "scenes", "bench"):
        assert callable(load_entry(RUMMI, name)), name
    with pytest.raises(ModuleNotFoundError):
        load(EntryPoint("rummi_desktop.no_such_module:thing"))


def test_check_seats_uses_the_games_own_facts():
    RUMMI.check_seats(("human", "expert"))
    with pytest.raises(ValueError, match="2 to 4 seats"):
        RUMMI.check_seats(("human",))
    with pytest.raises(ValueError, match="unknown seat 'wizard'"):
        RUMMI.check_seats(("human", "wizard"))


def test_state_follows_the_protocol():
    state = RUMMI.new_state(("easy", "easy"), 5)
    assert state.current in (0, 1) and not state.is_terminal
    assert state.scores() == (0, 0) and state.winners() == ()
    copy = RUMMI.state_from_dict(RUMMI.state_to_dict(state))
    assert copy == state
    assert RUMMI.audit(state) == []


def test_the_seat_view_shows_only_the_seats_own_rack():
    state = RUMMI.new_state(("easy", "easy"), 5)
    seat = state.current
    view = RUMMI.seat_view(state, seat)
    assert [Tile.parse(t) for t in view["rack"]] == state.rack_tiles(seat)
    assert view["other_rack_sizes"] == [len(state.rack(1 - seat))]  # of the others: only sizes
    assert view.keys() == {"table", "rack", "owes_opening", "opening_points", "jokers", "other_rack_sizes", "pool_size", "seed",
                           "next_seat"}
    assert view["next_seat"].keys() == {"rack_size", "opened", "drawn", "left_table"}


def test_the_thinking_handler_answers_in_notation_for_any_registered_game():
    from rummi_desktop.thinking.tasks import task_for, think_task

    state = opened_position()
    reply = think_task(task_for("rummi", "hard", RUMMI.seat_view(state, 0)), deadline=1e18, cancel=None)
    assert reply.startswith("play ") and RUMMI.parse_move(reply).melds


def test_every_setup_option_is_one_new_state_takes():
    """An option a server table may have is one its game (``table_state``, given every online
    option as the server stores them) takes; the others are the local game's (``new_state``)."""
    for spec in GAMES.values():
        seats = ("easy",) * spec.min_seats
        usual = {option.key: option.default for option in spec.online_options}
        for option in spec.options:
            for choice in option.choices:
                if option.online:
                    assert not spec.table_state(seats, 3, **{**usual, option.key: choice}).is_terminal
                else:
                    assert not spec.new_state(seats, 3, **{option.key: choice}).is_terminal
