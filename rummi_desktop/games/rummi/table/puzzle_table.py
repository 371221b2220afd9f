"""The Rummi puzzle table: the real table's parts (``controller``, ``drag``, ``view``,
``layout``) on a one-turn round made from the puzzle's position, with no turn clock.

Undo and Reset are the model's; Check asks the puzzle module's ``check()``; Hint steps through
the puzzle module's three ``hints()``: level 1 outlines the meld(s) to break, level 2 lights up
the tiles that move, level 3 resets the turn and glides every tile to its place in the
solution, then checks it. The stopwatch runs until the puzzle is solved. The trainer hears
how it went through ``on_finish(PuzzleOutcome)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping

from rummi_desktop.games.rummi.rules.moves import IllegalMove, Rearrange
from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.scenes.puzzle_outcome import PuzzleOutcome
from rummi_desktop.scenes.puzzle_run import goal_text
from rummi_desktop.scenes.puzzle_mode import ask_to_give_up, toggles_stopwatch
from rummi_desktop.games.rummi.table.controller import RummiTableInput
from rummi_desktop.games.rummi.table.help_text import HELP_SECTIONS
from rummi_desktop.games.rummi.table.puzzle_buttons import PuzzleButtons
from rummi_desktop.games.rummi.table.puzzle_position import (focus_melds, hint_tile_names, ids_for_names, names,
                                                        puzzle_round, solution_table)
from rummi_desktop.games.rummi.table.puzzle_view import PuzzleTableView
from rummi_desktop.games.rummi.table.rack_order import RackOrders
from rummi_desktop.games.rummi.table.session import turn_start_melds
from rummi_desktop.scenes.table_base import TableScene
from rummi_desktop.shell.status_report import describe_widgets
from rummi_desktop.trainer.rating import Rating
from rummi_desktop.ui.sprites import SHOWN_RATE

if TYPE_CHECKING:
    import pygame

    from rummi_desktop.shell.app import App

SOLVER_SEAT = 0


class PuzzleSession:
    """What the table parts read from a session, for one puzzle: the round and its labels."""

    clock_seconds = None
    in_round = True
    current = SOLVER_SEAT

    def __init__(self, puzzle: Mapping[str, Any], logic: Any, rating_text: str = "") -> None:
        self.puzzle = dict(puzzle)
        self.logic = logic
        self.state = puzzle_round(puzzle)
        self.title = str(puzzle.get("title") or puzzle.get("id", "Puzzle"))
        self.goal_text = goal_text(puzzle)
        self.rating_text = rating_text or (f"Puzzle rated {Rating(float(puzzle['rating'])).shown}"
                                           if "rating" in puzzle else "")

    def check(self) -> dict[str, Any]:
        """The puzzle module's verdict on the table as it is now."""
        return self.logic.check(self.puzzle, names(self.state.table))


