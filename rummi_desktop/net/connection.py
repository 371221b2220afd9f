"""One client's socket on the server: who signed in on it, which tables it watches, an outbox
drained by its own writer (a slow reader never holds up a game), and a message-rate bucket.

The outbox is bounded in bytes: a client that stops reading while the server pushes to it
(its socket's buffers full, the writer waiting) is cut off once its unsent text passes the
limit, and everything it held is let go then, not when the socket finally times out.
"""

from __future__ import annotations

import asyncio
import collections
import time
from typing import Any

from rummi_desktop.net.protocol import encode
from rummi_desktop.net.store_accounts import Account

OUTBOX_BYTES = 4 * 1024 * 1024  # text queued for a client that does not read; past it the socket is cut

RATE = 30.0  # messages per second a client may send, on average
BURST = 60.0  # and this many at once


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

    def retry_after(self) -> float:
        """Seconds until the next message would be taken."""
        return round(max(0.0, 1.0 - self.tokens) / self.rate, 3)


class Connection:
    def __init__(self, socket: Any, address: str = "?", outbox_bytes: int = OUTBOX_BYTES) -> None:
        self.socket = socket
        self.address = address  # the peer's IP address: connection and sign-in limits count by it
        self.account: Account | None = None
        self.token_hash = ""
        self.watching: set[str] = set()
        self.bucket = RateBucket()
        self.last_active = self.unsigned_since = time.monotonic()  # see net/limits.next_text
        self.outbox: collections.deque[str] = collections.deque()
        self.outbox_bytes, self.most_bytes = 0, outbox_bytes
        self.cut_off = False  # the outbox overflowed: the socket was aborted
        self._ready = asyncio.Event()
        self.writer = asyncio.create_task(self._write())

    def push(self, message: dict[str, Any]) -> None:
        if self.cut_off:
            return
        text = encode(message)
        self.outbox_bytes += len(text)  # characters: the UTF-8 bytes' lower bound, without encoding twice
        if self.outbox_bytes > self.most_bytes:
            self._cut_off()
            return
        self.outbox.append(text)
        self.last_active = time.monotonic()
        self._ready.set()

    async def _write(self) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            while True:
                await self._ready.wait()
                while self.outbox:
                    text = self.outbox.popleft()
                    await self.socket.send(text)  # waits while the client's socket is full
                    self.outbox_bytes -= len(text)
                self._ready.clear()
        except ConnectionClosed:
            return

    def _cut_off(self) -> None:
        """The client stopped reading: drop what it was sent and the socket itself (a polite
        close would wait on the same full buffers)."""
        self.cut_off = True
        self.outbox.clear()
        self.outbox_bytes = 0
        self.writer.cancel()
        transport = getattr(self.socket, "transport", None)
        if transport is not None:
            transport.abort()

    def close(self) -> None:
        self.writer.cancel()
        self.outbox.clear()
        self.outbox_bytes = 0
