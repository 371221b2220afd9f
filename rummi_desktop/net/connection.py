"""One client's socket on the server: who signed in on it, which tables it watches, an outbox
drained by its own writer (a slow reader never holds up a game), and a message-rate bucket."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from rummi_desktop.net.protocol import encode
from rummi_desktop.net.store_accounts import Account

RATE = 30.0  # messages per second a client may send, on average
BURST = 60.0  # and this many at once
OUTBOX = 1000  # messages queued for a client that does not read; past that it is dropped


class RateBucket:
    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


class Connection:
    def __init__(self, socket: Any) -> None:
        self.socket = socket
        self.account: Account | None = None
        self.token_hash = ""
        self.watching: set[str] = set()
        self.bucket = RateBucket()
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.writer = asyncio.create_task(self._write())

    def push(self, message: dict[str, Any]) -> None:
        if self.outbox.qsize() >= OUTBOX:
            self.outbox.put_nowait(None)  # the client stopped reading: close it
            return
        self.outbox.put_nowait(encode(message))

    async def _write(self) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            while (text := await self.outbox.get()) is not None:
                await self.socket.send(text)
        except ConnectionClosed:
            return
        await self.socket.close(1008, "too many unread messages")

    def close(self) -> None:
        self.writer.cancel()
