"""The order a player keeps their rack in: display only, never part of the rules model.

The model's rack is a plain list (tiles that come back are appended); the player arranged
theirs by hand or with the sort buttons. When tiles come back from the table (Undo, Reset,
Draw or a timeout undoing the turn's play) they should go back to the slots they left, not
to the end of the rack. The sort a player chose last is remembered for the next round's
deal: Continue deals a new rack, and it comes sorted the way the player sorts. Both are kept
in the autosave, so a game continued from the menu shows each rack as its player left it.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from rummi_desktop.games.rummi.rules.pieces import face


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


def _by_colour(tile: int) -> tuple:
    f = face(tile)
    return (f.is_joker, "KBRY".find(f.colour), f.number, tile)


def _by_number(tile: int) -> tuple:
    f = face(tile)
    return (f.is_joker, f.number, "KBRY".find(f.colour), tile)


SORT_KEYS = {"colour": _by_colour, "number": _by_number}


def _seat_number(saved: Any) -> int | None:
    """A seat saved as TOML key text ("0", "1"), or None. Only ASCII digits: "²" is a digit
    to ``str.isdigit`` but not to ``int``."""
    text = str(saved)
    return int(text) if text.isascii() and text.isdigit() else None


class RackOrders:
    """Each seat's rack as the player arranged it, and what Undo and Reset give back."""

    def __init__(self) -> None:
        self.orders: dict[int, list[int]] = {}
        self.turn_start: list[int] = []  # the rack as arranged when this turn began
        self.history: list[list[int]] = []  # the rack's order before each move (Undo)
        self.sorted_by: dict[int, str] = {}  # each seat's last sort ("colour", "number"), for the next deal

    def order(self, seat: int, rack: Sequence[int]) -> list[int]:
        """The seat's rack (the model's tiles) in the player's order, new tiles at the end."""
        held = set(rack)
        if seat not in self.orders and seat in self.sorted_by:  # a new deal: sorted as the player sorts
            self.orders[seat] = sorted(rack, key=SORT_KEYS[self.sorted_by[seat]])
        kept = [t for t in self.orders.get(seat, []) if t in held]
        known = set(kept)
        order = kept + [t for t in rack if t not in known]
        self.orders[seat] = order
        return order

    def sort(self, seat: int, rack: Sequence[int], by: str) -> None:
        """Sort the seat's rack by "colour" (runs) or "number" (groups), and remember it."""
        self.orders[seat] = sorted(self.order(seat, rack), key=SORT_KEYS[by])
        self.sorted_by[seat] = by

    def turn_begins(self, seat: int, rack: Sequence[int]) -> None:
        self.turn_start = list(self.order(seat, rack))
        self.history = []

    def undone(self, seat: int, rack: Sequence[int]) -> None:
        """One move was undone: its tiles go back to the slots they left."""
        if self.history:
            before = self.history.pop()
            self.orders[seat] = restore_returned(self.orders.get(seat, []), before, rack)

    def back_to_their_slots(self, seat: int, rack: Sequence[int]) -> None:
        """Every tile laid this turn is back on the rack (Reset, Draw, timeout): put each in
        the slot it left, as a run of Undos would. Untouched, the rack is exactly as it was
        when the turn began; a rearrangement made during the turn is kept."""
        shown = self.orders.get(seat, [])
        for before in reversed(self.history):
            known = set(before) | set(shown)
            shown = restore_returned(shown, before, [t for t in rack if t in known])
        self.orders[seat] = restore_returned(shown, self.turn_start, rack)
        self.history = []

    def new_deal(self) -> None:
        """A new round: its racks are new, the way each player sorts is kept."""
        self.orders.clear()

    def to_save(self) -> dict[str, Any]:
        """Each seat's order and last sort, for the autosave (seats as text: TOML's keys)."""
        return {"orders": {str(seat): list(order) for seat, order in self.orders.items()},
                "sorted_by": {str(seat): by for seat, by in self.sorted_by.items()}}

    @classmethod
    def from_save(cls, saved: Any) -> "RackOrders":
        """Read back what :meth:`to_save` wrote. It is only how tiles are shown, so anything
        damaged or stale is dropped, never refused: ``order`` keeps only tiles still held."""
        racks = cls()
        if not isinstance(saved, Mapping):
            return racks
        orders, sorts = saved.get("orders"), saved.get("sorted_by")
        for seat, order in (orders.items() if isinstance(orders, Mapping) else ()):
            if _seat_number(seat) is not None and isinstance(order, list) and all(type(t) is int for t in order):
                racks.orders[_seat_number(seat)] = list(dict.fromkeys(order))
        for seat, by in (sorts.items() if isinstance(sorts, Mapping) else ()):
            if _seat_number(seat) is not None and isinstance(by, str) and by in SORT_KEYS:
                racks.sorted_by[_seat_number(seat)] = by
        return racks

    def clear(self) -> None:
        """Nobody arranged anything (a replay's position)."""
        self.orders.clear()
        self.sorted_by.clear()
