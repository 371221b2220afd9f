"""The guided first game's deal: a hand-made Tumblewords position, the computer's scripted
replies, and the tests of the model state each step of the guide waits for.

On the board: A and X side by side on the bottom row, a G on top of the A. The player drops an
O onto the X: it reads GO across and OX down, two words at once; the computer drops a Q far off
(no word); the player drops a blank beside the X as an E: AXE. The word list is handed in (the
shipped one): this module reads no file. Pure module: no pygame, no I/O.
"""

from __future__ import annotations

from rummi_desktop.games.tumblewords.rules.dictionary import Dictionary
from rummi_desktop.games.tumblewords.rules.parameters import TumblewordsParameters
from rummi_desktop.games.tumblewords.rules.state import TumblewordsState

SEED = 23  # the bag's shuffle: the letters drawn are the same every time
PLAYER, COMPUTER = 0, 1
ROWS = ("........",) * 6 + ("...G....", "...AX...")
PLAYER_HAND = list("O?TRSLN")
COMPUTER_HAND = list("QZVJKWU")
COMPUTER_DROPS = ("drop 0 Q", "drop 7 Z")  # far from the words: they score nothing

TWO_WORDS = (6, 4, "O")  # row, column, letter: GO across, OX down
BLANK_AS_E = (7, 5, "e")  # a blank shows its letter in lower case: AXE


def guided_game(dictionary: Dictionary, seats: tuple[str, ...] = ("human", "easy")) -> TumblewordsState:
    params = TumblewordsParameters(seats, SEED, words=dictionary.name)
    return TumblewordsState.from_position(params, list(ROWS), [PLAYER_HAND, COMPUTER_HAND], current=PLAYER,
                                          dictionary=dictionary)


def scripted_reply(state: TumblewordsState) -> str:
    """The computer's next scripted drop while it holds that letter, else a pass."""
    held = state.hand(COMPUTER)
    return next((drop for drop in COMPUTER_DROPS if drop.split()[2] in held), "pass")


def _shows(state: TumblewordsState, where: tuple[int, int, str]) -> bool:
    row, col, letter = where
    return state.grid.shown[state.grid.square(row, col)] == letter


def two_words_made(state: TumblewordsState) -> bool:
    return _shows(state, TWO_WORDS) and _last_is_drop(state)


def blank_played(state: TumblewordsState) -> bool:
    return _shows(state, BLANK_AS_E) and _last_is_drop(state)


def _last_is_drop(state: TumblewordsState) -> bool:
    return bool(state.log) and state.log[-1].startswith("drop")
