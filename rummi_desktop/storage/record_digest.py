"""A finished-game record's content, named: the first 32 hex digits of the SHA-256 of its
canonical JSON (keys sorted, no spaces, UTF-8). Two copies of a record with the same id and
digest are the same game; the same id with another digest is a conflict. Profile sync compares
digests instead of whole records, and the record index keeps each record's digest so that a
sync with nothing to move reads no record in full. A seat's review figure (its accuracy, added
to the record when the game is reviewed later) is no part of the game: the digest leaves it
out, so a game reviewed on one computer is still the same game as its copy elsewhere. A server
game's record (marked ``online``) is the game the server played: its digest names who sat
where, the scores and the outcome, and leaves out what each window measured or rebuilt of it
(think times, the state it rebuilt from seat views, its own stats), so the copy this computer
wrote and the one the server holds from another computer of the account are the same game.
Pure: no I/O.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical_json(record: dict[str, Any]) -> str:
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


REVIEW_ACCURACY = "review_accuracy"  # a seat's share of turns at the best play, 0 to 1
REVIEW_FIGURES = (REVIEW_ACCURACY,)  # seat stats a review adds after the game (storage.game_records)


def _bare_seat(seat: Any) -> Any:
    stats = seat.get("stats") if isinstance(seat, dict) else None
    if not isinstance(stats, dict) or not any(name in stats for name in REVIEW_FIGURES):
        return seat
    return {**seat, "stats": {name: value for name, value in stats.items() if name not in REVIEW_FIGURES}}


def without_review_figures(record: dict[str, Any]) -> dict[str, Any]:
    """The record as its game left it: the seats' review figures taken out."""
    seats = record.get("seats")
    if not isinstance(seats, list):
        return record
    return {**record, "seats": [_bare_seat(seat) for seat in seats]}


ONLINE_WINDOW_FIELDS = ("duration_seconds", "setup", "state", "log")  # what one window made of a server game
SEAT_WINDOW_FIELDS = ("stats",)


def server_game(record: dict[str, Any]) -> dict[str, Any]:
    """An online record as the server's game: without what the window measured or rebuilt."""
    seats = record.get("seats")
    seats = [{k: v for k, v in seat.items() if k not in SEAT_WINDOW_FIELDS} if isinstance(seat, dict) else seat
             for seat in seats] if isinstance(seats, list) else seats
    return {**{k: v for k, v in record.items() if k not in ONLINE_WINDOW_FIELDS}, "seats": seats}


def digest_of(record: dict[str, Any]) -> str:
    bare = server_game(record) if isinstance(record.get("online"), dict) else without_review_figures(record)
    return hashlib.sha256(canonical_json(bare).encode("utf-8")).hexdigest()[:32]
