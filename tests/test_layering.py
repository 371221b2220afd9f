"""The layering rules on the real package, the pure layer imported for real, and the checker's
self-test on a synthetic package. The rules and the checker are in tests/layering_rules.py:
the pure layer (tiles, games but each game's table, storage and analysis, puzzles) imports only
the standard library and itself and does no I/O; a game's storage and analysis run headless; a
game is its folder and never imports another; nothing net/ reaches needs a display."""

import subprocess
import sys
from pathlib import Path

import pytest

from layering_rules import EXPECTED_PLACES, GAME_IO_PARTS, PURE, TABLE_PART, Package, find_offences, game_keys, module_paths, place_of

PACKAGE = Path(__file__).resolve().parents[1] / "rummi_desktop"


def test_the_package_keeps_the_layering_rules():
    offences = find_offences(PACKAGE)
    assert offences == [], "\n".join(map(str, offences))


# The pure layer's packages walked and imported, never importing the parts outside it (a
# game's table/, storage/, analysis/): pkgutil.walk_packages would import those to walk them.
PURE_IMPORTS = f"""
import importlib, pkgutil, sys
OUTSIDE = {sorted(GAME_IO_PARTS | {TABLE_PART})!r}
def walk(package):
    for info in pkgutil.iter_modules(package.__path__, package.__name__ + '.'):
        parts = info.name.split('.')
        if parts[1] == 'games' and len(parts) > 3 and parts[3] in OUTSIDE:
            continue
        module = importlib.import_module(info.name)
        if info.ispkg:
            walk(module)
before = set(sys.modules)
import rummi_desktop.tiles, rummi_desktop.games, rummi_desktop.puzzles
walk(rummi_desktop.games)
walk(rummi_desktop.puzzles)
print('\\n'.join(sorted(set(sys.modules) - before)))
"""


def test_importing_the_pure_layer_loads_no_third_party_or_outer_module():
    result = subprocess.run([sys.executable, "-c", PURE_IMPORTS], capture_output=True, text=True, check=True)
    loaded = result.stdout.split()
    for sample in ("games.rummi.rules.state", "games.rummi.ai.tiers", "games.rummble.ai", "games.tumblewords.ai",
                   "games.rummi.puzzles", "games.positions", "puzzles.record"):
        assert f"rummi_desktop.{sample}" in loaded
    package = Package("rummi_desktop", frozenset(module_paths(PACKAGE)), frozenset(game_keys(PACKAGE)))
    outside = [name for name in loaded if not is_stdlib_or_pure(name, package)]
    assert outside == []


def is_stdlib_or_pure(name, package):
    top = name.partition(".")[0]
    if top == package.name:
        return name == package.name or place_of(name, package) == PURE
    return top in sys.stdlib_module_names


# ---- self-test: the checker on a small package shaped like the real one ----------------------

