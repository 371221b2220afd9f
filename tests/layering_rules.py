"""The layering rules as one checker: what each module may import, and what the pure layer may do.

``find_offences(package_dir)`` reads every module's source with ``ast`` (nothing is imported or
run) and returns the offences. tests/test_layering.py runs it on the real package, and its
self-test runs it on a small synthetic package with one planted offender at a time.

Where a module lives decides its rules. A game is one folder, ``games/<key>/`` (the keys are
the packages under ``games/``), and everything under it belongs to that game.

1. The pure layer is ``tiles.py``, ``games/`` except each game's ``table/``, ``storage/`` and
   ``analysis/``, and ``puzzles/``. It imports only the standard library and the pure layer
   itself. Every import counts: inside functions, under ``if TYPE_CHECKING``, relative ones
   (resolved), and ``importlib.import_module`` / ``__import__`` with a literal name.
2. The pure layer does no file, OS, network or console I/O and never waits (``time.sleep``);
   IO_MODULES, PARTLY_PURE, IMPURE_NAMES, IO_BUILTINS and IO_METHODS say what that means here.
   Reading the clock for a search deadline stays allowed.
3. A game's ``storage/`` and ``analysis/`` may do I/O and use ``storage/``, but never import
   pygame, pymunk, ``ui``, ``scenes``, ``shell`` or any game's ``table/``: they run headless.
4. A game's ``table/`` may import anything but another game.
5. A module of one game never imports a module of another (any sub-package of it). Shared
   modules, outside every ``games/<key>/`` (the ``games`` registry, ``puzzles/``, ``scenes/``),
   may use any game.
6. The network layer (``net/``: the server, its stores and the client) is not pure, but it never
   reaches pygame, pymunk, ``scenes``, ``ui``, ``shell`` or a game's ``table/``, through any
   chain of project modules (every import statement of each module counts, as above): a server
   runs where there is no display. The offence names the chain.
"""

from __future__ import annotations

import ast
import sys
from collections import Counter, deque
from dataclasses import dataclass
from pathlib import Path

# Each must exist: a rule that checks nothing must fail loudly, not pass.
EXPECTED_PLACES = ("tiles.py", "games", "puzzles", "net")

PURE, GAME_IO, TABLE, NET, OUTER = "pure", "game storage or analysis", "table", "net", "outer"
GAME_IO_PARTS = {"storage", "analysis"}  # the sub-packages of a game that may do I/O
TABLE_PART = "table"

# What needs a display: the headless layers (net/, a game's storage and analysis) stay away.
WINDOW_PACKAGES = {"pygame", "pymunk"}
WINDOW_LAYERS = {"ui", "scenes", "shell"}

# Standard-library modules whose purpose is I/O or reaching outside the process.
# The pure layer may use none of their names.
IO_MODULES = {
    **dict.fromkeys(("os", "io", "pathlib", "shutil", "tempfile", "glob", "fileinput", "filecmp",
                     "zipfile", "tarfile", "gzip", "bz2", "lzma", "mmap", "fcntl", "stat"),
                    "file or OS access"),
    **dict.fromkeys(("subprocess", "signal", "multiprocessing", "concurrent", "_thread", "pty",
                     "ctypes", "resource", "platform", "getpass", "pwd", "grp", "atexit"),
                    "processes or the operating system"),
    **dict.fromkeys(("socket", "socketserver", "ssl", "select", "selectors", "asyncio", "urllib",
                     "http", "ftplib", "smtplib", "poplib", "imaplib", "xmlrpc", "webbrowser"),
                    "network access"),
    **dict.fromkeys(("logging", "tty", "termios", "curses", "readline", "pdb"),
                    "the console, the interpreter or logs"),
    **dict.fromkeys(("sqlite3", "dbm", "shelve", "pickle", "marshal"),
                    "stored data (and the project never pickles)"),
    **dict.fromkeys(("uuid", "secrets"), "the operating system's randomness (a game replays from its seed)"),
    "builtins": "reaches open() and print() under another name",
}

