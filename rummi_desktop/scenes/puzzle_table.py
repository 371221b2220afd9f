"""What every game's puzzle table shares, on top of that game's real table.

A puzzle table is the game's own table (its view, input controller and turn flow, on
``table_base``) with one seat, no turn clock and different buttons: Check, Undo, Reset, Hint
(levels 1 → 2 → 3) and Give up. :class:`PuzzleTable` is mixed in before the game's table
class (``class RummblePuzzleTable(PuzzleTable, RummbleTableScene)``) and answers the base's
hooks the same way for every game; the game's puzzle table says what the answer on the table
is, how each hint level is shown and how Undo and Reset work.

Whether an answer solves the puzzle is the game's puzzle module's ``check`` (no rules here).
When it does, the result shows for a moment, then ``on_finish(PuzzleOutcome(...))`` is called,
once, with the table still open (whoever opened it shows the result over it and closes it).
Giving up closes the table first, then reports. Esc and Give up ask first on every game's
puzzle table (``ask_to_give_up``: giving up changes the rating), the Rummi one included.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.scenes.puzzle_outcome import PuzzleOutcome
from rummi_desktop.scenes.puzzle_run import PuzzleRun, goal_text, short_verdict, stopwatch_text
from rummi_desktop.scenes.turn_machine import Phase
from rummi_desktop.ui import shapes
from rummi_desktop.ui.button_panel import ButtonPanel
from rummi_desktop.ui.geometry import Box
from rummi_desktop.ui.table_hud import _fitted, _wrap, rect
from rummi_desktop.ui.widgets import Button

if TYPE_CHECKING:
    from rummi_desktop.ui.theme import Theme

RESULT_HOLD = 1.6  # s the solved result stays in view before on_finish (at speed 1)
HINT_BEAT = 0.3  # s between two steps of the level-3 hint's animation (at speed 1)
GAP = 9
HINT_LABELS = ("Hint 1/3", "Hint 2/3", "Show solution", "Solution shown")  # by hint levels shown
STOPWATCH_KEY = "w"

FinishCallback = Callable[[PuzzleOutcome], None]


def hint_label(levels_shown: int) -> str:
    """The Hint button's words on every game's puzzle table, by the hint levels already shown."""
    return HINT_LABELS[max(0, min(levels_shown, len(HINT_LABELS) - 1))]


def toggles_stopwatch(action: Action) -> bool:
    """W on any game's puzzle table shows or hides its stopwatch (it runs on either way)."""
    return action.kind == ActionKind.SHORTCUT and action.key == STOPWATCH_KEY


def ask_to_give_up(scene: Any, give_up: Callable[[], None]) -> None:
    """Esc or Give up on any puzzle table: ask before ``give_up`` (it counts as a miss)."""
    from rummi_desktop.scenes.confirm import ConfirmScene

    if scene.stack is not None:
        scene.stack.push(ConfirmScene(scene.app, "Give up?", "It counts as a miss in your rating; try again any time.",
                                      "Give up", give_up, cancel_label="Keep trying"))


class PuzzleButtons(ButtonPanel):
    """Check (wide), Undo, Reset, Hint, Give up in ``area``. ``enabled()`` answers
    (the player may act, Undo has something to undo, Reset too, Check has an answer)."""

    def __init__(self, area: Box, actions: dict[str, Callable[[], object]], enabled: Callable[[], tuple[bool, ...]],
                 run: PuzzleRun, check_tooltip: str = "Is this the answer?") -> None:
        self.enabled, self.run = enabled, run
        super().__init__()
        width = (area.w - GAP) / 2
        height = min(62.0, (area.h - 2 * GAP) / 3)

        def cell(column: int, row: int, span: int = 1) -> pygame.Rect:
            return pygame.Rect(round(area.x + column * (width + GAP)), round(area.y + row * (height + GAP)),
                               round(width * span + GAP * (span - 1)), round(height))

        add = self.group.add
        self.check = add(Button(cell(0, 0, 2), "Check", actions["check"], style="primary", tooltip=check_tooltip,
                                shortcut="return", font_size=22))
        self.undo = add(Button(cell(0, 1), "Undo", actions["undo"], tooltip="Take back the last move", shortcut="u",
                               font_size=19))
        self.reset = add(Button(cell(1, 1), "Reset", actions["reset"], tooltip="Back to the starting position",
                                shortcut="r", font_size=19))
        self.hint = add(Button(cell(0, 2), "Hint", actions["hint"], tooltip="A little help", shortcut="h",
                               font_size=19))
        self.give_up = add(Button(cell(1, 2), "Give up", actions["give_up"], tooltip="Leave this puzzle unsolved",
                                  shortcut="escape", font_size=19))

    def refresh(self) -> None:
        active, can_undo, can_reset, can_check = self.enabled()
        level = self.run.level
        self.check.enabled = active and can_check
        self.undo.enabled = active and can_undo
        self.reset.enabled = active and can_reset
        self.hint.enabled = active and self.run.hints_left
        self.hint.label = hint_label(level)
        self.hint.tooltip = ("Show the solution being played" if level == 2 else
                             "A clue: where to look" if level == 0 else "A bigger clue: what to use")
        self.give_up.enabled = not self.run.finished and not self.run.solved


