"""Rummi's Custom Sandbox: build any table and rack, then play on it, with no clock.

It is the real Rummi table (:class:`RummiTableScene`: its view, its drag-and-drop controller,
its model through a :class:`RummiSession`) with a side panel and two modes:

* **Edit**: a palette of the 52 faces and the joker (a face whose two copies are in use is
  greyed and refused); pick a face, then click the table (a meld to add to, or free felt for
  a new meld) or the rack; drag from the palette works too. Click a tile to take it back.
  Undo steps back one edit; Clear empties the table and the rack.
* **Play**: the position as a turn of the real game, from :meth:`RummiState.from_position`:
  drag tiles as at the table, Undo and Reset are the model's; Keep play makes a valid play
  the new position.

Every meld is checked as it changes (the model's ``check_meld``: valid, or its reason).
Best play asks the exact solver (the Hard tier) in the thinking process, as a computer seat
thinks, and glides its table in as a move of the turn (Undo takes it back).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from rummi_desktop.games.rummi.rules.match import DEFAULT_TARGET, Match, MatchSettings
from rummi_desktop.games.rummi.rules.melds import MeldCheck, check_meld
from rummi_desktop.games.rummi.rules.moves import Play, Rearrange
from rummi_desktop.games.rummi.rules.pieces import face, faces
from rummi_desktop.games.rummi.rules.state import RummiParameters, RummiState
from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.games.rummi.table.layout import table_drop_target, tile_at
from rummi_desktop.games.rummi.table.session import MatchSetup, RummiSession
from rummi_desktop.games.rummi.table.table_scene import RummiTableScene
from rummi_desktop.games.rummi.table.view import REGIONS
from rummi_desktop.scenes.sandbox.common import SandboxEditing, BestMoveSearch, QuietSolve
from rummi_desktop.scenes.sandbox.palette import Palette
from rummi_desktop.games.rummi.table.scenario import PALETTE_FACES, RummiScenario
from rummi_desktop.scenes.sandbox.scenario_files import SolverAnswer
from rummi_desktop.scenes.sandbox.toolbar import SandboxToolbar
from rummi_desktop.games.seats import HUMAN, SeatConfig
from rummi_desktop.thinking.thread import ThinkingFailed
from rummi_desktop.tiles import Tile
from rummi_desktop.ui import shapes
from rummi_desktop.ui.button_panel import ButtonPanel
from rummi_desktop.ui.geometry import Box
from rummi_desktop.ui.rack_layout import rack_tile_at
from rummi_desktop.ui.sprites import SHOWN_RATE
from rummi_desktop.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

PANEL = pygame.Rect(808, 104, 430, 482)  # palette and the meld checks, right of the melds
TABLE_AREA = Box(REGIONS.table.x, REGIONS.table.y, PANEL.x - 12 - REGIONS.table.x, REGIONS.table.h)
PALETTE_TILE = 26
SOLVER_BUDGET = 30.0  # s: the exact solver answers in well under a second; a safety net
SOLVER_TIER = "hard"  # the computer tier that is the exact solver
EDIT, PLAY = "edit", "play"
INITIAL_LABELS = {True: "30-point rule: on", False: "30-point rule: off"}


def palette_rows() -> list[list[int]]:
    """A row per colour (1–13), the joker at the end of the first row."""
    rows = [[i for i, f in enumerate(PALETTE_FACES) if not f.is_joker and f.colour == colour] for colour in "KBRY"]
    rows[0].append(PALETTE_FACES.index(next(f for f in PALETTE_FACES if f.is_joker)))
    return rows


def sandbox_session(scenario: RummiScenario) -> RummiSession:
    """A match of one turn: the person (seat 0) on turn at the scenario; seat 1 is the solver."""
    setup = MatchSetup((SeatConfig(HUMAN, "You"), SeatConfig(SOLVER_TIER, "Solver")), "practice", DEFAULT_TARGET, 0, 1)
    match = Match(MatchSettings("Sandbox", DEFAULT_TARGET, None), ("human", SOLVER_TIER), 1)
    session = RummiSession(setup, match, [])
    match.current = scenario_state(scenario)
    return session


def scenario_state(scenario: RummiScenario) -> RummiState:
    params = RummiParameters(seats=("human", SOLVER_TIER), seed=1)
    return scenario.as_position().to_state(params)


class SandboxButtons(ButtonPanel):
    """Edit | Play, Undo | Reset (Clear while editing), Best play | Keep play."""

    def __init__(self, scene: "RummiSandboxScene") -> None:
        super().__init__()
        self.scene = scene
        area, gap = REGIONS.buttons, 9
        width, height = (area.w - gap) / 2, (area.h - 2 * gap - 4) / 3

        def cell(column: int, row: int) -> pygame.Rect:
            return pygame.Rect(round(area.x + column * (width + gap)), round(area.y + 2 + row * (height + gap)),
                               round(width), round(height))

        add = self.group.add
        self.edit = add(Button(cell(0, 0), "Edit", lambda: scene.set_mode(EDIT), tooltip="Build the table and rack",
                               shortcut="e", font_size=20))
        self.play = add(Button(cell(1, 0), "Play", lambda: scene.set_mode(PLAY), tooltip="Play moves on this position",
                               shortcut="p", font_size=20))
        self.undo = add(Button(cell(0, 1), "Undo", scene.undo, tooltip="Take back the last change", shortcut="z",
                               font_size=19))
        self.reset = add(Button(cell(1, 1), "Reset", scene.reset, tooltip="Back to the position", shortcut="r",
                                font_size=19))
        self.best = add(Button(cell(0, 2), "Best play", scene.best_play, tooltip="The exact solver's play, shown on the table",
                               shortcut="b", font_size=19))
        self.keep = add(Button(cell(1, 2), "Keep play", scene.keep_play, tooltip="A valid play becomes the new position",
                               shortcut="return", font_size=19))

    def refresh(self) -> None:
        scene = self.scene
        editing = scene.stage == EDIT
        self.edit.style, self.play.style = ("primary", "secondary") if editing else ("secondary", "primary")
        self.reset.label = "Clear" if editing else "Reset"
        self.reset.tooltip = "Empty the table and the rack" if editing else "Back to the position"
        self.undo.enabled = bool(scene.edits) if editing else bool(scene.state.turn_moves)
        self.reset.enabled = bool(scene.scenario.table or scene.scenario.rack) if editing else bool(scene.state.turn_moves)
        self.best.enabled = scene.solver_job is None and bool(scene.scenario.rack)
        self.keep.enabled = not editing and bool(scene.state.turn_moves)


class RummiSandboxScene(SandboxEditing, RummiTableScene):
    """``scenario``: a puzzle dict or an analyze position to start from (None: an empty table)."""

    pending_problem = ""  # why the scenario given could not be opened (shown once the table shows)

    def __init__(self, app: "App", scenario: dict[str, Any] | None = None) -> None:
        self.scenario = RummiScenario()
        super().__init__(app, sandbox_session(self.scenario), autosave=False)
        self.view.table_area = TABLE_AREA
        self.view.show_caption = False
        self.stage = EDIT
        self.brush: Tile | None = None  # the palette face being placed
        self.carried: Tile | None = None  # a palette face being dragged
        self.edits: list[RummiScenario] = []  # edit-mode undo
        self.checks: list[MeldCheck] = []
        self.solver_job = None
        self.quiet: QuietSolve | None = None  # Save's own search (the table stays as it is)
        self.answer: SolverAnswer | None = None  # the solver's answer for the position as it is
        self.puzzles_folder: Path | None = None  # None: the player's puzzles folder (tests pass one)
        self.palette = Palette(PALETTE_FACES, (PANEL.x + 14, PANEL.y + 44), 14, PALETTE_TILE, palette_rows())
        self.buttons = SandboxButtons(self)
        self.tools = SandboxToolbar(self, [(INITIAL_LABELS[True], self.toggle_initial,
                                            "Whether the rack still owes its 30-point opening", "i")])
        self.initial_button = self.tools.named[INITIAL_LABELS[True]]
        self.open_scenario(scenario)

    # -- the scenario ---------------------------------------------------------------------
    def _use(self, scenario: RummiScenario, keep_answer: bool = False) -> None:
        """Rebuild the turn from ``scenario`` (a fresh turn of the model)."""
        self.cancel_solver()
        self.scenario = scenario
        if not keep_answer:
            self.answer = None
        self.session.match.current = scenario_state(scenario)
        self.controller.drop_hand()
        self.view.meld_hints.clear()
        self.racks.clear()
        self.racks.turn_begins(0, self.state.rack(0))
        self.relayout()
        self.view.sprites.finish_all()  # tile ids are dealt afresh: nothing should fly about

    def toggle_initial(self) -> None:
        def flip(scenario: RummiScenario) -> None:
            scenario.initial = not scenario.initial
        self._edit(flip)
        self.say("The rack owes its 30-point opening" if self.scenario.initial else "The rack has opened already")

    # -- modes and commands ---------------------------------------------------------------
    def set_mode(self, mode: str) -> None:
        if mode == self.stage:
            return
        self.stage = mode
        self.brush = self.carried = None
        self._use(self.scenario, keep_answer=True)
        self.say("Play: move tiles as at the table" if mode == PLAY else "Edit: pick a face, then click where it goes")

    def undo(self) -> None:
        if self.stage == PLAY:
            self.controller.undo()
        elif self.edits:
            self._use(self.edits.pop())

    def reset(self) -> None:
        if self.stage == PLAY:
            self.controller.reset_turn()
        else:
            self._edit(RummiScenario.clear)

    def keep_play(self) -> None:
        """A valid play of this turn becomes the position (the rack keeps what is left)."""
        if self.stage != PLAY:
            return
        verdict = self.state.check_turn()
        if not verdict.legal:
            self.view.invalid_tiles = {t for p in verdict.problems if p.index < len(self.state.table)
                                       for t in self.state.table[p.index]}
            first = verdict.problems[0].reason if verdict.problems else verdict.error
            self.say(f"Not a valid play: {first}", warning=True)
            self.play("invalid")
            return
        kept = RummiScenario([faces(m) for m in self.state.table], faces(self.state.rack(0)), False)
        self.edits.append(self.scenario.copy())
        self._use(kept)
        self.say(f"Play kept: {verdict.placed} tile{'s' if verdict.placed != 1 else ''} laid; this is the new position")

    # -- the solver -----------------------------------------------------------------------
    def solvable(self) -> bool:
        return bool(self.scenario.rack) and all(check_meld(meld).valid for meld in self.scenario.table)

    def solve_quietly(self, then) -> None:
        on_table = sum(len(meld) for meld in self.scenario.table)

        def answer_of(move) -> SolverAnswer | None:
            if not isinstance(move, Play):
                return None
            return SolverAnswer([[t.notation() for t in meld] for meld in move.melds],
                                sum(len(meld) for meld in move.melds) - on_table)

        search = BestMoveSearch.start(self.flow.hints, scenario_state(self.scenario), SOLVER_TIER)
        self.quiet = QuietSolve(search, self.flow.hints.spec, answer_of, then)

    def best_play(self) -> None:
        if self.solver_job is not None or not self.scenario.rack:
            return
        wrong = [n for n, meld in enumerate(self.scenario.table, start=1) if not check_meld(meld).valid]
        if wrong:
            self.say(f"The solver needs a valid table: fix meld {', '.join(map(str, wrong))} first", warning=True)
            self.play("invalid")
            return
        if self.stage != PLAY:
            self.set_mode(PLAY)
        elif self.state.turn_moves:
            self.controller.reset_turn()
        self.solver_job = self.flow.hints.start(self.state, SOLVER_TIER, SOLVER_BUDGET)
        self.say("The solver is thinking…")

    def cancel_solver(self) -> None:
        if self.solver_job is not None:
            self.solver_job.cancel()
            self.solver_job = None
        if self.quiet is not None:
            self.quiet.cancel()
            self.quiet = None

    def _poll_solver(self) -> None:
        job = self.solver_job
        if job is None:
            return
        try:
            notation = job.poll()
        except ThinkingFailed:
            notation = None
        if not job.done:
            return
        self.solver_job = None
        move = self.flow.hints.spec.parse_move(notation) if notation else None
        if notation is None:
            self.say("The solver could not answer", warning=True)
        elif not isinstance(move, Play):
            self.answer = SolverAnswer(self.position()["table"], 0)
            self.say("No play lays a tile from this rack", warning=True)
        else:
            self.show_answer(move.melds)

    def show_answer(self, melds) -> None:
        """The solver's table glides in, as one move of the turn (Undo takes it back)."""
        layout = self.state.layout_for([list(meld) for meld in melds])
        if isinstance(layout, str) or not self.controller.apply_moves((Rearrange(layout),)):
            self.say("The solver's play does not fit this table", warning=True)
            return
        placed = len(self.scenario.rack) - len(self.state.rack(0))
        self.answer = SolverAnswer([[t.notation() for t in meld] for meld in melds], placed)
        self.relayout_with(SHOWN_RATE)
        self.say(f"Best play: {placed} tile{'s' if placed != 1 else ''} laid")

    # -- the table's hooks ----------------------------------------------------------------
    def first_deal(self) -> None:
        self.start_person_turn(0)
        self.say(self.pending_problem or "Edit: pick a face from the palette, then click the table or the rack",
                 warning=bool(self.pending_problem))

    def end_person_turn(self, timed_out: bool) -> None:
        self.keep_play()

    def confirm_turn(self) -> None:
        self.keep_play()

    def relayout(self) -> None:
        self.relayout_with(None)

    def relayout_with(self, rate: float | None) -> None:
        self.view.relayout(rate=rate)
        table = self.state.table
        self.checks = [check_meld(faces(meld)) for meld in table]
        self.view.invalid_tiles = {t for meld, check in zip(table, self.checks) if not check.valid for t in meld}

    def update_parts(self, dt: float) -> None:
        super().update_parts(dt)
        self.initial_button.label = INITIAL_LABELS[self.scenario.initial]
        self.tools.update(dt, True)
        self._poll_solver()
        if self.quiet is not None and self.quiet.poll():
            self.quiet = None

    def on_exit(self) -> None:
        self.cancel_solver()
        super().on_exit()

    def animating(self) -> bool:
        return (super().animating() or self.solver_job is not None or self.quiet is not None
                or self.carried is not None)

    # -- input ----------------------------------------------------------------------------
    def handle_action(self, action: Action) -> bool:
        if self.tools.handle_action(action):
            return True
        if self.stage == PLAY:
            return super().handle_action(action)
        if self.buttons.handle_action(action):
            return True
        if action.kind == ActionKind.BACK:
            self.close()
            return True
        return self._edit_gesture(action)

    def _edit_gesture(self, action: Action) -> bool:
        kind, pos = action.kind, action.pos
        if kind == ActionKind.HOVER:
            self.controller.pointer = pos
            return False
        if kind == ActionKind.DRAG_START:
            self.carried = self.palette.face_at(action.start or pos)
            self.controller.pointer = pos
            return self.carried is not None
        if kind == ActionKind.DRAG_MOVE:
            self.controller.pointer = pos
            return self.carried is not None
        if kind in (ActionKind.DROP, ActionKind.DRAG_CANCEL):
            carried, self.carried = self.carried, None
            if carried is not None and kind == ActionKind.DROP and pos is not None:
                self.place(carried, pos)
            return carried is not None
        if kind == ActionKind.CLICK and pos is not None:
            return self._edit_click(pos)
        return False

    def _edit_click(self, pos: tuple[float, float]) -> bool:
        picked = self.palette.face_at(pos)
        if picked is not None:
            self.brush = None if picked == self.brush else picked
            self.play("rack")
            return True
        if self.brush is not None and self.place(self.brush, pos):
            if self.scenario.copies_left(self.brush) <= 0:
                self.brush = None
            return True
        return self.take_back(pos)

    def place(self, tile: Tile, pos: tuple[float, float]) -> bool:
        """Put a copy of ``tile`` where ``pos`` is: the rack, a table meld or a new meld."""
        x, y = pos
        if REGIONS.rack.contains(x, y):
            return self._edit(lambda s: s.add_to_rack(tile))
        if not TABLE_AREA.contains(x, y):
            return False
        target = table_drop_target(self.view.table_layout, x, y, None)
        if target is None or target.is_new_meld:
            return self._edit(lambda s: s.add_to_table(tile))
        return self._edit(lambda s: s.add_to_table(tile, target.meld, target.index))

    def take_back(self, pos: tuple[float, float]) -> bool:
        """A click on a placed tile takes it off (back to the palette)."""
        index = rack_tile_at(self.view.rack_layout, *pos)
        if index is not None and index < len(self.view.rack_ids):
            tile = face(self.view.rack_ids[index])
            return self._edit(lambda s: s.take_from_rack(s.rack.index(tile)))
        hit = tile_at(self.view.table_layout, *pos)
        if hit is not None:
            return self._edit(lambda s: s.take_from_table(*hit))
        return False

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        theme = self.app.theme
        caption = "Custom Sandbox · " + ("Edit" if self.stage == EDIT else "Play")
        self.tools.draw_strip(surface, theme, caption)
        self._draw_meld_badges(surface)
        self._draw_panel(surface)
        if self.carried is not None and self.controller.pointer is not None:
            picture = self.app.tiles.surface(self.carried, self.view.rack_layout.tile_w or 40, theme, "selected",
                                             self.app.settings.colour_blind)
            surface.blit(picture, picture.get_rect(center=self.controller.pointer))

    def _draw_meld_badges(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        for number, (box, check) in enumerate(zip(self.view.table_layout.meld_boxes, self.checks), start=1):
            centre = (round(box.x) - 2, round(box.y) - 2)
            pygame.draw.circle(surface, theme.hint if check.valid else theme.invalid, centre, 10)
            label = shapes.text(str(number), 13, (20, 20, 20) if check.valid else (255, 255, 255), bold=True)
            surface.blit(label, label.get_rect(center=centre))

    def _draw_panel(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        draw_panel(surface, theme, PANEL, radius=16)
        y = PANEL.y + 12
        if self.stage == EDIT:
            title = shapes.text("Palette — pick a face, click where it goes", 18, theme.text, bold=True)
            surface.blit(title, (PANEL.x + 14, y))
            self.palette.draw(surface, self.app, self.scenario.copies_left, self.brush or self.carried)
            y = self.palette.area.bottom + 14
        y = self._draw_checks(surface, y)
        if self.solver_job is not None:
            note = shapes.text("The solver is thinking…", 18, theme.accent, bold=True)
            surface.blit(note, (PANEL.x + 14, PANEL.bottom - 30))
        elif self.answer is not None:
            note = shapes.text(f"Best play: {self.answer.best} tile{'s' if self.answer.best != 1 else ''}", 18,
                               theme.hint, bold=True)
            surface.blit(note, (PANEL.x + 14, PANEL.bottom - 30))

    def _draw_checks(self, surface: pygame.Surface, y: int) -> int:
        theme = self.app.theme
        heading = shapes.text(f"Melds on the table: {len(self.checks)}", 18, theme.text, bold=True)
        surface.blit(heading, (PANEL.x + 14, y))
        y += heading.get_height() + 6
        room = (PANEL.bottom - 40 - y) // 22
        for number, (meld, check) in enumerate(zip(self.state.table, self.checks), start=1):
            if number > room:
                more = shapes.text(f"… and {len(self.checks) - room} more", 16, theme.text_muted)
                surface.blit(more, (PANEL.x + 14, y))
                break
            text = f"{number}. " + (f"valid, {check.value} points" if check.valid else check.reason)
            colour = theme.text if check.valid else theme.invalid
            line = shapes.text(_fit(text, 50), 16, colour)
            mark = pygame.Rect(PANEL.x + 14, y + 3, 12, 12)
            pygame.draw.rect(surface, theme.hint if check.valid else theme.invalid, mark, border_radius=3)
            surface.blit(line, (PANEL.x + 32, y))
            y += 22
        return y


def _fit(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[: chars - 1] + "…"
