"""The parts a table owns see it only through the narrow TableContext: every attribute a
view, controller, painter or turn flow reads or calls on its table is one the protocol names."""

from __future__ import annotations

import ast
from pathlib import Path

from rummi_desktop.scenes.table_context import TableContext

PACKAGE = Path(__file__).resolve().parents[1] / "rummi_desktop"
PART_MODULES = ("view", "controller", "turn_flow", "paint", "board_paint", "marks_paint", "drag")
ALLOWED = set(TableContext.__annotations__) | {name for name in vars(TableContext) if not name.startswith("_")}


def part_files() -> list[Path]:
    found = [PACKAGE / "scenes" / "computer_turns.py"]
    for game in sorted((PACKAGE / "games").iterdir()):
        found += [game / "table" / f"{name}.py" for name in PART_MODULES if (game / "table" / f"{name}.py").exists()]
    return found


def is_table(node: ast.AST, aliases: set[str]) -> bool:
    """``self.table``, ``tv.table`` (a painter's view), or a local bound to ``self.table``."""
    if isinstance(node, ast.Attribute) and node.attr == "table" and isinstance(node.value, ast.Name):
        return node.value.id in ("self", "tv")
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
