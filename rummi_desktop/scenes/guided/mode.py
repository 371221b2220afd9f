"""The guided mode: a game's own table, playing a scripted deal, with a guide on top.

The table plays as in a match (the model decides every rule), with three differences:

* nothing is saved or recorded: a guided game is not a win or a loss, and the autosave of a
  real game in progress is left alone (``saves`` False);
* the guide's panel shows the step in progress, rings its targets and, for a reading step,
  offers Next; Skip guide leaves at any time;
* ending a turn is first put to the guide (:meth:`GuidedMode.turn_end_refusal`, asked by the
  game's guided session before the model): a turn ended off the script is refused with the
  step's hint, and nothing changes.

The game's :class:`~rummi_desktop.scenes.guided.board.GuideBoard` part turns the step's target names into rectangles on its
table and says where the panel may go. The computer's replies are the script's (the game's
guided session answers for the computer seat), so the guided game is the same every time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from rummi_desktop.scenes.guided.board import GuideBoard
from rummi_desktop.scenes.guided.guide import Guide
from rummi_desktop.scenes.guided.panel import BUTTON_ROW, PAD, draw_step_panel, draw_target_rings, panel_height, place_panel
from rummi_desktop.scenes.table_mode import TableMode
from rummi_desktop.shell.input import ActionKind
from rummi_desktop.ui.widget_group import WidgetGroup
from rummi_desktop.ui.widgets import Button

if TYPE_CHECKING:
    from rummi_desktop.scenes.table_context import ModeContext
    from rummi_desktop.shell.input import Action

WAITING_TITLE = "Their reply"
NEXT_W = 130


class GuidedMode(TableMode):
    saves = False
    may_resign = False  # Leave the guide is the way out; a guided game is never won or lost
    tracks_unseen = False  # a scripted deal hides nothing worth tracking, and the panel owns that column
    pause_note = "Nothing in a guided game is saved or counted"
    leave_label = "Leave the guide"

    def __init__(self, guide: Guide, board: GuideBoard, closing_words: str,
                 real_game: Callable[[], Any] | None = None) -> None:
        self.guide = guide
        self.board = board
        self.closing_words = closing_words
        self.real_game = real_game  # the game's setup scene, for the card's Play a real game
        self.clock = 0.0
        self.card_shown = False
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.widgets = WidgetGroup()
        self.skip_button = self.widgets.add(Button((0, 0, 150, 40), "Skip guide", self.skip, font_size=17,
                                                   tooltip="Leave the guided game"))
        self.next_button = self.widgets.add(Button((0, 0, 130, 40), "Next", self.next_step, style="primary",
                                                   font_size=18, tooltip="On to the next step", shortcut="return"))

    def attach(self, table: "ModeContext") -> None:
        super().attach(table)
        self.board.attach(table)

    def dealt(self) -> None:
        """The guided game is under way: its first-start offer has been answered by playing it."""
        from rummi_desktop.scenes.guided.offer import remember_offered

        remember_offered(self.table.app, self.table.GAME)

    # -- the table's questions --------------------------------------------------------------
    def clock_seconds(self, seconds: int | None) -> int | None:
        return None  # take your time

    def person_turn(self, seat: int) -> bool:
        self.guide.players_turn_again()
        return False

    def turn_completed(self, round_over: bool) -> bool:
        if self.guide.finished:
            self.show_well_done()
            return True  # the guided game stops here
        return False

    def round_over(self) -> bool:
        self.show_well_done()
        return True

    def handle_action(self, action: "Action") -> bool:
        """The panel's buttons take the pointer over them; Enter is Next on a reading step.
        Every other key stays the table's (its arrows move over the tiles)."""
        self._lay_out()
        if action.kind in (ActionKind.SHORTCUT, ActionKind.CONFIRM):
            if self._reading() and (action.kind == ActionKind.CONFIRM or action.key == "return"):
                self.next_step()
                return True
            return False
        if self.widgets.handle_action(action):
            return True
        # The panel is opaque: a press on its words must not reach the table under it (a
        # selected tile would be laid there). A drop is let through: a tile let go over the
        # panel goes back to where it came from, as anywhere off the table.
        return (action.kind in (ActionKind.PRESS, ActionKind.CLICK, ActionKind.DRAG_START, ActionKind.SCROLL)
                and action.pos is not None and self.panel.collidepoint(action.pos))

    # -- the guide's gate (asked by the game's guided session) ------------------------------
    def turn_end_refusal(self, state: Any, playing: bool = True) -> str:
        return self.guide.turn_end_refusal(state, playing)

    def turn_accepted(self) -> None:
        self.guide.turn_accepted()

    # -- the guide's own buttons ------------------------------------------------------------
    def _reading(self) -> bool:
        step = self.guide.step
        return step is not None and step.reading and self.table.my_turn

    def next_step(self) -> None:
        if self._reading() and self.guide.next_pressed():
            self.table.play("rack")
            self._check_finished()

    def skip(self) -> None:
        self.table.stop_thinking()
        self.table.close()

    def show_well_done(self) -> None:
        if self.card_shown or self.table.stack is None:
            return
        from rummi_desktop.scenes.guided.well_done import WellDoneCard
        from rummi_desktop.scenes.table_overlays import back_to_menu

        self.card_shown = True
        table, stack = self.table, self.table.stack

        def real_game() -> None:
            table.close()
            if self.real_game is not None:
                stack.push(self.real_game())

        stack.push(WellDoneCard(table.app, self.closing_words, real_game, lambda: back_to_menu(table.app, stack)))

    def _check_finished(self) -> None:
        if self.guide.finished:
            self.show_well_done()

    # -- frames -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        if self.table.my_turn and self.guide.check_move(self.table.state):
            self.table.play("turn")
            self._check_finished()
        self._lay_out()
        self.widgets.update(dt)

    def animating(self) -> bool:
        return not self.guide.finished  # the target ring pulses

    def shown_words(self) -> tuple[str, str, str]:
        """The panel's title, what to do and the rule, as drawn now."""
        step = self.guide.step
        if step is None:
            return "Well done!", "", ""
        if not self.table.my_turn and self.guide.turn_ended:
            return WAITING_TITLE, f"{self.board.other_name} plays now. Watch what changes on the table.", ""
        return step.title, step.text, step.rule

    def targets(self) -> list[pygame.Rect]:
        step = self.guide.step
        if step is None or not self.table.my_turn:
            return []
        return self.board.target_rects(step.targets)

    def _lay_out(self) -> None:
        title, text, rule = self.shown_words()
        width = self.board.panel_width
        height = max(panel_height(text, rule, width), self.board.panel_min_height)
        self.panel = place_panel(height, self.board.panel_spots(), self.targets(), width)
        row_y = self.panel.bottom - PAD - BUTTON_ROW + 8
        self.skip_button.rect.topleft = (self.panel.x + PAD, row_y)
        # Next is there only on a reading step: elsewhere it takes no room and no press.
        self.next_button.rect.size = (NEXT_W if self._reading() else 0, 40)
        self.next_button.rect.topright = (self.panel.right - PAD, row_y)
        self.next_button.enabled = self._reading()

    def draw(self, surface: pygame.Surface) -> None:
        if self.guide.finished:
            return
        theme = self.table.app.theme
        draw_target_rings(surface, theme, self.targets(), self.clock)
        title, text, rule = self.shown_words()
        draw_step_panel(surface, theme, self.panel, self.guide.counter(), title, text, rule)
        shown = [self.skip_button] + ([self.next_button] if self._reading() else [])
        for button in shown:
            button.draw(surface, theme)
        self.widgets.draw_tooltip(surface, theme)
        self.table.buttons.group.draw_tooltip(surface, theme)  # the table's tooltip stays on top of the panel

    def status(self) -> dict[str, Any]:
        """What the e2e test points at: the step, its targets' and the panel's boxes."""
        step = self.guide.step
        return {"guide": {
            "title": self.guide.title, "step": self.guide.index, "steps": len(self.guide.steps),
            "step_title": step.title if step is not None else "", "reading": self._reading(),
            "finished": self.guide.finished, "panel": list(self.panel),
            "targets": [list(rect) for rect in self.targets()],
            "next": list(self.next_button.rect), "skip": list(self.skip_button.rect)}}


def guided_table_scene(app: Any, table_class: Any, session: Any, guide: Guide, board: GuideBoard,
                       closing_words: str, real_game: Callable[[], Any]) -> Any:
    """A game's table with its guided first game on it: the guided mode is the session's gate,
    and the table keeps no autosave."""
    mode = GuidedMode(guide, board, closing_words, real_game=real_game)
    session.gate = mode
    return table_class(app, session, autosave=False, mode=mode)
