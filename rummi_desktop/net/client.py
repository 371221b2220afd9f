"""A small asyncio client for the game server: what the loadtest, the tests and the window's
network session use.

    client = await GameClient.connect("ws://127.0.0.1:8765")
    await client.register("alice", "a long password")        # or sign_in / resume(token)
    table = await client.create_table("rummi", ["human", "human"])
    game = await client.subscribe(table["table"])             # the seat's view at the current version
    await client.move(table["table"], "draw")                 # carries the version and a new seq
    game = await client.wait_game(table["table"], after=game["version"])

Replies are matched to requests by ``id``; a reply of type ``error`` raises :class:`ServerError`.
Pushed messages (``game``, ``table``, ``matched``) land in :attr:`GameClient.pushed`, and the
newest ``game`` message of each table is kept in :attr:`GameClient.games`. After a dropped
connection, :meth:`GameClient.reconnect` signs in again with the session token and
re-subscribes every table, so play resumes at the current version.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from typing import Any, Callable

from rummi_desktop.net.protocol import PROTOCOL_VERSION

REPLY_TIMEOUT = 30.0


class ServerError(Exception):
    """The server refused a request: ``code`` for programs, ``str(error)`` for people."""

    def __init__(self, code: str, message: str, retry_after: float | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.retry_after = retry_after  # s, with rate_limited: when to ask again


class GameClient:
    def __init__(self, url: str, ssl: Any = None) -> None:
        self.url, self.ssl = url, ssl
        self.socket: Any = None
        self.token: str | None = None
        self.account: dict[str, Any] | None = None
        self.pushed: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.games: dict[str, dict[str, Any]] = {}
        self.received: list[str] | None = None  # set to [] to keep every text received (tests)
        self.arrivals: dict[tuple[str, int], float] | None = None  # set to {}: (table, version) -> perf_counter
        self._ids = itertools.count(1)
        self._pending: dict[int, asyncio.Future] = {}
        self._next_seq: dict[str, int] = {}
        self._changed = asyncio.Condition()
        self._reader: asyncio.Task | None = None
        self.closed = True

    @classmethod
    async def connect(cls, url: str, ssl: Any = None) -> "GameClient":
        client = cls(url, ssl)
        await client._open()
        return client

    async def _open(self) -> None:
        from websockets.asyncio.client import connect

        self.socket = await connect(self.url, ssl=self.ssl, max_size=2**22, open_timeout=10, compression=None)
        self.closed = False
        self._reader = asyncio.create_task(self._read())
        await self.request("hello", protocol=PROTOCOL_VERSION)

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)

    # ---- the wire ---------------------------------------------------------------------------

    async def _read(self) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            async for text in self.socket:
                if self.received is not None:
                    self.received.append(text)
                await self._take(json.loads(text))
        except ConnectionClosed:
            pass
        finally:
            self.closed = True
            async with self._changed:
                self._changed.notify_all()  # waiters for a game learn that it will not come
            for future in self._pending.values():
                if not future.done():
                    future.set_exception(ConnectionError("the connection to the server closed"))
            self._pending.clear()

    async def _take(self, message: dict[str, Any]) -> None:
        if message.get("type") == "game":
            await self._note_game(message)
        future = self._pending.pop(message.get("re", -1), None)
        if future is not None and not future.done():
            future.set_result(message)
        elif "re" not in message:
            if message.get("type") == "signed_out":  # the session ended on another connection
                self.token = self.account = None
            self.pushed.put_nowait(message)

    async def _note_game(self, message: dict[str, Any]) -> None:
        table = message["table"]
        if self.arrivals is not None:
            self.arrivals.setdefault((table, message["version"]), time.perf_counter())
        held = self.games.get(table)
        if held is None or message["version"] >= held["version"]:
            self.games[table] = message
        async with self._changed:
            self._changed.notify_all()

    async def send_text(self, text: str) -> None:
        """Send raw text (tests send bad input this way)."""
        await self.socket.send(text)

    async def request(self, kind: str, **fields: Any) -> dict[str, Any]:
        """Send one request and wait for its reply; ServerError if it is an error."""
        request_id = next(self._ids)
        future = asyncio.get_running_loop().create_future()
        self._pending[request_id] = future
        from websockets.exceptions import ConnectionClosed

        try:
            await self.socket.send(json.dumps({"type": kind, "id": request_id, **fields}))
        except ConnectionClosed:  # the same error as a line that drops while the answer is awaited
            self._pending.pop(request_id, None)
            raise ConnectionError("the connection to the server closed") from None
        reply = await asyncio.wait_for(future, REPLY_TIMEOUT)
        if reply.get("type") == "error":
            raise ServerError(reply["code"], reply["message"], reply.get("retry_after"))
        return reply

    # ---- accounts ---------------------------------------------------------------------------

    async def _session(self, reply: dict[str, Any]) -> dict[str, Any]:
        self.token = reply.get("token", self.token)
        self.account = reply["account"]
        return self.account

    async def register(self, name: str, password: str) -> dict[str, Any]:
        return await self._session(await self.request("register", name=name, password=password))

    async def sign_in(self, name: str, password: str) -> dict[str, Any]:
        return await self._session(await self.request("sign_in", name=name, password=password))

    async def resume(self, token: str | None = None) -> dict[str, Any]:
        self.token = token or self.token
        return await self._session(await self.request("resume", token=self.token))

    # ---- the lobby --------------------------------------------------------------------------

    async def list_tables(self, game: str | None = None, status: str = "open") -> list[dict[str, Any]]:
        """The public tables waiting for players (``status`` "playing": those in play, to watch)."""
        fields = {"game": game} if game else {}
        return (await self.request("list_tables", status=status, **fields))["tables"]

    async def my_tables(self) -> list[dict[str, Any]]:
        return (await self.request("my_tables"))["tables"]

    async def create_table(self, game: str, seats: list[str], options: dict | None = None, clock: dict | None = None,
                           visibility: str = "public", **more: Any) -> dict[str, Any]:
        reply = await self.request("create_table", game=game, seats=seats, options=options or {},
                                   clock=clock or {"kind": "none"}, visibility=visibility, **more)
        return reply["table"]

    async def join_table(self, table: str | None = None, invite: str | None = None) -> dict[str, Any]:
        fields = {"invite": invite} if invite else {"table": table}
        return (await self.request("join_table", **fields))["table"]

    async def start_table(self, table: str) -> dict[str, Any]:
        return (await self.request("start_table", table=table))["table"]

    async def matchmake(self, game: str) -> dict[str, Any]:
        return await self.request("matchmake", game=game)

    async def wait_pushed(self, kind: str, timeout: float = REPLY_TIMEOUT) -> dict[str, Any]:
        """The next pushed message of ``kind`` (others before it are dropped)."""
        async def find() -> dict[str, Any]:
            while (message := await self.pushed.get())["type"] != kind:
                pass
            return message
        return await asyncio.wait_for(find(), timeout)

    # ---- games ------------------------------------------------------------------------------

    async def subscribe(self, table: str) -> dict[str, Any]:
        """The table's game at the current version (or the open table) and its pushes from now on."""
        reply = await self.request("subscribe", table=table)
        if reply["type"] == "game":
            self._next_seq[table] = max(self._next_seq.get(table, 1), reply.get("last_seq", 0) + 1)
        return reply

    async def unsubscribe(self, table: str) -> dict[str, Any]:
        """No more pushes for the table (the other seats see us away); a reconnect leaves it be."""
        self.games.pop(table, None)
        return await self.request("unsubscribe", table=table)

    async def watch(self, table: str, delay: int = 0) -> dict[str, Any]:
        """Watch a public table in play without a seat: its public view now (a ``game`` message
        whose seat is None), and at every new version, ``delay`` moves behind."""
        return await self.request("watch", table=table, delay=delay)

    async def unwatch(self, table: str) -> dict[str, Any]:
        self.games.pop(table, None)
        return await self.request("unwatch", table=table)

    def next_seq(self, table: str) -> int:
        return self._next_seq.get(table, 1)

    async def move(self, table: str, notation: str, version: int | None = None, seq: int | None = None) -> dict:
        """Send a move made against ``version`` (default: the newest held); returns the ack."""
        return await self._play("move", table, version, seq, move=notation)

    async def forfeit(self, table: str, version: int | None = None, seq: int | None = None) -> dict:
        return await self._play("forfeit", table, version, seq)

    async def _play(self, kind: str, table: str, version: int | None, seq: int | None, **fields: Any) -> dict:
        version = self.games[table]["version"] if version is None else version
        seq = self.next_seq(table) if seq is None else seq
        self._next_seq[table] = max(self.next_seq(table), seq + 1)
        return await self.request(kind, table=table, version=version, seq=seq, **fields)

    async def wait_game(self, table: str, after: int = -1, until: Callable[[dict], bool] | None = None,
                        timeout: float = REPLY_TIMEOUT) -> dict[str, Any]:
        """The table's newest game message once its version is above ``after`` (and ``until`` holds)."""
        def ready() -> bool:
            game = self.games.get(table)
            return self.closed or (game is not None and game["version"] > after and (until is None or until(game)))

        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(ready), timeout)
        if not ready() or (self.closed and self.games.get(table, {}).get("version", -1) <= after):
            raise ConnectionError("the connection to the server closed")
        return self.games[table]

    async def reconnect(self) -> dict[str, dict[str, Any]]:
        """A new connection, signed in by the session token, every table subscribed again."""
        await self.close()
        await self._open()
        await self.resume()
        tables = list(self.games)
        return {table: await self.subscribe(table) for table in tables}
