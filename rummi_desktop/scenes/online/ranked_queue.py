"""Ranked play from the lobby: wait in the server's matchmaking queue for one game until it
pairs us with a player of similar rating (no pygame).

The server answers ``matchmake`` with ``queued`` and later pushes ``matched`` with the new
table (to both players, on whichever server process each is connected to). Waiting is the
player's to stop: :meth:`RankedQueue.cancel` leaves the queue (the server says whether we were
still in it; a pair made meanwhile still arrives as ``matched`` and is played).
"""

from __future__ import annotations

import time
from concurrent.futures import Future
from typing import Any

from rummi_desktop.games import GAMES


class RankedQueue:
    def __init__(self) -> None:
        self.game: str | None = None  # the game we wait for, while we wait
        self.since = 0.0

    @property
    def waiting(self) -> bool:
        return self.game is not None

    def join(self, link: Any, game: str) -> Future:
        """Ask the server to pair us for ``game``; the future holds its ``queued`` answer."""
        self.game, self.since = game, time.monotonic()
        return link.submit(lambda client: client.matchmake(game))

    def cancel(self, link: Any) -> Future | None:
        game, self.game = self.game, None
        if game is None:
            return None
        return link.submit(lambda client: client.request("cancel_matchmake", game=game))

    def matched(self, message: dict[str, Any]) -> str | None:
        """The table id of a ``matched`` push (the queue is over), else None."""
        if message.get("type") != "matched":
            return None
        self.game = None
        return message["table"]["table"]

    def words(self) -> str:
        """The status line while we wait."""
        if self.game is None:
            return ""
        waited = int(time.monotonic() - self.since)
        return (f"Looking for a ranked {GAMES[self.game].title} opponent of your rating… "
                f"{waited // 60}:{waited % 60:02d}")
