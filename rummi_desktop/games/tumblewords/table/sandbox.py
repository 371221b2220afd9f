"""Tumblewords' sandbox: letters stacked in any columns and any hand, then drops on the real
Tumblewords table (pymunk animating the fall, the words lighting up).

It is the real table in the sandbox mode (:class:`SandboxMode`), with :class:`TumblewordsSandbox`
as its part; the left column is the sandbox's panel:

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

from typing import TYPE_CHECKING, Any, Callable

import pygame

from rummi_desktop.games.tumblewords.rules.grid import BLANK, FACES
from rummi_desktop.games.tumblewords.rules.moves import Drop
from rummi_desktop.games.tumblewords.rules.state import TumblewordsState
from rummi_desktop.games.tumblewords.rules.words import FoundWord, find_words
from rummi_desktop.scenes.sandbox.buttons import sandbox_buttons
from rummi_desktop.scenes.candidate_panel import at_foot
from rummi_desktop.scenes.sandbox.common import EDIT, PLAY, GridButtons
from rummi_desktop.scenes.sandbox.palette import Palette
from rummi_desktop.scenes.sandbox.sandbox_mode import SandboxMode, SandboxPart
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


class TumblewordsSandbox(SandboxPart):
    """Tumblewords' half of a sandbox table: the letter palette, gravity, the blank's letter,
    every word on the board, drops that become the position, and the best-scoring drop."""

    best_tier = BEST_TIER
    opening = "Edit: pick a letter from the palette, then click a column or the hand"
    searching = "Looking for the best drop…"
    stage_words = {PLAY: "Play: drop a letter into a column", EDIT: "Edit: pick a letter, then a column"}

    def __init__(self, dictionary: "Dictionary") -> None:
        self.dictionary = dictionary
        self.played: list[TumblewordsScenario] = []  # the Play stage's drops, for Undo
        self.words: list[FoundWord] = []
        self.palette = Palette(PALETTE_LETTERS, (PANEL.x + 14, PANEL.y + 44), 9, 30)

    def attach(self, table: TumblewordsTableScene, mode: SandboxMode) -> None:
        super().attach(table, mode)
        self.view.scoreboard = False
        self.words = board_words(table.state)

    def buttons(self, mode: SandboxMode) -> GridButtons:
        return sandbox_buttons(mode, ("Best drop", mode.best_play, "The best-scoring drop, made on the board", "b"),
                               ("Shortest: 2", self.toggle_min_length, "The shortest word that scores (2 or 3 letters)",
                                "m"), None, self._refresh_buttons)

    @property
    def state(self) -> TumblewordsState:
        return self.table.state

    # -- the scenario ---------------------------------------------------------------------
    def rebuild(self) -> None:
        table, view = self.table, self.view
        fresh = sandbox_session(self.mode.scenario, self.dictionary)
        table.session.setup, table.session.state = fresh.setup, fresh.state  # the parts hold this session
        params = self.state.params
        if (view.layout.columns, view.layout.rows) != (params.columns, params.rows):
            view.layout = board_layout(params.columns, params.rows)
            view.world = view._new_world()
        self.controller.cancel()
        view.new_turn()
        view.sync_board(animate=False)
        self.words = board_words(self.state)
        table.relayout()
        view.sprites.finish_all()

    def toggle_min_length(self) -> None:
        def flip(scenario: TumblewordsScenario) -> None:
            scenario.min_length = 3 if scenario.min_length == 2 else 2
        self.mode.edit(flip)

    # -- the Play stage: a drop becomes the position --------------------------------------
    def stage_changed(self) -> None:
        self.played.clear()

    def undo_play(self) -> None:
        if self.played:
            self.mode.use(self.played.pop())

    def reset_play(self) -> None:
        if self.played:
            self.mode.use(self.played[0])
            self.played.clear()

    def turn_completed(self, round_over: bool) -> bool:
        """The drop has been shown: its board and the hand left are the new position."""
        mode, state = self.mode, self.state
        lit = list(self.view.words)
        kept = TumblewordsScenario.from_position({"game": "tumblewords", "rows": state.grid.row_texts(),
                                                  "hand": state.hand(0), "min_length": mode.scenario.min_length})
        self.played.append(mode.scenario.copy())
        self.table.turns.free_play()
        mode.use(kept, keep_answer=True)
        self.view.words, self.view.reveal_time = lit, 1e9  # the drop's words stay lit
        return True

    # -- the best drop --------------------------------------------------------------------
    def solvable(self) -> bool:
        return bool(self.mode.scenario.hand)

    def quiet_search(self) -> tuple[TumblewordsState, Callable[[Any], SolverAnswer | None]]:
        state = sandbox_session(self.mode.scenario, self.dictionary).state

        def answer_of(move) -> SolverAnswer | None:
            if not isinstance(move, Drop):
                return None
            return SolverAnswer([move.column, move.letter.lower() if move.blank else move.letter],
                                state.check(move).score)

        return state, answer_of

    def best_refused(self) -> bool:
        return not self.mode.scenario.hand

    def candidates_area(self, area):
        return at_foot(PANEL, area)

    def show_best(self, move, notation: str | None) -> None:
        table = self.table
        if not isinstance(move, Drop):
            table.say("No drop scores from this hand" if notation else "The search could not answer", warning=True)
            return
        score = self.state.check(move).score
        self.mode.answer = SolverAnswer([move.column, move.letter.lower() if move.blank else move.letter], score)
        table.flow.apply(move)
        table.say(f"Best drop: {move.letter} into column {move.column + 1}, {score} points")

    def _refresh_buttons(self, grid: GridButtons) -> None:
        mode, mine = self.mode, self.table.my_turn
        editing, named = mode.stage == EDIT, grid.named
        named["Undo"].enabled = bool(mode.edits) if editing else bool(self.played) and mine
        named["Reset"].enabled = (bool(any(mode.scenario.columns) or mode.scenario.hand) if editing
                                  else bool(self.played) and mine)
        named["Best drop"].enabled = mode.search is None and bool(mode.scenario.hand) and mine
        named["Shortest: 2"].label = f"Shortest: {mode.scenario.min_length}"
        named["Shortest: 2"].enabled = editing

    # -- input ----------------------------------------------------------------------------
    def edit_click(self, pos: tuple[float, float]) -> bool:
        mode = self.mode
        if mode.pick(self.palette, pos):
            return True
        layout = self.view.layout
        at = layout.square_at(*pos)
        if at is not None:
            row, col = at
            height = layout.rows - 1 - row
            if height < len(mode.scenario.columns[col]):
                return mode.edit(lambda s: s.lift(col, height))
        index = rack_tile_at(self.view.hand_layout, *pos)
        if index is not None and index < len(self.view.hand_ids):
            letter = FACES[self.view.hand_ids[index]]
            return mode.edit(lambda s: s.hand.remove(letter))
        brush = mode.brush
        if brush is None:
            return False
        col = layout.column_at(*pos)
        if col is not None:
            if brush == BLANK:
                self._blank_into(col)
                return True
            return mode.placed(mode.edit(lambda s: s.drop(col, brush)))
        if REGIONS.hand.contains(*pos):
            return mode.placed(mode.edit(lambda s: s.add_to_hand(brush)))
        return False

    def _blank_into(self, col: int) -> None:
        from rummi_desktop.games.tumblewords.table.dialogs import BlankPicker

        def done(letter: str | None) -> None:
            if letter:
                self.mode.edit(lambda s: s.drop(col, letter.lower()))

        if self.table.stack is not None:
            self.table.stack.push(BlankPicker(self.table.app, {}, done))

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app, mode = self.table.app, self.mode
        theme = app.theme
        draw_panel(surface, theme, PANEL, radius=16)
        y = PANEL.y + 12
        title = "Palette — pick a letter, click a column" if mode.stage == EDIT else "Sandbox · Play"
        surface.blit(shapes.text(title, 18, theme.text, bold=True), (PANEL.x + 14, y))
        if mode.stage == EDIT:
            blind = app.settings.colour_blind
            self.palette.draw(surface, app, mode.scenario.copies_left, mode.brush,
                              lambda letter, w, state: app.tiles.surface(paint.face(letter), w, theme, state, blind))
            y = self.palette.area.bottom + 14
        else:
            y += 34
        self._draw_words(surface, y)

    def _draw_words(self, surface: pygame.Surface, y: int) -> None:
        theme, mode = self.table.app.theme, self.mode
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
        if mode.search is not None:
            note = "Looking for the best drop…"
        elif mode.answer is not None:
            note = f"Best drop: {mode.answer.best} points"
        if note:
            surface.blit(shapes.text(note, 18, theme.hint, bold=True), (PANEL.x + 14, PANEL.bottom - 34))


def sandbox_table(app: "App", scenario: dict[str, Any] | None = None,
                  dictionary: "Dictionary | None" = None) -> TumblewordsTableScene:
    """The Tumblewords table in the sandbox mode. ``scenario``: a puzzle dict or an analyze
    position (None: an empty 8 × 8 board); ``dictionary``: the word list (None: the game's)."""
    empty = TumblewordsScenario()
    session = sandbox_session(empty, dictionary)
    mode = SandboxMode(TumblewordsSandbox(session.state.dictionary), empty, scenario)
    return TumblewordsTableScene(app, session, mode=mode)
