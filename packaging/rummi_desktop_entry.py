"""PyInstaller's entry point for the bundled ``rummi-desktop`` program.

The same as the ``rummi-desktop`` console script (``rummi_desktop.cli:main``), plus a support
check: with ``RUMMI_DESKTOP_BUNDLE_CHECK=1`` in the environment the program prints one JSON line
saying where ``importlib.resources`` finds the package data and which asset and theme files it
can read there, then exits without opening a window. The build test uses it to prove the bundle
carries its data; a player's bug report can use it too.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import sys
from importlib import resources

CHECK_ENV = "RUMMI_DESKTOP_BUNDLE_CHECK"
DATA_FOLDERS = ("assets", "themes")


def _readable_files(node, prefix: str) -> dict[str, int]:
    """Every file under ``node`` with its size in bytes, read through the resource API."""
    found: dict[str, int] = {}
    for child in node.iterdir():
        name = f"{prefix}/{child.name}"
        if child.is_dir():
            found.update(_readable_files(child, name))
        else:
            found[name] = len(child.read_bytes())
    return found


def bundle_report() -> dict[str, object]:
    root = resources.files("rummi_desktop")
    files: dict[str, int] = {}
    for folder in DATA_FOLDERS:
        if root.joinpath(folder).is_dir():
            files.update(_readable_files(root.joinpath(folder), folder))
    return {
        "frozen": bool(getattr(sys, "frozen", False)),
        "bundle_dir": getattr(sys, "_MEIPASS", None),
        "package_root": str(root),
        "files": dict(sorted(files.items())),
    }


def run() -> int:
    if os.environ.get(CHECK_ENV) == "1":
        print(json.dumps(bundle_report()))
        return 0
    from rummi_desktop.cli import main

    return main()


if __name__ == "__main__":
    # A frozen program that ever starts a worker process must call this first (Windows, macOS).
    multiprocessing.freeze_support()
    sys.exit(run())
