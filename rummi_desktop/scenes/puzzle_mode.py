"""The puzzle mode: every game's puzzle table is that game's own table given a :class:`PuzzleMode`.

The game's table (its view, input controller and turn flow) plays with one seat, no turn
clock and different buttons: Check, Undo, Reset, Hint (levels 1 → 2 → 3) and Give up. The
mode answers the table's questions the same way for every game; the game's
:class:`PuzzleBoard` part says what the answer on the table is, how each hint level is shown
and how Undo and Reset work.

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
from rummi_desktop.scenes.candidate_panel import at_foot
from rummi_desktop.scenes.puzzle_outcome import PuzzleOutcome
from rummi_desktop.scenes.puzzle_run import PuzzleRun, goal_text, short_verdict, stopwatch_text
from rummi_desktop.scenes.table_mode import TableMode
from rummi_desktop.scenes.turn_machine import Phase
from rummi_desktop.ui import shapes
from rummi_desktop.ui.button_panel import ButtonPanel
from rummi_desktop.ui.geometry import Box
from rummi_desktop.ui.table_hud import _fitted, _wrap, rect
from rummi_desktop.ui.widgets import Button
from rummi_desktop.ui.wording import counted

if TYPE_CHECKING:
    from rummi_desktop.scenes.table_context import ModeContext
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


class PuzzleBoard:
    """The game's half of a puzzle table: what the answer on the board is and how a hint,
    Undo and Reset are shown on it. Built before the table; ``attach`` gets the table and
    the mode once the table's parts are built. The defaults are the card-and-panel puzzle
    tables' (Rummble, Tumblewords)."""

    noun = "play"  # what one answer is called in the goal ("one play", "one drop")
    how_to = ""  # how to answer, in a sentence or two, at the bottom of the card
    card_area: Box | None = None  # where the puzzle's card goes (None: the board shows the run itself)
    result_hold = RESULT_HOLD  # s the solved result stays in view before on_finish
    solved_cue = "fanfare"
    hint_cue = "turn"
    hint_beat = HINT_BEAT  # s between the solution's steps (0: each as soon as the pieces rest)

    def attach(self, table: Any, mode: "PuzzleMode") -> None:
        """The table's parts are built: the board keeps what it works with."""
        self.table, self.mode = table, mode

    def first_deal(self) -> bool:
        """True when the board starts the table its own way (the table's deal is skipped)."""
        return False

    def buttons(self, mode: "PuzzleMode") -> Any:
        """The table's buttons on this puzzle table."""
        raise NotImplementedError

    def current_answer(self) -> Any:
        """The answer on the table in the puzzle's solution notation (None: nothing yet)."""
        raise NotImplementedError

    def check_waits(self) -> bool:
        """True when Check must first finish the answer on the person's turn (a joker's face,
        a letter's drop); the board starts that, and Check comes again."""
        return False

    def check_available(self) -> bool:
        return self.current_answer() is not None

    def answer_open(self) -> bool:
        """The seat may still move pieces towards the answer."""
        return True

    def show_hint(self, hint: dict[str, Any]) -> None:
        """Hint levels 1 and 2, shown on the board."""
        raise NotImplementedError

    def hint_words(self, run: PuzzleRun, hint: dict[str, Any]) -> str:
        """The banner for a hint just shown ("": none)."""
        if run.level >= 3:
            return "Watch: the solution"
        return f"Hint {run.level}: {run.hint_text}" if run.hint_text else f"Hint {run.level}"

    def play_solution(self, solution: Any) -> list[Callable[[], None]]:
        """Level 3: the animation's steps, run one per beat."""
        raise NotImplementedError

    def wrong_words(self, run: PuzzleRun, value: Any) -> str:
        return short_verdict(run.message, value)

    def solved_words(self, run: PuzzleRun, value: Any) -> str:
        return f"Solved! {value} points"

    def solved(self) -> None:
        """The answer solved the puzzle (the result is about to show)."""

    def undo_available(self) -> bool:
        raise NotImplementedError

    def reset_available(self) -> bool:
        raise NotImplementedError

    def undo_move(self) -> None:
        raise NotImplementedError

    def reset_position(self) -> None:
        raise NotImplementedError

    def animation_busy(self) -> bool:
        """The next hint step waits while pieces move."""
        return False

    def turn_completed(self) -> bool:
        """A move was shown and completed: True when the board checks it itself."""
        return False

    def status(self) -> dict[str, Any]:
        return {}


