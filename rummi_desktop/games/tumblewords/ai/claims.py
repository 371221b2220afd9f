"""Claim mode for the Tumblewords computer seats: after its own drop a seat claims every word
the drop made, then says done; in a Pressure Cooker steal window the next seat claims every word
the dropper missed.

The view never lists the words still to claim, so the seat finds them itself on the board
through the drop's square (the rules model's word finder) and leaves out the spans already
claimed or stolen. Pure module (no pygame, no I/O).
"""

from __future__ import annotations

from typing import Any

from rummi_desktop.games.tumblewords.ai.position import SeatPosition
from rummi_desktop.games.tumblewords.rules.moves import Claim, Done, Move
from rummi_desktop.games.tumblewords.rules.words import find_words


def claim_move(view: dict[str, Any], position: SeatPosition) -> Move:
    """Claim the open words of the pending drop, or Done when none is left."""
    pending = view["pending"]
    grid = position.grid
    words = find_words(grid.shown, grid.columns, pending["row"], pending["col"], position.dictionary,
                       position.min_length)
    taken = set(pending["claimed"]) | set(pending["stolen"])
    spans = tuple((word.start, word.end) for word in words if word.span() not in taken)
    return Claim(spans) if spans else Done()
