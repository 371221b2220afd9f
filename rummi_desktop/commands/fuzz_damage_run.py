"""The damaged-files fuzzer: every file the game reads, given every kind of damage, once each.

A data folder of good files is made once (fuzz_home.py) and read once by the game, as below,
so that what reading writes (the record index) is there too; that is the baseline. Then for
each file and each damage (fuzz_damage.py): a copy of the baseline, that one file damaged, and
the game started on it: the window's App (settings), the menu (the autosaves, every game's
Continue), each game's setup screen (its last setup; Tumblewords' names a custom word list),
Players, Statistics, History and Collection (profiles, records, the index, unlocks), the
trainer (puzzle progress), each sandbox's Load list (puzzle files), Load replay on each replay
and, for a damaged export, Import. It must not raise or hang, a damaged file the menu reads
must come with a notice, and every other file must be byte for byte as it was (the index is
let be rebuilt when a record is damaged: that is its job).
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator

from rummi_desktop.commands.fuzz_damage import DAMAGES

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

CASE_SECONDS = 60  # a case that has not finished by then hangs (a pipe opened for reading)
FRAMES = 1  # frames each screen is shown: it is entered, laid out and drawn
INDEX = "data/records/index.toml"


@dataclass
class DamageReport:
    files: int = 0
    cases: int = 0
    exceptions: int = 0
    violations: int = 0
    failures: list[str] = field(default_factory=list)


class Hung(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise Hung(f"no answer after {CASE_SECONDS} s")


def _show(app: "App", scene: object) -> None:
    app.stack.push(scene)
    for _ in range(FRAMES):
        app.step(1 / 60)
    app.stack.clear()
    app.stack.apply_pending()


def _screens(app: "App") -> Iterator[object]:
    """Every screen that reads a player's file, made as the menu and its buttons make them."""
    from rummi_desktop.records.profile_file import load_profiles
    from rummi_desktop.scenes.collection import CollectionScene
    from rummi_desktop.scenes.history import HistoryScene
    from rummi_desktop.scenes.profiles import ProfilesScene
    from rummi_desktop.scenes.registry import playable_games
    from rummi_desktop.scenes.stats import StatsScene
    from rummi_desktop.scenes.trainer.trainer_scene import TrainerScene

    for game in playable_games():
        yield game.new_game(app)
    book, _notice = load_profiles()
    profile = book.profiles[0].id if book.profiles else ""
    yield from (ProfilesScene(app), StatsScene(app, profile), HistoryScene(app, profile),
                CollectionScene(app, profile), TrainerScene(app))


def read_everything(data: Path, import_exports: bool) -> list[str]:
    """Start the game on the current folder and open every reader; the notices it gave."""
    from rummi_desktop.records.replay_files import load_replay
    from rummi_desktop.records.transfer import import_profile
    from rummi_desktop.scenes.menu import MenuScene
    from rummi_desktop.scenes.registry import playable_games
    from rummi_desktop.scenes.sandbox.scenario_files import listed_scenarios
    from rummi_desktop.shell.app import App

    app = App(persist=True)
    try:
        menu = MenuScene(app)
        _show(app, menu)
        for scene in _screens(app):
            _show(app, scene)
        for game in playable_games():
            listed_scenarios(game.key)
        for replay in sorted((data / "replays").glob("*.toml")):
            load_replay(replay)
        if import_exports:
            for export in sorted((data / "exports").glob("*.toml")):
                import_profile(export)
        return list(app.notices) + list(menu.notices)
    finally:
        app.close()


def snapshot(home: Path) -> dict[str, bytes]:
    """Every regular file under ``home`` (links not followed) by its relative path."""
    from rummi_desktop.storage.toml_files import read_regular_file

    found = {}
    for path in sorted(home.rglob("*")):
        if path.is_symlink() or not path.is_file() or path.name.endswith(".tmp"):
            continue
        found[path.relative_to(home).as_posix()] = read_regular_file(path, 1 << 30)
    return found


