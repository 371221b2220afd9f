"""Rummble's sandbox: any board and rack, no clock, then plays on the real Rummble table.

The real table (:class:`RummbleTableScene`: its board, rack, drag-and-drop, joker picker and
the live preview of a play's sets and points) with the left column as the sandbox's panel:

* **Edit**: pick a face from the palette, click a square (a joker asks what it stands for)
  or the rack; click a tile to take it off. Every line of 2+ tiles on the board is checked
  as it changes (the model's ``set_problem``).
* **Play**: put rack tiles down as in a game; Keep play makes a legal play part of the board.
  Best play asks the best-scoring computer tier (the move generator, in the thinking process)
  and glides its tiles onto their squares.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from rummi_desktop.games.rummble.rules.board import Laid, square
from rummi_desktop.games.rummble.rules.moves import Play
from rummi_desktop.games.rummble.rules.play import describe_line
from rummi_desktop.games.rummble.rules.sets import SET_NAMES, classify, set_problem
from rummi_desktop.games.rummble.rules.state import RummbleParameters, RummbleState
from rummi_desktop.games.rummble.table.dialogs import JokerPicker
from rummi_desktop.games.rummble.table.layout import REGIONS, square_at, tile_box
from rummi_desktop.games.rummble.table.session import RummbleSeatStats, RummbleSession, RummbleSetup
from rummi_desktop.games.rummble.table.table_scene import RummbleTableScene
from rummi_desktop.scenes.sandbox import toolbar
from rummi_desktop.scenes.sandbox.common import EDIT, PLAY, BestMoveSearch, BoardSandbox, GridButtons, QuietSolve, SandboxEditing
from rummi_desktop.scenes.sandbox.palette import Palette
from rummi_desktop.games.rummble.table.scenario import RummbleScenario
from rummi_desktop.scenes.sandbox.scenario_files import SolverAnswer

from rummi_desktop.games.seats import HUMAN, SeatConfig
from rummi_desktop.tiles import SET_FACES, Tile
from rummi_desktop.ui import shapes
from rummi_desktop.ui.rack_layout import rack_tile_at
from rummi_desktop.ui.sprites import SHOWN_RATE
from rummi_desktop.ui.widgets import draw_panel

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

PANEL = pygame.Rect(round(REGIONS.seats.x), round(REGIONS.seats.y), round(REGIONS.seats.w),
                    round(REGIONS.log.bottom - REGIONS.seats.y))
BEST_TIER = "medium"  # Rummble's best-scoring tier: the move generator's top play
TILE_STAGGER = 0.12  # s between two tiles of the best play leaving the rack


def palette_rows() -> list[list[int]]:
    rows = [[i for i, f in enumerate(SET_FACES) if not f.is_joker and f.colour == colour] for colour in "KBRY"]
    return rows + [[SET_FACES.index(next(f for f in SET_FACES if f.is_joker))]]


def scenario_state(scenario: RummbleScenario) -> RummbleState:
    params = RummbleParameters(("human", "human"), 0, "standard")
    return scenario.as_position().to_state(params)


def sandbox_session(scenario: RummbleScenario) -> RummbleSession:
    seats = (SeatConfig(HUMAN, "You"), SeatConfig(HUMAN, "Sandbox"))
    return RummbleSession(RummbleSetup(seats, "standard", 0), scenario_state(scenario),
                          [RummbleSeatStats(), RummbleSeatStats()])


class RummbleSandboxScene(SandboxEditing, BoardSandbox, RummbleTableScene):
    """``scenario``: a puzzle dict or an analyze position (None: an empty board)."""

    pending_problem = ""

    def __init__(self, app: "App", scenario: dict[str, Any] | None = None) -> None:
        self.scenario = RummbleScenario()
        super().__init__(app, sandbox_session(self.scenario), autosave=False)
        self.view.scoreboard = False
        self.view.enter_says = "Enter to keep it"
        self.stage = EDIT
        self.brush: Tile | None = None
        self.edits: list[RummbleScenario] = []
        self.search: BestMoveSearch | None = None
        self.quiet: QuietSolve | None = None  # Save's own search (the board stays as it is)
        self.answer: SolverAnswer | None = None
        self.puzzles_folder: Path | None = None
        self.palette = Palette(SET_FACES, (PANEL.x + 14, PANEL.y + 44), 13, 20, palette_rows())
        self.buttons = GridButtons(REGIONS.buttons, [
            [("Edit", lambda: self.set_mode(EDIT), "Build the board and the rack", "e"),
             ("Play", lambda: self.set_mode(PLAY), "Play tiles on this board", "p")],
            [("Undo", self.undo, "Take back the last change", "z"), ("Reset", self.reset, "Back to the position", "r")],
            [("Best play", self.best_play, "The best-scoring play, shown on the board", "b"),
             ("Keep play", self.keep_play, "A legal play becomes part of the board", "return")],
            [("Save", lambda: toolbar.save(self), "Save as a puzzle file", "f2"),
             ("Load", lambda: toolbar.open_saved(self), "Open a saved scenario", "f3")],
            [("Share", lambda: toolbar.share(self), "A short text code", "f4"),
             ("Paste code", lambda: toolbar.open_code(self), "Open a share code", "f5")],
            [("Menu", self.close, "Back to the main menu", "escape")],
        ], self._refresh_buttons)
        self.open_scenario(scenario)

    # -- the scenario ---------------------------------------------------------------------
    def _use(self, scenario: RummbleScenario, keep_answer: bool = False) -> None:
        self.cancel_search()
        self.scenario = scenario
        if not keep_answer:
            self.answer = None
        self.session.state = scenario_state(scenario)
        self.tentative.recall()
        self.view.rack_orders.clear()
        self.view.new_turn()
        self.controller.changed()
        self.relayout()
        self.view.sprites.finish_all()

    def lines(self) -> list[tuple[tuple[int, ...], tuple[Laid, ...], str]]:
        """Every line of 2+ tiles on the board: its squares, tiles and problem ("" if a set)."""
        found = []
        for first, step, tiles in self.state.board.lines():
            squares = tuple(range(first, first + step * len(tiles), step))
            found.append((squares, tiles, set_problem(tiles)))
        return found

    # -- modes and commands ---------------------------------------------------------------
    def set_mode(self, mode: str) -> None:
        if mode != self.stage:
            self.stage = mode
            self.brush = None
            self._use(self.scenario, keep_answer=True)
            self.say("Play: put rack tiles on the board" if mode == PLAY else "Edit: pick a face, then a square")

    def undo(self) -> None:
        if self.stage == PLAY:
            self.controller.recall()
        elif self.edits:
            self._use(self.edits.pop())

    def reset(self) -> None:
        if self.stage == PLAY:
            self.controller.recall()
        else:
            self._edit(RummbleScenario.clear)

    def keep_play(self) -> None:
        if self.stage != PLAY:
            return
        play = self.tentative.play(self.state.faces)
        if play is None:
            self.say("Put tiles on the board first (a joker needs its tile)", warning=True)
            return
        verdict = self.state.check(play)
        if not verdict.legal:
            self.view.refresh_preview()
            self.say(verdict.reason, warning=True)
            self.play("invalid")
            return
        kept = self.scenario.copy()
        for placement in play.placements:
            kept.board[square(placement.row, placement.col)] = placement.laid
            kept.rack.remove(placement.laid.rack_tile)
        self.edits.append(self.scenario.copy())
        self._use(kept)
        self.say(f"Play kept: {verdict.score} points; this is the new position")

    # -- the best play --------------------------------------------------------------------
    def solvable(self) -> bool:
        return bool(self.scenario.rack) and not any(problem for _, _, problem in self.lines())

    def solve_quietly(self, then) -> None:
        state = scenario_state(self.scenario)

        def answer_of(move) -> SolverAnswer | None:
            if not isinstance(move, Play):
                return None
            return SolverAnswer([[p.row, p.col, p.laid.notation()] for p in move.placements], state.check(move).score)

        self.quiet = QuietSolve(BestMoveSearch.start(self.flow.hints, state, BEST_TIER), self.flow.hints.spec,
                                answer_of, then)

    def best_play(self) -> None:
        if self.search is not None or not self.scenario.rack:
            return
        wrong = [problem for _, _, problem in self.lines() if problem]
        if wrong:
            self.say(f"The board has a line that is not a set: {wrong[0]}", warning=True)
            return
        if self.stage != PLAY:
            self.set_mode(PLAY)
        self.controller.recall()
        self.search = BestMoveSearch.start(self.flow.hints, self.state, BEST_TIER)
        self.say("Looking for the best play…")

    def show_best(self, move, notation: str | None) -> None:
        if notation is None:
            self.say("The move generator could not answer", warning=True)
        elif not isinstance(move, Play):
            self.say("No legal play from this rack", warning=True)
        else:
            self.show_play(move)

    def show_play(self, play: Play) -> None:
        """The play's tiles glide from the rack to their squares (Undo takes them back)."""
        free = list(self.state.rack(0))
        for index, placement in enumerate(play.placements):
            tile_id = next(t for t in free if self.state.faces[t] == placement.laid.rack_tile)
            free.remove(tile_id)
            sq = square(placement.row, placement.col)
            self.tentative.put(tile_id, sq)
            if placement.laid.joker:
                self.tentative.declared[tile_id] = placement.laid.as_tile
        self.controller.changed()
        self.relayout()
        for index, (sq, tile_id) in enumerate(sorted(self.tentative.squares.items())):
            box = tile_box(sq)
            self.view.sprites.target(tile_id, box.x, box.y, box.w, rate=SHOWN_RATE, delay=index * TILE_STAGGER)
        verdict = self.state.check(play)
        self.answer = SolverAnswer([[p.row, p.col, p.laid.notation()] for p in play.placements], verdict.score)
        self.say(f"Best play: {verdict.score} points")

    # -- the table's hooks ----------------------------------------------------------------
    def first_deal(self) -> None:
        self.start_person_turn(0)
        self.say(self.pending_problem or "Edit: pick a face from the palette, then click a square or the rack",
                 warning=bool(self.pending_problem))

    def end_person_turn(self, timed_out: bool) -> None:
        self.keep_play()

    def confirm_turn(self) -> None:
        self.keep_play()

    def _refresh_buttons(self, grid: GridButtons) -> None:
        editing = self.stage == EDIT
        named = grid.named
        named["Edit"].style, named["Play"].style = ("primary", "secondary") if editing else ("secondary", "primary")
        named["Reset"].label = "Clear" if editing else "Reset"
        named["Undo"].enabled = bool(self.edits) if editing else bool(self.tentative)
        named["Reset"].enabled = bool(self.scenario.board or self.scenario.rack) if editing else bool(self.tentative)
        named["Best play"].enabled = self.search is None and bool(self.scenario.rack)
        named["Keep play"].enabled = not editing and bool(self.tentative)

    # -- input ----------------------------------------------------------------------------
    def _edit_click(self, pos: tuple[float, float]) -> bool:
        picked = self.palette.face_at(pos)
        if picked is not None:
            self.brush = None if picked == self.brush else picked
            self.play("rack")
            return True
        sq = square_at(*pos)
        if sq is not None and sq in self.scenario.board:
            return self._edit(lambda s: s.board.pop(sq))
        index = rack_tile_at(self.view.rack_layout, *pos)
        if index is not None and index < len(self.view.rack_ids):
            tile = self.state.faces[self.view.rack_ids[index]]
            return self._edit(lambda s: s.rack.remove(tile))
        brush = self.brush
        if brush is None:
            return False
        if sq is not None:
            if brush.is_joker:
                self._declare_joker(sq)
                return True
            return self._placed(self._edit(lambda s: s.put(sq, Laid.of(brush))))
        if REGIONS.rack.contains(*pos):
            return self._placed(self._edit(lambda s: s.add_to_rack(brush)))
        return False

    def _declare_joker(self, sq: int) -> None:
        if self.scenario.copies_left(self.brush) <= 0:
            self.say("both copies of J are already in use", warning=True)
            return

        def done(declared: Tile | None) -> None:
            if declared is not None:
                self._edit(lambda s: s.put(sq, Laid(declared.colour, declared.number, True)))

        if self.stack is not None:
            self.stack.push(JokerPicker(self.app, self.state.params.highest, False, lambda tile: True, done))

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        theme = self.app.theme
        for squares, _, problem in self.lines():
            if problem:
                first, last = tile_box(squares[0]), tile_box(squares[-1])
                outline = pygame.Rect(round(first.x) - 3, round(first.y) - 3, round(last.right - first.x) + 6,
                                      round(last.bottom - first.y) + 6)
                pygame.draw.rect(surface, theme.invalid, outline, 3, border_radius=6)
        draw_panel(surface, theme, PANEL, radius=16)
        y = PANEL.y + 12
        title = "Palette — pick a face, click a square" if self.stage == EDIT else "Sandbox · Play"
        surface.blit(shapes.text(title, 18, theme.text, bold=True), (PANEL.x + 14, y))
        if self.stage == EDIT:
            self.palette.draw(surface, self.app, self.scenario.copies_left, self.brush)
            y = self.palette.area.bottom + 14
        else:
            y += 34
        self._draw_lines(surface, y)

    def _draw_lines(self, surface: pygame.Surface, y: int) -> None:
        theme = self.app.theme
        lines = self.lines()
        surface.blit(shapes.text(f"Lines on the board: {len(lines)}", 18, theme.text, bold=True), (PANEL.x + 14, y))
        y += 28
        for squares, tiles, problem in lines:
            if y > PANEL.bottom - 70:
                break
            kind = classify(tiles)
            shown = " ".join(t.notation() for t in tiles)
            first = f"{describe_line(squares)}: {shown}"
            second = SET_NAMES[kind] if kind else problem
            colour = theme.text if not problem else theme.invalid
            mark = pygame.Rect(PANEL.x + 14, y + 4, 12, 12)
            pygame.draw.rect(surface, theme.hint if not problem else theme.invalid, mark, border_radius=3)
            surface.blit(shapes.text(_fit(first, 38), 16, colour), (PANEL.x + 32, y))
            surface.blit(shapes.text(_fit(second, 40), 15, theme.text_muted if not problem else colour),
                         (PANEL.x + 32, y + 19))
            y += 44
        if self.search is not None:
            surface.blit(shapes.text("Looking for the best play…", 18, theme.accent, bold=True),
                         (PANEL.x + 14, PANEL.bottom - 34))
        elif self.answer is not None:
            surface.blit(shapes.text(f"Best play: {self.answer.best} points", 18, theme.hint, bold=True),
                         (PANEL.x + 14, PANEL.bottom - 34))


def _fit(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[: chars - 1] + "…"
