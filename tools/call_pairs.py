"""Pairs of project modules that call each other both ways.

An edge A -> B is counted when module A imports B, or when A calls, through any object but
`self`, a function or method whose name is defined in B alone (a back reference such as
`self.table.refresh()` from a part into its scene). Names defined in several modules are
ambiguous and skipped, and so are dunders. Usage: python tools/call_pairs.py rummi_desktop
"""
import ast
import asyncio
import os
import random
import sys
from collections import defaultdict

PACKAGE = "rummi_desktop"


def modules(root: str) -> dict[str, str]:
    base, found = os.path.dirname(root), {}
    for folder, _, files in os.walk(root):
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                dotted = os.path.relpath(path, base)[:-3].replace(os.sep, ".")
                found[dotted.removesuffix(".__init__")] = path
    return found


def resolve(name: str, mods: dict[str, str]) -> str | None:
    while name and name not in mods:
        name = name.rpartition(".")[0]
    return name or None


def imported(module: str, tree: ast.AST, mods: dict[str, str], is_package: bool) -> set[str]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {resolve(alias.name, mods) for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = module.split(".") if is_package else module.split(".")[:-1]
                parts = parts[:len(parts) - node.level + 1]
                source = ".".join(parts + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                full = f"{source}.{alias.name}"
                out.add(resolve(full, mods) if full in mods else resolve(source, mods))
    return {m for m in out if m and m != module}


def defined(tree: ast.AST) -> set[str]:
    return {node.name for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and not node.name.startswith("__")}


# Methods of the builtin and standard types a module may call on its own values.
STANDARD = {name for kind in (str, bytes, list, dict, set, tuple, int, float, random.Random,
                              asyncio.StreamWriter, asyncio.Queue, asyncio.Event)
            for name in dir(kind)}


def outside_names(tree: ast.AST) -> set[str]:
    """Names bound by imports of modules outside the project (pygame, random, ...)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {(a.asname or a.name).split(".")[0] for a in node.names
                    if not a.name.startswith(PACKAGE)}
        elif isinstance(node, ast.ImportFrom) and not node.level \
                and not (node.module or "").startswith(PACKAGE):
            out |= {a.asname or a.name for a in node.names}
    return out


def root_name(node: ast.AST) -> str | None:
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def called(tree: ast.AST) -> set[str]:
    skipped = outside_names(tree) | {"self", "cls"}
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            if isinstance(owner, ast.Name) and owner.id in skipped:
                continue
            if isinstance(owner, ast.Attribute) and root_name(owner) in skipped - {"self"}:
                continue
            if isinstance(owner, ast.Call) and isinstance(owner.func, ast.Name) \
                    and owner.func.id == "super":
                continue
            if node.func.attr not in STANDARD:
                out.add(node.func.attr)
    return out


def edges(root: str) -> dict[str, set[str]]:
    mods = modules(root)
    trees = {m: ast.parse(open(p, encoding="utf-8").read(), p) for m, p in mods.items()}
    owners = defaultdict(set)
    for module, tree in trees.items():
        for name in defined(tree):
            owners[name].add(module)
    graph = {}
    for module, tree in trees.items():
        out = imported(module, tree, mods, mods[module].endswith("__init__.py"))
        for name in called(tree):
            if len(owners[name]) == 1:
                out |= owners[name] - {module}
        graph[module] = out
    return graph


def main() -> None:
    graph = edges(os.path.abspath(sys.argv[1]))
    pairs = sorted({tuple(sorted((a, b))) for a, outs in graph.items() for b in outs
                    if a in graph.get(b, ())})
    for a, b in pairs:
        print(f"{a} <-> {b}")
    print(f"{len(pairs)} two-way module pairs")


if __name__ == "__main__":
    main()
