"""One pack's puzzles in a grid, in unlock order: solved ones marked, the next one open, the
rest locked until the one before them is solved."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

import pygame

from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.scenes.trainer.attempts import clock_text
from rummi_desktop.scenes.trainer.sources import GamePuzzles
from rummi_desktop.trainer.catalog import Pack, is_unlocked
from rummi_desktop.ui import shapes
from rummi_desktop.ui.widget_group import WidgetGroup
from rummi_desktop.ui.widgets import Button

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

CELL_H, GAP, GRID_TOP = 60, 14, 170


def grid_shape(count: int) -> tuple[int, int]:
    """(columns, cell width): six wide columns for up to 36 puzzles, then eight narrower ones
    (56 fit above the Back button)."""
    return (6, 160) if count <= 36 else (8, 128)


class PackScene(ShellScene):
    def __init__(self, app: "App", trainer: Any, game: GamePuzzles, pack: Pack) -> None:
        """``trainer`` is the TrainerScene: its ``progress`` and its ``play(game, puzzle, follow_up)``."""
        super().__init__(app)
        self.trainer, self.game, self.pack = trainer, game, pack
        self.puzzle_buttons: list[Button] = []
        self.build()

    @property
    def solved(self) -> set[str]:
        records = self.trainer.progress.game(self.game.key).puzzles
        return {key for key, record in records.items() if record.solved}

    def build(self) -> None:
        self.widgets = WidgetGroup()
        self.puzzle_buttons = []
        solved = self.solved
        records = self.trainer.progress.game(self.game.key).puzzles
        columns, cell_w = grid_shape(len(self.pack.puzzles))
        left = 640 - (columns * cell_w + (columns - 1) * GAP) // 2
        for index, puzzle in enumerate(self.pack.puzzles):
            row, column = divmod(index, columns)
            rect = (left + column * (cell_w + GAP), GRID_TOP + row * (CELL_H + GAP), cell_w, CELL_H)
            open_ = is_unlocked(self.pack, index, solved)
            record = records.get(puzzle["id"])
            label = f"{index + 1}" + (f"  ✓ {clock_text(record.best_seconds)}" if record and record.solved
                                      and record.best_seconds is not None else "")
            tip = str(puzzle.get("title", "")) if open_ else "Solve the one before to open this"
            button = self.widgets.add(Button(rect, label, lambda i=index: self.play(i),
                                             style="primary" if open_ and puzzle["id"] not in solved else "secondary",
                                             tooltip=tip, font_size=20))
            button.enabled = open_
            self.puzzle_buttons.append(button)
        self.widgets.add(Button((640 - 90, 700, 180, 56), "Back", self.close, tooltip="All packs", shortcut="escape"))

    def on_resume(self) -> None:
        self.build()

    def play(self, index: int) -> None:
        puzzle: Mapping[str, Any] = self.pack.puzzles[index]

        def follow_up(outcome, result):
            after = index + 1
            choices = []
            if after < len(self.pack.puzzles) and is_unlocked(self.pack, after, self.solved):
                choices.append(("Next puzzle", lambda: self.play(after), "return"))
            choices += [("Try again", lambda: self.play(index), "r"), ("Pack", lambda: None, "escape")]
            return [], choices

        self.trainer.play(self.game, puzzle, follow_up)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        self.draw_backdrop(surface)
        title = shapes.text(f"{self.game.title} · {self.pack.title}", 48, theme.accent, display=True)
        surface.blit(title, title.get_rect(midtop=(640, 60)))
        solved = len(self.solved & {p["id"] for p in self.pack.puzzles})
        line = shapes.text(f"{solved} of {len(self.pack.puzzles)} solved", 22, theme.text_muted)
        surface.blit(line, line.get_rect(midtop=(640, 122)))
        if self.trainer.notices:
            note = shapes.text(self.trainer.notices[-1], 18, theme.hint)
            surface.blit(note, note.get_rect(midbottom=(640, 690)))
        self.widgets.draw(surface, theme)
