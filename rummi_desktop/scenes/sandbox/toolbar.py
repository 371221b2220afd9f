"""What every sandbox's file buttons do (Save, Load, Share, Paste code; they are laid out with
the rest by ``buttons.sandbox_buttons``), and the top strip a sandbox's caption sits on.

Each is given the table's :class:`SandboxMode`, which gives ``position()`` (its analyze position
now), ``answer`` (the solver's answer for that position, or None), ``load_position(position)``
(raising ValueError with a sentence when the position cannot be used, having changed nothing)
and its ``table`` (which says, stacks the dialogs and names the game). Saving writes the
scenario as a puzzle file; a scenario that cannot be read is refused with the reason, and the
sandbox keeps what it had.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from rummi_desktop.scenes.sandbox import scenario_files as files
from rummi_desktop.scenes.sandbox.clipboard import copy_text
from rummi_desktop.scenes.sandbox.dialogs import ChoiceDialog, CodeDialog
from rummi_desktop.ui import shapes
from rummi_desktop.ui.widgets import draw_panel

STRIP = pygame.Rect(42, 38, 1196, 58)  # the top strip of the table screens (their HUD)
MAX_LISTED = 8


def draw_strip(surface: pygame.Surface, theme: Any, caption: str) -> None:
    """The top strip of a table screen with the sandbox's caption (its buttons are below, in
    ``buttons.sandbox_buttons``)."""
    pygame.draw.rect(surface, theme.panel[:3], STRIP, border_radius=14)  # opaque: the seats' HUD stays under it
    draw_panel(surface, theme, STRIP, radius=14)
    text = shapes.text(caption, 20, theme.text, bold=True)
    surface.blit(text, text.get_rect(midright=(STRIP.right - 18, STRIP.centery)))


def _push(sandbox: Any, overlay: Any) -> None:
    if sandbox.table.stack is not None:
        sandbox.table.stack.push(overlay)


def save(sandbox: Any) -> Path | None:
    """Write the scenario to the puzzles folder with the solver's answer: the one found by Best
    play, else one asked for now (off the frame loop; the file is written when it comes)."""
    if sandbox.answer is None and sandbox.quiet is None and sandbox.part.solvable():
        sandbox.solve_quietly(lambda answer: write(sandbox, answer))
        sandbox.table.say("Finding the best play to store with it…")
        return None
    return write(sandbox, sandbox.answer)


def write(sandbox: Any, answer: Any) -> Path | None:
    if answer is not None:
        sandbox.answer = answer
    position = sandbox.position()
    puzzle = files.complete_puzzle(position)
    try:
        if puzzle is None:  # no play to grade: kept as a scenario, without a solution
            puzzle = files.scenario_puzzle(position, None)
        path = files.save_scenario(puzzle, sandbox.puzzles_folder)
    except (OSError, ValueError) as error:
        sandbox.table.say(f"Could not save the scenario: {error}", warning=True)
        return None
    sandbox.table.say(f"Saved as {path.name}" + ("" if "solution" in puzzle else " (no solution found to store with it)"))
    return path


def share(sandbox: Any) -> str:
    code = files.share_code(sandbox.position())
    copied = copy_text(code)
    note = "Copied to the clipboard." if copied else "No clipboard here: copy the code by hand."
    _push(sandbox, CodeDialog(sandbox.table.app, "Share code", f"{note} Paste it into any sandbox to open this scenario.",
                              code))
    return code


def load_code(sandbox: Any, text: str) -> str | None:
    """Open the scenario of a share code; the reason when it cannot be (nothing changes)."""
    try:
        data = files.read_share_code(text, sandbox.table.GAME)
        sandbox.load_position(files.position_of(data, sandbox.table.GAME))
    except ValueError as error:
        return str(error)
    sandbox.table.say("Scenario loaded from the code")
    return None


def open_code(sandbox: Any) -> None:
    _push(sandbox, CodeDialog(sandbox.table.app, "Paste a code", "Paste (Ctrl+V) or type a share code, then Load.",
                              on_load=lambda text: load_code(sandbox, text)))


def load_file(sandbox: Any, path: Path) -> str | None:
    try:
        puzzle = files.load_scenario_file(path, sandbox.table.GAME)
        sandbox.load_position(files.position_of(puzzle, sandbox.table.GAME))
    except ValueError as error:
        return str(error)
    sandbox.table.say(f"Opened {path.name}")
    return None


def unusable(path: Path, problem: str) -> str:
    return f"{path.name} cannot be opened: {problem}."


def open_saved(sandbox: Any) -> None:
    """The saved scenarios, newest first; one that is no file (a pipe, a folder, a link that
    loops) is listed too, marked unusable with its reason, and choosing it says why."""
    entries = files.listed_scenarios(sandbox.table.GAME, sandbox.puzzles_folder)[:MAX_LISTED]
    if not entries:
        note = "No saved scenarios yet: Save makes one."
    elif any(entry.problem for entry in entries):
        note = "Your saved scenarios, newest first; those marked unusable cannot be opened."
    else:
        note = "Your saved scenarios, newest first."
    choices = [(f"{entry.path.stem} (unusable)", unusable(entry.path, entry.problem),
                lambda e=entry: unusable(e.path, e.problem)) if entry.problem else
               (entry.path.stem, str(entry.path), lambda p=entry.path: load_file(sandbox, p)) for entry in entries]
    _push(sandbox, ChoiceDialog(sandbox.table.app, "Saved scenarios", note, choices))