def paint_puzzle_card(surface: pygame.Surface, theme: "Theme", area: Box, run: PuzzleRun, noun: str,
                      how_to: str = "", show_stopwatch: bool = True) -> None:
    """The left column: the puzzle's title and goal, the stopwatch, hints used, what Check
    said, and at the bottom how to answer."""
    box = rect(area)
    surface.blit(shapes.rounded_panel(box.size, 14, theme.panel, theme.panel,
                                      shapes.mix(theme.panel[:3], theme.rail_highlight, 0.5), 1), box)
    x, width = box.x + 18, box.w - 36
    title = str(run.puzzle.get("title") or "Puzzle")
    surface.blit(_fitted(title, 30, 18, theme.text, width, bold=True), (x, box.y + 16))
    y = box.y + 58
    for line in _wrap(goal_text(run.puzzle, noun), 18, width)[:3]:
        surface.blit(shapes.text(line, 19, theme.accent, bold=True), (x, y))
        y += 24
    y += 10
    rows = [("Time", stopwatch_text(run.seconds) if show_stopwatch else "hidden (W)"), ("Hints", f"{run.level} of {len(run.hints)}"),
            ("Checks", str(run.checks))]
    for label, value in rows:
        surface.blit(shapes.text(label, 18, theme.text_muted), (x, y))
        shown = shapes.text(value, 20, theme.text, bold=True)
        surface.blit(shown, shown.get_rect(topright=(box.right - 18, y)))
        y += 28
    y += 12
    if run.hint_text:
        surface.blit(shapes.text(f"Hint {run.level}", 17, theme.hint, bold=True), (x, y))
        y += 24
        for line in _wrap(run.hint_text, 16, width)[:5]:
            surface.blit(shapes.text(line, 17, theme.text), (x, y))
            y += 22
        y += 12
    if run.message:
        ink = theme.accent if run.solved else theme.invalid
        surface.blit(shapes.text("Solved!" if run.solved else "Not yet", 22, ink, bold=True), (x, y))
        y += 30
        for line in _wrap(run.message, 16, width)[:4]:
            surface.blit(shapes.text(line, 17, theme.text), (x, y))
            y += 22
    how = _wrap(how_to, 16, width - 6)[:5]
    for index, line in enumerate(how):
        surface.blit(shapes.text(line, 16, theme.text_muted), (x, box.bottom - 18 - 21 * (len(how) - index)))


