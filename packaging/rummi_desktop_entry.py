"""PyInstaller's entry point for the bundled ``rummi-desktop`` program.

The same as the ``rummi-desktop`` console script (``rummi_desktop.commands.cli:main``), plus a support
check: with ``RUMMI_DESKTOP_BUNDLE_CHECK=1`` in the environment the program prints one JSON line
saying where ``importlib.resources`` finds the package data and which asset and theme files it
can read there, and what the game's theme and font loaders make of them, then exits without
opening a window. The build test uses it to prove the bundle carries its data; a player's bug
report can use it too.
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


def loader_report() -> dict[str, object]:
    """What the game's own loaders make of that data: themes by name, and any theme or font
    that had to fall back (a font that loads from the bundle reports no problem)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep stdout one JSON line
    import pygame

    from rummi_desktop.ui import fonts
    from rummi_desktop.ui.theme import load_themes

    themes, theme_problems = load_themes()
    pygame.font.init()
    for load in (fonts.font, fonts.display_font, fonts.tile_font):
        load(24)
    fonts.font(24, bold=True)
    return {"themes": sorted(themes), "theme_problems": theme_problems,
            "font_problems": fonts.font_problems()}


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
        **loader_report(),
    }


def run() -> int:
    if os.environ.get(CHECK_ENV) == "1":
        print(json.dumps(bundle_report()))
        return 0
    from rummi_desktop.commands.cli import main

    return main()


if __name__ == "__main__":
    # A frozen program that ever starts a worker process must call this first (Windows, macOS).
    multiprocessing.freeze_support()
    sys.exit(run())
