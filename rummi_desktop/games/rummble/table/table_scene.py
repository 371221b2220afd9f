"""The Rummble table: the game-neutral :class:`TableScene` with Rummble's three parts.

* ``view`` (:class:`RummbleTableView`): lays out and paints, keeps the live preview;
* ``controller`` (:class:`RummbleTableInput`): gestures and keys → tentative placements;
* ``flow`` (:class:`RummbleTurnFlow`): plays, exchanges, passes, computer turns, hints.

The scene builds them over the :class:`RummbleSession`, opens the joker picker and the
exchange, and names the game-over screen; the rest is the table's, and its mode's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummi_desktop.shell.scene import Scene
from rummi_desktop.games.rummble.table.controller import RummbleTableInput
from rummi_desktop.games.rummble.table.dialogs import ExchangeDialog, JokerPicker, pass_words
from rummi_desktop.games.rummble.table.help_text import HELP_SECTIONS
from rummi_desktop.games.rummble.table.layout import REGIONS, square_box
from rummi_desktop.games.rummble.table.session import RummbleSession
from rummi_desktop.games.rummble.table.table_buttons import TableButtons
from rummi_desktop.games.rummble.table.tentative import Tentative
from rummi_desktop.games.rummble.table.turn_flow import RummbleTurnFlow, computers_available
from rummi_desktop.games.rummble.table.view import RummbleTableView
from rummi_desktop.scenes.confirm import ask_to_pass
from rummi_desktop.scenes.table_base import TableScene
from rummi_desktop.scenes.table_mode import TableMode

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

GAME = "rummble"


class RummbleTableScene(TableScene):
    GAME = GAME
    game_title = "Rummble"
    board_keys_first = True  # the arrows move the board cursor, not the buttons' focus
    # a server game's chip: in the turn log's heading (the top right holds the play preview)
    connection_chip_at = (round(REGIONS.log.right) - 180, round(REGIONS.log.y) + 3)
    help_sections = HELP_SECTIONS

    def chat_button_at(self) -> tuple[int, int] | None:
        """The log's bottom right, beside the table's caption (under the chip's rows it covered
        the log's lines); the log ends higher while the unseen-tile tracker is open."""
        log = self.view.log_area()
        return (round(log.right) - 10, round(log.bottom) - 40)

    def __init__(self, app: "App", session: RummbleSession, *, autosave: bool = True, mode: TableMode | None = None) -> None:
        super().__init__(app, session, autosave=autosave, mode=mode)
        self.tentative = Tentative()
        self.view = RummbleTableView(self, session, self.tentative)
        self.controller = RummbleTableInput(self, self.view, self.tentative, self.ask_joker)
        self.flow = RummbleTurnFlow(self, session, self.view, self.controller)
        self.buttons = TableButtons({"play": self.flow.play, "recall": self.controller.recall,
                                     "shuffle": self.controller.shuffle, "exchange": self.open_exchange,
                                     "pass": lambda: ask_to_pass(self, pass_words(self.tentative), self.flow.pass_turn),
                                     "hint": self.flow.ask_hint, "pause": self.open_pause}, self._buttons_enabled)
        self.view.warm_tiles()
        self.mode.attach(self)

    def _buttons_enabled(self) -> tuple[bool, bool, bool, str]:
        mine = self.my_turn
        hints_off = self.session.hint_refusal() or ("" if computers_available() else "Hints come with the computer seats")
        return mine, bool(self.tentative), self.state.can_exchange, hints_off

    @property
    def state(self):
        return self.session.state

    # -- overlays -------------------------------------------------------------------------
    def ask_joker(self, tile_id: int) -> None:
        """The picker for a joker on the board; cancelling takes it back to the rack."""
        faces = self.state.faces

        def fits(declared) -> bool:
            play = self.tentative.with_declared(faces, tile_id, declared)
            return play is not None and self.state.check(play).legal

        def done(declared) -> None:
            if declared is None:
                self.tentative.take(tile_id)
            else:
                self.tentative.declared[tile_id] = declared
            self.controller.changed()
            self.relayout()

        if self.stack is not None:
            self.stack.push(JokerPicker(self.app, self.state.params.highest, self.state.params.tile_set == "cards",
                                        fits, done, self.tentative.declared.get(tile_id)))

    def open_exchange(self) -> None:
        if not self.my_turn or not self.state.can_exchange or self.stack is None:
            return
        self.controller.recall()
        self.stack.push(ExchangeDialog(self.app, list(self.view.rack_ids), self.state.faces,
                                       self.state.params.tile_set == "cards", self.flow.exchange))

    def round_end_scene(self) -> Scene:
        from rummi_desktop.games.rummble.table.results import GameOverScene

        return GameOverScene(self.app, self.session, new_table)

    # -- frames ---------------------------------------------------------------------------
    def game_status(self) -> dict:
        """For the status file: the turn, the counts a watcher checks, where to point."""
        verdict = self.view.verdict
        return {
            "turns": len(self.session.history),
            "current": self.session.current if self.session.in_round else None,
            "board_tiles": self.state.board.count, "tentative": len(self.tentative.squares),
            "rack_size": len(self.view.rack_ids),
            "settled": self.view.sprites.settled, "scores": list(self.state.scores()),
            "preview_score": verdict.score if verdict is not None and verdict.legal else None,
            "rack": [list(box.as_tuple()) for box in self.view.rack_layout.slots],
            "rack_faces": [self.state.faces[t].notation() for t in self.view.rack_ids],
            "board_cells": [[row, col, laid.notation()] for row, col, laid in self.state.board.tiles()],
            "board": list(REGIONS.board.as_tuple()), "star": list(square_box(84).as_tuple()),
            "free_squares": [list(square_box(sq).as_tuple()) for sq in self._squares_beside_board()][:8],
        }

    def _squares_beside_board(self) -> list[int]:
        """Empty squares next to a board tile (where a watcher may try a tile)."""
        cells = self.state.board.cells
        found = []
        for sq, cell in enumerate(cells):
            if cell is None and sq not in self.tentative.squares:
                row, col = divmod(sq, 13)
                near = [(row + dr) * 13 + col + dc for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                        if 0 <= row + dr < 13 and 0 <= col + dc < 13]
                if any(cells[n] is not None for n in near):
                    found.append(sq)
        return found


def new_table(app: "App", session: RummbleSession) -> RummbleTableScene:
    return RummbleTableScene(app, session)
