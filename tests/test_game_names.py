"""A game is one folder and one line: no module outside ``games/<key>/`` names a game's key,
module or class, and no game's folder names another game. The one exception is the
registration in ``games/__init__.py``: its imports of each game's spec, and the spec names they
bind. Shared code loops over GAMES and reads the spec instead.

A module names a game when its code (not its comments or docstrings) has an identifier with the
key as one of its words (``rummble_moves``, ``RummbleState``, ``TUMBLEWORDS``), or a string that
is the key or a dotted, colon or slash path through it (``"rummble"``,
``"rummi_desktop.games.rummble.table:x"``). The game keys are the folders under ``games/``;
the package's own name (``rummi_desktop``) is not the game Rummi."""

import ast
import io
import re
import shutil
import tokenize
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "rummi_desktop"
# Tokens that end a statement or open a block: a string right after one, alone on its line, is
# a docstring (or a bare string standing as a comment).
STATEMENT_STARTS = {tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING}
SKIPPED = {tokenize.NL, tokenize.COMMENT}


def game_keys(package: Path) -> set[str]:
    return {folder.name for folder in (package / "games").iterdir() if (folder / "__init__.py").is_file()}


def words_of(identifier: str) -> set[str]:
    """The words of an identifier: its snake_case parts and its CamelCase parts, lower case."""
    camel = re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", identifier)
    return {word.lower() for word in camel} | set(identifier.lower().split("_"))


def string_value(token: str) -> str:
    try:
        value = ast.literal_eval(token)
    except (ValueError, SyntaxError):  # an f-string: its text, placeholders and all
        value = token.lstrip("rbufRBUF").strip("'\"")
    return value.decode("latin-1") if isinstance(value, bytes) else str(value)


def string_names(text: str, key: str, package_name: str) -> bool:
    """The text is the key, or a path (no blanks) with the key as one of its steps."""
    text = re.sub(rf"\b{package_name}\b", "", text)
    return text == key or (" " not in text and re.search(rf"(^|[.:/]){key}([.:/]|$)", text) is not None)


def code_tokens(source: str) -> list[tokenize.TokenInfo]:
    """The module's tokens without its comments and docstrings."""
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    significant = [token for token in tokens if token.type not in SKIPPED]
    kept = []
    for index, token in enumerate(significant):
        before = significant[index - 1].type if index else tokenize.ENCODING
        after = significant[index + 1].type if index + 1 < len(significant) else tokenize.ENDMARKER
        is_docstring = (token.type == tokenize.STRING and before in STATEMENT_STARTS
                        and after in (tokenize.NEWLINE, tokenize.ENDMARKER))
        if not is_docstring:
            kept.append(token)
    return kept


def token_names(token: tokenize.TokenInfo, key: str, package_name: str) -> bool:
    if token.type == tokenize.NAME:
        return token.string != package_name and key in words_of(token.string)
    if token.type == tokenize.STRING:
        return string_names(string_value(token.string), key, package_name)
    return False


def registration(tokens: list[tokenize.TokenInfo], package_name: str, keys: set[str]) -> set[tuple[int, int]]:
    """Where the registry registers a game: each ``from <package>.games.<key>.spec import NAME``
    line, and every use of a NAME bound there (positions of the tokens allowed)."""
    allowed: set[tuple[int, int]] = set()
    bound: set[str] = set()
    for index, token in enumerate(tokens):
        if token.type != tokenize.NAME or token.string != "from":
            continue
        line = [t for t in tokens[index:] if t.start[0] == token.start[0]]
        words = [t.string for t in line]
        spec_modules = {f"{package_name}.games.{key}.spec" for key in keys}
        if "import" in words and "".join(words[1:words.index("import")]) in spec_modules:
            allowed |= {t.start for t in line}
            bound |= {t.string for t in line[words.index("import") + 1:] if t.type == tokenize.NAME}
    return allowed | {t.start for t in tokens if t.type == tokenize.NAME and t.string in bound}


def owner(path: Path, package: Path, keys: set[str]) -> str | None:
    """The game whose folder holds this module, or None for a shared module."""
    parts = path.relative_to(package).parts
    return parts[1] if len(parts) > 2 and parts[0] == "games" and parts[1] in keys else None


