"""The unseen-tile tracker's model: the tiles (or letters) one seat has not seen yet, by kind,
as a Scrabble player's tracker sheet lists them.

Unseen is the game's full set less what the seat can see (its own rack, the board or table,
anything laid open); it is worked out from ``spec.seat_view(state, seat)`` alone, so it can
never tell what another seat holds or what the pool hides. A game's ``unseen`` entry point
(``rules/unseen.py``) reads its view and hands back an :class:`UnseenSheet`; the drawn panel
(``ui/unseen_panel.py``) paints any sheet the same way. Pure module: no pygame, no I/O.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Sequence

from rummi_desktop.tiles import COLOURS, JOKER, LOWEST, Tile


@dataclass(frozen=True, slots=True)
class UnseenCell:
    """One kind of tile: its face in notation (``"R7"``, ``"J"``, ``"Q"``, ``"?"``), how many
    of it are unseen, and how many the full set holds."""

    face: str
    count: int
    full: int


@dataclass(frozen=True, slots=True)
class UnseenRow:
    """One line of the sheet; ``colour`` is the tile colour letter its faces share ("" for
    letters and jokers), so the panel can ink the line in it."""

    colour: str
    cells: tuple[UnseenCell, ...]


@dataclass(frozen=True, slots=True)
class UnseenSheet:
    """The tracker sheet: its rows, and ``headings`` over the columns (the numbers of a colour
    by number grid; none for a grid of letters, whose cells name themselves)."""

    rows: tuple[UnseenRow, ...]
    headings: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        return sum(cell.count for row in self.rows for cell in row.cells)

    def counts(self) -> dict[str, int]:
        """Unseen copies by face, every face of the sheet included (zero when all are seen)."""
        return {cell.face: cell.count for row in self.rows for cell in row.cells}


def unseen_counts(full_set: Iterable[str], seen: Iterable[str]) -> Counter[str]:
    """The full set less what was seen, by face. A face seen more often than the set holds it
    (a hand-made position) counts none unseen, never less."""
    left = Counter(full_set)
    left.subtract(seen)
    return Counter({face: count for face, count in left.items() if count > 0})


def sheet_rows(full: Counter[str], left: Counter[str], lines: Sequence[tuple[str, Sequence[str]]]) -> tuple[UnseenRow, ...]:
    """The rows of a sheet: each line ``(colour, faces)`` with every face's unseen and full count."""
    return tuple(UnseenRow(colour, tuple(UnseenCell(face, left[face], full[face]) for face in faces))
                 for colour, faces in lines)


def numbered_sheet(full_set: Iterable[Tile], seen: Iterable[Tile], highest: int) -> UnseenSheet:
    """The sheet of a numbered tile set (Rummi's, Rummble's): one row per colour, numbered
    from 1 to ``highest``, then the jokers."""
    full = Counter(tile.notation() for tile in full_set)
    left = unseen_counts(full.elements(), (tile.notation() for tile in seen))
    numbers = range(LOWEST, highest + 1)
    lines = [(colour, [f"{colour}{number}" for number in numbers]) for colour in COLOURS]
    lines.append(("", [JOKER.notation()]))
    return UnseenSheet(sheet_rows(full, left, lines), tuple(str(number) for number in numbers))
