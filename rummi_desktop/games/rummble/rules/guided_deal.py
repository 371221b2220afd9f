"""The guided first game's deal: a hand-made Rummble position, the computer's scripted replies,
and the tests of the model state each step of the guide waits for.

The player covers the star with 5, 6, 7 in a row (the star doubles that straight); the computer
hangs 4 and 3 below the 5; the player lays a straight down through the 7 with its new tiles on
the two ×3 TILE squares above and below it; the computer adds a 4 to the row; the player, left
with poor tiles, exchanges some with the pool. Pure module: no pygame, no I/O.
"""

from __future__ import annotations

from rummi_desktop.games.rummble.rules.board import square
from rummi_desktop.games.rummble.rules.state import RummbleParameters, RummbleState
from rummi_desktop.tiles import Tile, parse_tiles

SEED = 23  # the pool's shuffle: the refills are the same every time
PLAYER, COMPUTER = 0, 1
PLAYER_RACK = "R5 K6 B7 Y6 R8 K1 B1 Y13 R13 K12"
COMPUTER_RACK = "B4 B3 K4 R2 Y2 K2 B12 R12 Y1 B13"
COMPUTER_PLAYS = ("play B4@7,5 B3@8,5", "play K4@6,4")  # its first and second turns

STAR_PLAY = ((6, 5, "R5"), (6, 6, "K6"), (6, 7, "B7"))
PREMIUM_PLAY = ((5, 7, "Y6"), (7, 7, "R8"))  # the ×3 TILE squares above and below the 7


def guided_game(seats: tuple[str, ...] = ("human", "easy")) -> RummbleState:
    """The game as the guide deals it: the player on turn, the board empty."""
    return RummbleState.from_position(RummbleParameters(seats, SEED), [],
                                      [parse_tiles(PLAYER_RACK), parse_tiles(COMPUTER_RACK)], current=PLAYER)


def scripted_reply(state: RummbleState) -> str:
    """The computer's move now: its next scripted play while it holds that play's first tile."""
    held = state.rack_tiles(COMPUTER)
    for play in COMPUTER_PLAYS:
        first = Tile.parse(play.split()[1].split("@")[0])
        if first in held:
            return play
    return "pass"


def _holds(state: RummbleState, tiles) -> bool:
    cells = state.board.cells
    return all(cells[square(row, col)] is not None and cells[square(row, col)].rack_tile == Tile.parse(name)
               for row, col, name in tiles)


def star_covered(state: RummbleState) -> bool:
    """The play just made laid 5, 6, 7 across the star."""
    return _holds(state, STAR_PLAY) and state.board.count == len(STAR_PLAY)


def premiums_used(state: RummbleState) -> bool:
    return _holds(state, PREMIUM_PLAY) and _last_is(state, "play")


def exchanged(state: RummbleState) -> bool:
    return _last_is(state, "exchange")


def _last_is(state: RummbleState, verb: str) -> bool:
    return bool(state.log) and state.log[-1].split()[0] == verb
