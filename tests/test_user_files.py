"""Every file of the player's the game reads goes through storage's one bounded reader (regular
files only, opened non-blocking, size-capped), and each file kind's types are one schema
(storage/schema.py): what the package opens by itself is only what it ships."""

from __future__ import annotations

import ast
import io
import os
import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import pytest

from rummi_desktop.storage.schema import (Choice, Flag, ListOf, MapOf, Number, Plain, SchemaError, Table, Text,
                                          Whole, check)

PACKAGE = Path(__file__).resolve().parents[1] / "rummi_desktop"

# Calls that open or read a file by themselves.
READING_METHODS = {"read_text", "read_bytes"}
READING_FUNCTIONS = {("os", "open"), ("io", "open"), ("tomllib", "load"), ("json", "load")}
# Reads of what the package ships (importlib.resources), where the chain does not say so itself.
SHIPPED = {
    "ui/theme.py": "a shipped theme (a Traversable); a theme on disk goes through read_regular_file",
    "ui/tile_back.py": "the shipped tile_backs.toml, from the package's resources",
    "shell/audio.py": "the shipped music loop, from the package's resources",
    "trainer/puzzle_files.py": "the shipped puzzle packs, from the package's resources",
    "shell/native_output.py": "opens the null device for writing, to hide the C libraries' probing",
    "net/process_cpu.py": "reads the kernel's CPU counters of a server process (/proc), no user's file",
}


