"""The parts a table owns see it only through the narrow TableContext: every attribute a
view, controller, painter or turn flow reads or calls on its table is one the protocol names."""

from __future__ import annotations

import ast
from pathlib import Path

from rummi_desktop.scenes.table_context import ModeContext, TableContext

PACKAGE = Path(__file__).resolve().parents[1] / "rummi_desktop"
PART_MODULES = ("view", "controller", "turn_flow", "paint", "board_paint", "marks_paint", "drag", "key_focus",
                "puzzle_view")
MODE_MODULES = ("scenes/table_mode.py", "scenes/puzzle_mode.py", "scenes/online_mode.py", "scenes/bench_mode.py",
                "scenes/sandbox/sandbox_mode.py", "scenes/sandbox/toolbar.py", "scenes/guided/mode.py")


def members(protocol: type) -> set[str]:
    names = set()
    for kind in protocol.__mro__:
        if kind is not object:
            names |= set(getattr(kind, "__annotations__", {})) | {n for n in vars(kind) if not n.startswith("_")}
    return names


ALLOWED = members(TableContext)
MODE_ALLOWED = members(ModeContext)


def part_files() -> list[Path]:
    found = [PACKAGE / "scenes" / "computer_turns.py"]
    for game in sorted((PACKAGE / "games").iterdir()):
        found += [game / "table" / f"{name}.py" for name in PART_MODULES if (game / "table" / f"{name}.py").exists()]
    return found


def is_table(node: ast.AST, aliases: set[str]) -> bool:
    """``self.table``, ``tv.table`` (a painter's view), ``sandbox.table`` (the toolbar's mode),
    or a local bound to one of them."""
    if isinstance(node, ast.Attribute) and node.attr == "table" and isinstance(node.value, ast.Name):
        return node.value.id in ("self", "tv", "sandbox", "mode")
    return isinstance(node, ast.Name) and node.id in aliases


def reached(source: str) -> set[str]:
    """Every attribute the code reaches on its table."""
    tree = ast.parse(source)
    names = set()
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        aliases = {target.id for node in ast.walk(function) if isinstance(node, ast.Assign) and is_table(node.value, set())
                   for target in node.targets if isinstance(target, ast.Name)}
        for node in ast.walk(function):
            if isinstance(node, ast.Attribute) and is_table(node.value, aliases):
                names.add(node.attr)
    return names


def test_the_table_context_names_what_parts_use():
    assert {"say", "play", "my_turn", "turns", "schedule", "viewer", "relayout", "turn_completed"} <= ALLOWED
    assert "stack" not in ALLOWED and "mode" not in ALLOWED and "session" not in ALLOWED


def test_every_part_reaches_its_table_only_through_the_context():
    files = part_files()
    assert len(files) >= 13, [str(f) for f in files]
    outside = {f"{path.relative_to(PACKAGE)}: {name}" for path in files
               for name in reached(path.read_text(encoding="utf-8")) - ALLOWED}
    assert not outside, sorted(outside)


def test_every_mode_steers_its_table_only_through_the_mode_context():
    outside = {f"{name}: {reach}" for name in MODE_MODULES
               for reach in reached((PACKAGE / name).read_text(encoding="utf-8")) - MODE_ALLOWED}
    assert not outside, sorted(outside)
    assert {"view", "controller", "mode", "saving", "turns"} & (MODE_ALLOWED - ALLOWED) == set()


def test_the_check_catches_a_part_reaching_past_the_context():
    planted = '''
class View:
    def relayout(self):
        self.table.say("fine")
        table = self.table
        table.stack.push(None)
        self.table.mode.pause()
    def paint(tv):
        return tv.table.session
'''
    assert reached(planted) - ALLOWED == {"stack", "mode", "session"}
