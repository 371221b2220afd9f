"""What a seat is sent of a game: the game's own seat view, less what only the server may know.

The seat view's ``seed`` drives a computer seat's own chance decisions on the server; it is
derived from the deal's seed, so a client holding it could rebuild the deal and every future
draw. It never leaves the server. Of the last move, a seat is told who moved and by which
actions as the game lets another seat read them (``GameSpec.public_action``: a Rummble exchange
says how many tiles went back, not which); only the mover gets its own notation in full.
"""

from __future__ import annotations

from typing import Any

from rummi_desktop.games import GAMES
from rummi_desktop.net.live import LiveGame
from rummi_desktop.net.presence import Presence
from rummi_desktop.net.records import TableRecord

SERVER_ONLY = frozenset({"seed"})


def client_view(game: str, state: Any, seat: int) -> dict[str, Any]:
    view = GAMES[game].seat_view(state, seat)
    return {key: value for key, value in view.items() if key not in SERVER_ONLY}


def seat_presence(record: TableRecord, presence: Presence, now: float) -> list[dict[str, Any] | None]:
    """Each seat's person online or away since when (None for a computer seat or an empty one)."""
    return [presence.of(record.id, s.account, now) if s.account is not None else None for s in record.seats]


def presence_message(record: TableRecord, presence: Presence, now: float) -> dict[str, Any]:
    return {"type": "presence", "table": record.id, "seats": seat_presence(record, presence, now)}


def game_message(live: LiveGame, seat: int, presence: Presence | None = None, now: float = 0.0) -> dict[str, Any]:
    record = live.record
    here = seat_presence(record, presence, now) if presence is not None else [None] * len(record.seats)
    message = {
        "type": "game", "table": record.id, "game": record.game, "version": record.version,
        "status": record.status, "seat": seat, "current": live.state.current, "deadline": record.deadline,
        "seats": [{"label": s.label, "name": s.name, "presence": p} for s, p in zip(record.seats, here)],
        "view": client_view(record.game, live.state, seat), "result": record.result, "last": None,
        "updated": record.updated,  # the server's time of this version: when an ended game ended
    }
    if live.last_seat is not None:
        actions = [action for action in live.last_actions if action]
        if live.last_seat != seat:
            actions = [GAMES[record.game].public_action(action) for action in actions]
        message["last"] = {"seat": live.last_seat, "verbs": [action.split()[0] for action in actions],
                           "actions": actions}
    return message