# What the rules must allow: pure imports (relative, lazy, under TYPE_CHECKING, by import_module),
# threading.Event, the clock and the digit limit in the pure layer, the registry and shared
# modules using every game, a game's analysis and storage doing I/O, its table using anything of
# its own game and the window, and net/ reaching storage, thinking and the games' rules and AI.
CLEAN_PACKAGE = {
    "__init__.py": '__version__ = "0"\n',
    "tiles.py": "from __future__ import annotations\nimport random\nfrom dataclasses import dataclass\n",
    "games/__init__.py": (  # the registry uses every game
        "from rummi_desktop.games.rummi.spec import RUMMI\n"
        "from rummi_desktop.games.rummble.spec import RUMMBLE\n"
        "from rummi_desktop.games.tumblewords.spec import TUMBLEWORDS\n"
    ),
    "games/base.py": "from dataclasses import dataclass\n",
    "games/positions.py": "import json\nimport sys\n\ndef limit():\n    return sys.get_int_max_str_digits()\n",
    "games/rummi/__init__.py": "",
    "games/rummi/spec.py": "from .rules import state\n\nRUMMI = 'rummi_desktop.games.rummi.table.table:Table'\n",
    "games/rummi/rules/__init__.py": "",
    "games/rummi/rules/melds.py": "import itertools\nfrom rummi_desktop.tiles import dataclass\n",
    "games/rummi/rules/state.py": "from ....tiles import random\nfrom . import melds\nfrom .melds import itertools\n",
    "games/rummi/ai/__init__.py": "",
    "games/rummi/ai/dp.py": (
        "import threading\n"
        "import time\n"
        "from typing import TYPE_CHECKING\n"
        "from ..rules import melds\n"
        "if TYPE_CHECKING:\n"
        "    from rummi_desktop.games.rummi.rules.state import State\n"
        "\n"
        "def search(cancel: threading.Event, deadline: float, words: list[str]) -> str:\n"
        "    words.remove('x')\n"  # pure methods that share a name with os functions
        "    return ' '.join(words).replace('a', 'b') if time.perf_counter() < deadline else ''\n"
    ),
    "games/rummi/ai/tiers.py": (
        "import importlib\n"
        "from threading import Event\n"
        "from rummi_desktop.games.rummi.ai import dp\n"
        "\n"
        "def search():\n"
        "    return importlib.import_module('rummi_desktop.games.rummi.ai.dp').search\n"
    ),
    "games/rummi/ai/seat_view.py": "from rummi_desktop.games.rummi.rules import state\nfrom ... import positions\n",
    "games/rummi/puzzles/__init__.py": "",
    "games/rummi/puzzles/mined.py": "from rummi_desktop.puzzles import record\nfrom ..ai import dp\n",
    "games/rummi/analysis/__init__.py": "",
    "games/rummi/analysis/check.py": (
        "import importlib\n"
        "from pathlib import Path\n"
        "from rummi_desktop.storage import saves\n"
        "from ..ai import tiers\n"
        "SOLVER = 'rummi_desktop.games.rummi.ai.dp'\n"
        "importlib.import_module(SOLVER)\n"
        "print(Path('a').read_text())\n"
    ),
    "games/rummi/table/__init__.py": "",
    "games/rummi/table/table.py": (
        "import pygame\n"
        "from rummi_desktop.games.rummi.ai import dp, tiers\n"
        "from rummi_desktop.games.rummi import analysis\n"
        "from rummi_desktop.storage.saves import save\n"
        "from rummi_desktop.shell.boot import import_pygame\n"
        "from rummi_desktop.scenes import registry\n"
        "from ....ui import felt\n"
        "print(open('log.txt').read())\n"
    ),
    "games/rummi/table/sandbox.py": "from rummi_desktop.scenes.sandbox import palette\nfrom . import table\n",
    "games/rummi/table/bench.py": "import time\nfrom .table import pygame\n\ntime.sleep(0.1)\n",
    "games/rummble/__init__.py": "from rummi_desktop.tiles import random\n",
    "games/rummble/spec.py": "RUMMBLE = 'rummble'\n",
    "games/rummble/rules/__init__.py": "",
    "games/rummble/rules/board.py": "from rummi_desktop.games.base import dataclass\n",
    "games/rummble/table/__init__.py": "",
    "games/rummble/table/table.py": "import pygame\nfrom ..rules import board\n",
    "games/tumblewords/__init__.py": "",
    "games/tumblewords/spec.py": "TUMBLEWORDS = 'tumblewords'\n",
    "games/tumblewords/ai/__init__.py": "",
    "games/tumblewords/ai/drops.py": "from rummi_desktop.games.tumblewords import spec\n",
    "games/tumblewords/storage/__init__.py": "",
    "games/tumblewords/storage/word_lists.py": (
        "from pathlib import Path\n"
        "from rummi_desktop.storage import paths\n"
        "WORDS = Path('words.txt').read_text()\n"
    ),
    "puzzles/__init__.py": "",
    "puzzles/record.py": (  # a shared module may use every game
        "import json\n"
        "import zlib\n"
        "from rummi_desktop.games.rummi.rules import melds\n"
        "from rummi_desktop.games.rummble.rules import board\n"
    ),
    "puzzles/share_code.py": "from . import record\n",
    "storage/__init__.py": "",
    "storage/paths.py": "import os\n",
    "storage/saves.py": "from pathlib import Path\n\nPath('a').write_text('x')\n",
    "thinking/__init__.py": "",
    "thinking/worker.py": (
        "import multiprocessing\n"
        "from rummi_desktop.games import GAMES\n"
        "from rummi_desktop.games.rummi.ai import tiers\n"
    ),
    "records/__init__.py": "",
    "shell/__init__.py": "",
    "shell/boot.py": "def import_pygame():\n    import pygame\n    return pygame\n",
    "ui/__init__.py": "",
    "ui/felt.py": "import pygame\n",
    "scenes/__init__.py": "",
    "scenes/registry.py": "import importlib\n\nimportlib.import_module(input())\n",
    "scenes/menu.py": (  # a shared window module may use every game's table
        "from rummi_desktop.games.rummi.table import table\n"
        "from rummi_desktop.games.rummble.table import table as other\n"
    ),
    "scenes/sandbox/__init__.py": "",
    "scenes/sandbox/palette.py": "from rummi_desktop.tiles import dataclass\n",
    # net/ does I/O and uses third-party packages, storage, thinking and the games' rules and
    # AI; nothing it reaches needs a display
    "net/__init__.py": "",
    "net/server.py": (
        "import sqlite3\n"
        "import websockets\n"
        "from rummi_desktop.storage import paths\n"
        "from rummi_desktop.thinking import worker\n"
        "from rummi_desktop.games.rummi.ai import tiers\n"
    ),
    "net/client.py": "import asyncio\nfrom rummi_desktop import net\nfrom rummi_desktop.games import rummble\n",
}