# Modules the pure layer needs a little of. threading: the AI polls a cancel flag (an Event)
# that the caller owns and sets; starting threads is the app's and the worker process's job,
# not the rules'. importlib: a lazy import by literal name, which is checked like any import.
# random: only a generator seeded by the caller (random.Random); the module-level functions share
# one unseeded generator, and a game must replay from its seed and its moves.
# sys: only reading the interpreter's digit limit, so that games/positions.py can say which
# number in the input is too long to read; the console, argv, exit and the rest stay outside.
PARTLY_PURE = {"threading": {"Event"}, "importlib": {"import_module"}, "random": {"Random"},
               "sys": {"get_int_max_str_digits"}}

# Names of otherwise allowed modules that the pure layer may not use. time stays allowed
# otherwise: reading the clock for a search deadline is the one outside input the architecture
# grants the AI; waiting is the caller's business (a rule that sleeps stalls the window).
IMPURE_NAMES = {"time": {"sleep": "waits; the pure layer answers at once"}}

IO_BUILTINS = {
    "open": "opens a file",
    "print": "writes to stdout",
    "input": "reads stdin",
    "breakpoint": "stops in the debugger",
    "eval": "runs code the checker cannot see",
    "exec": "runs code the checker cannot see",
    "compile": "runs code the checker cannot see",
}

# Method names that mean file or stream I/O on whatever object they are called on, for instance
# a Path or a file handed in by the caller. Names that pure objects share (str.replace,
# list.remove, str.join) are left out: through pathlib or os those are caught as module use.
IO_METHODS = {
    "read_text", "read_bytes", "write_text", "write_bytes", "open", "unlink", "mkdir", "rmdir",
    "touch", "iterdir", "glob", "rglob", "exists", "is_file", "is_dir", "rename", "chmod",
    "symlink_to", "hardlink_to", "readlink", "expanduser", "read", "write", "readline",
    "readlines", "writelines", "fileno",
}

DYNAMIC_IMPORTERS = {"importlib.import_module", "builtins.__import__"}


@dataclass(frozen=True, order=True)
class Offence:
    path: str
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.what}"


@dataclass(frozen=True)
class Module:
    name: str
    path: str
    is_package: bool
    nodes: tuple[ast.AST, ...]  # every node of the module, walked once (ast.walk is the slow part)


@dataclass(frozen=True)
class Import:
    line: int
    target: str


@dataclass(frozen=True)
class Package:
    """What the rules need to know of the package as a whole."""

    name: str  # "rummi_desktop"
    known: frozenset[str]  # every module's dotted name
    games: frozenset[str]  # the game keys


def find_offences(package_dir: Path) -> list[Offence]:
    """Every offence against the layering rules in the package at ``package_dir``, sorted."""
    paths = module_paths(package_dir)
    package = Package(package_dir.name, frozenset(paths), frozenset(game_keys(package_dir)))
    offences = missing_places(package_dir)
    modules: dict[str, Module] = {}
    graph: dict[str, dict[str, int]] = {}  # module -> what it imports -> the first line doing so
    for name, path in paths.items():
        module = modules[name] = read_module(name, path, package_dir)
        bindings = imported_bindings(module, package.known)
        imports, hidden = module_imports(module, package.known, bindings)
        graph[name] = import_edges(imports, package)
        offences += module_offences(module, package, bindings, imports, hidden)
    offences += net_offences(modules, graph, package)
    return sorted(set(offences))


def module_offences(module: Module, package: Package, bindings: dict[str, str],
                    imports: list[Import], hidden: list[Offence]) -> list[Offence]:
    """Rules 1 to 5, which look at one module's own imports and code."""
    place = place_of(module.name, package)
    if place == OUTER:
        return []  # no rule limits what the app or the shared window modules import
    offences = list(hidden)
    if place == PURE:
        offences += pure_import_offences(module, imports, package)
        offences += io_offences(module, bindings)
    elif place == GAME_IO:
        offences += headless_offences(module, imports, package)
    offences += cross_game_offences(module, imports, package)
    return offences


