"""The unseen-tile tracker on a table: the tiles (or letters) the seat whose rack is shown has
not seen, worked out by the game's ``unseen`` entry point from that seat's view only.

Every table owns one. Whether it shows is the player's, per game (``Settings.unseen_trackers``;
until they choose, the game's ``tracker_shown``), and the table's mode says whether it belongs
at all (a puzzle or the sandbox has no hidden tiles to track). The T key, or a click on the
card, shows or hides it, and the choice is saved. While no rack is shown (the hand-over screen
between two people, a computer's turn with nobody at the screen) the card keeps its place but
tells nothing. The game's view says where the card goes (``tracker_area``) and makes room.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rummi_desktop.entry_points import load_entry
from rummi_desktop.games import GAMES
from rummi_desktop.games.unseen import UnseenSheet
from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.ui.geometry import Box

if TYPE_CHECKING:
    import pygame

TOGGLE_KEY = "t"
TAB_H = 34  # the folded card: a strip to click
GAP = 10  # between the card and the panel it leaves room under


def tracker_shown(settings: Any, game: str) -> bool:
    """Whether the player wants the tracker on this game's table (the game's default until told)."""
    return settings.unseen_trackers.get(game, GAMES[game].tracker_shown)


class UnseenTracker:
    """``table`` is the game's table (its app, mode, session and viewer are read, never changed)."""

    def __init__(self, table: Any, game: str) -> None:
        self.table = table
        self.game = game
        self.spec = spec = GAMES.get(game)
        self.sheet_of = load_entry(spec, "unseen") if spec is not None and spec.has("unseen") else None
        self._sheet_key: tuple | None = None
        self._sheet: UnseenSheet | None = None

    @property
    def available(self) -> bool:
        """The game has a tracker and this table's use has hidden tiles to track."""
        return self.sheet_of is not None and self.table.mode.tracks_unseen

    @property
    def shown(self) -> bool:
        return self.available and tracker_shown(self.table.app.settings, self.game)

    def toggle(self) -> None:
        """Show or hide the card, and remember the choice for this game."""
        app = self.table.app
        chosen = dict(app.settings.unseen_trackers)
        chosen[self.game] = not self.shown
        app.update_settings(unseen_trackers=chosen)
        app.save_settings()
        self.table.play("rack")
        self.table.relayout()

    def sheet(self) -> UnseenSheet | None:
        """The sheet of the seat whose rack is shown, or None while none is."""
        seat = self.table.viewer
        if seat is None or self.sheet_of is None:
            return None
        state = self.table.session.state
        key = (seat, id(state), len(state.log), state.log[-1] if state.log else "")
        if key != self._sheet_key and self.spec is not None:
            self._sheet_key, self._sheet = key, self.sheet_of(self.spec.seat_view(state, seat))
        return self._sheet

    def card_height(self, upright: bool = False) -> int:
        """How tall the open card is: its sheet's shape is the game's (and its options'), the
        same for every seat, so any seat's sheet measures it, and the card keeps its size
        while no rack is shown."""
        from rummi_desktop.ui.unseen_panel import panel_height

        sheet = self.sheet()
        if sheet is None and self.sheet_of is not None and self.spec is not None:
            state = self.table.session.state
            sheet = self.sheet_of(self.spec.seat_view(state, state.current))
        return panel_height(sheet, upright) if sheet is not None else TAB_H

    def below(self, column: Box) -> tuple[Box, Box | None]:
        """A side column shared with the card: the room left above it, and the card (open or
        folded) at the column's foot; None for the card where the table has no tracker."""
        if not self.available:
            return column, None
        height = self.card_height() if self.shown else TAB_H
        card = Box(column.x, column.bottom - height, column.w, height)
        return Box(column.x, column.y, column.w, column.h - height - GAP), card

    def handle_action(self, action: Action, area: Any) -> bool:
        """T anywhere, or a click on the card (``area``, a Box, or None where it has none)."""
        if not self.available:
            return False
        if action.kind == ActionKind.SHORTCUT and action.key == TOGGLE_KEY and not (action.ctrl or action.shift):
            self.toggle()
            return True
        if action.kind == ActionKind.CLICK and area is not None and action.pos is not None \
                and area.contains(*action.pos):
            self.toggle()
            return True
        return False

    def draw(self, surface: "pygame.Surface", area: Any, upright: bool = False) -> None:
        from rummi_desktop.ui.table_hud import rect
        from rummi_desktop.ui.unseen_panel import draw_unseen_panel, draw_unseen_tab

        if area is None:
            return
        theme = self.table.app.theme
        if self.shown:
            draw_unseen_panel(surface, theme, rect(area), self.sheet(), upright)
        else:
            draw_unseen_tab(surface, theme, rect(area))