IN_GAMES = "games/rummi/rules/planted.py"
IN_AI = "games/rummi/ai/planted.py"
IN_OTHER_GAME = "games/rummble/rules/planted.py"
IN_PUZZLES = "puzzles/share_code.py"
IN_ANALYSIS = "games/rummi/analysis/planted.py"
IN_STORAGE = "games/tumblewords/storage/planted.py"
NO_DISPLAY = "a game's storage and analysis never import"


def planted(path, source, *expected, also=None):
    """One offender: the file planted (with any files it needs) and the offences it must raise,
    as (line, words in the message), or (path, line, words) for one in another file, in the
    checker's order (by path, then line). Paths are from the package folder."""
    return {**(also or {}), path: source}, [item if len(item) == 3 else (path, *item) for item in expected]


OFFENDERS = {
    # rule 1: the pure layer imports the standard library and itself
    "pygame in games": planted(IN_GAMES, "import pygame\n", (1, "pygame: third-party")),
    "any third-party package": planted(IN_AI, "import numpy as np\n", (1, "numpy: third-party")),
    "pygame in tiles": planted(  # and net/ reaches the tiles through the games
        "tiles.py", "import pygame.font\n",
        ("net/client.py", 3, "net/client.py -> games/rummble/__init__.py -> tiles.py -> pygame"),
        ("net/server.py", 5, "net/server.py -> games/__init__.py -> games/rummble/__init__.py -> tiles.py -> pygame"),
        (1, "pygame.font: third-party")),
    "storage from ai": planted(IN_AI, "from rummi_desktop.storage import saves\n",
                               (1, "rummi_desktop.storage.saves: outside the pure layer")),
    "its own game's analysis from ai": planted(IN_AI, "from ..analysis import check\n",
                                               (1, "rummi_desktop.games.rummi.analysis.check: outside")),
    "its own game's storage from ai": planted(
        "games/tumblewords/ai/planted.py", "from ..storage import word_lists\n",
        (1, "rummi_desktop.games.tumblewords.storage.word_lists: outside")),
    "its own game's table from the rules": planted(
        IN_GAMES, "from rummi_desktop.games.rummi.table import table\n",
        (1, "rummi_desktop.games.rummi.table.table: outside")),
    "a table from the registry": planted(
        "games/__init__.py", "def table():\n    from .rummble.table import table\n",
        (2, "rummi_desktop.games.rummble.table.table: outside"),
        ("net/client.py", 3, "net/client.py -> games/__init__.py -> games/rummble/table/table.py -> pygame"),
        ("net/server.py", 5, "net/server.py -> games/__init__.py -> games/rummble/table/table.py -> pygame")),
    "thinking from a shared pure module": planted("games/base.py", "from ..thinking import worker\n",
                                                  (1, "rummi_desktop.thinking.worker: outside")),
    "an outer module through the package": planted(IN_GAMES, "from rummi_desktop import scenes\n",
                                                   (1, "rummi_desktop.scenes: outside")),
    "relative import of scenes": planted(IN_AI, "from ....scenes import registry\n",
                                         (1, "rummi_desktop.scenes.registry: outside")),
    "relative import of ui": planted(IN_GAMES, "from ....ui.felt import pygame\n",
                                     (1, "rummi_desktop.ui.felt: outside")),
    "relative import beyond the package": planted(IN_GAMES, "from ..... import x\n",
                                                  (1, "beyond the package")),
    "import inside a function": planted(IN_GAMES, "def fall():\n    import pymunk\n",
                                        (2, "pymunk: third-party")),
    "import under TYPE_CHECKING": planted(
        "games/rummi/ai/shared.py",
        "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from ....ui import felt\n",
        (4, "rummi_desktop.ui.felt: outside")),
    # rule 2: the pure layer does no I/O and never waits
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
    "sys.stdout": planted("games/positions.py", "import sys\n\nsys.stdout.write('x')\n",
                          (3, "sys.stdout.write: from sys the pure layer uses only get_int_max_str_digits")),
    "sys.argv imported": planted(IN_GAMES, "from sys import argv\n", (1, "sys.argv: from sys")),
    "eval()": planted(IN_GAMES, "eval('1 + 1')\n", (1, "eval(): runs code")),
    "time.sleep": planted(IN_AI, "import time\n\ndef wait():\n    time.sleep(0.5)\n",
                          (4, "time.sleep: waits")),
    "sleep imported from time": planted("puzzles/record.py", "from time import sleep as pause\n",
                                        (1, "time.sleep: waits")),
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
    "analysis from puzzles": planted("puzzles/record.py", "from ..games.rummi.analysis import check\n",
                                     (1, "rummi_desktop.games.rummi.analysis.check: outside")),
    "a file read in puzzles": planted(IN_PUZZLES, "def load(path):\n    return open(path).read()\n",
                                      (2, ".read(): file"), (2, "open(): opens a file")),
    "pygame in a game's puzzles": planted("games/rummi/puzzles/mined.py", "import pygame\n",
                                          (1, "pygame: third-party")),
    # rule 3: a game's storage and analysis run headless
    "pygame in analysis": planted(IN_ANALYSIS, "import pygame\n", (1, NO_DISPLAY)),
    "pymunk in storage, inside a function": planted(IN_STORAGE, "def load():\n    import pymunk\n",
                                                    (2, NO_DISPLAY)),
    "ui from storage": planted(IN_STORAGE, "from rummi_desktop.ui import felt\n", (1, NO_DISPLAY)),
    "scenes from analysis under TYPE_CHECKING": planted(
        IN_ANALYSIS, "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ....scenes import menu\n",
        (3, NO_DISPLAY)),
    "shell from analysis, relatively": planted(IN_ANALYSIS, "from ....shell import boot\n",
                                               (1, "import rummi_desktop.shell.boot: a game's storage")),
    "its own table from analysis": planted(IN_ANALYSIS, "from ..table import table\n",
                                           (1, "import rummi_desktop.games.rummi.table.table: a game's")),
    "analysis computes what it imports": planted(
        IN_ANALYSIS, "import importlib\n\nimportlib.import_module(input())\n", (3, "computed name")),
    # rule 5: a game is its folder, and never imports another
    "a game's AI imports another game (tiers)": planted(
        "games/rummi/ai/tiers.py", "from rummi_desktop.games.rummble.rules import board\n",
        (1, "games.rummble.rules.board: game rummi imports game rummble")),
    "a game's AI imports another game's package": planted(
        "games/rummi/ai/tiers.py", "from rummi_desktop.games import rummble\n",
        (1, "games.rummble: game rummi imports game rummble")),
    "a game's seat view imports another game's AI": planted(
        "games/rummi/ai/seat_view.py", "from rummi_desktop.games.tumblewords.ai.drops import spec\n",
        (1, "games.tumblewords.ai.drops: game rummi imports game tumblewords")),
    "a table imports another game's table": planted(
        "games/rummi/table/sandbox.py", "from rummi_desktop.games.rummble.table.table import board\n",
        (1, "games.rummble.table.table: game rummi imports game rummble")),
    "a table imports another game": planted(
        "games/rummi/table/bench.py", "import rummi_desktop.games.rummble\n",
        (1, "games.rummble: game rummi imports game rummble")),
    "a table imports another game's AI, relatively": planted(
        "games/rummble/table/table.py", "from ...rummi.ai.dp import search\n",
        (1, "games.rummi.ai.dp: game rummble imports game rummi")),
    "game imports game": planted(IN_OTHER_GAME, "from rummi_desktop.games.rummi.rules import state\n",
                                 (1, "rummi.rules.state: game rummble imports game rummi")),
    "game imports game, relatively": planted(
        IN_OTHER_GAME, "from ...rummi.rules.melds import itertools\n",
        (1, "rummi.rules.melds: game rummble imports game rummi")),
    "game imports game by import_module": planted(
        IN_OTHER_GAME, "import importlib\n\nimportlib.import_module('rummi_desktop.games.rummi')\n",
        (3, "games.rummi: game rummble imports game rummi")),
    "one game's puzzles use another game": planted(
        "games/rummi/puzzles/mined.py", "from rummi_desktop.games.rummble import spec\n",
        (1, "games.rummble.spec: game rummi imports game rummble")),
    "a game's spec names another game's module": planted(
        "games/tumblewords/spec.py", "import importlib\n\nimportlib.import_module('rummi_desktop.games.rummi.spec')\n",
        (3, "games.rummi.spec: game tumblewords imports game rummi")),
    "analysis of one game uses another's rules": planted(
        "games/rummble/analysis/check.py", "from rummi_desktop.games.rummi.rules import melds\n",
        (1, "rummi.rules.melds: game rummble imports game rummi")),
    "storage of one game reads another's analysis": planted(
        IN_STORAGE, "from rummi_desktop.games.rummi.analysis import check\n",
        (1, "rummi.analysis.check: game tumblewords imports game rummi")),
    # rule 6: nothing net/ reaches needs a display
    "pygame in net": planted("net/server.py", "import pygame\n",
                             (1, "net/ reaches what needs a display: net/server.py -> pygame")),
    "pygame in net, inside a function": planted(
        "net/client.py", "def show():\n    import pygame\n", (2, "net/client.py -> pygame")),
    "scenes from net": planted("net/client.py", "from rummi_desktop.scenes import menu\n",
                               (1, "net/client.py -> scenes/menu.py")),
    "a game's table from net": planted("net/client.py", "from ..games.rummi.table import sandbox\n",
                                       (1, "net/client.py -> games/rummi/table/sandbox.py")),
    "shell from net under TYPE_CHECKING": planted(
        "net/client.py", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..shell import boot\n",
        (3, "net/client.py -> shell/boot.py -> pygame")),
    "net reaches pygame through the thinking worker and import_pygame": planted(
        "thinking/worker.py", CLEAN_PACKAGE["thinking/worker.py"] + "from rummi_desktop.shell.boot import import_pygame\n",
        ("net/server.py", 4, "net/server.py -> thinking/worker.py -> shell/boot.py -> pygame")),
    "net reaches ui through two shared modules": planted(
        "records/rows.py", "from ..ui import felt\n",
        ("net/client.py", 4, "net/client.py -> records/index.py -> records/rows.py -> ui/felt.py -> pygame"),
        also={"records/index.py": "from . import rows\n",
              "net/client.py": CLEAN_PACKAGE["net/client.py"] + "from rummi_desktop.records import index\n"}),
    "net reaches a table through a game's package": planted(
        "games/rummble/__init__.py", "from .table import table\n",
        (1, "rummi_desktop.games.rummble.table.table: outside the pure layer"),
        ("net/client.py", 3, "net/client.py -> games/rummble/__init__.py -> games/rummble/table/table.py -> pygame"),
        ("net/server.py", 5, "net/server.py -> games/__init__.py -> games/rummble/__init__.py -> games/rummble/table/table.py")),
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


def test_the_checker_finds_nothing_in_a_clean_package(clean_package):
    assert offences_with(clean_package, {}) == []


@pytest.mark.parametrize("kind", OFFENDERS)
def test_the_checker_reports_each_kind_of_offender(clean_package, kind):
    files, expected = OFFENDERS[kind]
    offences = offences_with(clean_package, files)
    found = [(o.path, o.line) for o in offences]
    assert found == [(f"rummi_desktop/{path}", line) for path, line, _ in expected], offences
    for offence, (_, _, words) in zip(offences, expected):
        assert words in offence.what, str(offence)


@pytest.mark.parametrize("place", EXPECTED_PLACES)
def test_the_checker_reports_a_missing_place(tmp_path, place):
    package = tmp_path / "rummi_desktop"
    write_files(package, {path: text for path, text in CLEAN_PACKAGE.items() if not path.startswith(place)})
    assert f"rummi_desktop/{place}:0: missing: the layering rules expect it" in map(str, find_offences(package))
