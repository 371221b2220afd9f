"""What a connection may cost the server, over real sockets with small limits: a socket that
never signs in, or goes quiet, is closed; one address holds only so many sockets; and a client
that never reads while the server answers it is cut off, its outbox freed, the server's memory
bounded."""

import asyncio
import base64
import json
import os
import socket
import tracemalloc

from net_support import running_server, signed_in
from rummi_desktop.net.client import GameClient
from rummi_desktop.net.limits import CLOSE_CROWDED, CLOSE_TIMED_OUT, ServerLimits
from sign_in_attack_support import RawSocket

MB = 1024 * 1024


async def closed_by_server(client: GameClient) -> tuple[int, str]:
    await asyncio.wait_for(client._reader, 10)
    return client.socket.close_code, client.socket.close_reason


def test_a_socket_that_does_not_sign_in_in_time_is_closed(tmp_path):
    async def run():
        async with running_server(tmp_path / "s.db", ServerLimits(sign_in_seconds=0.5)) as url:
            lurker = await GameClient.connect(url)
            player = await signed_in(url, "alice")
            assert await closed_by_server(lurker) == (CLOSE_TIMED_OUT, "signed in too late")
            assert (await player.request("ping"))["type"] == "pong"  # signed in: no deadline
            await player.request("sign_out")  # signed out again, the clock starts again
            assert await closed_by_server(player) == (CLOSE_TIMED_OUT, "signed in too late")

    asyncio.run(run())


def test_a_quiet_socket_is_closed_and_one_that_talks_is_not(tmp_path):
    async def run():
        async with running_server(tmp_path / "s.db", ServerLimits(idle_seconds=0.6)) as url:
            quiet, talker = await signed_in(url, "alice"), await signed_in(url, "bob")
            for _ in range(6):  # 1.2 s of pings, twice the idle time
                await asyncio.sleep(0.2)
                await talker.request("ping")
            assert await closed_by_server(quiet) == (CLOSE_TIMED_OUT, "idle too long")
            assert not talker.closed
            await talker.close()

    asyncio.run(run())


def test_one_address_holds_only_so_many_sockets(tmp_path):
    async def run():
        async with running_server(tmp_path / "s.db", ServerLimits(per_address=3)) as url:
            held = [await RawSocket.open(url, "127.0.0.5") for _ in range(3)]
            extra = await RawSocket.open(url, "127.0.0.5")
            await asyncio.wait_for(extra.socket.wait_closed(), 10)
            assert extra.socket.close_code == CLOSE_CROWDED
            neighbour = await RawSocket.open(url, "127.0.0.6")  # another address is not held
            assert (await neighbour.ask("ping"))["type"] == "pong"
            await held.pop().close()
            again = await RawSocket.open(url, "127.0.0.5")  # a socket closed frees its place
            assert (await again.ask("ping"))["type"] == "pong"
            for raw in (*held, neighbour, again):
                await raw.close()

    asyncio.run(run())


def test_behind_a_proxy_the_forwarded_address_is_counted(tmp_path):
    async def run():
        async with running_server(tmp_path / "s.db", ServerLimits(per_address=1, behind_proxy=True)) as url:
            first = await RawSocket.open(url, "127.0.0.8", forwarded_for="203.0.113.9, 198.51.100.1")
            second = await RawSocket.open(url, "127.0.0.8", forwarded_for="198.51.100.2")  # the same proxy
            assert (await second.ask("ping"))["type"] == "pong"
            forged = await RawSocket.open(url, "127.0.0.8", forwarded_for="10.9.9.9, 198.51.100.1")
            await asyncio.wait_for(forged.socket.wait_closed(), 10)  # the proxy's last word counts
            assert forged.socket.close_code == CLOSE_CROWDED
            for raw in (first, second):
                await raw.close()

    asyncio.run(run())


def test_no_limit_on_sockets_per_address_when_it_is_zero(tmp_path):
    async def run():
        async with running_server(tmp_path / "s.db", ServerLimits(per_address=0)) as url:
            many = [await RawSocket.open(url, "127.0.0.7") for _ in range(80)]  # past the default 64
            for raw in many:
                assert (await raw.ask("ping"))["type"] == "pong"
                await raw.close()

    asyncio.run(run())


class NonReader:
    """A websocket client written by hand over a TCP socket with a small receive buffer, that
    sends requests and never reads a byte of the answers."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, url: str) -> "NonReader":
        host, port = url.removeprefix("ws://").split(":")
        raw = socket.socket()
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        raw.setblocking(False)
        await asyncio.get_running_loop().sock_connect(raw, (host, int(port)))
        reader, writer = await asyncio.open_connection(sock=raw)
        key = base64.b64encode(os.urandom(16)).decode()
        writer.write((f"GET / HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                      f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        assert b" 101 " in await reader.readuntil(b"\r\n\r\n")
        return cls(reader, writer)

    async def send(self, message: dict) -> None:
        """One masked text frame, as a client must send it."""
        payload, mask = json.dumps(message).encode(), os.urandom(4)
        size = bytes([0x80 | len(payload)]) if len(payload) < 126 else bytes([0x80 | 126]) + len(payload).to_bytes(2)
        self.writer.write(b"\x81" + size + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
        await self.writer.drain()


def test_a_client_that_never_reads_is_cut_off_and_its_outbox_freed(tmp_path):
    limits = ServerLimits(outbox_bytes=256 * 1024)

    async def run():
        async with running_server(tmp_path / "s.db", limits) as url:
            owner = await signed_in(url, "alice")
            await owner.request("profile_put", version=0, document={"notes": "n" * 23_000})
            token = owner.token
            await owner.close()
            baseline = tracemalloc.get_traced_memory()[0]
            hog = await NonReader.open(url)
            await hog.send({"type": "resume", "token": token})
            cut = False
            for number in range(2000):  # each answer is the 23 KB profile; the bucket lets 30 a second by
                try:
                    await hog.send({"type": "profile_get", "id": number})
                    await asyncio.sleep(0.01)
                except (ConnectionResetError, BrokenPipeError):
                    cut = True
                    break
            peak = tracemalloc.get_traced_memory()[1] - baseline
            await asyncio.sleep(0.2)  # the server lets the connection go
            left = tracemalloc.get_traced_memory()[0] - baseline
            check = await signed_in(url, "bob")  # the server is well and answering
            assert (await check.request("ping"))["type"] == "pong"
            await check.close()
            return cut, peak, left

    tracemalloc.start()
    try:
        cut, peak, left = asyncio.run(run())
    finally:
        tracemalloc.stop()
    assert cut  # the server dropped the socket
    assert peak < 32 * MB, peak / MB  # the outbox's 256 KiB and the sockets' buffers, not everything asked
    assert left < 4 * MB, left / MB
    print(f"non-reader: peak {peak / MB:.1f} MiB over the baseline, {left / MB:.1f} MiB left after the cut")
