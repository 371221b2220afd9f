"""What a line of tiles is (rules/rummble.md, "Sets"): one small, fast function.

A line is a sequence of tuples whose first two fields are ``(colour, number)`` (a joker as the
tile it was declared; :class:`~rummi_desktop.games.rummble.rules.board.Laid` is such a tuple), read
left→right or top→bottom; every kind is legal in both directions.

Classification order, so that scoring is right: **n of a kind** (2+ equal numbers; it can be
nothing else), then **straight flush** (2+, numbers ±1 each step, one colour; it is also a
straight and, from 3 tiles, a flush, but it must be named a straight flush to score ×2), then
**straight** (2+, ±1 each step, any colours), then **flush** (3+, one colour, strictly up or
strictly down, gaps allowed). Anything else is not a set. Pure module.
"""

from __future__ import annotations

from typing import Sequence

KIND, STRAIGHT_FLUSH, STRAIGHT, FLUSH = "kind", "straight_flush", "straight", "flush"
SET_KINDS = (KIND, STRAIGHT_FLUSH, STRAIGHT, FLUSH)
SET_NAMES = {KIND: "n of a kind", STRAIGHT_FLUSH: "straight flush", STRAIGHT: "straight", FLUSH: "flush"}


def classify(line: Sequence[tuple]) -> str | None:
    """The set kind of ``line`` (KIND, STRAIGHT_FLUSH, STRAIGHT, FLUSH), or None."""
    size = len(line)
    if size < 2:
        return None
    colour, previous = line[0][0], line[0][1]
    step = line[1][1] - previous
    one_colour = True
    for tile in line:
        if tile[0] != colour:
            one_colour = False
            break
    if step == 0:
        for tile in line:
            if tile[1] != previous:
                return None
        return KIND
    if step == 1 or step == -1:
        number = previous
        for tile in line:
            if tile[1] != number:
                break
            number += step
        else:
            return STRAIGHT_FLUSH if one_colour else STRAIGHT
    if not one_colour or size < 3:
        return None
    for tile in line[1:]:
        difference = tile[1] - previous
        if difference == 0 or (difference > 0) != (step > 0):
            return None
        previous = tile[1]
    return FLUSH


NOT_A_SET = "these tiles are neither a run nor a set"
TWO_OF_ONE_COLOUR = "two tiles of one colour must be next numbers, like R7 R8"
FLUSH_TURNS = "tiles of one colour must keep going up, or keep going down"
TOO_SHORT = "a line needs at least 2 tiles"


def set_problem(line: Sequence[tuple]) -> str:
    """Why ``line`` is not a set, in a player's words ("" when it is one). The two-of-a-colour
    and the turning flush are the near misses worth naming; anything else is simply no set."""
    if classify(line) is not None:
        return ""
    if len(line) < 2:
        return TOO_SHORT
    if len({tile[0] for tile in line}) == 1 and len({tile[1] for tile in line}) == len(line):
        return TWO_OF_ONE_COLOUR if len(line) == 2 else FLUSH_TURNS
    return NOT_A_SET
