"""A password guesser over real sockets, from chosen loopback addresses (127.0.0.2, ...: all of
127.0.0.0/8 is this machine), against a server whose sign-in back-off runs on a fake clock."""

from __future__ import annotations

import json
from typing import Any


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class RawSocket:
    """One websocket from ``address``: a request sent, its reply read (nothing is pushed to a
    socket that is not signed in)."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket

    @classmethod
    async def open(cls, url: str, address: str, forwarded_for: str = "") -> "RawSocket":
        from websockets.asyncio.client import connect

        headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else None
        return cls(await connect(url, local_addr=(address, 0), compression=None, additional_headers=headers))

    async def ask(self, kind: str, **fields: Any) -> dict:
        await self.socket.send(json.dumps({"type": kind, "id": 1, **fields}))
        return json.loads(await self.socket.recv())

    async def sign_in(self, name: str, password: str) -> dict:
        return await self.ask("sign_in", name=name, password=password)

    async def close(self) -> None:
        await self.socket.close()


async def guesses_in_an_hour(url: str, clock: FakeClock, name: str, addresses: list[str]) -> int:
    """Wrong passwords the server checks in an hour of the fake clock for a guesser that sends the
    next one the moment it may (each ``retry_after`` waited out at once), from each of
    ``addresses`` in turn."""
    sockets = [await RawSocket.open(url, address) for address in addresses]
    checked, end, turn = 0, clock.now + 3600.0, 0
    try:
        while clock.now < end:
            reply = await sockets[turn % len(sockets)].sign_in(name, f"guess number {checked}")
            if reply["code"] == "rate_limited":
                clock.now += reply["retry_after"]
                continue  # the same address again once it may
            assert reply["code"] == "bad_credentials", reply
            checked, turn = checked + 1, turn + 1
    finally:
        for socket in sockets:
            await socket.close()
    return checked
