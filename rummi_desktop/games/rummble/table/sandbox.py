"""Rummble's sandbox: any board and rack, no clock, then plays on the real Rummble table.

The real table (:class:`RummbleTableScene`: its board, rack, drag-and-drop, joker picker and
the live preview of a play's sets and points) in the sandbox mode (:class:`SandboxMode`), with
:class:`RummbleSandbox` as its part and the left column as the sandbox's panel:

* **Edit**: pick a face from the palette, click a square (a joker asks what it stands for)
  or the rack; click a tile to take it off. Every line of 2+ tiles on the board is checked
  as it changes (the model's ``set_problem``).
* **Play**: put rack tiles down as in a game; Keep play makes a legal play part of the board.
  Best play asks the best-scoring computer tier (the move generator, in the thinking process)
  and glides its tiles onto their squares.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from rummi_desktop.games.rummble.rules.board import Laid, square
from rummi_desktop.games.rummble.rules.moves import Play
from rummi_desktop.games.rummble.rules.play import describe_line, line_problem
from rummi_desktop.games.rummble.rules.sets import SET_NAMES, classify, set_problem
from rummi_desktop.games.rummble.rules.state import RummbleParameters, RummbleState
from rummi_desktop.games.rummble.table.dialogs import JokerPicker
from rummi_desktop.games.rummble.table.layout import REGIONS, square_at, tile_box
from rummi_desktop.games.rummble.table.session import RummbleSeatStats, RummbleSession, RummbleSetup
from rummi_desktop.games.rummble.table.table_scene import RummbleTableScene
from rummi_desktop.scenes.sandbox.buttons import sandbox_buttons
from rummi_desktop.scenes.candidate_panel import at_foot
from rummi_desktop.scenes.sandbox.common import EDIT, PLAY, GridButtons, fit
from rummi_desktop.scenes.sandbox.palette import Palette
from rummi_desktop.scenes.sandbox.sandbox_mode import SandboxMode, SandboxPart
from rummi_desktop.games.rummble.table.scenario import RummbleScenario
from rummi_desktop.scenes.sandbox.scenario_files import SolverAnswer

from rummi_desktop.games.seats import HUMAN, SeatConfig
from rummi_desktop.tiles import SET_FACES, Tile
from rummi_desktop.ui import shapes
from rummi_desktop.ui.rack_layout import rack_tile_at
from rummi_desktop.ui.sprites import SHOWN_RATE
from rummi_desktop.ui.widgets import draw_panel
from rummi_desktop.ui.wording import sentence

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


class RummbleSandbox(SandboxPart):
    """Rummble's half of a sandbox table: the palette, every line on the board checked, the
    joker's declaration, and the best-scoring play glided onto its squares."""

    best_tier = BEST_TIER
    opening = "Edit: pick a face from the palette, then click a square or the rack"
    searching = "Looking for the best play…"
    stage_words = {PLAY: "Play: put rack tiles on the board", EDIT: "Edit: pick a face, then a square"}

    def __init__(self) -> None:
        self.palette = Palette(SET_FACES, (PANEL.x + 14, PANEL.y + 44), 13, 20, palette_rows())

    def attach(self, table: RummbleTableScene, mode: SandboxMode) -> None:
        super().attach(table, mode)
        self.tentative = table.tentative
        self.view.scoreboard = False
        self.view.enter_says = "Enter to keep it"

    def buttons(self, mode: SandboxMode) -> GridButtons:
        return sandbox_buttons(mode, ("Best play", mode.best_play, "The best-scoring play, shown on the board", "b"),
                               ("Keep play", self.keep_play, "A legal play becomes part of the board", "return"),
                               None, self._refresh_buttons)

    @property
    def state(self) -> RummbleState:
        return self.table.state

    # -- the scenario ---------------------------------------------------------------------
    def rebuild(self) -> None:
        self.table.session.state = scenario_state(self.mode.scenario)
        self.tentative.recall()
        self.view.rack_orders.clear()
        self.view.new_turn()
        self.controller.changed()
        self.table.relayout()
        self.view.sprites.finish_all()

    def lines(self) -> list[tuple[tuple[int, ...], tuple[Laid, ...], str]]:
        """Every line of 2+ tiles on the board: its squares, tiles and problem ("" if a set)."""
        found = []
        for first, step, tiles in self.state.board.lines():
            squares = tuple(range(first, first + step * len(tiles), step))
            found.append((squares, tiles, set_problem(tiles)))
        return found

    # -- the Play stage -------------------------------------------------------------------
    def undo_play(self) -> None:
        self.controller.recall()

    def reset_play(self) -> None:
        self.controller.recall()

    def keep_play(self) -> bool:
        """A legal play becomes part of the board (the rack keeps what is left)."""
        if self.mode.stage != PLAY:
            return True
        table = self.table
        play = self.tentative.play(self.state.faces)
        if play is None:
            table.say("Put tiles on the board first (a joker needs its tile)", warning=True)
            return True
        verdict = self.state.check(play)
        if not verdict.legal:
            self.view.refresh_preview()
            table.say(sentence(verdict.reason), warning=True)
            table.play("invalid")
            return True
        kept = self.mode.scenario.copy()
        for placement in play.placements:
            kept.board[square(placement.row, placement.col)] = placement.laid
            kept.rack.remove(placement.laid.rack_tile)
        self.mode.replace(kept)
        table.say(f"Play kept: {verdict.score} points; this is the new position")
        return True

    # -- the best play --------------------------------------------------------------------
    def solvable(self) -> bool:
        return bool(self.mode.scenario.rack) and not any(problem for _, _, problem in self.lines())

    def quiet_search(self) -> tuple[RummbleState, Callable[[Any], SolverAnswer | None]]:
        state = scenario_state(self.mode.scenario)

        def answer_of(move) -> SolverAnswer | None:
            if not isinstance(move, Play):
                return None
            return SolverAnswer([[p.row, p.col, p.laid.notation()] for p in move.placements], state.check(move).score)

        return state, answer_of

    def best_refused(self) -> bool:
        if not self.mode.scenario.rack:
            return True
        wrong = [line_problem(squares, tiles) for squares, tiles, problem in self.lines() if problem]
        if wrong:
            self.table.say(f"Fix the board first: {wrong[0]}", warning=True)
            return True
        return False

    def before_search(self) -> None:
        self.controller.recall()

    def candidates_area(self, area):
        return at_foot(PANEL, area)

    def show_best(self, move, notation: str | None) -> None:
        if notation is None:
            self.table.say("The best play could not be worked out; try again", warning=True)
        elif not isinstance(move, Play):
            self.table.say("No legal play from this rack", warning=True)
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
        self.table.relayout()
        for index, (sq, tile_id) in enumerate(sorted(self.tentative.squares.items())):
            box = tile_box(sq)
            self.view.sprites.target(tile_id, box.x, box.y, box.w, rate=SHOWN_RATE, delay=index * TILE_STAGGER)
        verdict = self.state.check(play)
        self.mode.answer = SolverAnswer([[p.row, p.col, p.laid.notation()] for p in play.placements], verdict.score)
        self.table.say(f"Best play: {verdict.score} points")

    def _refresh_buttons(self, grid: GridButtons) -> None:
        mode = self.mode
        editing = mode.stage == EDIT
        named = grid.named
        named["Undo"].enabled = bool(mode.edits) if editing else bool(self.tentative)
        named["Reset"].enabled = bool(mode.scenario.board or mode.scenario.rack) if editing else bool(self.tentative)
        named["Best play"].enabled = mode.search is None and bool(mode.scenario.rack)
        named["Keep play"].enabled = not editing and bool(self.tentative)

    # -- input ----------------------------------------------------------------------------
    def edit_click(self, pos: tuple[float, float]) -> bool:
        mode = self.mode
        if mode.pick(self.palette, pos):
            return True
        sq = square_at(*pos)
        if sq is not None and sq in mode.scenario.board:
            return mode.edit(lambda s: s.board.pop(sq))
        index = rack_tile_at(self.view.rack_layout, *pos)
        if index is not None and index < len(self.view.rack_ids):
            tile = self.state.faces[self.view.rack_ids[index]]
            return mode.edit(lambda s: s.rack.remove(tile))
        brush = mode.brush
        if brush is None:
            return False
        if sq is not None:
            if brush.is_joker:
                self._declare_joker(sq)
                return True
            return mode.placed(mode.edit(lambda s: s.put(sq, Laid.of(brush))))
        if REGIONS.rack.contains(*pos):
            return mode.placed(mode.edit(lambda s: s.add_to_rack(brush)))
        return False

    def _declare_joker(self, sq: int) -> None:
        mode, table = self.mode, self.table
        if mode.scenario.copies_left(mode.brush) <= 0:
            table.say("both copies of J are already in use", warning=True)
            return

        def done(declared: Tile | None) -> None:
            if declared is not None:
                mode.edit(lambda s: s.put(sq, Laid(declared.colour, declared.number, True)))

        if table.stack is not None:
            table.stack.push(JokerPicker(table.app, self.state.params.highest, False, lambda tile: True, done))

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app, mode = self.table.app, self.mode
        theme = app.theme
        for squares, _, problem in self.lines():
            if problem:
                first, last = tile_box(squares[0]), tile_box(squares[-1])
                outline = pygame.Rect(round(first.x) - 3, round(first.y) - 3, round(last.right - first.x) + 6,
                                      round(last.bottom - first.y) + 6)
                pygame.draw.rect(surface, theme.invalid, outline, 3, border_radius=6)
        draw_panel(surface, theme, PANEL, radius=16)
        y = PANEL.y + 12
        title = "Palette — pick a face, click a square" if mode.stage == EDIT else "Sandbox · Play"
        surface.blit(shapes.text(title, 18, theme.text, bold=True), (PANEL.x + 14, y))
        if mode.stage == EDIT:
            self.palette.draw(surface, app, mode.scenario.copies_left, mode.brush)
            y = self.palette.area.bottom + 14
        else:
            y += 34
        self._draw_lines(surface, y)

    def _draw_lines(self, surface: pygame.Surface, y: int) -> None:
        theme, mode = self.table.app.theme, self.mode
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
            surface.blit(shapes.text(fit(first, 38), 16, colour), (PANEL.x + 32, y))
            surface.blit(shapes.text(fit(second, 40), 15, theme.text_muted if not problem else colour),
                         (PANEL.x + 32, y + 19))
            y += 44
        if mode.search is not None:
            surface.blit(shapes.text("Looking for the best play…", 18, theme.accent, bold=True),
                         (PANEL.x + 14, PANEL.bottom - 34))
        elif mode.answer is not None:
            surface.blit(shapes.text(f"Best play: {mode.answer.best} points", 18, theme.hint, bold=True),
                         (PANEL.x + 14, PANEL.bottom - 34))


def sandbox_table(app: "App", scenario: dict[str, Any] | None = None) -> RummbleTableScene:
    """The Rummble table in the sandbox mode. ``scenario``: a puzzle dict or an analyze
    position (None: an empty board)."""
    empty = RummbleScenario()
    return RummbleTableScene(app, sandbox_session(empty),
                             mode=SandboxMode(RummbleSandbox(), empty, scenario))

