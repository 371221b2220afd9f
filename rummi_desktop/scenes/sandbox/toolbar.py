"""What every sandbox shares: the toolbar over the top strip (Menu, Save, Load, Share, Paste
code, plus the game's own toggles) and what those buttons do.

A sandbox scene gives ``position()`` (its analyze position now), ``answer`` (the solver's
answer for that position, or None) and ``load_position(position)`` (raising ValueError with a
sentence when the position cannot be used, having changed nothing), plus ``say``. Saving writes
the scenario as a puzzle file; a scenario that cannot be read is refused with the reason, and
the sandbox keeps what it had.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Sequence

import pygame

from rummi_desktop.scenes.sandbox import scenario_files as files
from rummi_desktop.scenes.sandbox.clipboard import copy_text
from rummi_desktop.scenes.sandbox.dialogs import ChoiceDialog, CodeDialog
from rummi_desktop.ui import shapes
from rummi_desktop.ui.button_panel import ButtonPanel
from rummi_desktop.ui.widgets import Button, draw_panel

STRIP = pygame.Rect(42, 38, 1196, 58)  # the top strip of the table screens (their HUD)
TOOL_H, TOOL_GAP = 44, 8
MAX_LISTED = 8


class SandboxToolbar(ButtonPanel):
    """Buttons left to right along the strip; ``extra`` are the game's (label, action, tip, key)."""

    def __init__(self, scene: Any, extra: Sequence[tuple[str, Callable[[], None], str, str]] = ()) -> None:
        super().__init__()
        self.scene = scene
        items = [("Menu", scene.close, "Back to the main menu", "escape"), *extra,
                 ("Save", lambda: save(scene), "Save this scenario as a puzzle file", "f2"),
                 ("Load", lambda: open_saved(scene), "Open a saved scenario", "f3"),
                 ("Share", lambda: share(scene), "A short text code for this scenario", "f4"),
                 ("Paste code", lambda: open_code(scene), "Open a scenario from a share code", "f5")]
        x = STRIP.x + 8
        y = STRIP.y + (STRIP.h - TOOL_H) // 2
        self.named: dict[str, Button] = {}
        for label, action, tip, key in items:
            width = max(92, shapes.text(label, 19, (0, 0, 0)).get_width() + 30)
            self.named[label] = self.group.add(Button((x, y, width, TOOL_H), label, action, tooltip=tip,
                                                      shortcut=key, font_size=19))
            x += width + TOOL_GAP

    def refresh(self) -> None:
        pass

    def draw_strip(self, surface: pygame.Surface, theme: Any, caption: str) -> None:
        draw_panel(surface, theme, STRIP, radius=14)
        text = shapes.text(caption, 20, theme.text, bold=True)
        surface.blit(text, text.get_rect(midright=(STRIP.right - 18, STRIP.centery)))
        self.draw(surface, theme)


def _push(scene: Any, overlay: Any) -> None:
    if scene.stack is not None:
        scene.stack.push(overlay)


def save(scene: Any) -> Path | None:
    """Write the scenario to the puzzles folder with the solver's answer: the one found by Best
    play, else one asked for now (off the frame loop; the file is written when it comes)."""
    if scene.answer is None and scene.quiet is None and scene.solvable():
        scene.solve_quietly(lambda answer: write(scene, answer))
        scene.say("Finding the best play to store with it…")
        return None
    return write(scene, scene.answer)


def write(scene: Any, answer: Any) -> Path | None:
    if answer is not None:
        scene.answer = answer
    position = scene.position()
    puzzle = files.complete_puzzle(position)
    try:
        if puzzle is None:  # no play to grade: kept as a scenario, without a solution
            puzzle = files.scenario_puzzle(position, None)
        path = files.save_scenario(puzzle, scene.puzzles_folder)
    except (OSError, ValueError) as error:
        scene.say(f"Could not save the scenario: {error}", warning=True)
        return None
    scene.say(f"Saved as {path.name}" + ("" if "solution" in puzzle else " (no solution found to store with it)"))
    return path


def share(scene: Any) -> str:
    code = files.share_code(files.scenario_puzzle(scene.position(), scene.answer))
    copied = copy_text(code)
    note = "Copied to the clipboard." if copied else "No clipboard here: copy the code by hand."
    _push(scene, CodeDialog(scene.app, "Share code", f"{note} Paste it into any sandbox to open this scenario.", code))
    return code


def load_code(scene: Any, text: str) -> str | None:
    """Open the scenario of a share code; the reason when it cannot be (nothing changes)."""
    try:
        data = files.read_share_code(text, scene.GAME)
        scene.load_position(files.position_of(data, scene.GAME))
    except ValueError as error:
        return str(error)
    scene.say("Scenario loaded from the code")
    return None


def open_code(scene: Any) -> None:
    _push(scene, CodeDialog(scene.app, "Paste a code", "Paste (Ctrl+V) or type a share code, then Load.",
                            on_load=lambda text: load_code(scene, text)))


def load_file(scene: Any, path: Path) -> str | None:
    try:
        puzzle = files.load_scenario_file(path, scene.GAME)
        scene.load_position(files.position_of(puzzle, scene.GAME))
    except ValueError as error:
        return str(error)
    scene.say(f"Opened {path.name}")
    return None


def unusable(path: Path, problem: str) -> str:
    return f"{path.name} cannot be opened: {problem}."


def open_saved(scene: Any) -> None:
    """The saved scenarios, newest first; one that is no file (a pipe, a folder, a link that
    loops) is listed too, marked unusable with its reason, and choosing it says why."""
    entries = files.listed_scenarios(scene.GAME, scene.puzzles_folder)[:MAX_LISTED]
    if not entries:
        note = "No saved scenarios yet: Save makes one."
    elif any(entry.problem for entry in entries):
        note = "Your saved scenarios, newest first; those marked unusable cannot be opened."
    else:
        note = "Your saved scenarios, newest first."
    choices = [(f"{entry.path.stem} (unusable)", unusable(entry.path, entry.problem),
                lambda e=entry: unusable(e.path, e.problem)) if entry.problem else
               (entry.path.stem, str(entry.path), lambda p=entry.path: load_file(scene, p)) for entry in entries]
    _push(scene, ChoiceDialog(scene.app, "Saved scenarios", note, choices))