class RummiPuzzleScene(TableScene):
    """Made as ``RummiPuzzleScene(app, puzzle, on_finish)``; ``logic`` is the puzzle module
    (default: Rummi's ``puzzles`` entry point)."""

    game_title = "Rummi puzzle"
    help_sections = HELP_SECTIONS

    def __init__(self, app: "App", puzzle: Mapping[str, Any], on_finish: Callable[[PuzzleOutcome], None], *,
                 logic: Any = None, rating_text: str = "") -> None:
        super().__init__(app, autosave=False)
        if logic is None:
            from rummi_desktop.entry_points import puzzle_logic

            logic = puzzle_logic("rummi")
        self.session = PuzzleSession(puzzle, logic, rating_text)
        self.on_finish = on_finish
        self.racks = RackOrders()
        self.view = PuzzleTableView(self, self.session, self.racks)
        self.controller = RummiTableInput(self, self.session, self.racks, self.view)
        self.buttons = PuzzleButtons(self.controller.sort_rack, self.controller.undo, self.controller.reset_turn,
                                     self.next_hint, self.check, self.leave, self._buttons_enabled)
        self.elapsed = 0.0
        self.show_stopwatch = True
        self.hint_level = 0
        self.hint_text = ""
        self.outcome: PuzzleOutcome | None = None
        self._check_when_settled = False
        self._hints: list[dict] | None = None

    @property
    def state(self):
        return self.session.state

    @property
    def table_layout(self):
        return self.view.table_layout

    @property
    def rack_layout(self):
        return self.view.rack_layout

    @property
    def rack_ids(self) -> list[int]:
        return self.view.rack_ids

    def _buttons_enabled(self) -> tuple[bool, bool, int]:
        return bool(self.state.turn_moves), self.outcome is None and self.my_turn, self.hint_level + 1

    # -- the base's hooks -------------------------------------------------------------------
    @property
    def in_round(self) -> bool:
        return self.outcome is None

    @property
    def current_seat(self) -> int:
        return SOLVER_SEAT

    def is_person(self, seat: int) -> bool:
        return seat == SOLVER_SEAT

    @property
    def person_seats(self) -> list[int]:
        return [SOLVER_SEAT]

    def seat_name(self, seat: int) -> str:
        return "You"

    @property
    def clock_seconds(self) -> int | None:
        return None

    def relayout(self) -> None:
        self.view.relayout()

    def first_deal(self) -> None:
        self.start_person_turn(SOLVER_SEAT)
        self.say(self.session.goal_text)

    def person_turn_begins(self, seat: int) -> None:
        self.racks.turn_begins(seat, self.state.rack(seat))
        self.relayout()

    def end_person_turn(self, timed_out: bool) -> None:
        self.check()

    def update_parts(self, dt: float) -> None:
        self.view.update(dt)
        self.buttons.update(dt, True)
        self.view.age_effects(dt)
        self.view.warm_tiles()
        if self.outcome is None:
            self.elapsed += dt
        if self._check_when_settled and self.view.sprites.settled:
            self._check_when_settled = False
            self.check()

    def animating(self) -> bool:
        return not self.view.sprites.settled or any(left > 0 for left in self.view.meld_glow.values())

    def next_change_in(self) -> float:
        wait = super().next_change_in()
        if self.show_stopwatch and self.outcome is None:
            wait = min(wait, 1.0 - self.elapsed % 1.0)  # the stopwatch's next second
        return wait

    # -- commands ---------------------------------------------------------------------------
    def check(self) -> None:
        if self.outcome is not None or not self.my_turn:
            return
        self.view.sprites.finish_all()
        verdict = self.session.check()
        if verdict.get("solved"):
            self._finish(PuzzleOutcome(True, self.elapsed, self.hint_level))
            return
        self.say(str(verdict.get("message") or "Not the answer yet"), warning=True)
        self.play("invalid")

    def leave(self) -> None:
        """Esc or Leave: a puzzle left unsolved counts as given up, so ask first (as every
        game's puzzle table does)."""
        self.controller.cancel()
        if self.outcome is None:
            ask_to_give_up(self, self.give_up)
        else:
            self.close()

    def give_up(self) -> None:
        """The table closes (back to whoever opened it), then reports the unsolved outcome."""
        if self.outcome is not None:
            return
        self.outcome = PuzzleOutcome(False, self.elapsed, self.hint_level, gave_up=True)
        self.close()
        self.on_finish(self.outcome)

    def _finish(self, outcome: PuzzleOutcome) -> None:
        self.outcome = outcome
        self.view.hint_tiles.clear()
        self.view.hint_melds.clear()
        self.controller.drop_hand()
        self.relayout()
        self.play("turn")
        self.say("Solved!" if outcome.hints_used < 3 else "That is the solution")
        self.on_finish(outcome)

    # -- hints ------------------------------------------------------------------------------
    def hint(self, level: int) -> dict:
        if self._hints is None:
            self._hints = list(self.session.logic.hints(self.session.puzzle))
        return next((h for h in self._hints if h.get("level") == level), {"level": level})

    def next_hint(self) -> None:
        if self.outcome is not None or self.hint_level >= 3 or not self.my_turn:
            return
        self.hint_level += 1
        hint = self.hint(self.hint_level)
        start = turn_start_melds(self.state)
        if self.hint_level == 1:
            broken = [start[i] for i in focus_melds(hint.get("focus")) if 0 <= i < len(start)]
            self.view.hint_melds = {tile for meld in broken for tile in meld}
        elif self.hint_level == 2:
            self.view.hint_tiles = set(ids_for_names(hint_tile_names(hint), self._hint_candidates(start)))
        else:
            self._play_solution(hint.get("solution") or self.session.puzzle["solution"])
        text = str(hint.get("text") or "")
        if text:
            self.hint_text = text
            self.say(text)
        self.play("rack")

    def _hint_candidates(self, start) -> list[int]:
        """Tiles a level-2 hint may name, most likely first: those of the melds to break, the
        rack's, then the rest of the table's (a name on both picks the likelier tile)."""
        focused = [tile for meld in start for tile in meld if tile in self.view.hint_melds]
        rest = [tile for meld in start for tile in meld if tile not in self.view.hint_melds]
        rack = [tile for tile in self.racks.turn_start or self.state.rack(SOLVER_SEAT)]
        return focused + rack + rest

    def _play_solution(self, solution) -> None:
        """Level 3: from the table as it is, every tile glides to its place in the solution."""
        self.controller.drop_hand()
        self.state.reset_turn()
        start = turn_start_melds(self.state)
        try:
            self.state.apply(Rearrange(solution_table(solution, start, self.state.rack(SOLVER_SEAT))))
        except (IllegalMove, ValueError) as error:
            self.say(f"This puzzle's solution cannot be shown: {error}", warning=True)
            return
        self.view.hint_tiles.clear()
        self.view.hint_melds.clear()
        self.view.invalid_tiles.clear()
        self.view.relayout(rate=SHOWN_RATE)
        self._check_when_settled = True

    # -- frames -----------------------------------------------------------------------------
    def handle_action(self, action: Action) -> bool:
        if self.buttons.handle_action(action):
            return True
        if action.kind == ActionKind.BACK:
            self.leave()
            return True
        if action.kind == ActionKind.CONFIRM:
            self.check()
            return True
        if toggles_stopwatch(action):
            self.show_stopwatch = not self.show_stopwatch
            return True
        return self.controller.handle_action(action)

    def on_pause(self) -> None:
        self.buttons.group.forget_pointer()
        self.controller.pointer = None

    def on_enter(self) -> None:
        self.view.sprites.speed = self.app.animation_speed
        super().on_enter()

    def status(self) -> dict:
        return {"phase": self.phase, "puzzle": self.session.puzzle.get("id"), "hint_level": self.hint_level,
                "solved": bool(self.outcome and self.outcome.solved), "table_tiles": sum(map(len, self.state.table)),
                "settled": self.view.sprites.settled, "table": names(self.state.table),
                "melds": [list(box.as_tuple()) for box in self.table_layout.meld_boxes],
                "rack": [[name, list(box.as_tuple())] for name, box in zip(names([self.rack_ids])[0],
                                                                        self.rack_layout.slots)],
                "tiles": [[list(box.as_tuple()) for box in boxes] for boxes in self.table_layout.tile_boxes],
                "felt": list(self.table_layout.area.as_tuple()), "tile_w": self.table_layout.tile_w,
                "tile_h": self.table_layout.tile_h, "widgets": describe_widgets(self.buttons.group.widgets)}

    def draw(self, surface: "pygame.Surface") -> None:
        self.view.draw(surface, self.controller.hand(), self.buttons)
