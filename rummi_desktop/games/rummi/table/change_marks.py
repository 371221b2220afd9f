"""What changed since a person last acted: the tiles other seats laid or moved, and the tiles
the person drew. Display only, never part of the rules model.

A computer's play flies by in a second or two and a drawn tile lands at the end of a long
rack; the marks stay until the person's first action on their next turn (a press or a key),
so a player who looked away still sees what is new. Each person seat keeps its own marks (in
pass-and-play the next player has not seen the last player's play either).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable


@dataclass
class SeatMarks:
    laid: set[int] = field(default_factory=set)  # on the table: laid by another seat
    moved: set[int] = field(default_factory=set)  # on the table: moved by another seat
    drawn: set[int] = field(default_factory=set)  # on this seat's rack: drawn by it


class ChangeMarks:
    def __init__(self) -> None:
        self.seats: dict[int, SeatMarks] = {}

    def of(self, seat: int | None) -> SeatMarks:
        """The marks ``seat`` is shown (none for nobody)."""
        return self.seats.get(seat, SeatMarks()) if seat is not None else SeatMarks()

    def played(self, seat: int, people: Iterable[int], laid: Iterable[int], moved: Iterable[int]) -> None:
        """``seat`` laid and moved tiles: every other person has that to see."""
        laid, moved = set(laid), set(moved)
        for person in people:
            if person != seat:
                marks = self.seats.setdefault(person, SeatMarks())
                marks.laid |= laid
                marks.moved = (marks.moved | moved) - marks.laid

    def drew(self, seat: int, tiles: Iterable[int]) -> None:
        self.seats.setdefault(seat, SeatMarks()).drawn = set(tiles)

    def seen(self, seat: int | None) -> bool:
        """``seat`` acted: its marks have done their job. True if there were any."""
        marks = self.seats.pop(seat, None) if seat is not None else None
        return marks is not None and bool(marks.laid or marks.moved or marks.drawn)

    def clear(self) -> None:
        self.seats.clear()
