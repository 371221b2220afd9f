"""A hint's candidate list on a table: the coach's five best plays for the person on turn,
best first, each with its points and the tiles it lays; the chosen one is shown on the board
the way the hint shows its play (the game's flow says how: ``show``), and a click on another
row shows that one instead.

The plays are weighed by the game's ``coach`` entry point (``best_plays``) on a worker thread
with a copy of the state, so the window never waits: the search is the hint's job (the flow
polls it every frame as it polls a computer seat's), the best play found is what the hint
shows, and the list goes when the turn does (``clear``). The
game's view says where the panel goes (``candidates_area``) and how a tile is drawn
(``candidate_face``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from rummi_desktop.entry_points import load_entry
from rummi_desktop.games import GAMES
from rummi_desktop.games.base import Candidate
from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.thinking.thread import ThinkingJob, start_thinking

if TYPE_CHECKING:
    import pygame

CANDIDATES = 5
FOOT_LINE = 40  # px kept free at the foot of a side panel the list is set in (its last line)


def at_foot(panel: Any, area: Any, foot: int = FOOT_LINE) -> Any:
    """The list (as tall as ``area``, the view's place) set in near the foot of a side panel
    (a sandbox's palette, a puzzle's card), ``foot`` px above it (the sandbox's last line
    stays in view); None while there is none."""
    from rummi_desktop.ui.geometry import Box

    if area is None:
        return None
    return Box(panel.x + 10, panel.bottom - area.h - foot, panel.w - 20, area.h)


class CandidatePanel:
    """``table`` is the game's table (its app is read for the theme and the tile pictures)."""

    def __init__(self, table: Any, game: str) -> None:
        self.table = table
        spec = GAMES.get(game)
        self.coach = load_entry(spec, "coach") if spec is not None and spec.has("coach") else None
        self.candidates: list[Candidate] = []
        self.chosen = -1
        self.owner: Any = None
        self._show: Callable[[Candidate], None] = lambda candidate: None

    @property
    def shown(self) -> bool:
        return bool(self.candidates)

    @property
    def available(self) -> bool:
        return self.coach is not None

    def search(self, state: Any, budget: float) -> ThinkingJob:
        """Start weighing the best plays of ``state`` (a copy: the table plays on meanwhile);
        the job's result is the list of :class:`Candidate`, best first."""
        position, best_plays = state.clone(), self.coach.best_plays
        return start_thinking(lambda deadline, cancel: best_plays(position, CANDIDATES, deadline=deadline, cancel=cancel),
                              budget, name="hint candidates")

    def offer(self, candidates: list[Candidate], show: Callable[[Candidate], None], owner: Any) -> None:
        """List the plays found, the best chosen (the caller shows it); ``show`` puts another
        chosen one on the board. ``owner`` (the hint's flow, the sandbox) alone clears it."""
        self.candidates, self.chosen, self._show = list(candidates)[:CANDIDATES], 0, show
        self.owner = owner
        self.table.relayout()  # the board makes room for the list

    def choose(self, index: int) -> None:
        self.chosen = index
        self._show(self.candidates[index])

    def clear(self, owner: Any = None) -> None:
        """Take the list away (``owner``: only if it offered it; the sandbox's list outlives
        the table's turns, which are its Play moves)."""
        if owner is not None and owner is not self.owner:
            return
        shown = self.shown
        self.candidates, self.chosen = [], -1
        if shown:
            self.table.relayout()  # the board takes its room back

    def over(self, column: Any) -> Any:
        """The panel laid over the top of a side column (its log), as tall as its rows need
        and the column allows; None while there is no list."""
        from rummi_desktop.ui.candidate_rows import list_height
        from rummi_desktop.ui.geometry import Box

        if not self.shown:
            return None
        return Box(column.x, column.y, column.w, min(column.h, list_height(len(self.candidates))))

    def row_at(self, pos: tuple[float, float], area: Any) -> int | None:
        from rummi_desktop.ui.candidate_rows import row_rect
        from rummi_desktop.ui.table_hud import rect

        for index in range(len(self.candidates)):
            if row_rect(rect(area), index).collidepoint(pos):
                return index
        return None

    def handle_action(self, action: Action, area: Any) -> bool:
        """A click on a row shows its play; a click elsewhere on the panel does nothing more."""
        if not self.shown or area is None or action.kind != ActionKind.CLICK or action.pos is None \
                or not area.contains(*action.pos):
            return False
        index = self.row_at(action.pos, area)
        if index is not None:  # (the owner's ``show`` says whether a play can be shown now)
            self.choose(index)
            self.table.play("rack")
        return True

    def draw(self, surface: "pygame.Surface", area: Any, view: Any) -> None:
        """The list in ``area``; the game's ``view`` names it (``candidates_title``), draws a
        tile (``candidate_face``) and says where a play goes (``candidate_note``)."""
        from rummi_desktop.ui.candidate_rows import CandidateRow, draw_candidate_list
        from rummi_desktop.ui.table_hud import rect

        if not self.shown or area is None:
            return
        rows = [CandidateRow(candidate.points, tuple(view.candidate_face(face) for face in candidate.tiles),
                             candidate.move.split()[0].capitalize(), view.candidate_note(candidate.move))
                for candidate in self.candidates]
        app = self.table.app
        draw_candidate_list(surface, app.theme, app.tiles, rect(area), view.candidates_title, rows, self.chosen,
                            app.settings.colour_blind)