def file_reads(source: str) -> list[tuple[int, str]]:
    """(line, code) of every call in ``source`` that reads a file by itself."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        target = node.func
        if isinstance(target, ast.Name) and target.id == "open":
            found.append(node)
        elif isinstance(target, ast.Attribute) and target.attr in READING_METHODS:
            found.append(node)
        elif isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
                and (target.value.id, target.attr) in READING_FUNCTIONS:
            found.append(node)
    return [(node.lineno, ast.get_source_segment(source, node) or "") for node in found]


def test_nothing_outside_storage_reads_a_file_except_what_the_package_ships():
    offences = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        if name.startswith("storage/"):
            continue  # the reader itself
        for line, code in file_reads(path.read_text(encoding="utf-8")):
            if "resources" in code or name in SHIPPED:
                continue
            offences.append(f"{name}:{line}: {code}")
    assert offences == [], "read these through storage.toml_files (read_toml_file / read_regular_file):\n" + \
        "\n".join(offences)


def test_the_checker_sees_each_way_of_reading_a_file():
    source = ("open('a')\nPath('b').read_text()\np.read_bytes()\nos.open('c', 0)\njson.load(f)\ntomllib.load(f)\n"
              "resources.files('x').joinpath('y').read_bytes()\nclient.open()\njson.loads(text)\n")
    assert [line for line, _ in file_reads(source)] == [1, 2, 3, 4, 5, 6, 7]


# -- analyze: the one command that reads a file the player names -------------------------------

def test_analyze_refuses_a_named_pipe_in_words_instead_of_waiting_on_it(tmp_path):
    pipe = tmp_path / "positions.json"
    os.mkfifo(pipe)
    code = ("import io, sys\nfrom rummi_desktop.commands.analyze import run_analyze\n"
            "err = io.StringIO()\nstatus = run_analyze(sys.argv[1], stdout=io.StringIO(), stderr=err)\n"
            "print(status, err.getvalue().strip())\n")
    done = subprocess.run([sys.executable, "-c", code, str(pipe)], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == f"2 analyze: cannot read {pipe}: it is a named pipe", done.stderr


def test_analyze_still_reads_a_file_with_a_byte_order_mark(tmp_path):
    from rummi_desktop.commands.analyze import run_analyze

    source = tmp_path / "positions.json"
    source.write_bytes(b'\xef\xbb\xbf{"game": "rummi", "table": [], "rack": ["R1", "R2", "R3"], "initial": false}')
    out, err = io.StringIO(), io.StringIO()
    assert run_analyze(str(source), stdout=out, stderr=err) == 0, err.getvalue()
    assert out.getvalue().strip()


# -- the schema module ----------------------------------------------------------------------

SEAT = Table({"name": Text(blank=False), "score": Whole(-100, 100), "won": Flag()}, required=("name", "score"))
DOC = Table({"version": Whole(1, 9), "seats": ListOf(SEAT, at_least=1), "speed": Choice(("slow", "fast")),
             "volume": Number(0, 1), "counts": MapOf(Whole()), "state": Table({})}, required=("version", "seats"))
GOOD = {"version": 1, "seats": [{"name": "Ann", "score": 3, "won": True}], "speed": "fast", "volume": 0.5,
        "counts": {"a": 1}, "state": {"deep": [[{"x": 1.5}]]}, "future": "ignored"}


def changed(path: str, value):
    import copy

    document = copy.deepcopy(GOOD)
    *parents, last = path.split(".")
    target = document
    for part in parents:
        target = target[int(part) - 1] if isinstance(target, list) else target[part]
    if value is KeyError:
        del target[last]
    else:
        target[last] = value
    return document


def test_a_document_of_its_schema_passes_unchanged():
    assert check(DOC, GOOD) == GOOD


@pytest.mark.parametrize("path, value, message", [
    ("version", KeyError, "its version is missing"),
    ("version", True, "its version is not a whole number from 1 to 9"),
    ("version", 1.0, "its version is not a whole number from 1 to 9"),
    ("seats", [], "its seats is not a list of at least 1"),
    ("seats.1.name", " ", "its seats.1.name is not text"),
    ("seats.1.score", 10**30, "its seats.1.score is not a whole number from -100 to 100"),
    ("seats.1.won", "yes", "its seats.1.won is not true or false"),
    ("speed", ["fast"], "its speed is not one of slow, fast"),
    ("volume", float("nan"), "its volume is not a number from 0 to 1"),
    ("counts", {"a": -1}, "its counts.a is not a whole number from 0 to 1000000000"),
    ("state", {"deep": [[{"x": float("inf")}]]}, "its state.deep.1.1.x is not a sensible number"),
    ("future", __import__("datetime").date(2026, 1, 1), "its future is a date or time where none belongs"),
])
def test_the_first_problem_is_named_by_its_place(path, value, message):
    with pytest.raises(SchemaError) as caught:
        check(DOC, changed(path, value))
    assert str(caught.value) == message


def test_plain_data_is_walked_without_recursion():
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    assert check(Plain(), deep) is deep


def test_sift_keeps_the_fields_that_fit_and_names_the_others():
    schema = Table({"a": Whole(), "b": Flag(), "c": Text()})
    assert schema.sift({"a": 1, "b": "no", "x": 3}) == ({"a": 1}, ["b"])


def test_the_settings_schema_covers_every_setting():
    from rummi_desktop.shell.settings import SETTINGS_SCHEMA, Settings, settings_from_dict, settings_to_dict

    assert set(SETTINGS_SCHEMA.fields) == {field.name for field in fields(Settings)}
    assert settings_from_dict(settings_to_dict(Settings())) == (Settings(), [])


# -- each kind of file refuses what no file of ours holds, sets it aside and touches nothing else

def _profiles(folder):
    from rummi_desktop.records.profile_file import load_profiles

    return load_profiles(folder)[1]


def _progress(folder):
    from rummi_desktop.trainer.progress_file import read_book

    return read_book(folder / "puzzle_progress.toml")[1]


@pytest.mark.parametrize("name, text, read", [
    ("profiles.toml", 'version = 2\nprofiles = []\nlast_person = 2026-12-01T10:00:00Z\n', _profiles),
    ("profiles.toml", 'version = 2\nprofiles = []\n[last_used]\nrummi = [1e999]\n', _profiles),
    ("puzzle_progress.toml", 'version = 3\n[players.guest]\nsince = 2026-12-01\n', _progress),
    ("puzzle_progress.toml", 'version = 3\n[players.guest]\ngames = [1, 2]\n', _progress),
])
def test_a_file_holding_a_date_or_an_impossible_number_where_it_was_let_through_is_set_aside(
        tmp_path, name, text, read):
    (tmp_path / name).write_text(text, encoding="utf-8")
    neighbour = tmp_path / "settings.toml"
    neighbour.write_text("theme = 'parlor'\n", encoding="utf-8")
    notice = read(tmp_path)
    assert notice and "damaged" in notice and f"{name}.bad" in notice
    assert (tmp_path / f"{name}.bad").read_text(encoding="utf-8") == text
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted([f"{name}.bad", "settings.toml"])
