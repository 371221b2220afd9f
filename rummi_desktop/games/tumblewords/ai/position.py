"""What a Tumblewords computer seat knows, rebuilt from its seat view
(:func:`rummi_desktop.games.tumblewords.rules.seat_view.seat_view`): the board, its hand, the word list,
and the letters it cannot see.

The unseen letters are the full 100-tile set minus the board, what Zapper! took off and its
own hand: the bag and the other hands together, as the seat sees them (it never sees the
others' letters; rules/unseen.py, which the tracker shows too).
Pure module (no pygame, no I/O): the word list comes from the source the process installed.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from rummi_desktop.games.tumblewords.rules.dictionary import Dictionary, word_list
from rummi_desktop.games.tumblewords.rules.grid import Grid
from rummi_desktop.games.tumblewords.rules.unseen import unseen_letters


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
        unseen=unseen_letters(view),
        next_hand_size=next_hand_size(view),
        bag_size=view["bag_size"],
        seed=view["seed"],
    )
