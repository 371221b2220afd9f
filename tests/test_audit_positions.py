"""The games' audits count the tiles a state holds against the tiles it began with: a dealt
game all of its set, a hand-made position (a puzzle's, the sandbox's) what it names. The
fuzzer found Rummi's and Tumblewords' audits refusing every puzzle position, as if tiles had
been lost, because they counted against the whole set (Rummble's already did it this way)."""

from __future__ import annotations

from rummi_desktop.games.rummi.rules.state import RummiParameters, RummiState
from rummi_desktop.games.rummi.spec import audit as rummi_audit
from rummi_desktop.games.tumblewords.rules.parameters import TumblewordsParameters
from rummi_desktop.games.tumblewords.rules.state import TumblewordsState
from rummi_desktop.games.tumblewords.spec import audit as tumblewords_audit
from rummi_desktop.tiles import parse_tiles

from tumblewords_support import WORDS


def rummi_position(pool=""):
    params = RummiParameters(seats=("human", "easy"), seed=3)
    return RummiState.from_position(params, [parse_tiles("R1 R2 R3")], [parse_tiles("K5 B5"), parse_tiles("Y9")],
                                    pool=parse_tiles(pool))


def tumblewords_position(bag=("E",)):
    params = TumblewordsParameters(seats=("human", "easy"), seed=3, words=WORDS.name)
    rows = ["........"] * 7 + ["..CAT..."]
    return TumblewordsState.from_position(params, rows, [["S", "O"], ["P"]], bag=list(bag), dictionary=WORDS)


def test_a_hand_made_rummi_position_passes_its_audit_and_a_lost_tile_is_still_caught():
    state = rummi_position(pool="Y1 Y2")
    assert rummi_audit(state) == []
    state.pool.pop()
    assert rummi_audit(state) == ["the 8 tiles are not all there exactly once"]


def test_a_hand_made_tumblewords_position_passes_its_audit_and_a_doubled_tile_is_still_caught():
    state = tumblewords_position()
    assert tumblewords_audit(state) == []
    state.bag.append(state.bag[0])
    assert tumblewords_audit(state) == ["the 7 tiles are not all there exactly once"]


def test_a_dealt_game_is_still_held_to_the_whole_set():
    rummi = RummiState(RummiParameters(seats=("human", "easy"), seed=3))
    assert rummi_audit(rummi) == [] and len(rummi.tiles_in_play) == 106
    rummi.tiles_in_play = rummi.tiles_in_play[1:]
    assert "the round was not dealt from the whole set of 106 tiles" in rummi_audit(rummi)
    words = TumblewordsState(TumblewordsParameters(seats=("human", "easy"), seed=3, words=WORDS.name), WORDS)
    assert tumblewords_audit(words) == [] and len(words.tiles_in_play) == 100


def test_every_state_answers_its_census_the_same_way():
    assert rummi_position().tile_census() == sorted(rummi_position().tiles_in_play)
    assert tumblewords_position().tile_census() == sorted(tumblewords_position().tiles_in_play)
