"""A write killed half-way, for the tests of what such a write leaves behind."""

from __future__ import annotations

import subprocess
import sys


def kill_after_written(code: str, *args: str) -> None:
    """Run ``code`` in a new Python, wait until it prints "written" (its temp file is down and
    it is stuck before the replace), then SIGKILL it."""
    writer = subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE, text=True)
    try:
        assert writer.stdout.readline() == "written\n"
    finally:
        writer.kill()
        writer.wait(timeout=60)
        writer.stdout.close()
