"""Telling a person that a game became their move: ``your_move {table}`` is pushed to every
connection the account has signed in here, whatever it is watching, so the window can raise a
notice from any screen and its lobby can count the games waiting.

It is said once, when the turn comes to a person's seat from another seat (a move, a clock that
ran out, a computer seat's answer) or when a table starts with them on turn; not again for the
further moves of one turn. With several server processes the process that stored the change
sends a ``y:<account>:<table>`` notice and every process, itself too, tells the account's
connections it holds, once it has read the table and found the move still theirs.
"""

from __future__ import annotations

from typing import Any

from rummi_desktop.net.records import PLAYING, TableRecord


def moved_to(record: TableRecord, mover: int | None) -> str | None:
    """The account whose move ``record`` now waits for, if the turn just came to it from
    ``mover`` (None: from nobody, a table starting); None for a computer seat, a turn that
    stays with its seat, or a game not in play."""
    if record.status != PLAYING or not 0 <= record.current_seat < len(record.seats):
        return None
    if mover == record.current_seat:
        return None
    return record.seats[record.current_seat].account


def your_move_message(record: TableRecord) -> dict[str, Any]:
    return {"type": "your_move", "table": record.public(for_member=True)}