def offences(package: Path) -> list[str]:
    """``path:line names key (token)`` for every game named where it may not be."""
    keys = game_keys(package)
    found = []
    for path in sorted(package.rglob("*.py")):
        tokens = code_tokens(path.read_text(encoding="utf-8"))
        is_registry = path == package / "games" / "__init__.py"
        allowed = registration(tokens, package.name, keys) if is_registry else set()
        relative = path.relative_to(package.parent)
        for key in sorted(keys - {owner(path, package, keys)}):
            for token in tokens:
                if token.start not in allowed and token_names(token, key, package.name):
                    found.append(f"{relative}:{token.start[0]} names {key} ({token.string})")
    return found




def test_no_game_is_named_outside_its_own_folder_but_in_its_registration():
    assert offences(PACKAGE) == []


# ---- self-test: the checker on a small package shaped like the real one ------------------------

CLEAN = {
    "__init__.py": '"""Rummi Desktop."""\n__version__ = "0"\n',
    "tiles.py": "def standard_set():\n    return []\n",
    "games/__init__.py": (
        '"""The registry: rummi and rummble, one line each."""\n'
        "from rummi_desktop.games.rummble.spec import RUMMBLE\n"
        "from rummi_desktop.games.rummi.spec import RUMMI\n"
        "\n"
        "GAMES = {spec.key: spec for spec in (RUMMI, RUMMBLE)}\n"
    ),
    "games/rummi/__init__.py": "",
    "games/rummi/spec.py": 'RUMMI = dict(key="rummi", table="rummi_desktop.games.rummi.table:x")\n',
    "games/rummble/__init__.py": "",
    "games/rummble/spec.py": "RUMMBLE = dict(key='rummble')\n",
    "games/rummble/rules.py": (
        "from rummi_desktop.tiles import standard_set  # as Rummi plays it: rummi\n"
        "class RummbleState:\n"
        '    """Unlike rummi_set, a board of rummi tiles."""\n'
        "    faces = standard_set()\n"
    ),
    "scenes/__init__.py": "",
    "scenes/menu.py": (
        '"""The menu: rummi, rummble."""\n'
        "import rummi_desktop\n"
        "from rummi_desktop.games import GAMES  # every game: rummi, rummble\n"
        "\n"
        "TITLE = 'Rummi Desktop'\n"
        "HOME = 'rummi_desktop.scenes'\n"
        "NAMES = ('rummmbles', 'rummikub')\n"
        "def titles(key):\n"
        '    """Each game\'s title: "rummble" too."""\n'
        "    return [spec['key'] for spec in GAMES.values() if spec['key'] == key]\n"
    ),
}
PLANTS = {  # where a game is named, what is planted there
    "a key compared in a shared module": ("scenes/menu.py", '\nif TITLE == "rummble":\n    pass\n'),
    "a game's module by path": ("scenes/menu.py", "\nTABLE = 'rummi_desktop.games.rummble.table:online'\n"),
    "a game's class in a shared module": ("scenes/menu.py", "\nfrom rummi_desktop.games.rummi.spec import RUMMI\n"),
    "a game's word in an identifier": ("tiles.py", "\ndef rummi_set():\n    return []\n"),
    "an f-string path through a key": ("scenes/menu.py", "\nSOUND = f'rummble/{TITLE}.ogg'\n"),
    "another game inside a game's folder": ("games/rummble/rules.py", "\nfrom rummi_desktop.games.rummi.spec import RUMMI\n"),
    "the registry asking which game": ("games/__init__.py", '\nFIRST = GAMES["rummi"]\n'),
}


def write_package(root: Path, files: dict[str, str]) -> Path:
    package = root / "rummi_desktop"
    shutil.rmtree(package, ignore_errors=True)
    for name, text in files.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text, encoding="utf-8")
    return package


def test_the_checker_passes_a_clean_package(tmp_path):
    assert offences(write_package(tmp_path, CLEAN)) == []


@pytest.mark.parametrize("plant", PLANTS.values(), ids=PLANTS.keys())
def test_the_checker_catches_a_game_named_where_it_may_not_be(tmp_path, plant):
    module, text = plant
    package = write_package(tmp_path, {**CLEAN, module: CLEAN[module] + text})
    found = offences(package)
    assert found and all(line.startswith(f"rummi_desktop/{module}:") for line in found), found


def test_the_checker_reads_the_game_keys_from_the_game_folders(tmp_path):
    package = write_package(tmp_path, {**CLEAN, "scenes/menu.py": CLEAN["scenes/menu.py"] + "\nKEY = 'chess'\n"})
    assert offences(package) == []
    (package / "games" / "chess").mkdir()
    (package / "games" / "chess" / "__init__.py").write_text("")
    assert offences(package) == ["rummi_desktop/scenes/menu.py:12 names chess ('chess')"]
