"""What one server lets a connection cost it: how long a socket may wait before signing in or
stay silent, how many sockets one address may hold, and how much an unread outbox may hold.

:class:`ServerLimits` is the configuration (``rummi-desktop serve`` flags; tests set small
values). :class:`AddressCounts` admits a socket when its address holds fewer than the limit.
:func:`next_text` is the server's read of one message, closing the socket when a deadline
passed. docs/network-protocol.md ("Limits") lists the defaults.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any, Callable

from rummi_desktop.net.connection import OUTBOX_BYTES, Connection


SIGN_IN_SECONDS = 120.0  # an unsigned socket (a person typing a password) has this long to sign in
IDLE_SECONDS = 1800.0  # a socket with nothing sent either way this long is closed (the client reconnects)
PER_ADDRESS = 64  # sockets open at once from one address (0: no limit, for the loadtest's own server)
CLOSE_TIMED_OUT = 1008  # websocket close code (policy violation) for a socket past a deadline
CLOSE_CROWDED = 1013  # "try again later": the address holds too many sockets


@dataclass(frozen=True)
class ServerLimits:
    sign_in_seconds: float = SIGN_IN_SECONDS
    idle_seconds: float = IDLE_SECONDS
    per_address: int = PER_ADDRESS
    outbox_bytes: int = OUTBOX_BYTES
    behind_proxy: bool = False  # the peer is a reverse proxy on this machine: X-Forwarded-For names the client
    clock: Callable[[], float] = time.monotonic  # the sign-in back-off's clock (tests pass a fake one)


def limits_from(per_address: int | None, sign_in_seconds: float | None, idle_seconds: float | None,
                behind_proxy: bool = False) -> ServerLimits:
    """``serve``'s flags over the defaults (None: the default)."""
    given = {"per_address": per_address, "sign_in_seconds": sign_in_seconds, "idle_seconds": idle_seconds}
    return ServerLimits(behind_proxy=behind_proxy, **{name: value for name, value in given.items() if value is not None})


class AddressCounts:
    """Sockets open per peer address."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.open: dict[str, int] = {}

    def admit(self, address: str) -> bool:
        held = self.open.get(address, 0)
        if self.limit and held >= self.limit:
            return False
        self.open[address] = held + 1
        return True

    def leave(self, address: str) -> None:
        held = self.open.get(address, 0) - 1
        if held > 0:
            self.open[address] = held
        else:
            self.open.pop(address, None)


def peer_address(socket: Any, behind_proxy: bool = False) -> str:
    """The client's IP address: the socket's peer, or behind a proxy the last address the proxy
    wrote in X-Forwarded-For (the ones before it are the client's own say, and may be forged)."""
    forwarded = socket.request.headers.get("X-Forwarded-For", "") if behind_proxy and socket.request else ""
    if forwarded.strip():
        return forwarded.split(",")[-1].strip()[:64]
    peer = getattr(socket, "remote_address", None)
    return str(peer[0]) if peer else "?"


async def next_text(connection: "Connection", limits: ServerLimits) -> str | bytes | None:
    """The next message on the socket, or None once it closed or passed a deadline (then it is
    closed here with the reason). Pushed messages count as activity: a player watching a quiet
    game is not idle while the game moves."""
    from websockets.exceptions import ConnectionClosed

    while True:
        now = time.monotonic()
        deadline = connection.last_active + limits.idle_seconds
        if connection.account is None:
            deadline = min(deadline, connection.unsigned_since + limits.sign_in_seconds)
        if deadline <= now:
            reason = "signed in too late" if connection.account is None else "idle too long"
            await connection.socket.close(CLOSE_TIMED_OUT, reason)
            return None
        try:
            async with asyncio.timeout(deadline - now):  # cancelling recv loses nothing (websockets' word)
                text = await connection.socket.recv()
        except TimeoutError:
            continue  # the loop decides: a push may have moved the idle deadline meanwhile
        except ConnectionClosed:
            return None
        connection.last_active = time.monotonic()
        return text
