"""The Linux launcher (.desktop file) that build_installer.py writes is valid.

Checked two ways: a strict checker written here from the Desktop Entry Specification 1.5
(groups, keys, value types, Exec quoting — always run) and, when the machine has it,
`desktop-file-validate` itself.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from installer_support import load_linux_install

li = load_linux_install()

KNOWN_KEYS = {
    "Type", "Version", "Name", "GenericName", "NoDisplay", "Comment", "Icon", "Hidden",
    "OnlyShowIn", "NotShowIn", "DBusActivatable", "TryExec", "Exec", "Path", "Terminal",
    "Actions", "MimeType", "Categories", "Implements", "Keywords", "StartupNotify",
    "StartupWMClass", "URL", "PrefersNonDefaultGPU", "SingleMainWindow",
}
BOOLEAN_KEYS = {"NoDisplay", "Hidden", "DBusActivatable", "Terminal", "StartupNotify",
                "PrefersNonDefaultGPU", "SingleMainWindow"}
LIST_KEYS = {"OnlyShowIn", "NotShowIn", "Actions", "MimeType", "Categories", "Implements",
             "Keywords"}
MAIN_CATEGORIES = {"AudioVideo", "Audio", "Video", "Development", "Education", "Game",
                   "Graphics", "Network", "Office", "Science", "Settings", "System", "Utility"}
EXEC_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")
EXEC_ESCAPABLE_IN_QUOTES = set('"`$\\')
FIELD_CODES = set("fFuUick%")
KEY_LINE = re.compile(r"^([A-Za-z0-9-]+)(\[[^\]]+\])?\s*=\s*(.*)$")


class EntryError(ValueError):
    pass


def unescape_string(value: str) -> str:
    """The spec's string escapes: \\s \\n \\t \\r \\\\ and nothing else."""
    out, chars = [], iter(value)
    for ch in chars:
        if ch != "\\":
            out.append(ch)
            continue
        nxt = next(chars, None)
        table = {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}
        if nxt not in table:
            raise EntryError(f"bad escape \\{nxt} in {value!r}")
        out.append(table[nxt])
    return "".join(out)


def _quoted_argument(chars: list[str], start: int) -> tuple[str, int]:
    """Read a double-quoted Exec argument beginning after the opening quote."""
    arg, i = [], start
    while i < len(chars):
        ch = chars[i]
        if ch == '"':
            return "".join(arg), i + 1
        if ch == "\\":
            if i + 1 >= len(chars) or chars[i + 1] not in EXEC_ESCAPABLE_IN_QUOTES:
                raise EntryError("backslash in a quoted Exec argument escapes nothing legal")
            arg.append(chars[i + 1])
            i += 2
            continue
        if ch in "`$":
            raise EntryError(f"unescaped {ch} inside quotes in Exec")
        arg.append(ch)
        i += 1
    raise EntryError("unterminated quote in Exec")


def split_exec(raw_value: str) -> list[str]:
    """Exec value (as in the file) → argument list, per the spec's quoting rules."""
    chars = list(unescape_string(raw_value))
    args, i = [], 0
    while i < len(chars):
        if chars[i] == " ":
            i += 1
            continue
        if chars[i] == '"':
            arg, i = _quoted_argument(chars, i + 1)
            if i < len(chars) and chars[i] != " ":
                raise EntryError("text right after a closing quote in Exec")
        else:
            end = i
            while end < len(chars) and chars[end] != " ":
                if chars[end] in EXEC_RESERVED:
                    raise EntryError(f"reserved {chars[end]!r} outside quotes in Exec")
                end += 1
            arg, i = "".join(chars[i:end]), end
        args.append(_undo_field_codes(arg))
    if not args:
        raise EntryError("empty Exec")
    return args


def _undo_field_codes(arg: str) -> str:
    for match in re.finditer(r"%(.?)", arg):
        if match.group(1) not in FIELD_CODES:
            raise EntryError(f"bare % in Exec argument {arg!r}")
    return arg.replace("%%", "%")


def parse_entry(text: str) -> dict[str, str]:
    """The [Desktop Entry] group's keys; raises EntryError on any structural fault."""
    groups: dict[str, dict[str, str]] = {}
    current = None
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("["):
            if not re.fullmatch(r"\[[^\[\]\x00-\x1f]+\]", line):
                raise EntryError(f"line {number}: bad group header {line!r}")
            current = line[1:-1]
            if current in groups:
                raise EntryError(f"line {number}: group {current} twice")
            groups[current] = {}
            continue
        match = KEY_LINE.match(line)
        if current is None or not match:
            raise EntryError(f"line {number}: not a key=value in a group: {line!r}")
        key = match.group(1) + (match.group(2) or "")
        if key in groups[current]:
            raise EntryError(f"line {number}: key {key} twice")
        groups[current][key] = match.group(3)
    if next(iter(groups), None) != "Desktop Entry":
        raise EntryError("the first group must be [Desktop Entry]")
    return groups["Desktop Entry"]


