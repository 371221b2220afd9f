"""The Tumblewords table: the game-neutral :class:`TableScene` with Tumblewords' three parts.

* ``view`` (:class:`TumblewordsTableView`): the physics board, the hand, the marks; paints;
* ``controller`` (:class:`TumblewordsTableInput`): gestures and keys → drops and claims;
* ``flow`` (:class:`TumblewordsTurnFlow`): moves through the model, computer turns, hints.

The scene wires them, runs the physics on the fixed step (``fixed_update``) and answers the
base's hooks from the :class:`TumblewordsSession`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rummi_desktop.games.tumblewords.grid import LETTERS
from rummi_desktop.games.tumblewords.moves import Drop
from rummi_desktop.games.tumblewords.parameters import STEAL_SECONDS, STEALING, TICKER_SECONDS
from rummi_desktop.input import Action, ActionKind
from rummi_desktop.scene import Scene
from rummi_desktop.scenes.table_base import SaveParts, TableScene
from rummi_desktop.scenes.tumblewords.controller import TumblewordsTableInput
from rummi_desktop.scenes.tumblewords.help_text import HELP_SECTIONS
from rummi_desktop.scenes.tumblewords.session import TumblewordsSession
from rummi_desktop.scenes.tumblewords.table_buttons import TableButtons
from rummi_desktop.scenes.tumblewords.turn_flow import TumblewordsTurnFlow, computers_available
from rummi_desktop.scenes.tumblewords.view import TumblewordsTableView
from rummi_desktop.storage.saves import delete_autosave, write_autosave

if TYPE_CHECKING:
    from rummi_desktop.app import App

GAME = "tumblewords"


class TumblewordsTableScene(TableScene):
    game_title = "Tumblewords"
    help_sections = HELP_SECTIONS

    def __init__(self, app: "App", session: TumblewordsSession, *, autosave: bool = True) -> None:
        super().__init__(app, autosave=autosave)
        self.session = session
        self.view = TumblewordsTableView(self, session)
        self.controller = TumblewordsTableInput(self, self.view)
        self.flow = TumblewordsTurnFlow(self, session, self.view, self.controller)
        self.controller.flow = self.flow
        self.buttons = TableButtons({"confirm": self.confirm_turn, "pass": self.flow.pass_turn,
                                     "hint": self.flow.ask_hint, "pause": self.open_pause}, self._buttons_enabled)
        self.view.warm_tiles()

    def _buttons_enabled(self) -> tuple[bool, bool, bool, bool, bool]:
        mine, phase = self.my_turn, self.state.phase
        return (mine, phase == "dropping", phase != "dropping", self.controller.selected is not None,
                computers_available())

    @property
    def state(self):
        return self.session.state

    # -- overlays -------------------------------------------------------------------------
    def ask_blank(self, col: int, done) -> None:
        """The letter picker for a blank dropped into ``col``; each letter's score is the model's."""
        from rummi_desktop.scenes.tumblewords.dialogs import BlankPicker

        scores = {letter: self.state.check(Drop(col, letter, blank=True)).score for letter in LETTERS}
        if self.stack is not None:
            self.stack.push(BlankPicker(self.app, scores, done))

    # -- the base's hooks -------------------------------------------------------------------
    @property
    def in_round(self) -> bool:
        return self.session.in_round

    @property
    def current_seat(self) -> int:
        return self.session.current

    def is_person(self, seat: int) -> bool:
        return self.session.is_human(seat)

    @property
    def person_seats(self) -> list[int]:
        return self.session.human_seats

    def seat_name(self, seat: int) -> str:
        return self.session.seat(seat).name

    @property
    def clock_seconds(self) -> int | None:
        if not self.state.params.ticker:
            return None
        return STEAL_SECONDS if self.state.phase == STEALING else TICKER_SECONDS

    def relayout(self) -> None:
        self.view.relayout()

    def first_deal(self) -> None:
        self.play("shuffle")
        self.begin_turn()

    def turn_begins(self) -> None:
        self.view.new_turn()
        self.controller.cancel()

    def person_turn_begins(self, seat: int) -> None:
        self.relayout()

    def computer_turn_begins(self, seat: int) -> None:
        self.flow.computer_turn_begins()

    def end_person_turn(self, reason: str) -> None:
        if reason == "timeout":
            self.flow.timeout()
        else:
            self.controller.confirm()

    def confirm_turn(self) -> None:
        self.controller.confirm()

    def update_parts(self, dt: float) -> None:
        self.view.update(dt)
        self.buttons.update(dt, self.session.in_round)
        self.flow.update_hint()

    def update_thinking(self) -> None:
        self.flow.update_thinking()

    def update_showing(self) -> None:
        self.flow.update_showing()

    def skip_animation(self) -> None:
        self.view.finish_animations()
        super().skip_animation()

    def victory_cue(self) -> str:
        return self.session.victory_cue()

    def round_end_scene(self) -> Scene:
        from rummi_desktop.scenes.tumblewords.results import GameOverScene

        return GameOverScene(self.app, self.session, new_table)

    def next_round_begins(self) -> None:
        """Tumblewords is one game: there is no next round (the results offer a rematch)."""

    def save_parts(self) -> SaveParts | None:
        return None if self.state.is_terminal else self.session.to_save()

    def write_save(self, parts: SaveParts) -> None:
        write_autosave(GAME, *parts)

    def delete_save(self) -> None:
        delete_autosave(GAME)

    def stop_thinking(self) -> None:
        self.flow.cancel_thinking()

    def animating(self) -> bool:
        return self.view.busy or not self.view.sprites.settled or self.flow.hint_job is not None

    # -- lifecycle and frames ---------------------------------------------------------------
    def on_enter(self) -> None:
        self.view.sprites.speed = self.app.animation_speed
        super().on_enter()

    def on_pause(self) -> None:
        self.buttons.group.forget_pointer()
        self.controller.pointer = None

    def on_exit(self) -> None:
        self.flow.close()

    def open_pause(self) -> None:
        self.controller.cancel()
        super().open_pause()

    def fixed_update(self, step: float) -> None:
        self.view.fixed_update(step)

    def handle_action(self, action: Action) -> bool:
        # the board's keys first: Left/Right choose a column, not the buttons' focus
        if action.kind == ActionKind.SHORTCUT and self.controller.handle_action(action):
            return True
        if self.buttons.handle_action(action):
            return True
        if super().handle_action(action):
            return True
        return self.controller.handle_action(action)

    def status(self) -> dict:
        """For the status file: the turn, the counts a watcher checks, where to point."""
        from rummi_desktop.status_report import describe_widgets

        lay, state = self.view.layout, self.state
        verdict = self.view.verdict
        return {
            "phase": self.phase, "viewer": self.viewer, "turns": len(self.session.history),
            "current": state.current if self.session.in_round else None, "game_phase": state.phase,
            "board_tiles": sum(1 for t in state.grid.ids if t is not None), "settled": self.view.world.settled,
            "scores": list(state.scores()), "theme": self.app.theme.name, "seed": self.session.setup.seed,
            "hand": [list(box.as_tuple()) for box in self.view.hand_layout.slots[:len(self.view.hand_ids)]],
            "hand_letters": self.state.hand(self.viewer) if self.viewer is not None else [],
            "columns": [list(lay.column_box(c).as_tuple()) for c in range(lay.columns)],
            "board": list(lay.board.as_tuple()), "rows": state.grid.row_texts(),
            "preview_score": verdict.score if verdict is not None and verdict.legal else None,
            "widgets": describe_widgets(self.buttons.group.widgets),
        }

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface, self.controller.hand(), self.buttons)


def new_table(app: "App", session: TumblewordsSession) -> TumblewordsTableScene:
    return TumblewordsTableScene(app, session)
