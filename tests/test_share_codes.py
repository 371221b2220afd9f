"""Share codes, format 2 (RD2-): short for real positions, exact round trips, old RD1- codes
still open, and whatever is pasted raises nothing but ShareCodeError."""

from __future__ import annotations

import base64
import zlib

from hypothesis import given, settings, strategies as st

from rummi_desktop.puzzles import share_code
from rummi_desktop.tiles import COLOURS

TILE = st.sampled_from([f"{c}{n}" for c in COLOURS for n in range(1, 14)] + ["J"])
# Mid-game positions of each game, as shapes (the lengths below are measured on real ones).
RUMMI = st.fixed_dictionaries({"game": st.just("rummi"), "table": st.lists(st.lists(TILE, min_size=3, max_size=6),
                                                                                  max_size=14),
                               "rack": st.lists(TILE, max_size=20), "initial": st.booleans()})
RUMMBLE = st.fixed_dictionaries({"game": st.just("rummble"), "rack": st.lists(TILE, max_size=10), "board": st.lists(
    st.tuples(st.integers(0, 14), st.integers(0, 14), TILE | TILE.map(lambda t: "J=" + t if t != "J" else t))
    .map(list), max_size=60)})
TUMBLEWORDS = st.fixed_dictionaries({"game": st.just("tumblewords"), "rows": st.lists(
    st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZabc.", min_size=8, max_size=8), min_size=8, max_size=8),
    "hand": st.lists(st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ?"), max_size=7)}, optional={"min_length": st.just(3)})

MID_RUMMI = {"game": "rummi", "table": [["K7", "R7", "Y7"], ["K4", "B4", "R4", "Y4"], ["B4", "B5", "B6", "B7"],
                                        ["Y6", "Y7", "Y8"], ["B13", "Y13", "J", "K13"], ["K1", "K2", "K3"],
                                        ["K8", "B8", "Y8"], ["B9", "R9", "J"]],
             "rack": ["B1", "K1", "Y10", "Y2", "Y13", "B11"], "initial": False}
MID_RUMMBLE = {"game": "rummble", "board": [  # 42 tiles: tools/share_code_lengths.py's, seed 1
    [0, 0, "Y13"], [1, 0, "Y8"], [2, 0, "Y7"], [2, 1, "B8"], [2, 2, "R9"], [2, 11, "R8"], [3, 0, "Y6"], [3, 1, "B7"],
    [3, 2, "K8"], [3, 3, "B9"], [3, 5, "B13"], [3, 6, "B10"], [3, 7, "B4"], [3, 9, "Y4"], [3, 10, "Y7"], [3, 11, "Y8"],
    [3, 12, "Y10"], [4, 0, "Y4"], [4, 3, "B6"], [4, 7, "K3"], [4, 8, "B4"], [4, 9, "J=K5"], [5, 3, "B5"], [5, 7, "B2"],
    [6, 3, "B1"], [6, 4, "J=K1"], [6, 5, "K1"], [6, 6, "R1"], [6, 7, "K1"], [7, 1, "B10"], [7, 2, "R10"],
    [7, 4, "K4"], [8, 1, "Y10"], [8, 2, "B11"], [8, 3, "K12"], [8, 4, "K13"], [9, 2, "R12"], [9, 3, "K11"],
    [10, 1, "Y12"], [10, 2, "B13"], [11, 1, "Y5"], [12, 1, "Y3"]],
    "rack": ["R7", "Y11", "Y11", "K10", "Y13", "B12", "R4", "Y9", "Y5", "Y1"]}
MID_TUMBLEWORDS = {"game": "tumblewords", "rows": ["........", "........", "...F....", "...E....", "...R....",
                                                   "...E....", "K..D...D", "AABOTaVO"],
                   "hand": ["N", "N", "L", "R", "C", "T", "R"]}


@settings(max_examples=200, deadline=None)
@given(RUMMI | RUMMBLE | TUMBLEWORDS)
def test_every_position_round_trips_exactly(position):
    code = share_code.encode(position)
    assert code.startswith("RD2-") and share_code.decode(code) == position
    assert share_code.decode("\n".join(code[i:i + 30] for i in range(0, len(code), 30))) == position


def test_a_mid_game_position_gives_a_short_code():
    # the first format gave 292, 458 and 244 characters for these (the README's figures)
    assert len(share_code.encode(MID_RUMMI)) <= 90
    assert len(share_code.encode(MID_RUMMBLE)) <= 160
    assert len(share_code.encode(MID_TUMBLEWORDS)) <= 100
    for position in (MID_RUMMI, MID_RUMMBLE, MID_TUMBLEWORDS):
        assert share_code.decode(share_code.encode(position)) == position


def test_a_code_of_the_first_format_still_opens():
    packed = zlib.compress(share_code.canonical_json(MID_RUMMI).encode(), 9)
    old = "RD1-" + base64.urlsafe_b64encode(packed).decode().rstrip("=")
    assert share_code.decode(old) == MID_RUMMI


def crafted_code(values: bytes, kind: int = share_code.RAW) -> str:
    """A code made by hand with a good checksum (as an attacker would make it)."""
    body = bytes([kind]) + values
    packed = body + (zlib.crc32(body) & 0xFFFF).to_bytes(2, "big")
    return "RD2-" + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def opened(code: str) -> dict | None:
    """What ``code`` opens, or None where it is refused: nothing but ShareCodeError may escape."""
    try:
        data = share_code.decode(code)
    except share_code.ShareCodeError:
        return None
    assert isinstance(data, dict)
    return data


def test_one_altered_character_is_refused_not_read_as_another_position():
    code = share_code.encode(MID_RUMMI)
    for at in range(4, len(code)):
        altered = code[:at] + ("A" if code[at] != "A" else "B") + code[at + 1:]
        assert opened(altered) in (None, MID_RUMMI)  # only a change in the padding bits may read the same


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_behind_the_prefix_raise_only_share_code_errors(data):
    for prefix in ("RD2-", "RD1-"):
        opened(prefix + base64.urlsafe_b64encode(data).decode().rstrip("="))


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_random_text_raises_only_share_code_errors(text):
    for pasted in (text, "RD2-" + text, "RD1-" + text):
        opened(pasted)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200))
def test_a_hostile_code_with_a_good_checksum_raises_only_share_code_errors(values):
    """Crafted data that passes the checksum (as an attacker would make it) is still read safely."""
    for kind in (share_code.RAW, share_code.DEFLATED):
        data = opened(crafted_code(values, kind))
        if data is not None:
            assert share_code.decode(share_code.encode(data)) == data  # what opens can be shared again


def test_a_number_past_64_bits_is_refused_as_encode_would_refuse_it():
    """A varint may run to 70 bits; a number no code can carry must not open (Share would then
    raise a ValueError on it)."""
    turn = bytes([share_code.DICT_BASE + 1, share_code.WORD_BASE + share_code.WORDS.index("turn")])
    for mark in (share_code.POS_INT, share_code.NEG_INT):
        try:
            share_code.decode(crafted_code(turn + bytes([mark]) + b"\xff" * 9 + b"\x01"))
        except share_code.ShareCodeError as error:
            assert "64 bits" in str(error)
        else:
            raise AssertionError("a 64-bit-plus number was read")
    largest = bytes([share_code.POS_INT]) + b"\xff" * 8 + b"\x7f"  # 2**63 - 1: still read
    assert share_code.decode(crafted_code(turn + largest)) == {"turn": 2**63 - 1}


def test_a_deeply_nested_code_is_refused_with_a_sentence():
    code = crafted_code(bytes([share_code.LIST_BASE + 1]) * 5000 + bytes([share_code.NONE]))
    try:
        share_code.decode(code)
    except share_code.ShareCodeError as error:
        assert "deeper" in str(error)
    else:
        raise AssertionError("a code nesting 5000 deep was read")
