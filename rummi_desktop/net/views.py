"""What a seat is sent of a game: the game's own seat view, less what only the server may know.

The seat view's ``seed`` drives a computer seat's own chance decisions on the server; it is
derived from the deal's seed, so a client holding it could rebuild the deal and every future
draw. It never leaves the server. Of the last move, a seat is told who moved and by which
actions as the game lets another seat read them (``GameSpec.public_action``: a Rummble exchange
says how many tiles went back, not which); only the mover gets its own notation in full.

Once the game is over, every message of it lays every seat's hidden tiles open
(``revealed``, from ``GameSpec.holdings``), as a table of friends turns its racks up; never
before. A spectator (a signed-in account not seated at a public table) is sent the game's
public view (``GameSpec.public_view``: no rack, no seed) with ``seat`` null, and the reveal at
the end like everyone.
"""

from __future__ import annotations

from typing import Any

from rummi_desktop.games import GAMES
from rummi_desktop.net.live import LiveGame
from rummi_desktop.net.presence import Presence
from rummi_desktop.net.records import OVER, TableRecord

SERVER_ONLY = frozenset({"seed"})


def client_view(game: str, state: Any, seat: int) -> dict[str, Any]:
    view = GAMES[game].seat_view(state, seat)
    return {key: value for key, value in view.items() if key not in SERVER_ONLY}


def seat_presence(record: TableRecord, presence: Presence, now: float) -> list[dict[str, Any] | None]:
    """Each seat's person online or away since when (None for a computer seat or an empty one)."""
    return [presence.of(record.id, s.account, now) if s.account is not None else None for s in record.seats]


def presence_message(record: TableRecord, presence: Presence, now: float) -> dict[str, Any]:
    return {"type": "presence", "table": record.id, "seats": seat_presence(record, presence, now)}


def public_view(game: str, state: Any) -> dict[str, Any]:
    view = GAMES[game].public_view(state)
    return {key: value for key, value in view.items() if key not in SERVER_ONLY}


def game_message(live: LiveGame, seat: int | None, presence: Presence | None = None, now: float = 0.0) -> dict[str, Any]:
    """The game as ``seat`` is shown it (None: as a spectator is)."""
    record = live.record
    here = seat_presence(record, presence, now) if presence is not None else [None] * len(record.seats)
    view = public_view(record.game, live.state) if seat is None else client_view(record.game, live.state, seat)
    message = {
        "type": "game", "table": record.id, "game": record.game, "version": record.version,
        "status": record.status, "seat": seat, "current": live.state.current, "deadline": record.deadline,
        "seats": [{"label": s.label, "name": s.name, "presence": p} for s, p in zip(record.seats, here)],
        "view": view, "result": record.result, "last": last_move(live, seat),
        "updated": record.updated,  # the server's time of this version: when an ended game ended
    }
    if record.status == OVER:
        message["revealed"] = GAMES[record.game].holdings(live.state)
    return message


def last_move(live: LiveGame, seat: int | None) -> dict[str, Any] | None:
    """Who made the last move and by which actions, in full only for the mover."""
    if live.last_seat is None:
        return None
    actions = [action for action in live.last_actions if action]
    if live.last_seat != seat:
        actions = [GAMES[live.record.game].public_action(action) for action in actions]
    return {"seat": live.last_seat, "verbs": [action.split()[0] for action in actions], "actions": actions}
