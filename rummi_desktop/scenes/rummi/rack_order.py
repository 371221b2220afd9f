"""The order a player keeps their rack in: display only, never part of the rules model.

The model's rack is a plain list (tiles that come back are appended); the player arranged
theirs by hand or with the sort buttons. When tiles come back from the table (Undo, Reset,
Draw or a timeout undoing the turn's play) they should go back to the slots they left, not
to the end of the rack.
"""

from __future__ import annotations

from typing import Sequence


def restore_returned(shown: Sequence[int], before: Sequence[int], rack: Sequence[int]) -> list[int]:
    """The rack order after tiles came back from the table.

    ``shown``: the order on display (it lacks the returning tiles); ``before``: the order from
    before those tiles left; ``rack``: what the rack holds now (the model's rack, any order).
    Tiles still shown keep their order; each returning tile goes right after the tile that
    preceded it in ``before`` (or to the front when none did); tiles new to the rack (a draw)
    go to the end. When nothing was rearranged meanwhile this gives ``before`` exactly.
    """
    held = set(rack)
    order = [t for t in shown if t in held]
    placed = set(order)
    for position, tile in enumerate(before):
        if tile not in held or tile in placed:
            continue
        left = next((t for t in reversed(before[:position]) if t in placed), None)
        order.insert(0 if left is None else order.index(left) + 1, tile)
        placed.add(tile)
    order += [t for t in rack if t not in placed]
    return order