def check_entry(text: str) -> list[str]:
    """Every problem found in a launcher for an application; [] when it is valid."""
    try:
        entry = parse_entry(text)
    except EntryError as error:
        return [str(error)]
    problems = [f"unknown key {k}" for k in entry
                if k.split("[")[0] not in KNOWN_KEYS and not k.startswith("X-")]
    for required in ("Type", "Name", "Exec"):
        if required not in entry:
            problems.append(f"missing {required}")
    if entry.get("Type") != "Application":
        problems.append("Type must be Application")
    if entry.get("Version", "1.5") not in {"1.0", "1.1", "1.2", "1.3", "1.4", "1.5"}:
        problems.append("unknown Version")
    problems += [f"{k} must be true/false" for k in BOOLEAN_KEYS
                 if k in entry and entry[k] not in ("true", "false")]
    problems += [f"{k} list must end with ;" for k in LIST_KEYS
                 if k in entry and not entry[k].endswith(";")]
    categories = set(entry.get("Categories", "").split(";")) - {""}
    if not categories & MAIN_CATEGORIES:
        problems.append("Categories lacks a main category")
    for key in ("Exec", "TryExec", "Path", "Icon", "Name", "Comment"):
        try:
            value = unescape_string(entry.get(key, ""))
        except EntryError as error:
            problems.append(f"{key}: {error}")
            continue
        if key == "Exec" and value:
            try:
                split_exec(entry[key])
            except EntryError as error:
                problems.append(f"Exec: {error}")
    return problems


AWKWARD_FOLDERS = [
    "/home/ann/.local/share/rummi-desktop/program",
    "/home/ann b/spaces in name/program",
    '/home/q"uote/it\'s/program',
    "/home/dollar$HOME/back`tick`/program",
    "/home/back\\slash/100%/program",
    "/home/zoë/ゲーム/program",
]


@pytest.mark.parametrize("folder", AWKWARD_FOLDERS)
def test_launcher_is_valid_and_runs_exactly_the_installed_program(folder):
    program = Path(folder) / "rummi-desktop"
    icon = Path(folder) / "icon 256.png"
    text = li.render_launcher(program, icon)
    assert check_entry(text) == []
    entry = parse_entry(text)
    assert split_exec(entry["Exec"]) == [str(program)]
    assert unescape_string(entry["TryExec"]) == str(program)
    assert unescape_string(entry["Path"]) == str(program.parent)
    assert unescape_string(entry["Icon"]) == str(icon)
    assert entry["Terminal"] == "false"
    assert "Game" in entry["Categories"].split(";")


@pytest.mark.parametrize("folder", AWKWARD_FOLDERS)
def test_desktop_file_validate_accepts_the_launcher_when_installed(folder, tmp_path):
    validator = shutil.which("desktop-file-validate")
    text = li.render_launcher(Path(folder) / "rummi-desktop", Path(folder) / "icon.png")
    launcher = tmp_path / "rummi-desktop.desktop"
    launcher.write_text(text, encoding="utf-8")
    if validator is None:
        # CI without desktop-file-utils: the strict checker above is the judge.
        assert check_entry(launcher.read_text(encoding="utf-8")) == []
        return
    result = subprocess.run([validator, str(launcher)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == ""


@pytest.mark.parametrize("broken, problem", [
    ("Exec=/home/a;b/rummi-desktop", "reserved ';' outside quotes"),
    ('Exec="/home/$x/rummi-desktop"', "unescaped $ inside quotes"),
    ('Exec="/home/100%/rummi-desktop"', "bare %"),
    ("Exec=", "missing Exec"),
    ("Terminal=no", "Terminal must be true/false"),
    ("Categories=BoardGame", "list must end with ;"),
    ("Path=/home/a\\qb", "bad escape"),
])
def test_the_checker_rejects_broken_launchers(broken, problem):
    """The strict checker is only worth something if it fails on real mistakes."""
    good = li.render_launcher(Path("/opt/rd/rummi-desktop"), Path("/opt/rd/icon.png"))
    key = broken.split("=", 1)[0]
    lines = [broken if line.startswith(key + "=") else line for line in good.splitlines()]
    if broken == "Exec=":
        lines = [line for line in lines if not line.startswith("Exec=")]
    problems = check_entry("\n".join(lines) + "\n")
    assert any(problem in p for p in problems), problems


def test_the_checker_rejects_a_file_without_the_desktop_entry_group():
    assert check_entry("Type=Application\nName=X\nExec=x\n")
    assert check_entry("[Other]\nType=Application\n[Desktop Entry]\nName=X\nExec=x\n")


def test_a_path_with_a_newline_is_refused():
    with pytest.raises(li.InstallError):
        li.render_launcher(Path("/home/a\nb/rummi-desktop"), Path("/home/icon.png"))
