"""Layering rule 1: tiles, rules, AI and puzzles import only the standard library and each other, do no
I/O, and no game imports another (the rules and the checker are in tests/layering_rules.py)."""

import subprocess
import sys
from pathlib import Path

import pytest

from layering_rules import PURE_LAYERS, find_offences

PACKAGE = Path(__file__).resolve().parents[1] / "rummi_desktop"


def test_the_package_keeps_the_layering_rules():
    offences = find_offences(PACKAGE)
    assert offences == [], "\n".join(map(str, offences))


def test_importing_the_pure_layer_loads_no_third_party_or_outer_module():
    code = (
        "import importlib, pkgutil, sys\n"
        "before = set(sys.modules)\n"
        "import rummi_desktop.tiles, rummi_desktop.games, rummi_desktop.ai, rummi_desktop.puzzles\n"
        "for package in (rummi_desktop.games, rummi_desktop.ai, rummi_desktop.puzzles):\n"
        "    for info in pkgutil.walk_packages(package.__path__, package.__name__ + '.'):\n"
        "        importlib.import_module(info.name)\n"
        "print('\\n'.join(sorted(set(sys.modules) - before)))\n"
    )
    command = [sys.executable, "-c", code]
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    loaded = result.stdout.split()
    assert "rummi_desktop.games.rummi.rules.state" in loaded and "rummi_desktop.games.rummi.ai.tiers" in loaded
    assert "rummi_desktop.puzzles.record" in loaded
    outside = [name for name in loaded if not is_stdlib_or_pure(name)]
    assert outside == []


def is_stdlib_or_pure(name):
    top, _, rest = name.partition(".")
    if top == "rummi_desktop":
        return not rest or rest.partition(".")[0] in PURE_LAYERS
    return top in sys.stdlib_module_names


# ---- self-test: the checker on a small package shaped like the real one ----------------------

# What the rules must allow: pure imports (relative, lazy, under TYPE_CHECKING, by import_module),
# threading.Event and the clock in the AI, the registry and shared modules using a game, and the
# outer layers importing pygame and doing I/O.
CLEAN_PACKAGE = {
    "__init__.py": '__version__ = "0"\n',
    # net/ does I/O and uses third-party packages and storage, just never the window's modules
    "net/__init__.py": "",
    "net/server.py": "import sqlite3\nimport websockets\nfrom rummi_desktop.storage import paths\n",
    "tiles.py": (
        "from __future__ import annotations\n"
        "import random\n"
        "from dataclasses import dataclass\n"
    ),
    "games/__init__.py": (
        "def new_rummi_state():\n"
        "    from rummi_desktop.games.rummi.rules.state import State\n"  # the registry uses every game
        "    return State()\n"
    ),
    "games/rummi/__init__.py": "",
    "games/rummi/melds.py": "import itertools\nfrom rummi_desktop.tiles import dataclass\n",
    "games/rummi/state.py": (
        "from ...tiles import random\n"
        "from . import melds\n"
        "from .melds import itertools\n"
    ),
    "ai/__init__.py": "",
    "ai/rummi_dp.py": (
        "import threading\n"
        "import time\n"
        "from typing import TYPE_CHECKING\n"
        "from ..games.rummi import melds\n"
        "if TYPE_CHECKING:\n"
        "    from rummi_desktop.games.rummi.rules.state import State\n"
        "\n"
        "def search(cancel: threading.Event, deadline: float, words: list[str]) -> str:\n"
        "    words.remove('x')\n"  # pure methods that share a name with os functions
        "    return ' '.join(words).replace('a', 'b') if time.perf_counter() < deadline else ''\n"
    ),
    "ai/tiers.py": (
        "import importlib\n"
        "from threading import Event\n"
        "from rummi_desktop.ai import rummi_dp\n"
        "\n"
        "def rummi_search():\n"
        "    return importlib.import_module('rummi_desktop.games.rummi.ai.dp').search\n"
    ),
    "puzzles/__init__.py": "",
    "puzzles/record.py": (
        "import json\n"
        "import zlib\n"
        "from rummi_desktop.games.rummi import melds\n"  # a shared module may use every game
        "from rummi_desktop.games.othergame import rules\n"
    ),
    "puzzles/rummi_puzzles.py": "from rummi_desktop.ai import rummi_dp\nfrom . import record\n",
    "storage/__init__.py": "",
    "storage/saves.py": "from pathlib import Path\n\nPath('a').write_text('x')\n",
    "analysis/__init__.py": "",
    "analysis/rummi_check.py": (
        "import importlib\n"
        "SOLVER = 'rummi_desktop.games.rummi.analysis.solve'\n"
        "importlib.import_module(SOLVER)\n"
    ),
    "storage/rummi_saves.py": "from ..games.rummi import state\nfrom . import saves\n",
    "ui/__init__.py": "",
    "ui/felt.py": "import pygame\n",
    "scenes/__init__.py": "",
    "scenes/registry.py": "import importlib\n\nimportlib.import_module(input())\n",
    "scenes/rummi/__init__.py": "",
    "scenes/rummi/table.py": (
        "import pygame\n"
        "from rummi_desktop.ai import rummi_dp, tiers\n"
        "from rummi_desktop.games.rummi import state\n"
        "from rummi_desktop.storage.saves import save\n"
        "from .. import registry\n"
        "print(open('log.txt').read())\n"
    ),
}

