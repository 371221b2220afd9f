"""Parts the sandboxes share: the edit step and the one-seat turn (:class:`SandboxEditing`,
all three games), a grid of buttons, and asking the game's best computer tier for the best
move."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import pygame

from rummi_desktop.games.positions import PositionError
from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.scenes.sandbox.scenario_files import position_of
from rummi_desktop.thinking.thread import ThinkingFailed
from rummi_desktop.ui.button_panel import ButtonPanel
from rummi_desktop.ui.geometry import Box
from rummi_desktop.ui.widgets import Button

ButtonSpec = tuple[str, Callable[[], None], str, str]  # label, action, tooltip, shortcut
EDIT, PLAY = "edit", "play"
SOLVER_BUDGET = 30.0  # s: the best-move search answers in well under this; a safety net


class SandboxEditing:
    """Mixed in before a game's table scene: the scenario being edited (``self.scenario``, with
    ``copy()`` and ``position()``), its edit history (``self.edits``, for Undo), and the one
    person seat that is always on turn. The scene supplies ``_use(scenario)``."""

    def position(self) -> dict[str, Any]:
        return self.scenario.position()

    def open_scenario(self, scenario: dict[str, Any] | None) -> None:
        """At start: the scenario asked for, or the empty one with the reason it cannot be opened."""
        if scenario is None:
            return
        try:
            self.load_position(position_of(scenario, self.GAME))
        except ValueError as error:
            self.pending_problem = f"That scenario cannot be opened: {error}"

    def load_position(self, position: dict[str, Any]) -> None:
        """Replace the scenario (PositionError, nothing changed, when it cannot be used); Undo
        brings the old one back."""
        scenario = type(self.scenario).from_position(position)
        self.edits.append(self.scenario.copy())
        self._use(scenario)

    def _edit(self, change) -> bool:
        """Apply an edit to a copy of the scenario; on success it becomes the scenario."""
        edited = self.scenario.copy()
        try:
            change(edited)
        except PositionError as error:
            self.say(str(error), warning=True)
            self.play("invalid")
            return False
        self.edits.append(self.scenario.copy())
        self._use(edited)
        self.play("clink")
        return True

    def start_person_turn(self, seat: int) -> None:
        self.viewer = seat
        self.turns.free_play()
        self.person_turn_begins(seat)

    def open_pause(self) -> None:
        self.close()  # no pause card: the sandbox has no clock and keeps nothing to resume


class BoardSandbox:
    """Mixed in after :class:`SandboxEditing` by the Rummble and Tumblewords sandboxes, which
    edit a board from a palette and ask the best tier in the background: the brush, the edit
    clicks, and the two searches (``self.search``, shown when it answers, through the scene's
    ``show_best(move, notation)``; ``self.quiet``, for Save). The scene supplies
    ``_edit_click(pos)``."""

    search: "BestMoveSearch | None" = None
    quiet: "QuietSolve | None" = None

    def _placed(self, done: bool) -> bool:
        """After a placement: the brush is put down once no copy of its face is left."""
        if done and self.brush is not None and self.scenario.copies_left(self.brush) <= 0:
            self.brush = None
        return done

    def cancel_search(self) -> None:
        for search in (self.search, self.quiet):
            if search is not None:
                search.cancel()
        self.search = self.quiet = None

    def _poll_search(self) -> None:
        if self.search is None:
            return
        done, notation = self.search.answer()
        if not done:
            return
        self.search = None
        self.show_best(self.flow.hints.spec.parse_move(notation) if notation else None, notation)

    def update_parts(self, dt: float) -> None:
        super().update_parts(dt)
        self._poll_search()
        if self.quiet is not None and self.quiet.poll():
            self.quiet = None

    def on_exit(self) -> None:
        self.cancel_search()
        super().on_exit()

    def animating(self) -> bool:
        return super().animating() or self.search is not None or self.quiet is not None

    def handle_action(self, action: Action) -> bool:
        if self.stage == PLAY:
            return super().handle_action(action)
        if self.buttons.handle_action(action):
            return True
        if action.kind == ActionKind.BACK:
            self.close()
            return True
        if action.kind == ActionKind.CLICK and action.pos is not None:
            return self._edit_click(action.pos)
        return False


class GridButtons(ButtonPanel):
    """Rows of buttons filling ``area``, each row split evenly; ``named[label]`` finds one.
    ``refresh`` calls ``on_refresh(self)`` so the scene can enable and relabel them."""

    def __init__(self, area: Box, rows: Sequence[Sequence[ButtonSpec]], on_refresh: Callable[["GridButtons"], None],
                 gap: int = 8) -> None:
        super().__init__()
        self.on_refresh = on_refresh
        self.named: dict[str, Button] = {}
        height = (area.h - gap * (len(rows) - 1)) / len(rows)
        for index, row in enumerate(rows):
            width = (area.w - gap * (len(row) - 1)) / len(row)
            for column, (label, action, tip, key) in enumerate(row):
                rect = pygame.Rect(round(area.x + column * (width + gap)), round(area.y + index * (height + gap)),
                                   round(width), round(height))
                self.named[label] = self.group.add(Button(rect, label, action, tooltip=tip, shortcut=key, font_size=18))

    def refresh(self) -> None:
        self.on_refresh(self)


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