def _baseline(home: Path) -> dict[str, bytes]:
    from rummi_desktop.commands.fuzz_home import make_home
    from rummi_desktop.shell.app import App

    app = App(persist=True)
    try:
        make_home(app, home)
    finally:
        app.close()
    read_everything(home / "data", import_exports=False)  # the index and anything else reading writes
    return snapshot(home)


def _spared(name: str, damaged: str) -> bool:
    """Files that may differ after ``damaged`` was damaged: itself, what damage or reading put
    beside it (``.bad``, a loop's partner), and the index a damaged record makes stale."""
    if name == damaged or name.startswith(damaged + "."):
        return True
    return name == INDEX and damaged.startswith("data/records/")


def check_case(home: Path, before: dict[str, bytes], damaged: str, notices: list[str]) -> list[str]:
    problems = []
    after = snapshot(home)
    for name, content in before.items():
        if _spared(name, damaged):
            continue
        if name not in after:
            problems.append(f"{name} is gone")
        elif after[name] != content:
            problems.append(f"{name} was changed")
    set_aside = (home / (damaged + ".bad")).exists()
    read_at_start = damaged.startswith("config/") or damaged.endswith("_autosave.toml")  # the menu tells
    if set_aside and read_at_start and not notices:
        problems.append(f"{damaged} was set aside with no notice")
    return problems


def run_case(baseline: Path, before: dict[str, bytes], damaged: str, damage: str, seed: int,
             describe: Callable[[str, str], str]) -> tuple[str, list[str]]:
    """("exception" | "violation" | "", what went wrong) for one file given one damage."""
    with tempfile.TemporaryDirectory(prefix="rummi-damage-") as folder:
        home = Path(folder) / "home"
        shutil.copytree(baseline, home, symlinks=True)
        os.environ["RUMMI_DESKTOP_HOME"] = str(home)
        DAMAGES[damage](home / damaged, random.Random(f"damage:{seed}:{damaged}:{damage}"))
        previous = signal.signal(signal.SIGALRM, _alarm)
        signal.alarm(CASE_SECONDS)
        try:
            notices = read_everything(home / "data", import_exports=damaged.startswith("data/exports/"))
        except Exception as error:
            from rummi_desktop.commands.fuzz_run import where_raised

            return "exception", [describe(f"{type(error).__name__}: {error} at {where_raised(error)}", "exception")]
        finally:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)
        problems = check_case(home, before, damaged, notices)
        return ("violation", [describe("; ".join(problems), "violation")]) if problems else ("", [])


def cases_of(names: list[str], one_each: bool) -> list[tuple[str, str]]:
    """(file, damage) pairs: every file × every damage, or (``one_each``, CI's short run) each
    file one damage, the damages taken in turn, and each damage at least once."""
    kinds = list(DAMAGES)
    if not one_each:
        return [(name, kind) for name in names for kind in kinds]
    count = max(len(names), len(kinds))
    return [(names[i % len(names)], kinds[i % len(kinds)]) for i in range(count)]


def damage_every_file(seed: int, one_each: bool = False) -> DamageReport:
    """Run every case on a baseline made afresh; RUMMI_DESKTOP_HOME is put back after."""
    report = DamageReport()
    home_now = os.environ.get("RUMMI_DESKTOP_HOME")
    try:
        with tempfile.TemporaryDirectory(prefix="rummi-damage-home-") as folder:
            baseline = Path(folder)
            os.environ["RUMMI_DESKTOP_HOME"] = str(baseline)
            before = _baseline(baseline)
            report.files = len(before)
            for name, kind in cases_of(sorted(before), one_each):
                def describe(what: str, outcome: str, name: str = name, kind: str = kind) -> str:
                    return f"fuzz: files, seed {seed}: {name} as {kind}: {outcome}: {what}"
                outcome, lines = run_case(baseline, before, name, kind, seed, describe)
                report.cases += 1
                report.exceptions += outcome == "exception"
                report.violations += outcome == "violation"
                report.failures += lines
    finally:
        if home_now is not None:
            os.environ["RUMMI_DESKTOP_HOME"] = home_now
    return report