def module_paths(package_dir: Path) -> dict[str, Path]:
    """Dotted module name -> source file, for every module in the package."""
    paths = {}
    for path in sorted(package_dir.rglob("*.py")):
        parts = path.relative_to(package_dir.parent).with_suffix("").parts
        paths[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return paths


def read_module(name: str, path: Path, package_dir: Path) -> Module:
    relative = path.relative_to(package_dir.parent).as_posix()
    tree = ast.parse(path.read_text(encoding="utf-8"), relative)
    return Module(name, relative, path.name == "__init__.py", tuple(ast.walk(tree)))


def game_keys(package_dir: Path) -> set[str]:
    games = package_dir / "games"
    if not games.is_dir():
        return set()
    return {folder.name for folder in games.iterdir() if (folder / "__init__.py").is_file()}


def missing_places(package_dir: Path) -> list[Offence]:
    return [Offence(f"{package_dir.name}/{place}", 0, "missing: the layering rules expect it")
            for place in EXPECTED_PLACES if not (package_dir / place).exists()]


# ---- where a module lives ------------------------------------------------------------------

def place_of(name: str, package: Package) -> str:
    """Which rules a module (or an imported dotted name inside the package) falls under."""
    top, *parts = name.split(".")
    if top != package.name or not parts:
        return OUTER  # outside the package, or the bare package
    if parts == ["tiles"] or parts[0] == "puzzles":
        return PURE
    if parts[0] == "games":
        if len(parts) > 2 and parts[1] in package.games:
            if parts[2] == TABLE_PART:
                return TABLE
            if parts[2] in GAME_IO_PARTS:
                return GAME_IO
        return PURE
    return NET if parts[0] == "net" else OUTER


def game_of(name: str, package: Package) -> str | None:
    """The game whose folder a module (or dotted name) is in; None for shared modules."""
    parts = name.split(".")
    is_game = len(parts) > 2 and parts[0] == package.name and parts[1] == "games"
    return parts[2] if is_game and parts[2] in package.games else None


def needs_a_display(target: str, package: Package) -> bool:
    """pygame, pymunk, the window's layers (ui, scenes, shell) and every game's table."""
    top, _, rest = target.partition(".")
    if top in WINDOW_PACKAGES:
        return True
    if top != package.name:
        return False
    return rest.partition(".")[0] in WINDOW_LAYERS or place_of(target, package) == TABLE


# ---- what a module imports ------------------------------------------------------------------

def absolute_name(module: Module, level: int, name: str | None) -> str | None:
    """The absolute module a (possibly relative) import names; None when it climbs too far."""
    if level == 0:
        return name or ""
    package = module.name.split(".") if module.is_package else module.name.split(".")[:-1]
    if level - 1 >= len(package):
        return None
    base = package[: len(package) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def from_import_target(base: str, alias: str, known: frozenset[str]) -> str:
    # ``from pkg import sub`` imports the module pkg.sub when there is one, else a name of pkg;
    # outside the package (stdlib, third party) the dotted name is what the rules look at.
    if alias == "*":
        return base if base in known else f"{base}.*"
    dotted = f"{base}.{alias}"
    return base if dotted not in known and base in known else dotted


def imported_bindings(module: Module, known: frozenset[str]) -> dict[str, str]:
    """Local name -> the dotted name it stands for, for every import anywhere in the module."""
    bindings: dict[str, str] = {}
    for node in module.nodes:
        if isinstance(node, ast.Import):
            for alias in node.names:
                local = alias.asname or alias.name.split(".")[0]
                bindings[local] = alias.name if alias.asname else local
        elif isinstance(node, ast.ImportFrom):
            base = absolute_name(module, node.level, node.module)
            for alias in node.names:
                if base is not None and alias.name != "*":
                    target = from_import_target(base, alias.name, known)
                    bindings[alias.asname or alias.name] = target
    return bindings


def module_imports(module: Module, known: frozenset[str], bindings: dict[str, str]
                   ) -> tuple[list[Import], list[Offence]]:
    """The modules imported (statements and literal dynamic imports), and imports it hides."""
    imports: list[Import] = []
    hidden: list[Offence] = []
    for node in module.nodes:
        if isinstance(node, ast.Import):
            imports += [Import(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = absolute_name(module, node.level, node.module)
            if base is None:
                what = "relative import beyond the package"
                hidden.append(Offence(module.path, node.lineno, what))
                continue
            imports += [Import(node.lineno, from_import_target(base, alias.name, known))
                        for alias in node.names]
        elif isinstance(node, ast.Call) and dotted_name(node.func, bindings) in DYNAMIC_IMPORTERS:
            target = literal_import_target(module, node)
            if target is None:
                hidden.append(Offence(module.path, node.lineno,
                                      "import of a computed name: the rules cannot check it"))
            else:
                imports.append(Import(node.lineno, target))
    return imports, hidden


def literal_import_target(module: Module, call: ast.Call) -> str | None:
    """The name a dynamic import names by a string literal or a module-level string constant."""
    argument = call.args[0] if call.args else None
    if isinstance(argument, ast.Name):
        argument = string_constants(module).get(argument.id)
    if not isinstance(argument, ast.Constant) or not isinstance(argument.value, str):
        return None
    name = argument.value
    # import_module(".x", __package__) is relative to the module's own package.
    level = len(name) - len(name.lstrip("."))
    return absolute_name(module, level, name.lstrip(".") or None) if level else name


def string_constants(module: Module) -> dict[str, ast.Constant]:
    """Names bound once in the whole module, at top level, to a string: ``SOLVER = "a.b"``."""
    stores = Counter(node.id for node in module.nodes
                     if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store))
    constants = {}
    for statement in module.nodes[0].body:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target = statement.targets[0]
        elif isinstance(statement, ast.AnnAssign):
            target = statement.target
        else:
            continue
        value = statement.value
        if (isinstance(target, ast.Name) and stores[target.id] == 1
                and isinstance(value, ast.Constant) and isinstance(value.value, str)):
            constants[target.id] = value
    return constants


def dotted_name(node: ast.expr, bindings: dict[str, str]) -> str | None:
    """``os.path.join`` -> "os.path.join" when ``os`` names an import; builtins by their name."""
    attributes = []
    while isinstance(node, ast.Attribute):
        attributes.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    root = bindings.get(node.id, f"builtins.{node.id}" if not attributes else None)
    return ".".join([root, *reversed(attributes)]) if root else None


# ---- rule 1: the pure layer imports the standard library and itself ---------------------------

def pure_import_offences(module: Module, imports: list[Import], package: Package) -> list[Offence]:
    offences = []
    for item in imports:
        verdict = pure_import_verdict(item.target, package)
        if verdict:
            offences.append(Offence(module.path, item.line, f"import {item.target}: {verdict}"))
    return offences


def pure_import_verdict(target: str, package: Package) -> str | None:
    top = target.partition(".")[0]
    if top == package.name:
        # The bare package (its __init__ runs on any import of it anyway) or the pure layer.
        if target == package.name or place_of(target, package) == PURE:
            return None
        return "outside the pure layer (tiles, games but their table, storage and analysis, puzzles)"
    if top not in sys.stdlib_module_names:
        return "third-party package; the pure layer uses only the standard library"
    return stdlib_verdict(target)


def stdlib_verdict(dotted: str) -> str | None:
    top, _, rest = dotted.partition(".")
    name = rest.partition(".")[0]
    if top in IO_MODULES:
        return f"{top} is {IO_MODULES[top]}"
    allowed = PARTLY_PURE.get(top)
    if allowed is not None and rest and name not in allowed:
        return f"from {top} the pure layer uses only {', '.join(sorted(allowed))}"
    return IMPURE_NAMES.get(top, {}).get(name)


# ---- rule 2: the pure layer does no I/O ------------------------------------------------------

def io_offences(module: Module, bindings: dict[str, str]) -> list[Offence]:
    offences = []
    inner = {id(node.value) for node in module.nodes if isinstance(node, ast.Attribute)}
    for node in module.nodes:
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            if node.id in IO_BUILTINS and node.id not in bindings:
                offences.append(Offence(module.path, node.lineno,
                                        f"{node.id}(): {IO_BUILTINS[node.id]}"))
        elif isinstance(node, ast.Attribute) and id(node) not in inner:
            offences += attribute_offences(module, node, bindings)
    return offences


def attribute_offences(module: Module, node: ast.Attribute,
                       bindings: dict[str, str]) -> list[Offence]:
    dotted = dotted_name(node, bindings)
    if dotted is not None:
        # A name from an imported module (os.replace, threading.Thread): judged by the module.
        stdlib = dotted.split(".")[0] in sys.stdlib_module_names
        verdict = stdlib_verdict(dotted) if stdlib else None
        return [Offence(module.path, node.lineno, f"{dotted}: {verdict}")] if verdict else []
    # A method on an object: path.write_text(), file.read().
    found = []
    while isinstance(node, ast.Attribute):
        if node.attr in IO_METHODS and isinstance(node.ctx, ast.Load):
            found.append(Offence(module.path, node.lineno, f".{node.attr}(): file or stream I/O"))
        node = node.value
    return found


# ---- rule 3: a game's storage and analysis run headless --------------------------------------

def headless_offences(module: Module, imports: list[Import], package: Package) -> list[Offence]:
    return [Offence(module.path, item.line,
                    f"import {item.target}: a game's storage and analysis never import pygame, "
                    "pymunk, ui, scenes, shell or a table")
            for item in imports if needs_a_display(item.target, package)]


# ---- rule 5: one game never imports another --------------------------------------------------

def cross_game_offences(module: Module, imports: list[Import], package: Package) -> list[Offence]:
    own = game_of(module.name, package)
    if own is None:
        return []
    offences = []
    for item in imports:
        other = game_of(item.target, package)
        if other is not None and other != own:
            offences.append(Offence(module.path, item.line,
                                    f"import {item.target}: game {own} imports game {other}"))
    return offences


# ---- rule 6: nothing the network layer reaches needs a display ------------------------------

def import_edges(imports: list[Import], package: Package) -> dict[str, int]:
    """What the module's imports load: project modules (with every package whose __init__ runs
    on the way) and the third-party packages that need a display; the first line of each."""
    edges: dict[str, int] = {}
    for item in imports:
        for loaded in loaded_modules(item.target, package):
            edges.setdefault(loaded, item.line)
    return edges


def loaded_modules(target: str, package: Package) -> list[str]:
    """The module named first, then its packages: a chain then names the module imported."""
    top = target.partition(".")[0]
    if top in WINDOW_PACKAGES:
        return [top]
    if top != package.name:
        return []
    parts = target.split(".")
    prefixes = [".".join(parts[:end]) for end in range(len(parts), 0, -1)]
    return [prefix for prefix in prefixes if prefix in package.known]


def net_offences(modules: dict[str, Module], graph: dict[str, dict[str, int]],
                 package: Package) -> list[Offence]:
    offences = []
    for name, module in modules.items():
        if place_of(name, package) != NET:
            continue
        chain = chain_to_a_display(name, graph, package)
        if chain:
            shown = " -> ".join(modules[step].path.partition("/")[2] if step in modules else step
                                for step in chain)
            offences.append(Offence(module.path, graph[name][chain[1]],
                                    f"net/ reaches what needs a display: {shown}"))
    return offences


def chain_to_a_display(start: str, graph: dict[str, dict[str, int]],
                       package: Package) -> list[str] | None:
    """The shortest chain of imports from ``start`` to something that needs a display, ending
    with pygame or pymunk when the last project module imports one itself; None if none."""
    came_from: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in graph.get(here, {}):
            if there in came_from:
                continue
            came_from[there] = here
            if needs_a_display(there, package):
                chain = [there]
                while came_from[chain[-1]] is not None:
                    chain.append(came_from[chain[-1]])
                shown_with = [name for name in graph.get(there, {}) if name in WINDOW_PACKAGES]
                return [*reversed(chain), *shown_with[:1]]
            queue.append(there)
    return None