class PuzzleMode(TableMode):
    """One seat, no clock, nothing saved: Check, hints, Undo, Reset and Give up, for ``puzzle``
    (a puzzle dict) played on the game's ``board``. ``logic`` is the game's puzzle module."""

    saves = False
    may_resign = False  # it has its own way to give up or start again
    tracks_unseen = False  # a puzzle is solved from what is laid out, not by tracking tiles

    def __init__(self, puzzle: dict[str, Any], on_finish: FinishCallback, logic: Any, board: PuzzleBoard) -> None:
        self.puzzle, self.on_finish, self.logic, self.board = puzzle, on_finish, logic, board
        self.run = PuzzleRun(puzzle, list(logic.hints(puzzle)))
        self.hint_steps: list[Callable[[], None]] = []  # the level-3 hint's animation, a step a beat
        self.show_stopwatch = True
        self.revealing = False  # the solution is to be played out as soon as the table is ready
        self._card: tuple[tuple, pygame.Surface] | None = None
        self.opening: Any = None  # a copy of the state as the puzzle set it (after the deal)

    def attach(self, table: "ModeContext") -> None:
        super().attach(table)
        self.board.attach(table, self)
        table.buttons = self.board.buttons(self)

    # -- the table's questions: one seat, no clock ------------------------------------------
    def person_seats(self, seats: list[int]) -> list[int]:
        return [0]

    def clock_seconds(self, seconds: int | None) -> int | None:
        return None

    def first_deal(self) -> bool:
        return self.board.first_deal()

    def dealt(self) -> None:
        self.opening = self.table.state.clone()  # the position as set: studied after solving
        self.table.say(goal_text(self.puzzle, self.board.noun))

    @property
    def active(self) -> bool:
        """The player may use the buttons: not solved, given up or watching the solution."""
        return (self.table.phase == Phase.PERSON and not self.solved_showing and not self.hint_steps
                and not self.run.finished)

    @property
    def solved_showing(self) -> bool:
        """Solved: the result is in view for a moment before ``on_finish``."""
        return self.table.schedule.waiting(self._finish_solved)

    def may_move(self) -> bool:
        """The player may move pieces: the puzzle is active and the answer is still open."""
        return self.active and self.board.answer_open()

    # -- the buttons ------------------------------------------------------------------------
    def puzzle_buttons(self, area: Box, check_tooltip: str) -> PuzzleButtons:
        """The shared Check, Undo, Reset, Hint and Give up buttons, in ``area``."""
        actions = {"check": self.check_answer, "undo": self.undo, "reset": self.reset, "hint": self.ask_hint,
                   "give_up": self.ask_give_up}
        return PuzzleButtons(area, actions, self._buttons_enabled, self.run, check_tooltip)

    def _buttons_enabled(self) -> tuple[bool, bool, bool, bool]:
        board = self.board
        return self.active, board.undo_available(), board.reset_available(), board.check_available()

    # -- Check ------------------------------------------------------------------------------
    def check_answer(self) -> dict[str, Any] | None:
        """Ask the puzzle module whether the answer on the table solves the puzzle."""
        if self.board.check_waits() or self.solved_showing or self.run.finished:
            return None
        answer = self.board.current_answer()
        if answer is None:
            self.table.say(f"Make your {self.board.noun} first, then Check", warning=True)
            self.table.play("invalid")
            return None
        result = self.logic.check(self.puzzle, answer)
        self.show_verdict(result)
        return result

    def show_verdict(self, result: dict[str, Any]) -> None:
        run = self.run
        run.checks += 1
        solved = bool(result.get("solved"))
        run.message = str(result.get("message") or "")
        value = result.get("value", 0)
        if solved:
            run.solved = True
            run.message = run.message or counted(value, "point")
            self.board.solved()
            self.table.say(self.board.solved_words(run, value))
            self.table.play(self.board.solved_cue)
            if self.board.result_hold > 0:
                self.table.schedule.after(self.board.result_hold, self._finish_solved)
            else:
                self._finish_solved()
        else:
            self.table.say(self.board.wrong_words(run, result.get("value")), warning=True)
            self.table.play("invalid")

    def _finish_solved(self) -> None:
        if not self.run.finished:
            self.finish(self.run.outcome(solved=True))

    def finish(self, outcome: PuzzleOutcome) -> None:
        if self.run.finished:
            return
        self.run.finished = True
        self.on_finish(outcome)

    def confirm(self) -> bool:
        """Enter: Check."""
        self.check_answer()
        return True

    def end_person_turn(self, timed_out: bool) -> bool:
        self.check_answer()
        return True

    def turn_completed(self, round_over: bool) -> bool:
        return self.board.turn_completed()

    # -- Undo, Reset, Give up ---------------------------------------------------------------
    def undo(self) -> None:
        if self.active and self.board.undo_available():
            self.board.undo_move()
            self.table.play("rack")

    def reset(self) -> None:
        if self.active and self.board.reset_available():
            self.board.reset_position()
            self.table.play("rack")

    def ask_give_up(self) -> None:
        if self.run.finished or self.run.solved:
            return
        ask_to_give_up(self.table, self.give_up)

    def give_up(self) -> None:
        """The table closes (back to whoever opened it), then reports the unsolved outcome."""
        self.hint_steps = []
        self.table.close()
        self.finish(self.run.outcome(solved=False, gave_up=True))

    def pause(self) -> bool:
        """Esc: the puzzle has no pause menu (its leaving would skip the trainer): Give up?"""
        self.ask_give_up()
        return True

    # -- hints ------------------------------------------------------------------------------
    def ask_hint(self) -> None:
        if not self.active:
            return
        hint = self.run.next_hint()
        if hint is None:
            return
        self.table.play(self.board.hint_cue)
        if self.run.level >= 3:
            self.hint_steps = list(self.board.play_solution(hint.get("solution")))
            if self.board.hint_beat <= 0:
                self.hint_steps.pop(0)()  # the first step now, whatever still moves
            else:
                self.table.schedule.after(0.0, self._hint_beat)  # the first step at once
        else:
            self.board.show_hint(hint)  # first: the game may word the hint for its board
        words = self.board.hint_words(self.run, hint)
        if words:
            self.table.say(words)

    def reveal_solution(self) -> None:
        """Play the solution out at once, as the last hint level does (for a puzzle already
        given up: whoever opened the table books nothing for it)."""
        self.revealing = True

    def _pace_hint_steps(self) -> None:
        """The next step a beat after the last one's pieces have landed."""
        schedule = self.table.schedule
        if not self.hint_steps or self.board.animation_busy():
            schedule.cancel(self._hint_beat)
        elif self.board.hint_beat <= 0:
            self._hint_beat()  # the next step as soon as the pieces rest
        else:
            schedule.keep(self.board.hint_beat, self._hint_beat)

    def stop_hint(self) -> None:
        """The solution cannot be shown after all: its remaining steps are dropped."""
        self.hint_steps = []

    def _hint_beat(self) -> None:
        if self.hint_steps and not self.board.animation_busy():
            self.hint_steps.pop(0)()

    # -- frames -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if not self.run.finished and not self.solved_showing:
            self.run.seconds += dt
        if self.revealing and self.active:
            self.revealing = False
            self.run.level = max(self.run.level, len(self.run.hints) - 1)
            self.ask_hint()
        self._pace_hint_steps()

    def candidates_area(self, area: Any) -> Any:
        """The best plays studied after solving: at the foot of the puzzle's card, if it has one
        (over its how-to lines: the puzzle is over)."""
        card = self.board.card_area
        return area if card is None else at_foot(card, area, foot=10)

    def handle_action(self, action: Action) -> bool:
        if action.kind == ActionKind.BACK:
            self.table.open_pause()  # the hand is put down, then: Give up?
            return True
        if toggles_stopwatch(action):
            self.show_stopwatch = not self.show_stopwatch
            return True
        return False

    def next_change_in(self, wait: float) -> float:
        """The stopwatch changes the picture once a second."""
        if self.hint_steps or self.solved_showing:
            return 0.0
        if self.run.finished or not self.show_stopwatch:
            return wait
        return min(wait, max(0.0, 1.0 - (self.run.seconds % 1.0)))

    def draw(self, surface: pygame.Surface) -> None:
        """The card, painted again only when what it shows changes (the stopwatch: once a second)."""
        area = self.board.card_area
        if area is None:
            return
        run, theme = self.run, self.table.app.theme
        shown_seconds = int(run.seconds) if self.show_stopwatch else None
        key = (theme, shown_seconds, run.level, run.checks, run.message, run.solved, run.hint_text)
        if self._card is None or self._card[0] != key:
            picture = pygame.Surface((round(area.w), round(area.h)), pygame.SRCALPHA)
            paint_puzzle_card(picture, theme, Box(0, 0, area.w, area.h), run, self.board.noun, self.board.how_to,
                              self.show_stopwatch)
            self._card = (key, picture)
        surface.blit(self._card[1], (round(area.x), round(area.y)))

    def status(self) -> dict[str, Any]:
        return {"puzzle": self.puzzle.get("id", ""), "hint_level": self.run.level, "checks": self.run.checks,
                "solved": self.run.solved, "message": self.run.message, "stopwatch": self.show_stopwatch,
                **self.board.status()}