SECOND_GAME = {
    "games/othergame/__init__.py": "from rummi_desktop.tiles import random\n",
    "ai/othergame_bot.py": "from rummi_desktop.ai import tiers\nfrom ..games import othergame\n",
    "scenes/othergame/__init__.py": "from .. import registry\nfrom ...ai import othergame_bot\n",
}

IN_GAMES = "games/rummi/planted.py"
IN_AI = "ai/rummi_planted.py"
IN_OTHER_GAME = "games/othergame/rules.py"
IN_PUZZLES = "puzzles/rummi_puzzles.py"


def planted(path, source, *expected, also=None):
    """One offender: the file planted (with any files it needs) and the offences it must raise,
    as (line, words in the message). Paths are from the package folder."""
    return {**(also or {}), path: source}, [(path, line, words) for line, words in expected]


def crossing(path, source, *expected):
    return planted(path, source, *expected, also=SECOND_GAME)


OFFENDERS = {
    "pygame in net": planted("net/server.py", "import pygame\n", (1, "net/ never imports pygame")),
    "scenes from net": planted("net/client.py", "from rummi_desktop.scenes import menu\n",
                               (1, "net/ never imports the window")),
    "pygame in games": planted(IN_GAMES, "import pygame\n", (1, "pygame: third-party")),
    "any third-party package": planted(IN_AI, "import numpy as np\n", (1, "numpy: third-party")),
    "pygame in tiles": planted("tiles.py", "import pygame.font\n", (1, "pygame.font")),
    "storage from ai": planted(IN_AI, "from rummi_desktop.storage import saves\n",
                               (1, "rummi_desktop.storage.saves: outside the pure layer")),
    "an outer module through the package": planted(IN_GAMES, "from rummi_desktop import scenes\n",
                                                   (1, "rummi_desktop.scenes: outside")),
    "relative import of scenes": planted(IN_AI, "from ..scenes import registry\n",
                                         (1, "rummi_desktop.scenes.registry: outside")),
    "relative import of ui": planted(IN_GAMES, "from ...ui.felt import pygame\n",
                                     (1, "rummi_desktop.ui.felt: outside")),
    "relative import beyond the package": planted(IN_GAMES, "from .... import x\n",
                                                  (1, "beyond the package")),
    "import inside a function": planted(IN_GAMES, "def fall():\n    import pymunk\n",
                                        (2, "pymunk: third-party")),
    "import under TYPE_CHECKING": planted(
        "ai/shared.py",
        "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from ..ui import felt\n",
        (4, "rummi_desktop.ui.felt: outside")),
    "open()": planted(IN_GAMES, "def save(text):\n    with open('a', 'w') as file:\n"
                                "        file.write(text)\n",
                      (2, "open(): opens a file"), (3, ".write(): file or stream")),
    "Path.write_text": planted(IN_GAMES, "from pathlib import Path\n\nPath('a').write_text('x')\n",
                               (1, "pathlib.Path: pathlib is file"), (3, ".write_text(): file")),
    "a path handed in": planted(IN_AI, "def load(path):\n    return path.read_text()\n",
                                (2, ".read_text(): file")),
    "os.replace": planted(IN_GAMES, "import os\n\nos.replace('a', 'b')\n",
                          (1, "import os: os is file"), (3, "os.replace: os is file")),
    "io.open": planted(IN_GAMES, "import io\n\nio.open('a')\n",
                       (1, "import io: io is file"), (3, "io.open: io is file")),
    "subprocess.run": planted(IN_AI, "import subprocess\n\nsubprocess.run(['ls'])\n",
                              (1, "subprocess is processes"), (3, "subprocess.run: subprocess")),
    "socket": planted(IN_GAMES, "from socket import create_connection\n",
                      (1, "socket.create_connection: socket is network")),
    "print()": planted(IN_AI, "def explain(move):\n    print(move)\n", (2, "print(): writes")),
    "sys": planted(IN_GAMES, "import sys\n", (1, "sys is the console")),
    "eval()": planted(IN_GAMES, "eval('1 + 1')\n", (1, "eval(): runs code")),
    "a thread started": planted(IN_AI, "import threading\n\nthreading.Thread(target=sorted)\n",
                                (3, "threading.Thread: from threading the pure layer uses only")),
    "Thread imported": planted(IN_AI, "from threading import Thread\n", (1, "threading.Thread")),
    "unseeded random": planted(IN_AI, "import random\n\nrandom.shuffle([1, 2])\n",
                               (3, "random.shuffle: from random the pure layer uses only")),
    "uuid": planted(IN_GAMES, "import uuid\n", (1, "uuid is the operating system's randomness")),
    "star import from threading": planted(IN_AI, "from threading import *\n", (1, "threading.*")),
    "import_module('pygame')": planted(
        IN_GAMES, "import importlib\n\nimportlib.import_module('pygame')\n",
        (3, "import pygame: third-party")),
    "import_module imported by name": planted(
        IN_GAMES, "from importlib import import_module\n\nimport_module('rummi_desktop.storage')\n",
        (3, "import rummi_desktop.storage: outside")),
    "__import__('pymunk')": planted(IN_GAMES, "__import__('pymunk')\n", (1, "import pymunk")),
    "import_module of a module constant": planted(
        IN_GAMES, "import importlib\n\nUI = 'rummi_desktop.ui'\nimportlib.import_module(UI)\n",
        (4, "import rummi_desktop.ui: outside")),
    "import_module of a constant changed later": planted(
        IN_GAMES, "import importlib\n\nNAME = 'math'\nNAME += 'x'\nimportlib.import_module(NAME)\n",
        (5, "computed name")),
    "import of a computed name": planted(
        IN_AI, "import importlib\n\ndef load(name):\n    return importlib.import_module(name)\n",
        (4, "computed name")),
    "importlib.resources": planted(IN_GAMES, "import importlib.resources\n",
                                   (1, "from importlib the pure layer uses only import_module")),
    "storage from puzzles": planted(IN_PUZZLES, "from rummi_desktop.storage import saves\n",
                                    (1, "rummi_desktop.storage.saves: outside the pure layer")),
    "analysis from puzzles": planted("puzzles/record.py", "from ..analysis import rummi_check\n",
                                     (1, "rummi_desktop.games.rummi.analysis.check: outside")),
    "a file read in puzzles": planted(IN_PUZZLES, "def load(path):\n    return open(path).read()\n",
                                      (2, ".read(): file"), (2, "open(): opens a file")),
    "pygame in puzzles": planted("puzzles/share_code.py", "import pygame\n", (1, "pygame: third-party")),
    "one game's puzzles use another game": crossing(
        IN_PUZZLES, "from rummi_desktop.games.othergame import rules\n",
        (1, "games.othergame: game rummi imports game othergame")),
    "game imports game": crossing(IN_OTHER_GAME, "from rummi_desktop.games.rummi import state\n",
                                  (1, "rummi.state: game othergame imports game rummi")),
    "game imports game, relatively": crossing(
        IN_OTHER_GAME, "from ..rummi.melds import itertools\n",
        (1, "rummi.melds: game othergame imports game rummi")),
    "game imports game by import_module": crossing(
        IN_OTHER_GAME, "import importlib\n\nimportlib.import_module('rummi_desktop.games.rummi')\n",
        (3, "games.rummi: game othergame imports game rummi")),
    "flat AI module imports another game's AI": crossing(
        "ai/othergame_search.py", "from rummi_desktop.ai import rummi_dp\n",
        (1, "ai.rummi_dp: game othergame imports game rummi")),
    "AI package imports another game's rules": crossing(
        "ai/othergame/search.py", "from rummi_desktop.games.rummi.rules.state import State\n",
        (1, "rummi.state: game othergame imports game rummi")),
    "scenes import another game's scenes": crossing(
        "scenes/othergame/table.py", "from rummi_desktop.games.rummi.table import table\n",
        (1, "scenes.rummi.table: game othergame imports game rummi")),
    "analysis of one game uses another's rules": crossing(
        "analysis/othergame_check.py", "from rummi_desktop.games.rummi import melds\n",
        (1, "rummi.melds: game othergame imports game rummi")),
    "storage of one game reads another's saves": crossing(
        "storage/othergame_saves.py", "from .rummi_saves import load\n",
        (1, "storage.rummi_saves: game othergame imports game rummi")),
    "scenes import another game's AI": crossing(
        "scenes/othergame/table.py", "from ...ai.rummi_dp import search\n",
        (1, "ai.rummi_dp: game othergame imports game rummi")),
}


