"""The window's line to the server: a :class:`GameClient` on an asyncio loop in one background
thread, so the pygame frame never waits on the network.

The frame loop calls :meth:`ClientLink.submit` (a request; its answer comes back later as a
``concurrent.futures.Future``) and drains :meth:`ClientLink.news` once a frame: the ``game``
messages pushed for subscribed tables, other pushes (``matched``, ``table``) and connection
changes (``{"type": "link", "status": "connected" | "reconnecting" | "offline"}``). The
``your_move`` pushes (a game became this account's move) are kept apart, in
:meth:`ClientLink.turn_news`: they are for the window's notices whatever screen is on top,
while the screen on top drains :meth:`ClientLink.news`. A dropped
connection is retried with a growing pause; once back, the session token signs in again and
every table is subscribed afresh, so play resumes at the server's current version.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import queue
import threading
from typing import Any, Awaitable, Callable

from rummi_desktop.net.client import GameClient

CONNECTED, RECONNECTING, OFFLINE = "connected", "reconnecting", "offline"
RETRY_PAUSES = (0.2, 0.5, 1.0, 2.0, 4.0)  # s between reconnect attempts (the last repeats)
GIVE_UP_AFTER = 60  # attempts: about four minutes, then the link says offline


class ClientLink:
    def __init__(self, url: str) -> None:
        self.url = url
        self.status = OFFLINE
        self.client: GameClient | None = None
        self._inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._turns: queue.Queue[dict[str, Any]] = queue.Queue()
        self._given_back: list[dict[str, Any]] = []  # read first by the next news() (the frame loop's only)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="rummi-net", daemon=True)
        self._thread.start()
        self._stopping = False

    # ---- from the frame loop -----------------------------------------------------------------
    def connect(self) -> concurrent.futures.Future:
        if self._stopping:
            return _refused_future()
        return asyncio.run_coroutine_threadsafe(self._connect(), self._loop)

    def submit(self, request: Callable[[GameClient], Awaitable[Any]]) -> concurrent.futures.Future:
        """Run ``request(client)`` on the link's loop; the future holds its answer or error.
        After :meth:`close` its loop runs no more: the future fails at once (a request queued
        there would never be answered, nor its coroutine awaited)."""
        if self._stopping:
            return _refused_future()

        async def run() -> Any:
            if self.client is None or self.client.closed:
                raise ConnectionError("not connected to the server")
            return await request(self.client)

        return asyncio.run_coroutine_threadsafe(run(), self._loop)

    def news(self) -> list[dict[str, Any]]:
        """Everything that arrived since the last call but ``your_move``, what was given back
        first (never waits)."""
        given_back, self._given_back = self._given_back, []
        return given_back + _drained(self._inbox)

    def give_back(self, messages: list[dict[str, Any]]) -> None:
        """Messages taken from :meth:`news` that are the next reader's: a screen that handed
        the link on mid-batch (the lobby opening a table) gives the rest to the table, in order."""
        self._given_back = list(messages) + self._given_back

    def turn_news(self) -> list[dict[str, Any]]:
        """The ``your_move`` pushes that arrived since the last call (never waits)."""
        return _drained(self._turns)

    def holds_game(self, table_id: str) -> bool:
        """Whether a table of this link is subscribed to that game (a screen is showing it)."""
        client = self.client
        return client is not None and table_id in client.games

    def drop_connection(self) -> None:
        """Close the socket as a network fault would (tests); the link reconnects by itself."""
        if self.client is not None and self.client.socket is not None:
            self._loop.call_soon_threadsafe(self.client.socket.transport.abort)

    def close(self) -> None:
        self._stopping = True
        if self.client is not None:
            future = asyncio.run_coroutine_threadsafe(self.client.close(), self._loop)
            try:
                future.result(5)
            except Exception:  # closing a dead socket: nothing more to do
                pass
        try:  # the reader, the pump and a reconnect still waiting: cancelled, not left pending
            asyncio.run_coroutine_threadsafe(self._cancel_the_rest(), self._loop).result(5)
        except Exception:  # the loop is stuck or gone: stopping it is all that is left
            pass
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)
        if not self._thread.is_alive():
            self._loop.close()

    @staticmethod
    async def _cancel_the_rest() -> None:
        tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # ---- on the link's loop -------------------------------------------------------------------
    async def _connect(self) -> GameClient:
        self.client = await GameClient.connect(self.url)
        self._set_status(CONNECTED)
        asyncio.create_task(self._pump(self.client))
        return self.client

    def _set_status(self, status: str) -> None:
        self.status = status
        self._inbox.put({"type": "link", "status": status})

    async def _pump(self, client: GameClient) -> None:
        """Hand every pushed message to the frame loop; reconnect when the socket closes."""
        while not self._stopping:
            reader = client._reader
            getter = asyncio.create_task(client.pushed.get())
            done, _ = await asyncio.wait({getter, reader}, return_when=asyncio.FIRST_COMPLETED)
            if getter in done:
                self._take(getter.result())
                continue
            getter.cancel()
            while not client.pushed.empty():
                self._take(client.pushed.get_nowait())
            if self._stopping:
                return
            await self._reconnect(client)

    def _take(self, message: dict[str, Any]) -> None:
        (self._turns if message.get("type") == "your_move" else self._inbox).put(message)

    async def _reconnect(self, client: GameClient) -> None:
        self._set_status(RECONNECTING)
        for attempt in range(GIVE_UP_AFTER):
            await asyncio.sleep(RETRY_PAUSES[min(attempt, len(RETRY_PAUSES) - 1)])
            try:
                games = await client.reconnect()
            except (OSError, ConnectionError, asyncio.TimeoutError):
                continue
            except Exception:  # a refusal (say, the session expired): try again later
                continue
            self._set_status(CONNECTED)
            for game in games.values():
                self._inbox.put(game)  # the current version of every table we sit at
            return
        self._set_status(OFFLINE)


def _drained(inbox: queue.Queue) -> list[dict[str, Any]]:
    taken = []
    while True:
        try:
            taken.append(inbox.get_nowait())
        except queue.Empty:
            return taken


def _refused_future() -> concurrent.futures.Future:
    """The answer to a request made after the link closed: it fails at once."""
    refused: concurrent.futures.Future = concurrent.futures.Future()
    refused.set_exception(ConnectionError("the link to the server is closed"))
    return refused
