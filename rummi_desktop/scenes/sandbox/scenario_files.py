"""A sandbox scenario as a puzzle: saved to the player's puzzles folder, shared as a text code.

Game-neutral. A scenario is an analyze position (``{"game": ..., ...}`` without a move); it is
saved as a one-puzzle file (``trainer.puzzle_files``, the puzzle format every puzzle uses,
``pack = ""``) in ``<user data>/puzzles/``, with its solution when the solver has found one,
and shared as a ``puzzles.share_code`` code of its position. Every way in (a file, a code) raises
:class:`ScenarioLoadError` with one clear sentence; nothing is changed then.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

class ScenarioLoadError(ValueError):
    """A file or code that holds no usable scenario (the message says why)."""


@dataclass(frozen=True)
class SolverAnswer:
    """What the solver found for a position: the move (analyze notation) and its value."""

    solution: Any
    best: int


def puzzles_dir() -> Path:
    from rummi_desktop.storage.paths import data_dir

    return data_dir() / "puzzles"


def scenario_id(position: dict[str, Any]) -> str:
    canonical = json.dumps(position, sort_keys=True, separators=(",", ":"))
    return f"{position['game']}-{hashlib.sha256(canonical.encode()).hexdigest()[:8]}"


def puzzle_module(game: str) -> Any:
    """The game's puzzle module (its rules for goals, grading and verifying), imported now."""
    from rummi_desktop.entry_points import puzzle_logic

    return puzzle_logic(game)


def scenario_puzzle(position: dict[str, Any], answer: SolverAnswer | None, title: str = "") -> dict[str, Any]:
    """The loose puzzle dict of a scenario (solution and best filled when the solver answered):
    what a share code carries. Its goal is the game's own rule (the puzzle module's ``goal_of``)."""
    game = position["game"]
    goal, target = puzzle_module(game).goal_of(position, answer.best if answer is not None else None)
    puzzle: dict[str, Any] = {
        "id": scenario_id(position), "game": game, "pack": "", "title": title or "Sandbox scenario",
        "goal": goal, "target": target, "position": position, "tags": [],
    }
    if answer is not None:
        puzzle["solution"] = answer.solution
        puzzle["best"] = answer.best
    return puzzle


def complete_puzzle(position: dict[str, Any], title: str = "") -> dict[str, Any] | None:
    """The whole puzzle of a scenario, made by the game's puzzle module (``from_position``: the
    exact best play, runner-up, grade and tags), so it passes ``verify``; None when the
    position has no play to make a puzzle of (or is not a legal one)."""
    try:
        puzzle = puzzle_module(position["game"]).from_position(position)
    except (ValueError, LookupError):  # an illegal position, no play, or no word list to judge words by
        return None
    if puzzle is not None and title:
        puzzle["title"] = title
    return puzzle


def position_of(data: Any, game: str) -> dict[str, Any]:
    """The position of a puzzle dict (or of a bare position) for ``game``; ScenarioLoadError."""
    if not isinstance(data, dict):
        raise ScenarioLoadError("that holds no scenario")
    position = data.get("position", data)
    if not isinstance(position, dict) or "game" not in position:
        raise ScenarioLoadError("that holds no position")
    if position["game"] != game:
        raise ScenarioLoadError(f"that is a {position['game']} scenario, not a {game} one")
    return {key: value for key, value in position.items() if key not in ("play", "drop", "move")}


# -- files --------------------------------------------------------------------------------------
def save_scenario(puzzle: dict[str, Any], folder: Path | None = None) -> Path:
    """Write ``puzzle`` as its own puzzle file; returns the path (OSError, ValueError)."""
    from rummi_desktop.puzzles.record import Puzzle, PuzzleFile
    from rummi_desktop.trainer.puzzle_files import write_puzzle_file

    folder = folder or puzzles_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{puzzle['id']}.toml"
    write_puzzle_file(path, PuzzleFile(1, puzzle["game"], (), (Puzzle.from_dict(puzzle),)))
    return path


@dataclass(frozen=True)
class SavedScenario:
    """An entry of the puzzles folder named as ``game``'s scenario; ``problem`` says why it
    cannot be opened ("it is a named pipe") and is "" for a file that can be tried."""

    path: Path
    problem: str = ""


def listed_scenarios(game: str, folder: Path | None = None) -> list[SavedScenario]:
    """Every entry of the puzzles folder named as ``game``'s scenario: the files newest first,
    then what is there but no file (a pipe, a folder, a link that loops or leads nowhere), each
    with its reason, so the Load list shows it instead of leaving the player to wonder where
    it went. Nothing is opened to find out."""
    from rummi_desktop.storage.toml_files import unusable_reason

    folder = folder or puzzles_dir()
    try:
        entries = sorted(folder.glob(f"{game}-*.toml"))
    except OSError:
        return []
    usable: list[tuple[float, SavedScenario]] = []
    unusable: list[SavedScenario] = []
    for path in entries:
        problem = unusable_reason(path)
        if problem is None:
            try:
                usable.append((path.stat().st_mtime, SavedScenario(path)))
                continue
            except OSError as error:  # gone or changed since: say so too
                problem = error.strerror or str(error)
        unusable.append(SavedScenario(path, problem))
    usable.sort(key=lambda item: item[0], reverse=True)
    return [entry for _, entry in usable] + unusable


def saved_scenarios(game: str, folder: Path | None = None) -> list[Path]:
    """The player's puzzle files for ``game`` that can be opened (by name; newest first)."""
    return [entry.path for entry in listed_scenarios(game, folder) if not entry.problem]


def load_scenario_file(path: Path, game: str) -> dict[str, Any]:
    """The first puzzle of a puzzle file, as a dict; ScenarioLoadError naming the problem."""
    from rummi_desktop.trainer.puzzle_files import PuzzleFileError, read_puzzle_file

    try:
        puzzles = read_puzzle_file(path).puzzles
    except PuzzleFileError as error:
        raise ScenarioLoadError(str(error)) from error
    except OSError as error:
        raise ScenarioLoadError(f"{path.name} could not be read ({error.strerror or error})") from error
    if not puzzles:
        raise ScenarioLoadError(f"{path.name} holds no puzzle")
    puzzle = puzzles[0].to_dict()
    position_of(puzzle, game)
    return puzzle


# -- share codes --------------------------------------------------------------------------------
def share_code(position: dict[str, Any]) -> str:
    """The share code of a scenario: its position alone, which is all a sandbox opens (the
    receiver's Best play finds the solution again), so the code stays short."""
    from rummi_desktop.puzzles.share_code import encode

    return encode(position)


def read_share_code(text: str, game: str) -> dict[str, Any]:
    """The puzzle (older codes) or bare position (``share_code``'s) of a code for ``game``;
    ScenarioLoadError saying why not."""
    from rummi_desktop.puzzles.record import Puzzle, PuzzleError
    from rummi_desktop.puzzles.share_code import PREFIX, ShareCodeError, decode

    if not text.strip():
        raise ScenarioLoadError(f"paste a code first (it starts with {PREFIX})")
    try:
        data = decode(text)
    except ShareCodeError as error:
        raise ScenarioLoadError(f"that code cannot be read: {error}") from error
    position_of(data, game)
    if "position" not in data:
        return data  # a bare position: the sandbox's own reader checks it as it opens it
    try:
        return Puzzle.from_dict(data).to_dict()
    except PuzzleError as error:
        raise ScenarioLoadError(f"that code holds no usable scenario: {error}") from error
