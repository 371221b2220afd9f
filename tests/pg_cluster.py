"""A throw-away PostgreSQL cluster for tests: initdb in a temporary folder, started on a free
port of 127.0.0.1, run as the unprivileged ``postgres`` user when the tests run as root
(PostgreSQL refuses to run as root). Missing PostgreSQL is a failure, never a skip."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

CANDIDATE_BINS = ("/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/16/bin", "/usr/local/bin", "/usr/bin")


def _tool(name: str) -> str:
    for folder in CANDIDATE_BINS:
        path = Path(folder) / name
        if path.is_file():
            return str(path)
    found = shutil.which(name)
    if found is None:
        raise RuntimeError(f"PostgreSQL's {name} is not installed (Debian: apt-get install postgresql)")
    return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Cluster:
    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="rummi-pg-"))
        self.port = free_port()
        self.as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if self.as_user:
            shutil.chown(self.folder, "postgres")
        self.data = self.folder / "data"
        self.url = f"postgresql://rummi@127.0.0.1:{self.port}/postgres"

    def _run(self, *command: str) -> None:
        subprocess.run([*self.as_user, *command], check=True, capture_output=True, timeout=120)

    def start(self) -> "Cluster":
        self._run(_tool("initdb"), "-D", str(self.data), "-A", "trust", "-U", "rummi")
        self._run(_tool("pg_ctl"), "-D", str(self.data), "-l", str(self.folder / "log"), "-w", "start",
                  "-o", f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1")
        return self

    def stop(self) -> None:
        try:
            self._run(_tool("pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
