"""Computer seats on the server: the same tiers as the window, thinking in a child process
(:class:`~rummi_desktop.thinking.computer_seats.ComputerSeats`), awaited without blocking the loop."""

from __future__ import annotations

import asyncio
from typing import Any

from rummi_desktop.thinking.computer_seats import ComputerSeats
from rummi_desktop.thinking.thread import ThinkingFailed

BUDGET = 1.0  # seconds a computer seat may think on the server
POLL = 0.005


class ComputerTurns:
    def __init__(self) -> None:
        self._seats: dict[str, ComputerSeats] = {}

    async def choose(self, game: str, state: Any, tier: str) -> str:
        """The notation the seat on turn chooses ("" if its thinking failed: it then forfeits)."""
        seats = self._seats.get(game)
        if seats is None:
            seats = self._seats[game] = ComputerSeats(game)
            seats.prepare()
        job = seats.start(state, tier, BUDGET)
        try:
            while (notation := job.poll()) is None:
                await asyncio.sleep(POLL)
        except ThinkingFailed:
            return ""
        return notation

    def close(self) -> None:
        for seats in self._seats.values():
            seats.close()
