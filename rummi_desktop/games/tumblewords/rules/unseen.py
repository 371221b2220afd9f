"""The Tumblewords letters a seat has not seen: the 100 less its hand, the board (a lower-case
square is a blank) and what Zapper! took off, from its seat view (the tracker's ``unseen``
entry point, and the computer seats' guess at the bag; see games/unseen.py). Laid out as a
tracker sheet: A to Z in rows of nine, the blanks last. Pure module (no pygame, no I/O)."""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Iterator, Mapping

from rummi_desktop.games.tumblewords.rules.grid import BAG_COUNTS, BLANK, LETTERS
from rummi_desktop.games.unseen import UnseenSheet, sheet_rows, unseen_counts

ROW_LETTERS = 9  # A–I, J–R, S–Z and the blank


def board_letters(rows: Iterable[str]) -> Iterator[str]:
    """The tiles on a board written as rows (``.`` vacant, lower case a blank)."""
    return (BLANK if square.islower() else square for row in rows for square in row if square != ".")


def unseen_letters(view: Mapping[str, Any]) -> Counter[str]:
    """Unseen copies by letter (``?`` the blank), letters all seen left out."""
    seen = [*view["hand"], *board_letters(view["board"]), *view.get("removed", ())]
    return unseen_counts(Counter(BAG_COUNTS).elements(), seen)


def unseen(view: Mapping[str, Any]) -> UnseenSheet:
    faces = [*LETTERS, BLANK]
    lines = [("", faces[start:start + ROW_LETTERS]) for start in range(0, len(faces), ROW_LETTERS)]
    return UnseenSheet(sheet_rows(Counter(BAG_COUNTS), unseen_letters(view), lines))
