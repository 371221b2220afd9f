"""The sandbox mode: every game's sandbox is that game's own table given a :class:`SandboxMode`.

The game's table (its view, input controller and turn flow) plays one free turn after
another, with no clock and nothing saved, in one of two stages: **Edit** (the position is
built by hand from a palette) and **Play** (moves as at the table, on that position). The mode
holds what every game's sandbox shares: the scenario being edited (with ``copy()``,
``position()``, ``from_position()`` and ``clear()``), its edit history for Undo, the stage,
the palette's brush, the best-move searches (Best play, and Save's own quiet one) and what Esc
and Enter mean. The game's :class:`SandboxPart` holds the game's own editing: how a scenario
becomes the table's turn, the palette clicks, its buttons and panel, and how the best move is
shown.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from rummi_desktop.games.positions import PositionError
from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.scenes.sandbox.common import EDIT, PLAY, SOLVER_BUDGET, BestMoveSearch, QuietSolve
from rummi_desktop.scenes.sandbox.scenario_files import SolverAnswer, position_of
from rummi_desktop.scenes.table_mode import TableMode
from rummi_desktop.thinking.thread import answer_or_none

if TYPE_CHECKING:
    from rummi_desktop.scenes.table_context import ModeContext
    import pygame

    from rummi_desktop.scenes.sandbox.palette import Palette


class SandboxPart:
    """The game's half of a sandbox table. A game's part sets the words and the tier below and
    answers the methods that raise NotImplementedError; the rest default to nothing."""

    best_tier = ""  # the computer tier asked for the best move
    opening = ""  # the first banner
    searching = ""  # the banner while Best play searches
    stage_words: dict[str, str] = {}  # the banner on entering each stage
    table: Any = None
    mode: "SandboxMode"

    def attach(self, table: Any, mode: "SandboxMode") -> None:
        """The table's parts are built (the buttons come next, from ``buttons``)."""
        self.table, self.mode = table, mode
        self.view, self.controller = table.view, table.controller

    def edit_action(self, action: Action) -> None:
        """A gesture in the Edit stage, the buttons having passed: a click edits the position."""
        if action.kind == ActionKind.CLICK and action.pos is not None:
            self.edit_click(action.pos)

    def buttons(self, mode: "SandboxMode") -> Any:
        """The table's buttons in the sandbox (the mode puts them on the table)."""
        raise NotImplementedError

    def rebuild(self) -> None:
        """The scenario changed: put its position on the table afresh."""
        raise NotImplementedError

    def edit_click(self, pos: tuple[float, float]) -> bool:
        """A click in the Edit stage: the palette, a square or a meld (True: something changed)."""
        raise NotImplementedError

    def undo_play(self) -> None:
        """Undo in the Play stage: the last tile put down goes back."""
        raise NotImplementedError

    def reset_play(self) -> None:
        """Reset in the Play stage: every tile put down goes back."""
        raise NotImplementedError

    def solvable(self) -> bool:
        """Whether the best move can be searched for (Save stores it as the solution)."""
        raise NotImplementedError

    def best_refused(self) -> bool:
        """True, having said why, when Best play cannot search the position as it stands."""
        raise NotImplementedError

    def quiet_search(self) -> tuple[Any, Callable[[Any], Any]]:
        """(the state to search, the move → SolverAnswer for Save), without touching the table."""
        raise NotImplementedError

    def show_best(self, move: Any, notation: str | None) -> None:
        """The best move the search found, shown on the table (None: it failed)."""
        raise NotImplementedError

    def draw(self, surface: "pygame.Surface") -> None:
        """The part's panel over the table."""
        raise NotImplementedError

    def candidates_area(self, area: Any) -> Any:
        """Where Best play's candidate list goes (``area``: where the game's table puts it)."""
        return area

    def keep_play(self) -> bool:
        """Enter on the Play turn: True when the part answers it (Keep play)."""
        return False

    def turn_completed(self, round_over: bool) -> bool:
        """A move of the Play turn was shown: True when the part takes it from there."""
        return False

    def stage_changed(self) -> None:
        """The stage has just changed (the table is rebuilt next)."""

    def before_search(self) -> None:
        """Best play: the Play turn is about to be searched from (put the tiles back)."""

    def relayout(self) -> None:
        """Before the table lays out again."""

    def update(self, dt: float) -> None:
        """A frame, after the table's own."""

    def animating(self) -> bool:
        return False


