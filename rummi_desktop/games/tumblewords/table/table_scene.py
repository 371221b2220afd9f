"""The Tumblewords table: the game-neutral :class:`TableScene` with Tumblewords' three parts.

* ``view`` (:class:`TumblewordsTableView`): the physics board, the hand, the marks; paints;
* ``controller`` (:class:`TumblewordsTableInput`): gestures and keys → drops and claims;
* ``flow`` (:class:`TumblewordsTurnFlow`): moves through the model, computer turns, hints.

The scene builds them over the :class:`TumblewordsSession`, runs the physics on the fixed
step (``fixed_update``), opens the blank's letter picker and names the game-over screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummi_desktop.games.tumblewords.rules.grid import LETTERS
from rummi_desktop.games.tumblewords.rules.moves import Drop
from rummi_desktop.shell.scene import Scene
from rummi_desktop.scenes.confirm import ask_to_pass
from rummi_desktop.scenes.table_base import TableScene
from rummi_desktop.scenes.table_mode import TableMode
from rummi_desktop.games.tumblewords.table.controller import TumblewordsTableInput
from rummi_desktop.games.tumblewords.table.help_text import HELP_SECTIONS
from rummi_desktop.games.tumblewords.table.session import TumblewordsSession
from rummi_desktop.games.tumblewords.table.table_buttons import TableButtons
from rummi_desktop.games.tumblewords.table.turn_flow import TumblewordsTurnFlow, computers_available
from rummi_desktop.games.tumblewords.table.view import TumblewordsTableView

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

GAME = "tumblewords"


PASS_WORDS = "You drop no letter and score nothing this turn."  # the Pass question's line


class TumblewordsTableScene(TableScene):
    GAME = GAME
    game_title = "Tumblewords"
    board_keys_first = True  # Left/Right choose a column, not the buttons' focus
    help_sections = HELP_SECTIONS

    def __init__(self, app: "App", session: TumblewordsSession, *, autosave: bool = True, mode: TableMode | None = None) -> None:
        super().__init__(app, session, autosave=autosave, mode=mode)
        self.view = TumblewordsTableView(self, session)
        self.controller = TumblewordsTableInput(self, self.view)
        self.flow = TumblewordsTurnFlow(self, session, self.view, self.controller, self.ask_blank)
        self.controller.flow = self.flow
        self.buttons = TableButtons({"confirm": self.confirm_turn, "pass": lambda: ask_to_pass(self, PASS_WORDS, self.flow.pass_turn),
                                     "hint": self.flow.ask_hint, "pause": self.open_pause}, self._buttons_enabled)
        self.view.warm_tiles()
        self.mode.attach(self)

    def _buttons_enabled(self) -> tuple[bool, bool, bool, bool, str]:
        mine, phase = self.my_turn, self.state.phase
        hint_refusal = self.session.hint_refusal() or ("" if computers_available() else
                                                       "Hints come with the computer seats")
        return mine, phase == "dropping", phase != "dropping", self.controller.selected is not None, hint_refusal

    @property
    def state(self):
        return self.session.state

    # -- overlays -------------------------------------------------------------------------
    def ask_blank(self, col: int, done) -> None:
        """The letter picker for a blank dropped into ``col``; each letter's score is the model's."""
        from rummi_desktop.games.tumblewords.table.dialogs import BlankPicker

        scores = {letter: self.state.check(Drop(col, letter, blank=True)).score for letter in LETTERS}
        if self.stack is not None:
            self.stack.push(BlankPicker(self.app, scores, done))

    def round_end_scene(self) -> Scene:
        from rummi_desktop.games.tumblewords.table.results import GameOverScene

        return GameOverScene(self.app, self.session, new_table)

    # -- lifecycle and frames ---------------------------------------------------------------
    def fixed_update(self, step: float) -> None:
        self.view.fixed_update(step)

    def game_status(self) -> dict:
        """For the status file: the turn, the counts a watcher checks, where to point."""
        lay, state = self.view.layout, self.state
        verdict = self.view.verdict
        return {
            "turns": len(self.session.history),
            "current": state.current if self.session.in_round else None, "game_phase": state.phase,
            "board_tiles": sum(1 for t in state.grid.ids if t is not None), "settled": self.view.world.settled,
            "scores": list(state.scores()),
            "hand": [list(box.as_tuple()) for box in self.view.hand_layout.slots[:len(self.view.hand_ids)]],
            "hand_letters": self.state.hand(self.viewer) if self.viewer is not None else [],
            "columns": [list(lay.column_box(c).as_tuple()) for c in range(lay.columns)],
            "board": list(lay.board.as_tuple()), "rows": state.grid.row_texts(),
            "preview_score": verdict.score if verdict is not None and verdict.legal else None,
        }


def new_table(app: "App", session: TumblewordsSession) -> TumblewordsTableScene:
    return TumblewordsTableScene(app, session)
