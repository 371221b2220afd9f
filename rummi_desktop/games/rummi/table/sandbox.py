"""Rummi's Custom Sandbox: build any table and rack, then play on it, with no clock.

It is the real Rummi table (:class:`RummiTableScene`: its view, its drag-and-drop controller,
its model through a :class:`RummiSession`) in the sandbox mode (:class:`SandboxMode`), with
:class:`RummiSandbox` as its part: a side panel, the buttons every sandbox has and two stages:

* **Edit**: a palette of the 52 faces and the joker (a face whose two copies are in use is
  greyed and refused; a third joker switches to the "4 jokers" house rule); pick a face, then
  click the table (a meld to add to, or free felt for a new meld) or the rack; drag from the
  palette works too. Click a tile to take it back. Undo steps back one edit; Clear empties the
  table and the rack.
* **Play**: the position as a turn of the real game, from :meth:`RummiState.from_position`:
  drag tiles as at the table, Undo and Reset are the model's; Keep play makes a valid play
  the new position.

Every meld is checked as it changes (the model's ``check_meld``: valid, or its reason).
Best play asks the exact solver (the Hard tier) in the thinking process, as a computer seat
thinks, and glides its table in as a move of the turn (Undo takes it back).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

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
from rummi_desktop.scenes.sandbox.buttons import sandbox_buttons
from rummi_desktop.scenes.sandbox.common import EDIT, PLAY, GridButtons, fit
from rummi_desktop.scenes.sandbox.palette import Palette
from rummi_desktop.scenes.sandbox.sandbox_mode import SandboxMode, SandboxPart
from rummi_desktop.games.rummi.table.scenario import PALETTE_FACES, RummiScenario
from rummi_desktop.scenes.sandbox.scenario_files import SolverAnswer
from rummi_desktop.scenes.sandbox.toolbar import draw_strip
from rummi_desktop.games.seats import HUMAN, SeatConfig
from rummi_desktop.tiles import Tile
from rummi_desktop.ui import shapes
from rummi_desktop.ui.geometry import Box
from rummi_desktop.ui.rack_layout import rack_tile_at
from rummi_desktop.ui.sprites import SHOWN_RATE
from rummi_desktop.ui.widgets import draw_panel

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

PANEL = pygame.Rect(808, 104, 430, 346)  # palette and the meld checks, right of the melds, over the buttons
TABLE_AREA = Box(REGIONS.table.x, REGIONS.table.y, PANEL.x - 12 - REGIONS.table.x, REGIONS.table.h)
PALETTE_TILE = 26
SOLVER_TIER = "hard"  # the computer tier that is the exact solver
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


class RummiSandbox(SandboxPart):
    """Rummi's half of a sandbox table: the palette (clicked or dragged from), the meld checks,
    the 30-point rule's toggle, and the exact solver's play glided onto the table."""

    best_tier = SOLVER_TIER
    opening = "Edit: pick a face from the palette, then click the table or the rack"
    searching = "The solver is thinking…"
    stage_words = {PLAY: "Play: move tiles as at the table", EDIT: "Edit: pick a face, then click where it goes"}

    def __init__(self) -> None:
        self.carried: Tile | None = None  # a palette face being dragged
        self.checks: list[MeldCheck] = []
        self.palette = Palette(PALETTE_FACES, (PANEL.x + 14, PANEL.y + 44), 14, PALETTE_TILE, palette_rows())

    def attach(self, table: RummiTableScene, mode: SandboxMode) -> None:
        super().attach(table, mode)
        self.view.table_area = TABLE_AREA
        self.view.show_caption = False

    def buttons(self, mode: SandboxMode) -> GridButtons:
        grid = sandbox_buttons(mode, ("Best play", mode.best_play, "The exact solver's play, shown on the table", "b"),
                               ("Keep play", self.keep_play, "A valid play becomes the new position", "return"),
                               (INITIAL_LABELS[True], self.toggle_initial,
                                "Whether the rack still owes its 30-point opening", "i"), self._refresh_buttons)
        self.initial_button = grid.named[INITIAL_LABELS[True]]
        return grid

    def _refresh_buttons(self, grid: GridButtons) -> None:
        mode, state, named = self.mode, self.table.state, grid.named
        editing = mode.stage == EDIT
        named["Undo"].enabled = bool(mode.edits) if editing else bool(state.turn_moves)
        named["Reset"].enabled = bool(mode.scenario.table or mode.scenario.rack) if editing else bool(state.turn_moves)
        named["Best play"].enabled = mode.search is None and bool(mode.scenario.rack)
        named["Keep play"].enabled = not editing and bool(state.turn_moves)
        self.initial_button.label = INITIAL_LABELS[mode.scenario.initial]

    @property
    def state(self) -> RummiState:
        return self.table.state

    # -- the scenario ---------------------------------------------------------------------
    def rebuild(self) -> None:
        """The turn from the mode's scenario (a fresh turn of the model)."""
        table = self.table
        jokers_before = self.state.params.jokers
        table.session.match.current = scenario_state(self.mode.scenario)
        if self.state.params.jokers > jokers_before:
            table.say(f"The position now plays by the \"{self.state.params.jokers} jokers\" house rule")
        self.controller.drop_hand()
        self.view.meld_hints.clear()
        table.racks.clear()
        table.racks.turn_begins(0, self.state.rack(0))
        scenario = self.mode.scenario  # each meld where it was put down (the mark is on its first tile)
        self.view.meld_hints.update({meld[0]: scenario.spots[index] for index, meld in enumerate(self.state.table)
                                     if meld and scenario.spot_of(index) is not None})
        table.relayout()
        self.view.sprites.finish_all()  # tile ids are dealt afresh: nothing should fly about

    def toggle_initial(self) -> None:
        def flip(scenario: RummiScenario) -> None:
            scenario.initial = not scenario.initial
        self.mode.edit(flip)
        self.table.say("The rack owes its 30-point opening" if self.mode.scenario.initial
                       else "The rack has opened already")

    # -- the Play stage -------------------------------------------------------------------
    def stage_changed(self) -> None:
        self.carried = None

    def undo_play(self) -> None:
        self.controller.undo()

    def reset_play(self) -> None:
        self.controller.reset_turn()

    def keep_play(self) -> bool:
        """A valid play of this turn becomes the position (the rack keeps what is left)."""
        if self.mode.stage != PLAY:
            return True
        state, table = self.state, self.table
        verdict = state.check_turn()
        if not verdict.legal:
            self.view.invalid_tiles = {t for p in verdict.problems if p.index < len(state.table)
                                       for t in state.table[p.index]}
            first = verdict.problems[0].reason if verdict.problems else verdict.error
            table.say(f"Not a valid play: {first}", warning=True)
            table.play("invalid")
            return True
        self.mode.replace(RummiScenario([faces(m) for m in state.table], faces(state.rack(0)), False,
                                        jokers=self.mode.scenario.jokers))
        table.say(f"Play kept: {verdict.placed} tile{'s' if verdict.placed != 1 else ''} laid; this is the new position")
        return True

    # -- the solver -----------------------------------------------------------------------
    def solvable(self) -> bool:
        scenario = self.mode.scenario
        return bool(scenario.rack) and all(check_meld(meld).valid for meld in scenario.table)

    def quiet_search(self) -> tuple[RummiState, Callable[[Any], SolverAnswer | None]]:
        scenario = self.mode.scenario
        on_table = sum(len(meld) for meld in scenario.table)

        def answer_of(move) -> SolverAnswer | None:
            if not isinstance(move, Play):
                return None
            return SolverAnswer([[t.notation() for t in meld] for meld in move.melds],
                                sum(len(meld) for meld in move.melds) - on_table)

        return scenario_state(scenario), answer_of

    def best_refused(self) -> bool:
        scenario = self.mode.scenario
        if not scenario.rack:
            return True
        wrong = [n for n, meld in enumerate(scenario.table, start=1) if not check_meld(meld).valid]
        if wrong:
            self.table.say(f"The solver needs a valid table: fix meld {', '.join(map(str, wrong))} first", warning=True)
            self.table.play("invalid")
            return True
        return False

    def before_search(self) -> None:
        if self.state.turn_moves:
            self.controller.reset_turn()

    def show_best(self, move, notation: str | None) -> None:
        if notation is None:
            self.table.say("The solver could not answer", warning=True)
        elif not isinstance(move, Play):
            self.mode.answer = SolverAnswer(self.mode.position()["table"], 0)
            self.table.say("No play lays a tile from this rack", warning=True)
        else:
            self.show_answer(move.melds)

    def show_answer(self, melds) -> None:
        """The solver's table glides in, as one move of the turn (Undo takes it back)."""
        layout = self.state.layout_for([list(meld) for meld in melds])
        if isinstance(layout, str) or not self.controller.apply_moves((Rearrange(layout),)):
            self.table.say("The solver's play does not fit this table", warning=True)
            return
        placed = len(self.mode.scenario.rack) - len(self.state.rack(0))
        self.mode.answer = SolverAnswer([[t.notation() for t in meld] for meld in melds], placed)
        self.relayout()
        self.view.relayout(rate=SHOWN_RATE)
        self.table.say(f"Best play: {placed} tile{'s' if placed != 1 else ''} laid")

    # -- the table's hooks ----------------------------------------------------------------
    def relayout(self) -> None:
        """Every meld checked as it stands (the model's verdict), its tiles outlined when wrong."""
        table = self.state.table
        self.checks = [check_meld(faces(meld)) for meld in table]
        self.view.invalid_tiles = {t for meld, check in zip(table, self.checks) if not check.valid for t in meld}

    def animating(self) -> bool:
        return self.carried is not None

    # -- input ----------------------------------------------------------------------------
    def edit_action(self, action: Action) -> None:
        kind, pos = action.kind, action.pos
        controller = self.controller
        if kind in (ActionKind.HOVER, ActionKind.DRAG_MOVE):
            controller.pointer = pos
        elif kind == ActionKind.DRAG_START:
            self.carried = self.palette.face_at(action.start or pos)
            controller.pointer = pos
        elif kind in (ActionKind.DROP, ActionKind.DRAG_CANCEL):
            carried, self.carried = self.carried, None
            if carried is not None and kind == ActionKind.DROP and pos is not None:
                self.place(carried, pos)
        elif kind == ActionKind.CLICK and pos is not None:
            self.edit_click(pos)

    def edit_click(self, pos: tuple[float, float]) -> bool:
        mode = self.mode
        if mode.pick(self.palette, pos):
            return True
        if mode.brush is not None and mode.placed(self.place(mode.brush, pos)):
            return True
        return self.take_back(pos)

    def place(self, tile: Tile, pos: tuple[float, float]) -> bool:
        """Put a copy of ``tile`` where ``pos`` is: the rack, a table meld or a new meld."""
        x, y = pos
        edit = self.mode.edit
        if REGIONS.rack.contains(x, y):
            return edit(lambda s: s.add_to_rack(tile))
        if not TABLE_AREA.contains(x, y):
            return False
        layout = self.view.table_layout
        target = table_drop_target(layout, x, y, None)
        if target is None:
            return edit(lambda s: s.add_to_table(tile))
        if target.is_new_meld:  # open felt: a meld of its own, where the click was
            return edit(lambda s: s.add_to_table(tile, order=target.index, spot=target.hint))

        def extend(scenario: RummiScenario) -> None:  # beside a meld's end: that meld grows
            scenario.add_to_table(tile, target.meld, target.index)
            if target.index == 0:
                scenario.move_spot(target.meld, layout.pitch)
        return edit(extend)

    def take_back(self, pos: tuple[float, float]) -> bool:
        """A click on a placed tile takes it off (back to the palette)."""
        edit = self.mode.edit
        index = rack_tile_at(self.view.rack_layout, *pos)
        if index is not None and index < len(self.view.rack_ids):
            tile = face(self.view.rack_ids[index])
            return edit(lambda s: s.take_from_rack(s.rack.index(tile)))
        hit = tile_at(self.view.table_layout, *pos)
        if hit is not None:
            return edit(lambda s: s.take_from_table(*hit))
        return False

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.table.app
        theme = app.theme
        caption = "Custom Sandbox · " + ("Edit" if self.mode.stage == EDIT else "Play")
        draw_strip(surface, theme, caption)
        self._draw_meld_badges(surface)
        self._draw_panel(surface)
        pointer = self.controller.pointer
        if self.carried is not None and pointer is not None:
            picture = app.tiles.surface(self.carried, self.view.rack_layout.tile_w or 40, theme, "selected",
                                        app.settings.colour_blind)
            surface.blit(picture, picture.get_rect(center=pointer))

    def _draw_meld_badges(self, surface: pygame.Surface) -> None:
        theme = self.table.app.theme
        for number, (box, check) in enumerate(zip(self.view.table_layout.meld_boxes, self.checks), start=1):
            centre = (round(box.x) - 2, round(box.y) - 2)
            pygame.draw.circle(surface, theme.hint if check.valid else theme.invalid, centre, 10)
            label = shapes.text(str(number), 13, (20, 20, 20) if check.valid else (255, 255, 255), bold=True)
            surface.blit(label, label.get_rect(center=centre))

    def _draw_panel(self, surface: pygame.Surface) -> None:
        app, mode = self.table.app, self.mode
        theme = app.theme
        draw_panel(surface, theme, PANEL, radius=16)
        y = PANEL.y + 12
        if mode.stage == EDIT:
            title = shapes.text("Palette — pick a face, click where it goes", 18, theme.text, bold=True)
            surface.blit(title, (PANEL.x + 14, y))
            self.palette.draw(surface, app, mode.scenario.copies_left, mode.brush or self.carried)
            y = self.palette.area.bottom + 14
        y = self._draw_checks(surface, y)
        if mode.search is not None:
            note = shapes.text("The solver is thinking…", 18, theme.accent, bold=True)
            surface.blit(note, (PANEL.x + 14, PANEL.bottom - 30))
        elif mode.answer is not None:
            note = shapes.text(f"Best play: {mode.answer.best} tile{'s' if mode.answer.best != 1 else ''}", 18,
                               theme.hint, bold=True)
            surface.blit(note, (PANEL.x + 14, PANEL.bottom - 30))

    def _draw_checks(self, surface: pygame.Surface, y: int) -> int:
        theme = self.table.app.theme
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
            line = shapes.text(fit(text, 50), 16, colour)
            mark = pygame.Rect(PANEL.x + 14, y + 3, 12, 12)
            pygame.draw.rect(surface, theme.hint if check.valid else theme.invalid, mark, border_radius=3)
            surface.blit(line, (PANEL.x + 32, y))
            y += 22
        return y


def sandbox_table(app: "App", scenario: dict[str, Any] | None = None) -> RummiTableScene:
    """The Rummi table in the sandbox mode. ``scenario``: a puzzle dict or an analyze position
    to start from (None: an empty table)."""
    empty = RummiScenario()
    return RummiTableScene(app, sandbox_session(empty), mode=SandboxMode(RummiSandbox(), empty, scenario))

