"""Helpers for the network tests: a real server on 127.0.0.1 (in this process, on a free port),
signed-in clients, and checks over every message a client received."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path
from typing import AsyncIterator

from rummi_desktop.net.client import GameClient
from rummi_desktop.net.limits import ServerLimits
from rummi_desktop.net.server import serve

PASSWORD = "correct horse battery"


@contextlib.asynccontextmanager
async def running_server(database: str | Path, limits: ServerLimits = ServerLimits()) -> AsyncIterator[str]:
    """A server on a free port of 127.0.0.1 with ``database`` (and ``limits``); yields its ws:// URL."""
    stop = asyncio.Event()
    bound: asyncio.Future = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(serve("127.0.0.1", 0, str(database), ready=bound.set_result, stop=stop, limits=limits))
    port = await asyncio.wait_for(asyncio.shield(bound), 20)
    try:
        yield f"ws://127.0.0.1:{port}"
    finally:
        stop.set()
        await asyncio.wait_for(task, 20)


async def signed_in(url: str, name: str, register: bool = True) -> GameClient:
    client = await GameClient.connect(url)
    client.received = []
    if register:
        await client.register(name, PASSWORD)
    else:
        await client.sign_in(name, PASSWORD)
    return client


def received_messages(client: GameClient) -> list[dict]:
    return [json.loads(text) for text in client.received or []]
