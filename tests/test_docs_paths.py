"""docs/architecture.md names only paths that exist: every `path` in backticks, and every entry of
its layout trees (a tree line's first word, under the folder above it)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
GAME_KEYS = sorted(p.name for p in (ROOT / "rummi_desktop" / "games").iterdir() if (p / "spec.py").is_file())
PATHLIKE = re.compile(r"^[\w.<>-]+(/[\w.<>-]*)*$")


def expand(path: str) -> list[str]:
    """``<key>`` stands for every game's key."""
    return [path.replace("<key>", key) for key in GAME_KEYS] if "<key>" in path else [path]


def exists(path: str) -> bool:
    """Relative to the repository, or to the package (the doc's paths inside it drop its name)."""
    return any((base / path).exists() for base in (ROOT, ROOT / "rummi_desktop"))


def backticked_paths(text: str) -> list[str]:
    spans = re.findall(r"`([^`\n]+)`", text)
    return [span for span in spans if PATHLIKE.match(span) and ("/" in span or span.endswith((".py", ".md")))]


def tree_paths(text: str) -> list[str]:
    """The entries of the fenced layout trees: a line's first word, joined to its parent folders
    by indentation; ``a/ b/ c/`` on one line names three sibling folders."""
    found = []
    for block in re.findall(r"```\n(.*?)```", text, re.S):
        parents: list[tuple[int, str]] = []
        for line in block.splitlines():
            if not line.strip():
                continue
            indent = len(line) - len(line.lstrip())
            names = [word for word in line.split() if word.endswith("/")] if line.strip().split()[0].endswith("/") \
                else [line.split()[0]]
            names = [name for name in names if PATHLIKE.match(name)]
            if not names or not (names[0].endswith("/") or "." in names[0]):
                continue
            while parents and parents[-1][0] >= indent:
                parents.pop()
            prefix = parents[-1][1] if parents else ""
            for name in names:
                found.append(prefix + name)
            if names[0].endswith("/") and len(names) == 1:
                parents.append((indent, prefix + names[0]))
            elif len(names) > 1:
                parents.append((indent, prefix + "<key>/"))  # a line of every game's folder
    return found


def test_every_path_the_architecture_page_names_exists():
    text = DOC.read_text(encoding="utf-8")
    named = backticked_paths(text) + tree_paths(text)
    assert len(named) > 60  # the page names the layout; a parser that finds nothing proves nothing
    missing = sorted({p for path in named for p in expand(path) if not exists(p)})
    assert missing == []


def test_the_checker_sees_a_path_that_is_not_there():
    planted = "See `rummi_desktop/games/rummi/table/no_such_part.py`.\n```\nrummi_desktop/\n  nowhere/\n```\n"
    named = backticked_paths(planted) + tree_paths(planted)
    assert [path for path in named if not exists(path)] == ["rummi_desktop/games/rummi/table/no_such_part.py",
                                                            "rummi_desktop/nowhere/"]
