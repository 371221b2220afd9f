"""What a Tumblewords computer seat knows, rebuilt from its seat view
(:func:`rummi_desktop.games.tumblewords.rules.seat_view.seat_view`): the board, its hand, the word list,
and the letters it cannot see.

The unseen letters are the full 100-tile set minus the board and minus its own hand: the bag
and the other hands together, as the seat sees them (it never sees the others' letters). Tiles
Zapper! removed are not in the view, so under Zapper! the count is an estimate (never below 0).
Pure module (no pygame, no I/O): the word list comes from the source the process installed.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from rummi_desktop.games.tumblewords.rules.dictionary import Dictionary, word_list
from rummi_desktop.games.tumblewords.rules.grid import BAG_COUNTS, BLANK, Grid


@dataclass
class SeatPosition:
    grid: Grid
    hand: list[str]
    dictionary: Dictionary
    min_length: int
    unseen: Counter  # letter (or "?") -> copies the seat cannot see
    next_hand_size: int  # letters held by the seat that plays next
    bag_size: int
    seed: int


def unseen_letters(board: list[str], hand: list[str]) -> Counter:
    """The full letter set minus the board (a lower-case square is a blank) and the hand."""
    pool = Counter(BAG_COUNTS)
    pool.subtract(BLANK if ch.islower() else ch for row in board for ch in row if ch != ".")
    pool.subtract(hand)
    return Counter({letter: count for letter, count in pool.items() if count > 0})


def next_hand_size(view: dict[str, Any]) -> int:
    """The hand size of the seat after this one (``other_hand_sizes`` skips this seat); 0 in a
    solo game, where no other seat plays next."""
    others = view["other_hand_sizes"]
    if not others:
        return 0
    seats = len(others) + 1
    following = (view["seat"] + 1) % seats
    return others[following - 1 if following > view["seat"] else following]


def position_from_view(view: dict[str, Any]) -> SeatPosition:
    words = view["words"]
    return SeatPosition(
        grid=Grid.from_rows(view["board"]),
        hand=list(view["hand"]),
        dictionary=word_list(words["name"], words["digest"]),
        min_length=view["options"]["min_length"],
        unseen=unseen_letters(view["board"], view["hand"]),
        next_hand_size=next_hand_size(view),
        bag_size=view["bag_size"],
        seed=view["seed"],
    )