class PuzzleTable:
    """The puzzle half of a puzzle table; mixed in before the game's table class.

    The game's puzzle table calls ``start_puzzle`` in its ``__init__`` and provides:
    ``current_answer()`` (the answer on the table in the puzzle's solution notation, or None),
    ``show_hint(hint)`` (levels 1 and 2), ``play_solution(solution)`` (level 3: returns the
    animation's steps, run one per beat), ``undo_move()``, ``reset_position()``,
    ``undo_available()``, ``reset_available()``, ``answer_open()`` (the seat may still move),
    ``animation_busy()`` (the next hint step waits while pieces move).
    """

    noun = "play"  # what one answer is called in the goal ("one play", "one drop")
    how_to = ""  # how to answer, in a sentence or two, at the bottom of the card
    puzzle_area: Box  # the left column, where the puzzle's card goes

    def start_puzzle(self, puzzle: dict[str, Any], on_finish: FinishCallback, logic: Any) -> None:
        self.puzzle, self.on_finish, self.logic = puzzle, on_finish, logic
        self.run = PuzzleRun(puzzle, list(logic.hints(puzzle)))
        self.hint_steps: list[Callable[[], None]] = []  # the level-3 hint's animation, a step a beat
        self.show_stopwatch = True

    # -- the base's hooks: one seat, no clock, nothing saved --------------------------------
    @property
    def person_seats(self) -> list[int]:
        return [0]

    def is_person(self, seat: int) -> bool:
        return seat == 0

    @property
    def clock_seconds(self) -> int | None:
        return None

    def save_now(self) -> None:
        """A puzzle is never autosaved (and never touches the game's own autosave)."""

    def first_deal(self) -> None:
        super().first_deal()  # type: ignore[misc]
        self.say(goal_text(self.puzzle, self.noun))

    @property
    def puzzle_active(self) -> bool:
        """The player may use the buttons: not solved, given up or watching the solution."""
        return (self.phase == Phase.PERSON and not self.solved_showing and not self.hint_steps  # type: ignore[attr-defined]
                and not self.run.finished)

    @property
    def solved_showing(self) -> bool:
        """Solved: the result is in view for a moment before ``on_finish``."""
        return self.schedule.waiting(self._finish_solved)  # type: ignore[attr-defined]

    @property
    def my_turn(self) -> bool:
        """The player may move pieces: the puzzle is active and the answer is still open."""
        return super().my_turn and self.puzzle_active and self.answer_open()  # type: ignore[misc]

    # -- the buttons ------------------------------------------------------------------------
    def puzzle_buttons(self, area: Box, check_tooltip: str) -> PuzzleButtons:
        actions = {"check": self.check_answer, "undo": self.undo, "reset": self.reset, "hint": self.ask_hint,
                   "give_up": self.ask_give_up}
        return PuzzleButtons(area, actions, self._puzzle_buttons_enabled, self.run, check_tooltip)

    def _puzzle_buttons_enabled(self) -> tuple[bool, bool, bool, bool]:
        return self.puzzle_active, self.undo_available(), self.reset_available(), self.check_available()

    def check_available(self) -> bool:
        return self.current_answer() is not None

    # -- Check ------------------------------------------------------------------------------
    def check_answer(self) -> dict[str, Any] | None:
        """Ask the puzzle module whether the answer on the table solves the puzzle."""
        if self.solved_showing or self.run.finished:
            return None
        answer = self.current_answer()
        if answer is None:
            self.say(f"Make your {self.noun} first, then Check", warning=True)
            self.play("invalid")
            return None
        result = self.logic.check(self.puzzle, answer)
        self.show_verdict(result)
        return result

    def show_verdict(self, result: dict[str, Any]) -> None:
        run = self.run
        run.checks += 1
        solved = bool(result.get("solved"))
        run.message = str(result.get("message") or "")
        if solved:
            run.solved = True
            run.message = run.message or f"{result.get('value', 0)} points"
            self.say(f"Solved! {result.get('value', 0)} points")
            self.play("fanfare")
            self.schedule.after(RESULT_HOLD, self._finish_solved)  # type: ignore[attr-defined]
        else:
            self.say(short_verdict(run.message, result.get("value")), warning=True)
            self.play("invalid")

    def _finish_solved(self) -> None:
        if not self.run.finished:
            self.finish(self.run.outcome(solved=True))

    def finish(self, outcome: PuzzleOutcome) -> None:
        if self.run.finished:
            return
        self.run.finished = True
        self.on_finish(outcome)

    # -- Undo, Reset, Give up ---------------------------------------------------------------
    def undo(self) -> None:
        if self.puzzle_active and self.undo_available():
            self.undo_move()
            self.play("rack")

    def reset(self) -> None:
        if self.puzzle_active and self.reset_available():
            self.reset_position()
            self.play("rack")

    def ask_give_up(self) -> None:
        if self.run.finished or self.run.solved:
            return
        ask_to_give_up(self, self.give_up)

    def give_up(self) -> None:
        """The table closes (back to whoever opened it), then reports the unsolved outcome."""
        self.hint_steps = []
        self.close()  # type: ignore[attr-defined]
        self.finish(self.run.outcome(solved=False, gave_up=True))

    def open_pause(self) -> None:
        """Esc: the puzzle has no pause menu (its leaving would skip the trainer): Give up?"""
        self.ask_give_up()

    # -- hints ------------------------------------------------------------------------------
    def ask_hint(self) -> None:
        if not self.puzzle_active:
            return
        hint = self.run.next_hint()
        if hint is None:
            return
        self.play("turn")
        if self.run.level >= 3 and "solution" in hint:
            self.say("Watch: the solution")
            self.hint_steps = list(self.play_solution(hint["solution"]))
            self.schedule.after(0.0, self._hint_beat)  # type: ignore[attr-defined]  # the first step at once
        else:
            self.show_hint(hint)  # first: the game may word the hint for its board
            self.say(f"Hint {self.run.level}: {self.run.hint_text}" if self.run.hint_text else f"Hint {self.run.level}")

    def _pace_hint_steps(self) -> None:
        """The next step a beat after the last one's pieces have landed."""
        if not self.hint_steps or self.animation_busy():
            self.schedule.cancel(self._hint_beat)  # type: ignore[attr-defined]
        else:
            self.schedule.keep(HINT_BEAT, self._hint_beat)  # type: ignore[attr-defined]

    def _hint_beat(self) -> None:
        if self.hint_steps and not self.animation_busy():
            self.hint_steps.pop(0)()

    # -- frames -----------------------------------------------------------------------------
    def update_puzzle(self, dt: float) -> None:
        """The game's table calls this after its own update."""
        if not self.run.finished and not self.solved_showing:
            self.run.seconds += dt
        self._pace_hint_steps()

    def handle_action(self, action: Action) -> bool:
        if action.kind == ActionKind.BACK:
            self.ask_give_up()
            return True
        if toggles_stopwatch(action):
            self.show_stopwatch = not self.show_stopwatch
            return True
        return super().handle_action(action)  # type: ignore[misc]

    def confirm_turn(self) -> None:
        """Enter: Check."""
        self.check_answer()

    def end_person_turn(self, timed_out: bool) -> None:
        self.check_answer()

    def next_change_in(self) -> float:
        """The stopwatch changes the picture once a second."""
        wait = super().next_change_in()  # type: ignore[misc]
        if self.hint_steps or self.solved_showing:
            return 0.0
        if self.run.finished or not self.show_stopwatch:
            return wait
        return min(wait, max(0.0, 1.0 - (self.run.seconds % 1.0)))

    def draw_puzzle_card(self, surface: pygame.Surface) -> None:
        """The card, painted again only when what it shows changes (the stopwatch: once a second)."""
        run, theme = self.run, self.app.theme  # type: ignore[attr-defined]
        shown_seconds = int(run.seconds) if self.show_stopwatch else None
        key = (theme, shown_seconds, run.level, run.checks, run.message, run.solved, run.hint_text)
        cached = getattr(self, "_card", None)
        if cached is None or cached[0] != key:
            area = self.puzzle_area
            picture = pygame.Surface((round(area.w), round(area.h)), pygame.SRCALPHA)
            paint_puzzle_card(picture, theme, Box(0, 0, area.w, area.h), run, self.noun, self.how_to,
                              self.show_stopwatch)
            cached = self._card = (key, picture)
        surface.blit(cached[1], (round(self.puzzle_area.x), round(self.puzzle_area.y)))

    def puzzle_status(self) -> dict[str, Any]:
        return {"puzzle": self.puzzle.get("id", ""), "hint_level": self.run.level, "checks": self.run.checks,
                "solved": self.run.solved, "message": self.run.message, "stopwatch": self.show_stopwatch}

    # -- what the game's puzzle table provides ----------------------------------------------
    def current_answer(self) -> Any:
        raise NotImplementedError

    def show_hint(self, hint: dict[str, Any]) -> None:
        raise NotImplementedError

    def play_solution(self, solution: Any) -> list[Callable[[], None]]:
        raise NotImplementedError

    def undo_move(self) -> None:
        raise NotImplementedError

    def reset_position(self) -> None:
        raise NotImplementedError

    def undo_available(self) -> bool:
        raise NotImplementedError

    def reset_available(self) -> bool:
        raise NotImplementedError

    def answer_open(self) -> bool:
        return True

    def animation_busy(self) -> bool:
        return False
