"""``serve --certfile --keyfile``: the server speaks wss:// with the given certificate, and a client
that trusts it signs in and plays over TLS."""

import asyncio
import ssl
import subprocess

import pytest

from rummi_desktop.net.client import GameClient
from rummi_desktop.net.serving import serve


def self_signed(folder):
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=60)
    return cert, key


def test_a_client_signs_in_and_moves_over_tls(tmp_path):
    cert, key = self_signed(tmp_path)

    async def run():
        stop = asyncio.Event()
        bound = asyncio.get_running_loop().create_future()
        task = asyncio.create_task(serve("127.0.0.1", 0, str(tmp_path / "s.db"), str(cert), str(key),
                                         ready=bound.set_result, stop=stop))
        port = await asyncio.wait_for(asyncio.shield(bound), 20)
        trusting = ssl.create_default_context(cafile=str(cert))
        client = await GameClient.connect(f"wss://127.0.0.1:{port}", ssl=trusting)
        await client.register("alice", "correct horse battery")
        table = await client.create_table("rummi", ["human", "easy"])
        game = await client.subscribe(table["table"])
        if game["current"] == game["seat"]:
            ack = await client.move(table["table"], "draw")
            assert ack["version"] == game["version"] + 1
        else:
            assert (await client.wait_game(table["table"], after=game["version"]))["current"] == game["seat"]
        await client.close()
        with pytest.raises(Exception):  # plain text to the TLS port gets no WebSocket (the error varies)
            await GameClient.connect(f"ws://127.0.0.1:{port}")
        stop.set()
        await asyncio.wait_for(task, 20)

    asyncio.run(run())
