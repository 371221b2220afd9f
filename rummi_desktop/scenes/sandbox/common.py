"""Parts the sandboxes share besides their mode (``sandbox_mode``): the Edit and Play stages'
names, a grid of buttons (laid out for every sandbox alike by ``buttons.sandbox_buttons``), and
asking the game's best computer tier for the best move."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import pygame

from rummi_desktop.thinking.thread import ThinkingFailed
from rummi_desktop.ui.button_panel import ButtonPanel
from rummi_desktop.ui.geometry import Box
from rummi_desktop.ui.widgets import Button

ButtonSpec = tuple[str, Callable[[], None], str, str]  # label, action, tooltip, shortcut
EDIT, PLAY = "edit", "play"
SOLVER_BUDGET = 30.0  # s: the best-move search answers in well under this; a safety net


class GridButtons(ButtonPanel):
    """Rows of buttons filling ``area``, each row split evenly; ``named[label]`` finds one.
    ``refresh`` calls ``on_refresh(self)`` so the scene can enable and relabel them."""

    def __init__(self, area: Box, rows: Sequence[Sequence[ButtonSpec | None]],
                 on_refresh: Callable[["GridButtons"], None], gap: int = 8) -> None:
        super().__init__()
        self.on_refresh = on_refresh
        self.named: dict[str, Button] = {}
        height = (area.h - gap * (len(rows) - 1)) / len(rows)
        for index, row in enumerate(rows):
            width = (area.w - gap * (len(row) - 1)) / len(row)
            for column, spec in enumerate(row):
                if spec is None:  # an empty cell: the buttons around it keep their places
                    continue
                label, action, tip, key = spec
                rect = pygame.Rect(round(area.x + column * (width + gap)), round(area.y + index * (height + gap)),
                                   round(width), round(height))
                self.named[label] = self.group.add(Button(rect, label, action, tooltip=tip, shortcut=key, font_size=18))

    def refresh(self) -> None:
        self.on_refresh(self)


def fit(text: str, chars: int) -> str:
    """``text`` cut to ``chars`` characters, an ellipsis saying so (a panel's line)."""
    return text if len(text) <= chars else text[: chars - 1] + "…"


@dataclass
class BestMoveSearch:
    """One request to a computer tier for the seat on turn, through the table's thinking."""

    job: Any

    @classmethod
    def start(cls, seats: Any, state: Any, tier: str) -> "BestMoveSearch":
        return cls(seats.start(state, tier, SOLVER_BUDGET))

    def answer(self) -> tuple[bool, str | None]:
        """(done, the move's notation or None when the thinking failed)."""
        try:
            notation = self.job.poll()
        except ThinkingFailed:
            return True, None
        return self.job.done, notation

    def cancel(self) -> None:
        self.job.cancel()


@dataclass
class QuietSolve:
    """The best move for the scenario as it stands, found without touching the table (Save
    stores it as the puzzle's solution). ``answer_of(move)`` turns the parsed move into a
    SolverAnswer (None: the move is no play, e.g. a draw); ``then(answer)`` gets it, once."""

    search: BestMoveSearch
    spec: Any
    answer_of: Callable[[Any], Any]
    then: Callable[[Any], None]

    def poll(self) -> bool:
        """True once the answer is in and handed on."""
        done, notation = self.search.answer()
        if not done:
            return False
        try:
            move = self.spec.parse_move(notation) if notation else None
        except ValueError:
            move = None  # an answer that cannot be read is no answer: saved without a solution
        self.then(self.answer_of(move) if move is not None else None)
        return True

    def cancel(self) -> None:
        self.search.cancel()

