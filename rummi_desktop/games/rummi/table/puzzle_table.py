"""The Rummi puzzle table: the Rummi table given the puzzle mode, on a one-turn round made
from the puzzle's position, with no turn clock.

Undo and Reset are the model's; Check asks the puzzle module's ``check()``; Hint steps through
the puzzle module's three ``hints()``: level 1 outlines the meld(s) to break, level 2 lights up
the tiles that move, level 3 resets the turn and glides every tile to its place in the
solution, then checks it. The stopwatch runs until the puzzle is solved, in the table's top
bar (:class:`PuzzleTableView`), which also shows the hint's words. The trainer hears how it
went through ``on_finish(PuzzleOutcome)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping

from rummi_desktop.games.rummi.rules.moves import IllegalMove, Rearrange
from rummi_desktop.games.rummi.table.puzzle_buttons import PuzzleButtons
from rummi_desktop.games.rummi.table.puzzle_position import (focus_melds, hint_tile_names, ids_for_names, names,
                                                        puzzle_round, solution_table)
from rummi_desktop.games.rummi.table.puzzle_view import PuzzleTableView
from rummi_desktop.games.rummi.table.session import turn_start_melds
from rummi_desktop.games.rummi.table.table_scene import RummiTableScene
from rummi_desktop.games.seats import HUMAN, SeatConfig
from rummi_desktop.scenes.puzzle_mode import FinishCallback, PuzzleBoard, PuzzleMode
from rummi_desktop.scenes.puzzle_run import PuzzleRun, goal_text
from rummi_desktop.trainer.rating import Rating
from rummi_desktop.ui.sprites import SHOWN_RATE

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

SOLVER_SEAT = 0


@dataclass(frozen=True)
class PuzzleSetup:
    seats: tuple[SeatConfig, ...] = (SeatConfig(HUMAN, "You"),)
    seed: int = 0


class PuzzleSession:
    """What the table and its parts read from a session, for one puzzle: the round, its
    labels and its one seat (which never thinks, is never saved and never records)."""

    clock_seconds = None
    in_round = True
    current = SOLVER_SEAT
    human_seats = [SOLVER_SEAT]
    thinks_locally = False
    match_over = False
    setup = PuzzleSetup()

    def __init__(self, puzzle: Mapping[str, Any], logic: Any, rating_text: str = "") -> None:
        self.puzzle = dict(puzzle)
        self.logic = logic
        self.state = puzzle_round(puzzle)
        self.title = str(puzzle.get("title") or puzzle.get("id", "Puzzle"))
        self.goal_text = goal_text(puzzle)
        self.rating_text = rating_text or (f"Puzzle rated {Rating(float(puzzle['rating'])).shown}"
                                           if "rating" in puzzle else "")

    def seat(self, seat: int) -> SeatConfig:
        return self.setup.seats[seat]

    def is_human(self, seat: int) -> bool:
        return seat == SOLVER_SEAT

    def hint_refusal(self) -> str:
        return ""

    def victory_cue(self) -> str:
        return "turn"

    def online_status(self) -> dict[str, Any]:
        return {}


class RummiPuzzle(PuzzleBoard):
    """The Rummi half of a puzzle table (:class:`PuzzleMode`'s board): the table's melds are
    the answer; Undo and Reset are the model's; the hint's words and the stopwatch show in the
    top bar, and its buttons keep the rack's sorts."""

    noun = "play"
    card_area = None  # the top bar shows the run (PuzzleTableView)
    result_hold = 0.0  # the trainer's card follows at once
    solved_cue = "turn"
    hint_cue = "rack"
    hint_beat = 0.0  # Check as soon as the solution's tiles rest

    def __init__(self, session: PuzzleSession) -> None:
        self.session = session
        self.hint_text = ""  # the last hint's words, in the top bar
        self.solution_steps = 0

    def attach(self, table: RummiTableScene, mode: PuzzleMode) -> None:
        super().attach(table, mode)
        self.view, self.controller = table.view, table.controller
        self.view.puzzle_shows = self.shown  # the top bar's hint words and stopwatch

    def shown(self) -> tuple[str, bool, float]:
        """(the hint's words, whether the stopwatch shows, its seconds), for the top bar."""
        return self.hint_text, self.mode.show_stopwatch, self.mode.run.seconds

    def first_deal(self) -> bool:
        """The puzzle's one turn starts at once: no shuffle, no deal."""
        self.table.start_person_turn(SOLVER_SEAT)
        return True

    @property
    def state(self):
        return self.session.state

    def buttons(self, mode: PuzzleMode) -> PuzzleButtons:
        controller = self.controller
        return PuzzleButtons(controller.sort_rack, controller.undo, controller.reset_turn, mode.ask_hint,
                             mode.check_answer, self.leave, self._buttons_enabled)

    def _buttons_enabled(self) -> tuple[bool, bool, int]:
        open_ = not self.mode.run.finished and self.table.my_turn
        return bool(self.state.turn_moves), open_, self.mode.run.level + 1

    def leave(self) -> None:
        """Esc or Leave: a puzzle left unsolved counts as given up, so ask first."""
        self.controller.cancel()
        if self.mode.run.finished:
            self.table.close()
        else:
            self.mode.ask_give_up()

    # -- the answer on the table ------------------------------------------------------------
    def current_answer(self) -> list[list[str]]:
        return names(self.state.table)

    def check_waits(self) -> bool:
        if not self.table.my_turn:
            return True
        self.view.sprites.finish_all()
        return False

    def check_available(self) -> bool:
        return True

    def wrong_words(self, run: PuzzleRun, value: Any) -> str:
        return run.message or "Not the answer yet"

    def solved_words(self, run: PuzzleRun, value: Any) -> str:
        return "Solved!" if run.level < 3 else "That is the solution"

    def solved(self) -> None:
        self.view.hint_tiles.clear()
        self.view.hint_melds.clear()
        self.controller.drop_hand()
        self.table.relayout()

    # -- Undo and Reset: the model's ----------------------------------------------------------
    def undo_available(self) -> bool:
        return bool(self.state.turn_moves)

    def reset_available(self) -> bool:
        return bool(self.state.turn_moves)

    def undo_move(self) -> None:
        self.controller.undo()

    def reset_position(self) -> None:
        self.controller.reset_turn()

    # -- hints ------------------------------------------------------------------------------
    def hint_words(self, run: PuzzleRun, hint: dict[str, Any]) -> str:
        text = str(hint.get("text") or "")
        if text:
            self.hint_text = text  # the top bar keeps the last words said
        return text

    def show_hint(self, hint: dict[str, Any]) -> None:
        start = turn_start_melds(self.state)
        if self.mode.run.level == 1:
            broken = [start[i] for i in focus_melds(hint.get("focus")) if 0 <= i < len(start)]
            self.view.hint_melds = {tile for meld in broken for tile in meld}
        else:
            self.view.hint_tiles = set(ids_for_names(hint_tile_names(hint), self._hint_candidates(start)))

    def _hint_candidates(self, start) -> list[int]:
        """Tiles a level-2 hint may name, most likely first: those of the melds to break, the
        rack's, then the rest of the table's (a name on both picks the likelier tile)."""
        focused = [tile for meld in start for tile in meld if tile in self.view.hint_melds]
        rest = [tile for meld in start for tile in meld if tile not in self.view.hint_melds]
        rack = [tile for tile in self.table.racks.turn_start or self.state.rack(SOLVER_SEAT)]
        return focused + rack + rest

    def play_solution(self, solution: Any) -> list[Callable[[], None]]:
        """Level 3: from the table as it is, every tile glides to its place in the solution;
        once they rest, Check."""
        return [lambda: self._glide_to(solution or self.session.puzzle["solution"]), self.mode.check_answer]

    def _glide_to(self, solution) -> None:
        self.controller.drop_hand()
        self.state.reset_turn()
        start = turn_start_melds(self.state)
        try:
            self.state.apply(Rearrange(solution_table(solution, start, self.state.rack(SOLVER_SEAT))))
        except (IllegalMove, ValueError) as error:
            self.mode.stop_hint()
            self.table.say(f"This puzzle's solution cannot be shown: {error}", warning=True)
            return
        self.view.hint_tiles.clear()
        self.view.hint_melds.clear()
        self.view.invalid_tiles.clear()
        self.view.relayout(rate=SHOWN_RATE)

    def animation_busy(self) -> bool:
        return not self.view.sprites.settled

    def status(self) -> dict[str, Any]:
        """What the e2e tests point at: the melds and rack by name, every tile's box."""
        table_layout, rack_layout = self.view.table_layout, self.view.rack_layout
        return {"table_tiles": sum(map(len, self.state.table)), "table": names(self.state.table),
                "melds": [list(box.as_tuple()) for box in table_layout.meld_boxes],
                "rack": [[name, list(box.as_tuple())] for name, box in zip(names([self.view.rack_ids])[0],
                                                                        rack_layout.slots)],
                "tiles": [[list(box.as_tuple()) for box in boxes] for boxes in table_layout.tile_boxes],
                "felt": list(table_layout.area.as_tuple()), "tile_w": table_layout.tile_w,
                "tile_h": table_layout.tile_h}


def puzzle_table(app: "App", puzzle: Mapping[str, Any], on_finish: FinishCallback, *, logic: Any = None,
                 rating_text: str = "") -> RummiTableScene:
    """The Rummi table at the puzzle's position, in the puzzle mode."""
    if logic is None:
        from rummi_desktop.entry_points import puzzle_logic

        logic = puzzle_logic("rummi")
    session = PuzzleSession(puzzle, logic, rating_text)
    mode = PuzzleMode(session.puzzle, on_finish, logic, RummiPuzzle(session))
    return RummiTableScene(app, session, mode=mode, view_type=PuzzleTableView)
