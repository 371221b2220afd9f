"""The guided first game's deal: a hand-made Rummi round, the computer's scripted replies, and
the tests of the model state each step of the guide waits for.

The player opens with a run of red 10, 11 and 12 (33 points: the 30-point rule); the computer
opens with black 7 to 11; the player takes that run's black 11 for a group with their blue and
yellow 11; the computer lays yellow 3, joker, yellow 5; the player takes the joker back with their yellow 4 and uses it
at once with blue 6 and 7. Pure module: no pygame, no I/O.
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from rummi_desktop.games.rummi.rules.melds import invalid_reason
from rummi_desktop.games.rummi.rules.state import RummiParameters, RummiState
from rummi_desktop.tiles import Tile, parse_tiles

SEED = 23  # the pool's shuffle: nobody draws in the script, but the count shows
PLAYER, COMPUTER = 0, 1
PLAYER_RACK = "R10 R11 R12 B11 Y11 Y4 B6 B7 K2 B1 R3 K12 Y8 K5"
COMPUTER_RACK = "K7 K8 K9 K10 K11 Y3 J Y5 R1 B2 K4 Y10 B13 R8"
COMPUTER_MELDS = ("K7 K8 K9 K10 K11", "Y3 J Y5")  # laid on its first and second turns

OPENING = "R10 R11 R12"
REARRANGED = ("K7 K8 K9 K10", "K11 B11 Y11")  # the run shortened, the group it fed
JOKER_FREED = "Y3 Y4 Y5"
JOKER_USED = "B6 B7 J"  # as a multiset: the joker may stand before or after them


def guided_round(seats: Sequence[str] = ("human", "easy")) -> RummiState:
    """The round as the guide deals it: the player on turn, nobody opened yet."""
    return RummiState.from_position(RummiParameters(seats=tuple(seats), seed=SEED), [],
                                    [parse_tiles(PLAYER_RACK), parse_tiles(COMPUTER_RACK)], current=PLAYER)


def scripted_reply(state: RummiState) -> str:
    """The computer's move now: the table as it stands plus its next meld (a whole-turn Play)."""
    rack = state.rack_tiles(COMPUTER)
    still_held = [meld for meld in COMPUTER_MELDS if parse_tiles(meld)[0] in rack]
    if not still_held:
        return "draw"
    melds = [list(meld) for meld in state.table_tiles()] + [parse_tiles(still_held[0])]
    return "play " + "/".join(",".join(tile.notation() for tile in meld) for meld in melds)


def _same(meld: Sequence[Tile], wanted: str) -> bool:
    return Counter(meld) == Counter(parse_tiles(wanted))


def holds_meld(state: RummiState, wanted: str) -> bool:
    """The table now (mid-turn too) has a valid meld of exactly these tiles."""
    return any(_same(meld, wanted) and invalid_reason(meld) is None for meld in state.table_tiles())


def table_valid(state: RummiState) -> bool:
    return all(invalid_reason(meld) is None for meld in state.table_tiles())


def opening_laid(state: RummiState) -> bool:
    return holds_meld(state, OPENING)


def opening_ready(state: RummiState) -> bool:
    """Only the opening run is on the table: End Turn makes the initial meld."""
    return opening_laid(state) and len(state.table) == 1


def rearranged(state: RummiState) -> bool:
    return all(holds_meld(state, meld) for meld in REARRANGED) and holds_meld(state, OPENING)


def rearranged_ready(state: RummiState) -> bool:
    return rearranged(state) and len(state.table) == 3


def joker_freed(state: RummiState) -> bool:
    return holds_meld(state, JOKER_FREED)


def joker_used(state: RummiState) -> bool:
    return joker_freed(state) and holds_meld(state, JOKER_USED)


def joker_ready(state: RummiState) -> bool:
    return joker_used(state) and rearranged(state) and table_valid(state) and len(state.table) == 5
