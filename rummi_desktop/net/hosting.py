""""Host on this computer": the embedded server (``rummi-desktop serve``) as a subprocess, its
games in the user data folder's ``server.sqlite3``; stopped when the game quits (and by
:meth:`HostedServer.stop`).

It listens on every interface (``0.0.0.0``), so friends on the same network can join, at the
fixed port ``serve`` and the lobby default to (8765): the address friends type stays the same
from one evening to the next, and a firewall rule made once keeps working. When that port is
taken (another server, another program) it takes a free one, and the lobby shows which. This
window connects to it over 127.0.0.1. ``RUMMI_DESKTOP_HOST_BIND=127.0.0.1`` hosts for this
computer only (the tests that drive a real window do so).
"""

from __future__ import annotations

import atexit
import concurrent.futures
import os
import re
import socket
import subprocess
import sys
import threading

LAN_BIND = "0.0.0.0"  # every IPv4 interface: reachable from the local network
BIND_ENV = "RUMMI_DESKTOP_HOST_BIND"  # another address to listen on (127.0.0.1: this computer only)
DEFAULT_PORT = 8765  # the port `rummi-desktop serve` and the lobby's port field default to
STARTUP_TIMEOUT = 30.0  # s for the server to say where it listens
NO_ROUTE_PROBE = ("192.0.2.1", 9)  # TEST-NET-1 (RFC 5737): never a real host; no packet is sent


class HostedServer:
    def __init__(self, process: subprocess.Popen, port: int, bind: str = LAN_BIND) -> None:
        self.process, self.port, self.bind = process, port, bind
        self.url = f"ws://127.0.0.1:{port}"  # this window's way in
        # what a friend on the network types, with the port (none when only this computer listens)
        self.lan_address = "" if bind.startswith("127.") or bind == "localhost" else lan_address()
        atexit.register(self.stop)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()  # serve stops cleanly on SIGTERM
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()


def lan_address() -> str:
    """This computer's IPv4 address on the local network, found without sending anything:
    "connecting" a UDP socket only picks the interface a packet would leave by. Without a
    network route, the host name (which the network may still resolve)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(NO_ROUTE_PROBE)
            address = probe.getsockname()[0]
    except OSError:
        address = ""
    if not address or address.startswith("127.") or address == "0.0.0.0":
        return socket.gethostname()
    return address


def program_command() -> list[str]:
    """How this program starts itself again: ``python -m rummi_desktop`` from a source install;
    in the built bundle ``sys.executable`` is the program itself, which takes no ``-m``."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    return [sys.executable, "-m", "rummi_desktop"]


def serve_command(bind: str, port: int, database: str | None = None) -> list[str]:
    command = [*program_command(), "serve", "--host", bind, "--port", str(port)]
    return command + (["--database", database] if database else [])


def _start(command: list[str]) -> tuple[subprocess.Popen, int | None]:
    """The process and the port it says it listens on (None: it stopped or said nothing in time)."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.append(process.stdout.readline() if process.stdout else ""),
                              daemon=True)
    reader.start()
    reader.join(STARTUP_TIMEOUT)
    found = re.search(r"ws://[^\s:]+:(\d+)", lines[0] if lines else "")
    return process, int(found.group(1)) if found else None


def host_server(database: str | None = None, bind: str | None = None, port: int | None = None) -> HostedServer:
    """Start the server and wait (off the frame loop) until it listens: on ``port`` (default
    8765), else on a free port; RuntimeError if it does not start at all."""
    bind = bind or os.environ.get(BIND_ENV, "").strip() or LAN_BIND
    for trying in dict.fromkeys((DEFAULT_PORT if port is None else port, 0)):  # the port asked for, then any
        process, bound = _start(serve_command(bind, trying, database))
        if bound is not None:
            return HostedServer(process, bound, bind)
        if process.poll() is None:
            process.kill()
    raise RuntimeError("the server on this computer did not start")


def host_in_background(database: str | None = None) -> concurrent.futures.Future:
    """:func:`host_server` on a thread of its own (starting takes a second or two): the window's
    frame loop polls the future instead of waiting."""
    future: concurrent.futures.Future = concurrent.futures.Future()

    def start() -> None:
        try:
            future.set_result(host_server(database))
        except Exception as error:  # the lobby shows it on its status line
            future.set_exception(error)

    threading.Thread(target=start, name="rummi-host", daemon=True).start()
    return future
