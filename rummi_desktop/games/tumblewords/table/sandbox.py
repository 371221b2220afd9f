"""Tumblewords' sandbox: letters stacked in any columns and any hand, then drops on the real
Tumblewords table (pymunk animating the fall, the words lighting up).

The left column is the sandbox's panel:

* **Edit**: pick a letter from the palette and click a column (it lands on the column's lowest
  vacant square: gravity holds, nothing floats; a blank asks which letter it shows) or the
  hand; click a board letter to take it out (the letters above it fall), a hand letter to
  take it back. The bag's counts limit each letter.
* **Play**: drop a letter as in a game; the drop stays (the board is the new position) and
  Undo takes it back. Best drop asks the best-scoring computer tier in the thinking process
  and drops its letter.

The panel lists every word on the board as it changes (the model's ``find_words``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from rummi_desktop.games.tumblewords.rules.grid import BLANK, FACES
from rummi_desktop.games.tumblewords.rules.moves import Drop
from rummi_desktop.games.tumblewords.rules.state import TumblewordsState
from rummi_desktop.games.tumblewords.rules.words import FoundWord, find_words
from rummi_desktop.scenes.sandbox import toolbar
from rummi_desktop.scenes.sandbox.common import EDIT, PLAY, BestMoveSearch, BoardSandbox, GridButtons, QuietSolve, SandboxEditing
from rummi_desktop.scenes.sandbox.palette import Palette
from rummi_desktop.scenes.sandbox.scenario_files import SolverAnswer
from rummi_desktop.games.tumblewords.table.scenario import PALETTE_LETTERS, TumblewordsScenario
from rummi_desktop.games.tumblewords.table import paint
from rummi_desktop.games.tumblewords.table.layout import REGIONS, board_layout
from rummi_desktop.games.tumblewords.table.session import TumblewordsSeatStats, TumblewordsSession, TumblewordsSetup
from rummi_desktop.games.tumblewords.table.table_scene import TumblewordsTableScene
from rummi_desktop.games.seats import HUMAN, SeatConfig
from rummi_desktop.ui import shapes
from rummi_desktop.ui.rack_layout import rack_tile_at
from rummi_desktop.ui.widgets import draw_panel

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App
    from rummi_desktop.games.tumblewords.rules.dictionary import Dictionary

PANEL = pygame.Rect(round(REGIONS.seats.x), round(REGIONS.seats.y), round(REGIONS.seats.w),
                    round(REGIONS.log.bottom - REGIONS.seats.y))
BEST_TIER = "medium"  # Tumblewords' best-immediate-score tier


def sandbox_session(scenario: TumblewordsScenario, dictionary: "Dictionary | None") -> TumblewordsSession:
    seats = (SeatConfig(HUMAN, "You"), SeatConfig(HUMAN, "Sandbox"))
    setup = TumblewordsSetup(seats, board=scenario.size, min_length=scenario.min_length, seed=0)
    words = dictionary if dictionary is not None else setup.dictionary()
    state = TumblewordsState.from_position(setup.parameters(words), scenario.row_texts(), [list(scenario.hand), []],
                                           bag=[], dictionary=words)
    return TumblewordsSession(setup, state, [TumblewordsSeatStats(), TumblewordsSeatStats()])


def board_words(state: TumblewordsState) -> list[FoundWord]:
    """Every word on the board (each span and direction once), top-left first."""
    grid, found = state.grid, {}
    for row, col, _ in grid.placed():
        for word in find_words(grid.shown, grid.columns, row, col, state.dictionary, state.params.min_length):
            found.setdefault((word.start, word.end), word)
    return sorted(found.values(), key=lambda w: (min(w.start, w.end), w.direction))


class TumblewordsSandboxScene(SandboxEditing, BoardSandbox, TumblewordsTableScene):
    """``scenario``: a puzzle dict or an analyze position (None: an empty 8 × 8 board)."""

    pending_problem = ""

    def __init__(self, app: "App", scenario: dict[str, Any] | None = None,
                 dictionary: "Dictionary | None" = None) -> None:
        self.scenario = TumblewordsScenario()
        session = sandbox_session(self.scenario, dictionary)
        self.dictionary = session.state.dictionary
        super().__init__(app, session, autosave=False)
        self.view.scoreboard = False
        self.stage = EDIT
        self.brush: str | None = None
        self.edits: list[TumblewordsScenario] = []
        self.played: list[TumblewordsScenario] = []  # Play mode's drops, for Undo
        self.words: list[FoundWord] = []
        self.search: BestMoveSearch | None = None
        self.quiet: QuietSolve | None = None  # Save's own search (the board stays as it is)
        self.answer: SolverAnswer | None = None
        self.puzzles_folder: Path | None = None
        self.palette = Palette(PALETTE_LETTERS, (PANEL.x + 14, PANEL.y + 44), 9, 30)
        self.buttons = GridButtons(REGIONS.buttons, [
            [("Edit", lambda: self.set_mode(EDIT), "Build the board and the hand", "e"),
             ("Play", lambda: self.set_mode(PLAY), "Drop letters on this board", "p")],
            [("Undo", self.undo, "Take back the last change", "z"), ("Reset", self.reset, "Back to the position", "r")],
            [("Best drop", self.best_drop, "The best-scoring drop, made on the board", "b"),
             ("Shortest: 2", self.toggle_min_length, "The shortest word that scores (2 or 3 letters)", "m")],
            [("Save", lambda: toolbar.save(self), "Save as a puzzle file", "f2"),
             ("Load", lambda: toolbar.open_saved(self), "Open a saved scenario", "f3")],
            [("Share", lambda: toolbar.share(self), "A short text code", "f4"),
             ("Paste code", lambda: toolbar.open_code(self), "Open a share code", "f5")],
            [("Menu", self.close, "Back to the main menu", "escape")],
        ], self._refresh_buttons)
        self.words = board_words(self.state)
        self.open_scenario(scenario)

    # -- the scenario ---------------------------------------------------------------------
    def _use(self, scenario: TumblewordsScenario, keep_answer: bool = False) -> None:
        self.cancel_search()
        self.scenario = scenario
        if not keep_answer:
            self.answer = None
        fresh = sandbox_session(scenario, self.dictionary)
        self.session.setup, self.session.state = fresh.setup, fresh.state  # the parts hold this session
        params = self.state.params
        if (self.view.layout.columns, self.view.layout.rows) != (params.columns, params.rows):
            self.view.layout = board_layout(params.columns, params.rows)
            self.view.world = self.view._new_world()
        self.controller.cancel()
        self.view.new_turn()
        self.view.sync_board(animate=False)
        self.words = board_words(self.state)
        self.relayout()
        self.view.sprites.finish_all()

    def toggle_min_length(self) -> None:
        def flip(scenario: TumblewordsScenario) -> None:
            scenario.min_length = 3 if scenario.min_length == 2 else 2
        self._edit(flip)

    # -- modes and commands ---------------------------------------------------------------
    def set_mode(self, mode: str) -> None:
        if mode != self.stage:
            self.stage = mode
            self.brush = None
            self.played.clear()
            self._use(self.scenario, keep_answer=True)
            self.say("Play: drop a letter into a column" if mode == PLAY else "Edit: pick a letter, then a column")

    def undo(self) -> None:
        if self.stage == PLAY:
            if self.played:
                self._use(self.played.pop())
        elif self.edits:
            self._use(self.edits.pop())

    def reset(self) -> None:
        if self.stage == PLAY:
            if self.played:
                self._use(self.played[0])
                self.played.clear()
        else:
            self._edit(TumblewordsScenario.clear)

    # -- a drop in Play mode becomes the position ---------------------------------------
    def turn_completed(self, round_over: bool) -> None:
        """The drop has been shown: its board and the hand left are the new position."""
        lit = list(self.view.words)
        kept = TumblewordsScenario.from_position({"game": "tumblewords", "rows": self.state.grid.row_texts(),
                                                  "hand": self.state.hand(0), "min_length": self.scenario.min_length})
        self.played.append(self.scenario.copy())
        self.turns.free_play()
        self._use(kept, keep_answer=True)
        self.view.words, self.view.reveal_time = lit, 1e9  # the drop's words stay lit

    # -- the best drop --------------------------------------------------------------------
    def solvable(self) -> bool:
        return bool(self.scenario.hand)

    def solve_quietly(self, then) -> None:
        state = sandbox_session(self.scenario, self.dictionary).state

        def answer_of(move) -> SolverAnswer | None:
            if not isinstance(move, Drop):
                return None
            return SolverAnswer([move.column, move.letter.lower() if move.blank else move.letter],
                                state.check(move).score)

        self.quiet = QuietSolve(BestMoveSearch.start(self.flow.hints, state, BEST_TIER), self.flow.hints.spec,
                                answer_of, then)

    def best_drop(self) -> None:
        if self.search is not None or not self.scenario.hand:
            return
        if self.stage != PLAY:
            self.set_mode(PLAY)
        self.search = BestMoveSearch.start(self.flow.hints, self.state, BEST_TIER)
        self.say("Looking for the best drop…")

    def show_best(self, move, notation: str | None) -> None:
        if not isinstance(move, Drop):
            self.say("No drop scores from this hand" if notation else "The search could not answer", warning=True)
            return
        score = self.state.check(move).score
        self.answer = SolverAnswer([move.column, move.letter.lower() if move.blank else move.letter], score)
        self.flow.apply(move)
        self.say(f"Best drop: {move.letter} into column {move.column + 1}, {score} points")

    # -- the table's hooks ----------------------------------------------------------------
    def first_deal(self) -> None:
        self.start_person_turn(0)
        self.say(self.pending_problem or "Edit: pick a letter from the palette, then click a column or the hand",
                 warning=bool(self.pending_problem))

    def _refresh_buttons(self, grid: GridButtons) -> None:
        editing, named = self.stage == EDIT, grid.named
        named["Edit"].style, named["Play"].style = ("primary", "secondary") if editing else ("secondary", "primary")
        named["Reset"].label = "Clear" if editing else "Reset"
        named["Undo"].enabled = bool(self.edits) if editing else bool(self.played) and self.my_turn
        named["Reset"].enabled = (bool(any(self.scenario.columns) or self.scenario.hand) if editing
                                  else bool(self.played) and self.my_turn)
        named["Best drop"].enabled = self.search is None and bool(self.scenario.hand) and self.my_turn
        named["Shortest: 2"].label = f"Shortest: {self.scenario.min_length}"
        named["Shortest: 2"].enabled = editing

    # -- input ----------------------------------------------------------------------------
    def _edit_click(self, pos: tuple[float, float]) -> bool:
        picked = self.palette.face_at(pos)
        if picked is not None:
            self.brush = None if picked == self.brush else picked
            self.play("rack")
            return True
        layout = self.view.layout
        at = layout.square_at(*pos)
        if at is not None:
            row, col = at
            height = layout.rows - 1 - row
            if height < len(self.scenario.columns[col]):
                return self._edit(lambda s: s.lift(col, height))
        index = rack_tile_at(self.view.hand_layout, *pos)
        if index is not None and index < len(self.view.hand_ids):
            letter = FACES[self.view.hand_ids[index]]
            return self._edit(lambda s: s.hand.remove(letter))
        brush = self.brush
        if brush is None:
            return False
        col = layout.column_at(*pos)
        if col is not None:
            if brush == BLANK:
                self._blank_into(col)
                return True
            return self._placed(self._edit(lambda s: s.drop(col, brush)))
        if REGIONS.hand.contains(*pos):
            return self._placed(self._edit(lambda s: s.add_to_hand(brush)))
        return False

    def _blank_into(self, col: int) -> None:
        from rummi_desktop.games.tumblewords.table.dialogs import BlankPicker

        def done(letter: str | None) -> None:
            if letter:
                self._edit(lambda s: s.drop(col, letter.lower()))

        if self.stack is not None:
            self.stack.push(BlankPicker(self.app, {}, done))

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        theme = self.app.theme
        draw_panel(surface, theme, PANEL, radius=16)
        y = PANEL.y + 12
        title = "Palette — pick a letter, click a column" if self.stage == EDIT else "Sandbox · Play"
        surface.blit(shapes.text(title, 18, theme.text, bold=True), (PANEL.x + 14, y))
        if self.stage == EDIT:
            blind = self.app.settings.colour_blind
            self.palette.draw(surface, self.app, self.scenario.copies_left, self.brush,
                              lambda letter, w, state: self.app.tiles.surface(paint.face(letter), w, theme, state, blind))
            y = self.palette.area.bottom + 14
        else:
            y += 34
        self._draw_words(surface, y)

    def _draw_words(self, surface: pygame.Surface, y: int) -> None:
        theme = self.app.theme
        surface.blit(shapes.text(f"Words on the board: {len(self.words)}", 18, theme.text, bold=True),
                     (PANEL.x + 14, y))
        y += 28
        for word in self.words:
            if y > PANEL.bottom - 64:
                more = shapes.text("…", 16, theme.text_muted)
                surface.blit(more, (PANEL.x + 14, y))
                break
            line = f"{word.word}  ·  {word.direction} from row {word.start[0] + 1}, column {word.start[1] + 1}"
            surface.blit(shapes.text(line, 16, theme.text), (PANEL.x + 14, y))
            y += 22
        note = ""
        if self.search is not None:
            note = "Looking for the best drop…"
        elif self.answer is not None:
            note = f"Best drop: {self.answer.best} points"
        if note:
            surface.blit(shapes.text(note, 18, theme.hint, bold=True), (PANEL.x + 14, PANEL.bottom - 34))