class SandboxMode(TableMode):
    """No clock, nothing saved, one free turn: ``scenario`` (the game's empty scenario, which
    the table's session was made from) edited and played through the game's ``part``.
    ``start`` is a puzzle dict or an analyze position to open at once (None: start empty)."""

    saves = False
    may_resign = False  # it has its own way to give up or start again
    tracks_unseen = False  # a position laid out by hand hides nothing worth tracking
    # Its positions are built by hand, and may break the rules on purpose, in Play too (a table
    # of one-tile melds can be played on, and Keep play refuses it): only conservation holds.
    rules_hold = False

    def __init__(self, part: SandboxPart, scenario: Any, start: dict[str, Any] | None = None) -> None:
        self.part, self.scenario, self.start = part, scenario, start
        self.stage = EDIT
        self.brush: Any = None  # the palette face being placed
        self.edits: list[Any] = []  # the Edit stage's Undo
        self.search: BestMoveSearch | None = None  # Best play's search, shown when it answers
        self.quiet: QuietSolve | None = None  # Save's own search (the table stays as it is)
        self.candidate_job: Any = None  # the coach's best plays, listed when they come in
        self.shown_move: str | None = None  # the notation of the best move on show
        self.answer: SolverAnswer | None = None  # the best move's answer for the position as it is
        self.puzzles_folder: Path | None = None  # None: the player's puzzles folder (tests pass one)
        self.pending_problem = ""  # why ``start`` could not be opened (shown once the table shows)

    def attach(self, table: "ModeContext") -> None:
        super().attach(table)
        self.part.attach(table, self)
        table.buttons = self.part.buttons(self)
        if self.start is not None:
            try:
                self.load_position(position_of(self.start, table.GAME))
            except ValueError as error:
                self.pending_problem = f"That scenario cannot be opened: {error}"

    # -- the scenario -----------------------------------------------------------------------
    def position(self) -> dict[str, Any]:
        return self.scenario.position()

    def load_position(self, position: dict[str, Any]) -> None:
        """Replace the scenario (PositionError, nothing changed, when it cannot be used); Undo
        brings the old one back."""
        self.replace(type(self.scenario).from_position(position))

    def replace(self, scenario: Any) -> None:
        """``scenario`` becomes the position; Undo brings the old one back."""
        self.edits.append(self.scenario.copy())
        self.use(scenario)

    def edit(self, change: Callable[[Any], object]) -> bool:
        """Apply an edit to a copy of the scenario; on success it becomes the scenario."""
        edited = self.scenario.copy()
        try:
            change(edited)
        except PositionError as error:
            self.table.say(str(error), warning=True)
            self.table.play("invalid")
            return False
        self.replace(edited)
        self.table.play("clink")
        return True

    def use(self, scenario: Any, keep_answer: bool = False) -> None:
        """Rebuild the table's turn from ``scenario`` (a fresh turn of the model)."""
        self.cancel_search(keep_candidates=keep_answer)
        self.scenario = scenario
        if not keep_answer:
            self.answer = None
        self.part.rebuild()

    def pick(self, palette: "Palette", pos: tuple[float, float]) -> bool:
        """A click on the palette picks its face as the brush (the same face puts it down)."""
        picked = palette.face_at(pos)
        if picked is None:
            return False
        self.brush = None if picked == self.brush else picked
        self.table.play("rack")
        return True

    def placed(self, done: bool) -> bool:
        """After a placement: the brush is put down once no copy of its face is left."""
        if done and self.brush is not None and self.scenario.copies_left(self.brush) <= 0:
            self.brush = None
        return done

    # -- the stages and the buttons they share ----------------------------------------------
    def set_stage(self, stage: str) -> None:
        if stage == self.stage:
            return
        self.stage = stage
        self.brush = None
        self.part.stage_changed()
        self.cancel_candidates()  # a list belongs to one Play turn
        self.use(self.scenario, keep_answer=True)
        self.table.say(self.part.stage_words[stage])

    def undo(self) -> None:
        if self.stage == PLAY:
            self.part.undo_play()
        elif self.edits:
            self.use(self.edits.pop())

    def reset(self) -> None:
        """Play: back to the position; Edit: Clear."""
        if self.stage == PLAY:
            self.part.reset_play()
        else:
            self.edit(type(self.scenario).clear)

    # -- the best move ----------------------------------------------------------------------
    def best_play(self) -> None:
        """Ask the game's best tier for the Play turn's best move (shown when it answers)."""
        if self.search is not None or self.part.best_refused():
            return
        if self.stage != PLAY:
            self.set_stage(PLAY)
        self.part.before_search()
        self.search = BestMoveSearch.start(self.table.flow.hints, self.table.state, self.part.best_tier)
        self.shown_move = None
        candidates = self.table.candidates
        if candidates.available:  # the coach's five best plays, listed beside the board
            self.cancel_candidates()
            self.candidate_job = candidates.search(self.table.state, SOLVER_BUDGET)
        self.table.say(self.part.searching)

    def show_candidate(self, candidate: Any) -> None:
        """A row of the candidate list chosen: its play shown in place of the one on show."""
        if self.search is not None:
            self.search.cancel()
            self.search = None
        panel = self.table.candidates
        listed = list(panel.candidates)
        self.part.reset_play()
        if not panel.shown:  # a Reset that rebuilt the Play turn's position: the list is still its own
            panel.offer(listed, self.show_candidate, self)
        self.show_best(candidate.move)

    def show_best(self, notation: str | None) -> None:
        try:
            move = self.table.flow.hints.spec.parse_move(notation) if notation else None
        except ValueError:
            move, notation = None, None
        self.shown_move = notation
        self.part.show_best(move, notation)
        self._light_shown()

    def _light_shown(self) -> None:
        """The candidate list lights the play on show (none: it is not among them)."""
        panel = self.table.candidates
        panel.chosen = next((index for index, candidate in enumerate(panel.candidates)
                             if candidate.move == self.shown_move), -1)

    def solve_quietly(self, then: Callable[[Any], None]) -> None:
        """The best move for the scenario as it stands, without touching the table (Save)."""
        state, answer_of = self.part.quiet_search()
        hints = self.table.flow.hints
        self.quiet = QuietSolve(BestMoveSearch.start(hints, state, self.part.best_tier), hints.spec, answer_of, then)

    def cancel_search(self, keep_candidates: bool = False) -> None:
        """Stop the searches; ``keep_candidates``: the position is the Play turn's own still
        (a drop that became it, Reset), so its candidate list stands."""
        for search in (self.search, self.quiet):
            if search is not None:
                search.cancel()
        self.search = self.quiet = None
        if not keep_candidates:
            self.cancel_candidates()

    def cancel_candidates(self) -> None:
        if self.candidate_job is not None:
            self.candidate_job.cancel()
            self.candidate_job = None
        if getattr(self, "table", None) is not None:  # (a scenario is used before the table is built)
            self.table.candidates.clear(self)

    # -- the table's questions --------------------------------------------------------------
    def first_deal(self) -> bool:
        self.table.start_person_turn(0)
        self.table.say(self.pending_problem or self.part.opening, warning=bool(self.pending_problem))
        return True

    def person_turn(self, seat: int) -> bool:
        """A free turn: no clock, no turn banner."""
        table = self.table
        table.viewer = seat
        table.turns.free_play()
        table.flow.person_turn_begins(seat)
        table.relayout()
        return True

    def handle_action(self, action: Action) -> bool:
        """Play: the table's own handling. Edit: the buttons, Esc closes, the rest edits."""
        if self.stage == PLAY:
            return False
        if self.table.buttons.handle_action(action):
            return True
        if action.kind == ActionKind.BACK:
            self.table.close()
            return True
        self.part.edit_action(action)
        return True

    def confirm(self) -> bool:
        return self.part.keep_play()

    def end_person_turn(self, timed_out: bool) -> bool:
        return self.part.keep_play()

    def turn_completed(self, round_over: bool) -> bool:
        return self.part.turn_completed(round_over)

    def pause(self) -> bool:
        """Esc: no pause card (the sandbox has no clock and keeps nothing to resume): it closes."""
        self.table.close()
        return True

    def relayout(self) -> None:
        self.part.relayout()

    def update(self, dt: float) -> None:
        self.part.update(dt)
        if self.search is not None:
            done, notation = self.search.answer()
            if done:
                self.search = None
                self.show_best(notation)
        self._poll_candidates()
        if self.quiet is not None and self.quiet.poll():
            self.quiet = None

    def _poll_candidates(self) -> None:
        job = self.candidate_job
        if job is None or not job.done:
            return
        self.candidate_job = None
        found = answer_or_none(job)
        if found and self.stage == PLAY:
            self.table.candidates.offer(found, self.show_candidate, self)
            self._light_shown()

    def animating(self) -> bool:
        return (self.search is not None or self.quiet is not None or self.candidate_job is not None
                or self.part.animating())

    def candidates_area(self, area: Any) -> Any:
        return self.part.candidates_area(area)

    def draw(self, surface: "pygame.Surface") -> None:
        self.part.draw(surface)

    def exit(self) -> None:
        self.cancel_search()
