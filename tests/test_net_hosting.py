""""Host on this computer": the server listens on every interface at the fixed port 8765 (the
address friends type stays the same), takes a free port when that one is taken, and tells the
address a friend on the network types. The real subprocess runs here on 127.0.0.1 only."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys

import pytest

import websockets  # noqa: E402,F401  (the server extra: without it these tests fail, never skip)

from rummi_desktop.net import hosting  # noqa: E402
from rummi_desktop.net.client import GameClient  # noqa: E402


class FakeProcess:
    def __init__(self) -> None:
        self.killed = False

    def poll(self):
        return None if not self.killed else -9

    def kill(self) -> None:
        self.killed = True


def test_the_game_hosts_for_the_lan_on_the_fixed_port_then_any_free_one(monkeypatch):
    tried: list[list[str]] = []
    processes: list[FakeProcess] = []

    def start(command):
        tried.append(command)
        processes.append(FakeProcess())
        return processes[-1], (None if len(tried) == 1 else 50123)  # the first: the port was taken

    monkeypatch.setattr(hosting, "_start", start)
    monkeypatch.setattr(hosting.atexit, "register", lambda _stop: None)
    server = hosting.host_server()
    assert [command[command.index("--host") + 1] for command in tried] == ["0.0.0.0", "0.0.0.0"]
    assert [command[command.index("--port") + 1] for command in tried] == ["8765", "0"]
    assert processes[0].killed and server.port == 50123 and server.url == "ws://127.0.0.1:50123"
    assert server.lan_address == hosting.lan_address()


def test_hosting_for_this_computer_only_when_asked(monkeypatch):
    tried: list[list[str]] = []
    monkeypatch.setattr(hosting, "_start", lambda command: (tried.append(command) or FakeProcess(), 8765))
    monkeypatch.setattr(hosting.atexit, "register", lambda _stop: None)
    monkeypatch.setenv(hosting.BIND_ENV, "127.0.0.1")
    server = hosting.host_server()
    assert tried[0][tried[0].index("--host") + 1] == "127.0.0.1"
    assert server.lan_address == ""  # nothing for friends to type: only this computer can join


def test_a_server_that_never_starts_is_a_clear_error(monkeypatch):
    monkeypatch.setattr(hosting, "_start", lambda command: (FakeProcess(), None))
    with pytest.raises(RuntimeError, match="did not start"):
        hosting.host_server()


def test_the_real_server_moves_to_a_free_port_when_the_asked_one_is_taken(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        server = hosting.host_server(str(tmp_path / "server.sqlite3"), bind="127.0.0.1", port=busy)
        try:
            assert server.port != busy

            async def greet() -> str:
                client = await GameClient.connect(server.url)
                await client.close()
                return client.url

            assert asyncio.run(greet()) == server.url
        finally:
            server.stop()
    assert server.process.poll() is not None


def test_the_lan_address_comes_from_a_local_socket_else_the_host_name(monkeypatch):
    found = hosting.lan_address()
    assert found and not found.startswith("127.")

    class NoRoute:
        def __init__(self, *args):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *args):
            return False

        def connect(self, address):
            raise OSError("Network is unreachable")

    monkeypatch.setattr(hosting.socket, "socket", NoRoute)
    assert hosting.lan_address() == socket.gethostname()


def test_the_built_bundle_starts_its_server_as_itself(monkeypatch):
    """In the PyInstaller bundle sys.executable is the game program, which has no ``-m``: the
    server is started as ``rummi-desktop serve`` there (the bundle test runs it for real)."""
    monkeypatch.setattr(hosting.sys, "executable", "/opt/rummi-desktop/rummi-desktop")
    monkeypatch.setattr(hosting.sys, "frozen", True, raising=False)
    assert hosting.serve_command("0.0.0.0", 8765) == [
        "/opt/rummi-desktop/rummi-desktop", "serve", "--host", "0.0.0.0", "--port", "8765"]
    monkeypatch.delattr(hosting.sys, "frozen")
    assert hosting.serve_command("0.0.0.0", 8765, "x.sqlite3")[:4] == [
        "/opt/rummi-desktop/rummi-desktop", "-m", "rummi_desktop", "serve"]


HOST_WITHOUT_POSTGRES = """
import asyncio, sys
from rummi_desktop.net.serving import serve

async def main():
    stop = asyncio.Event()
    task = asyncio.create_task(serve("127.0.0.1", 0, sys.argv[1], ready=lambda port: stop.set()))
    await asyncio.wait_for(stop.wait(), 30)
    task.cancel()

asyncio.run(main())
print(sorted(name for name in sys.modules if name.startswith("psycopg")))
"""


def test_hosting_on_sqlite_never_imports_psycopg(tmp_path):
    """The game's own server keeps its tables in SQLite; psycopg is for a PostgreSQL URL only
    (the bundle leaves it out)."""
    result = subprocess.run([sys.executable, "-c", HOST_WITHOUT_POSTGRES, str(tmp_path / "s.sqlite3")],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "[]"


def test_a_postgresql_url_without_psycopg_is_refused_in_words(monkeypatch, capsys):
    from rummi_desktop.net import serving

    monkeypatch.setattr(serving, "postgres_missing", lambda: True)
    assert serving.run_serve("127.0.0.1", 0, "postgresql://db.example/rummi", None, None) == 2
    assert "needs psycopg" in capsys.readouterr().out
