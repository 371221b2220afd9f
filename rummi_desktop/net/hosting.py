""""Host on this computer": the embedded server (``rummi-desktop serve``) as a subprocess on a
free port of 127.0.0.1, its games in the user data folder's ``server.sqlite3``; stopped when
the game quits (and by :meth:`HostedServer.stop`)."""

from __future__ import annotations

import atexit
import re
import subprocess
import sys
import threading

STARTUP_TIMEOUT = 30.0  # s for the server to say where it listens


class HostedServer:
    def __init__(self, process: subprocess.Popen, url: str) -> None:
        self.process, self.url = process, url
        atexit.register(self.stop)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()  # serve stops cleanly on SIGTERM
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()


def host_server(database: str | None = None) -> HostedServer:
    """Start the server and wait (off the frame loop) until it listens; RuntimeError if it
    does not say so in time."""
    command = [sys.executable, "-m", "rummi_desktop", "serve", "--host", "127.0.0.1", "--port", "0"]
    if database:
        command += ["--database", database]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.append(process.stdout.readline() if process.stdout else ""),
                              daemon=True)
    reader.start()
    reader.join(STARTUP_TIMEOUT)
    found = re.search(r"ws://127\.0\.0\.1:(\d+)", lines[0] if lines else "")
    if not found:
        process.kill()
        raise RuntimeError("the server on this computer did not start")
    return HostedServer(process, f"ws://127.0.0.1:{found.group(1)}")