def write_files(package, files):
    for path, text in files.items():
        (package / path).parent.mkdir(parents=True, exist_ok=True)
        (package / path).write_text(text, encoding="utf-8")


@pytest.fixture(scope="module")
def clean_package(tmp_path_factory):
    # Written once: building a package per case cost more than checking it.
    package = tmp_path_factory.mktemp("layering") / "rummi_desktop"
    write_files(package, CLEAN_PACKAGE)
    return package


def offences_with(package, files):
    """The checker's offences with files planted in the clean package, taken away again after."""
    new_folders = {folder for path in files for folder in (package / path).parents
                   if not folder.exists()}
    write_files(package, files)
    try:
        return find_offences(package)
    finally:
        for path in files:
            if path in CLEAN_PACKAGE:
                (package / path).write_text(CLEAN_PACKAGE[path], encoding="utf-8")
            else:
                (package / path).unlink()
        for folder in sorted(new_folders, key=lambda folder: len(folder.parts), reverse=True):
            folder.rmdir()


@pytest.mark.parametrize("files", [{}, SECOND_GAME], ids=["one game", "two games"])
def test_the_checker_finds_nothing_in_a_clean_package(clean_package, files):
    assert offences_with(clean_package, files) == []


@pytest.mark.parametrize("kind", OFFENDERS)
def test_the_checker_reports_each_kind_of_offender(clean_package, kind):
    files, expected = OFFENDERS[kind]
    offences = offences_with(clean_package, files)
    found = [(o.path, o.line) for o in offences]
    assert found == [(f"rummi_desktop/{path}", line) for path, line, _ in expected], offences
    for offence, (_, _, words) in zip(offences, expected):
        assert words in offence.what, str(offence)


def test_the_checker_reports_a_missing_pure_place(tmp_path):
    package = tmp_path / "rummi_desktop"
    write_files(package, {path: text for path, text in CLEAN_PACKAGE.items() if path != "tiles.py"})
    assert [str(offence) for offence in find_offences(package)] == [
        "rummi_desktop/tiles.py:0: missing: the layering rules expect it"
    ]
