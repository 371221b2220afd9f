"""The Rummi table: the game-neutral :class:`TableScene` with Rummi's three parts.

* ``view`` (:class:`RummiTableView`): lays out and paints;
* ``controller`` (:class:`RummiTableInput`): turns gestures, buttons and keys into moves;
* ``flow`` (:class:`RummiTurnFlow`): ends a person's turn, runs a computer seat's turn, and
  answers what the table asks at each point of a turn.

The scene builds them over the :class:`RummiSession` (rules live in the model, through the
session) and names Rummi's round-end screen; the rest is the table's, and its mode's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.shell.scene import Scene
from rummi_desktop.games.rummi.table.controller import RummiTableInput
from rummi_desktop.games.rummi.table.help_text import HELP_SECTIONS
from rummi_desktop.games.rummi.table.rack_order import RackOrders
from rummi_desktop.games.rummi.table.session import RummiSession
from rummi_desktop.games.rummi.table.table_buttons import TableButtons
from rummi_desktop.games.rummi.table.turn_flow import RummiTurnFlow
from rummi_desktop.games.rummi.table.view import REGIONS, RummiTableView
from rummi_desktop.scenes.table_base import TableScene
from rummi_desktop.scenes.table_mode import TableMode

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

GESTURE_ENDS = (ActionKind.CLICK, ActionKind.DRAG_MOVE, ActionKind.DROP, ActionKind.DRAG_CANCEL)
ACTS = (ActionKind.PRESS, ActionKind.DRAG_START, ActionKind.CONFIRM, ActionKind.SHORTCUT)  # a person's first action
BOARD_KEYS = ("left", "right", "up", "down", "space")  # the keyboard's focus ring and its Space


class RummiTableScene(TableScene):
    """The table for a :class:`RummiSession`; its mode says what it is used for (a match by default)."""

    GAME = "rummi"
    game_title = "Rummi"
    help_sections = HELP_SECTIONS
    clock_ring_radius = min(REGIONS.clock.w, REGIONS.clock.h) / 2  # marks_paint.draw_clock's ring fits in
    board_keys_first = True  # the arrows move the focus ring over tiles, not the buttons' focus (Tab does)

    def __init__(self, app: "App", session: RummiSession, *, autosave: bool = True, mode: TableMode | None = None,
                 view_type: type[RummiTableView] = RummiTableView) -> None:
        super().__init__(app, session, autosave=autosave, mode=mode)
        # A resumed match's racks as their players left them (a puzzle's or a sandbox's session
        # is not from an autosave, and has none).
        self.racks = RackOrders.from_save(getattr(session, "saved_arrangement", {}).get("racks"))
        self.saving.arrangement = lambda: {"racks": self.racks.to_save()}
        self._gesture_spent = False
        self.view = view_type(self, session, self.racks)
        self.controller = RummiTableInput(self, session, self.racks, self.view)
        self.flow = RummiTurnFlow(self, session, self.racks, self.view, self.controller)
        self.buttons = TableButtons(self.controller.sort_rack, self.controller.undo, self.controller.reset_turn,
                                    self.flow.finish_person_turn, self.open_pause, self._buttons_enabled,
                                    self.flow.ask_hint, session.hint_refusal)
        self.mode.attach(self)

    @property
    def state(self):
        return self.session.state

    def _buttons_enabled(self) -> tuple[bool, bool, bool]:
        mine = self.my_turn
        return mine, self.viewer is not None, mine and bool(self.state.turn_moves)

    def update_parts(self, dt: float) -> None:
        super().update_parts(dt)
        self.view.age_effects(dt)
        self.view.warm_tiles()

    def handle_action(self, action: Action) -> bool:
        """While a hint is previewed the table is not the real one: a press, an arrow or Space
        puts it back first. The person's first press or key on their turn clears the marks of
        what changed since they last acted (they have seen it)."""
        if self.my_turn and action.kind in ACTS:
            self.view.changes.seen(self.viewer)
        if self.view.preview_table is not None and action.kind in (ActionKind.PRESS, ActionKind.DRAG_START) \
                and not self._on_candidates(action):  # choosing another candidate shows it at once
            self.flow.clear_hint()
            self._gesture_spent = True  # the rest of this press (its click or drag) did its job
            return True
        if self.view.preview_table is not None and self.my_turn and action.key in BOARD_KEYS:
            self.flow.clear_hint()  # the keyboard's spots are the real table's: show it first
            return True
        if self._gesture_spent and action.kind in GESTURE_ENDS:
            self._gesture_spent = action.kind == ActionKind.DRAG_MOVE
            return True
        return super().handle_action(action)

    def _on_candidates(self, action: Action) -> bool:
        area = self.candidates_area()
        return area is not None and action.pos is not None and area.contains(*action.pos)

    def round_end_scene(self) -> Scene:
        from rummi_desktop.games.rummi.table.results import RoundEndScene

        return RoundEndScene(self.app, self.session, self.start_next_round, new_table)

    # -- lifecycle and frames ---------------------------------------------------------------
    def game_status(self) -> dict:
        """For the status file: the turn, the counts a watcher checks, where to point."""
        shown = self.view.shown  # the round on show: the one being played, or the one that just ended
        return {
            "turns": len(self.flow.turn_log),
            "current": self.session.current if self.session.in_round else None,
            "table_tiles": sum(len(meld) for meld in shown.table) if shown is not None else 0,
            "rack_size": len(self.view.rack_ids), "settled": self.view.sprites.settled,
            "rack": [list(box.as_tuple()) for box in self.view.rack_layout.slots],
            "table_area": list(REGIONS.table.as_tuple()),
            "melds": [list(box.as_tuple()) for box in self.view.table_layout.meld_boxes],
            "new_meld": list(self.view.table_layout.new_meld_box.as_tuple()),  # open felt after the melds
            "rack_sizes": [len(shown.rack(s)) for s in range(shown.seats)] if shown is not None else [],
            "table": sorted(str(t) for meld in shown.table_tiles() for t in meld) if shown is not None else [],
            **self.session.online_status(),
        }


def new_table(app: "App", session: RummiSession) -> RummiTableScene:
    """A table for ``session`` (the match summary's Rematch, the setup's Deal)."""
    return RummiTableScene(app, session)
