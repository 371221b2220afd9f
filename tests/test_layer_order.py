"""No import runs back up the package's layers (docs/architecture.md, "Layering").

Bottom first: ``storage`` (files); the pure layer (``tiles``, ``games`` but a game's ``table``,
``storage`` and ``analysis``, the ``puzzles`` kit); features (``records``, ``trainer``,
``entry_points``, a game's ``storage`` and ``analysis``); ``thinking`` and ``net``; ``ui`` and
``shell``; the screens (``scenes``, a game's ``table``); ``commands``. A module may import its
own layer and those below. Every import statement counts, inside functions too.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "rummi_desktop"
LAYERS = {"storage": 0, "tiles": 1, "games": 1, "puzzles": 1, "records": 2, "trainer": 2, "entry_points": 2,
          "thinking": 3, "net": 3, "ui": 4, "shell": 4, "scenes": 5, "commands": 6}
GAME_PARTS = {"table": 5, "storage": 2, "analysis": 2}  # a game's folders that are not pure


def layer_of(module: str) -> int | None:
    parts = module.split(".")[1:]
    if not parts or parts[0] not in LAYERS:
        return None  # the package itself, __main__
    if parts[0] == "games" and len(parts) >= 3 and parts[2] in GAME_PARTS:
        return GAME_PARTS[parts[2]]
    return LAYERS[parts[0]]


def modules(package: Path) -> dict[str, Path]:
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imported(tree: ast.AST, known: set[str], package: str) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith(package + "."):
            names |= {f"{node.module}.{alias.name}" if f"{node.module}.{alias.name}" in known else node.module
                      for alias in node.names}
        elif isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names if alias.name.startswith(package + ".")}
    return names


def arrows_up(package: Path) -> list[str]:
    """Every import from a lower layer to a higher one, as "importer -> imported"."""
    found = modules(package)
    arrows = []
    for name, path in found.items():
        own = layer_of(name)
        if own is None:
            continue
        for target in imported(ast.parse(path.read_text(encoding="utf-8")), set(found), package.name):
            other = layer_of(target)
            if other is not None and other > own:
                arrows.append(f"{name} -> {target}")
    return sorted(set(arrows))


def test_no_import_runs_back_up_a_layer():
    assert arrows_up(PACKAGE) == []


def test_the_check_sees_storage_importing_a_feature(tmp_path):
    package = tmp_path / "rummi_desktop"
    for name, text in {"__init__.py": "", "storage/__init__.py": "", "records/__init__.py": "",
                       "records/profiles.py": "", "scenes/__init__.py": "", "scenes/menu.py": "",
                       "shell/__init__.py": "",
                       "storage/saves.py": "def f():\n    from rummi_desktop.records.profiles import x\n",
                       "shell/app.py": "from rummi_desktop.scenes import menu\n",
                       "scenes/stats.py": "from rummi_desktop.records import profiles\n"}.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text)
    assert arrows_up(package) == ["rummi_desktop.shell.app -> rummi_desktop.scenes.menu",
                                  "rummi_desktop.storage.saves -> rummi_desktop.records.profiles"]
