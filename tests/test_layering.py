"""Layering rule 1: rules, AI and the tile model never import pygame or pymunk, nor do I/O."""

import ast
import pathlib
import subprocess
import sys

PACKAGE = pathlib.Path(__file__).resolve().parents[1] / "rummi_desktop"
PURE_PLACES = [PACKAGE / "tiles.py", PACKAGE / "games", PACKAGE / "ai"]
FORBIDDEN_MODULES = {"pygame", "pymunk", "socket", "urllib", "http", "shutil", "tempfile"}
FORBIDDEN_CALLS = {"open"}


def pure_files():
    for place in PURE_PLACES:
        yield from ([place] if place.is_file() else sorted(place.rglob("*.py")))


def test_pure_modules_import_neither_pygame_nor_pymunk_at_runtime():
    code = (
        "import sys, rummi_desktop.tiles, rummi_desktop.games, rummi_desktop.ai, pkgutil, importlib\n"
        "for pkg in (rummi_desktop.games, rummi_desktop.ai):\n"
        "    for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        importlib.import_module(info.name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pymunk'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""


def test_pure_modules_have_no_io_or_ui_imports_in_source():
    offenders = []
    for path in pure_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                if name.split(".")[0] in FORBIDDEN_MODULES:
                    offenders.append(f"{path.name}: import {name}")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                if node.func.id in FORBIDDEN_CALLS:
                    offenders.append(f"{path.name}:{node.lineno}: {node.func.id}()")
    assert offenders == []


def test_the_checker_would_catch_an_offender(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import pygame\nopen('x')\n")
    tree = ast.parse(bad.read_text())
    kinds = {type(node).__name__ for node in ast.walk(tree)}
    assert {"Import", "Call"} <= kinds
