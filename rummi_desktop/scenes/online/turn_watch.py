"""The window's watch over your online games, whatever screen is on top: an app layer
(:mod:`rummi_desktop.shell.app_layer`) that holds the lobby's link once you have signed in, so
it outlives the lobby, and

- keeps your unfinished games (``my_tables``) fresh: asked again when a screen closes (a move you
  made), when the link comes back, and every minute; the lobby hands over what it fetched too.
  The menu's Online button and the lobby's "Your games" tab badge how many wait for your move
  (:func:`waiting_now`), in the warning colour when a days-per-move clock runs out within 12 h;
- raises a small toast when a game becomes your move (the server's ``your_move`` push), unless
  that table is on screen (or comes on screen within a second: the lobby opening it), with Open
  (the table, over whatever screen is on top: a local game stays paused under it and comes back
  when you leave) and Later;
- tells the desktop too when the player asked for it (Settings) and the window is not in front.

While another online table is on screen the toast has no Open: two tables would share one
link's news. The lobby takes the link back when it opens again, and lets it go (closing it)
when it connects to another server.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from rummi_desktop.net.link import CONNECTED, OFFLINE, ClientLink
from rummi_desktop.scenes.online.listing import Waiting, game_title, my_game_row, waiting_for_you
from rummi_desktop.scenes.online.pending import Pending
from rummi_desktop.scenes.online.turn_toast import OPEN_KEY, TurnToast
from rummi_desktop.shell.app_layer import AppLayer
from rummi_desktop.shell.desktop_notice import desktop_notice
from rummi_desktop.shell.input import Action, ActionKind

if TYPE_CHECKING:
    import pygame

    from rummi_desktop.shell.app import App

REFRESH_EVERY = 60.0  # s between asking for your games (the clocks' time left moves on)
REFRESH_AFTER_CHANGE = 3.0  # s at least between the asks a closing screen brings
POLL_SECONDS = 1.0  # a still window wakes this often to hear of a new move
POINTER_ACTIONS = (ActionKind.HOVER, ActionKind.PRESS, ActionKind.CLICK, ActionKind.DROP, ActionKind.DRAG_CANCEL,
                   ActionKind.DRAG_MOVE)


class TurnWatch(AppLayer):
    def __init__(self, app: "App") -> None:
        self.app = app
        self.link: ClientLink | None = None
        self.account: dict[str, Any] | None = None
        self.tables: list[dict[str, Any]] = []
        self.toast: TurnToast | None = None
        self.pending = Pending()  # asks for your games
        self.opening = Pending()  # the table Open asked for
        self.asked_at = -REFRESH_EVERY
        self.stack_changes = app.stack.changes
        self.screen_changed = False  # a screen opened or closed since the last ask
        self.link_status = ""
        self.last_notice: Any = None  # the thread sending the last desktop notice (tests wait on it)

    # ---- the link --------------------------------------------------------------------------
    def hold(self, link: ClientLink, account: dict[str, Any]) -> None:
        """Signed in: watch this link's games from now on (the watch closes it with the window)."""
        if self.link is not None and self.link is not link:
            self.link.close()
        self.link, self.account, self.tables, self.toast = link, account, [], None
        self.link_status = link.status
        self.refresh()

    def let_go(self, link: ClientLink) -> None:
        """The lobby closes this link (another server): forget it and its games."""
        if link is self.link:
            self.link, self.account, self.tables, self.toast = None, None, [], None

    def tables_seen(self, tables: list[dict[str, Any]]) -> None:
        """The lobby's fresh ``my_tables``."""
        self.tables = list(tables)

    @property
    def waiting(self) -> Waiting:
        """The games waiting for your move (none counted while the server cannot be reached)."""
        if self.link is None or self.link.status == OFFLINE:
            return Waiting()
        return waiting_for_you(self.tables, self.account, time.time())

    def refresh(self) -> None:
        if self.link is None or self.link.status != CONNECTED:
            return
        self.asked_at = time.time()
        self.pending.add(self.link.submit(lambda client: client.my_tables()), self.tables_seen)

    # ---- frames ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.link is None:
            return
        self.pending.take_done(lambda _words: None)  # a failed ask: the badge keeps the last count
        self.opening.take_done(self._not_opened)
        for message in self.link.turn_news():
            self._turn_came(message.get("table"))
        if self.toast is not None and (not self.toast.age(dt) or self.link.holds_game(self.toast.row.table)):
            self.toast = None  # its time is up, or its table is on screen now
        self._refresh_when_due()

    def _refresh_when_due(self) -> None:
        now, status = time.time(), self.link.status if self.link is not None else ""
        back = status == CONNECTED and self.link_status != CONNECTED
        self.link_status = status
        self.screen_changed |= self.app.stack.changes != self.stack_changes  # asked once the pause is over
        self.stack_changes = self.app.stack.changes
        since = now - self.asked_at
        if back or since > REFRESH_EVERY or (self.screen_changed and since > REFRESH_AFTER_CHANGE):
            self.screen_changed = False
            self.refresh()

    def _turn_came(self, table: Any) -> None:
        if self.link is None or not _listed_table(table):
            return  # not a table as the server lists one: nothing to show
        self.tables = [held for held in self.tables if held.get("table") != table["table"]] + [table]
        row = my_game_row(table, self.account, time.time())
        if self.app.settings.desktop_notices and not (self.app.focused and not self.app.minimised):
            # The window is behind others: the desktop says it, even of the table on screen there.
            self.last_notice = desktop_notice(f"Your move at {game_title(table['game'])}",
                                              f"{row.headline.partition(' · ')[2]} · {row.detail}")
        if self.link.holds_game(table["table"]):
            return  # that table is on screen: its own turn flow says so
        elsewhere = self.link.client is not None and bool(self.link.client.games)
        self.toast = TurnToast(row, None if elsewhere else self.open_table, self.dismiss)

    def dismiss(self) -> None:
        self.toast = None

    def open_table(self, table_id: str) -> None:
        """Open's click: the table's game, pushed over whatever screen is on top."""
        if self.link is None or self.toast is None:
            return
        self.toast.say("Opening the table…")
        self.opening.add(self.link.submit(lambda client: client.subscribe(table_id)), self._opened)

    def _not_opened(self, words: str) -> None:
        if self.toast is not None:
            self.toast.say(words, warning=True)

    def _opened(self, reply: dict[str, Any]) -> None:
        from rummi_desktop.scenes.online.tables import network_table

        scene = network_table(self.app, self.link, reply) if reply.get("type") == "game" else None
        if scene is None:
            if self.toast is not None:
                self.toast.say(f"{game_title(str(reply.get('game', '')))} cannot be played online here", warning=True)
            return
        self.toast = None
        self.app.stack.push(scene)

    # ---- input and drawing -----------------------------------------------------------------
    def handle_action(self, action: Action) -> bool:
        """Clicks on the toast and Ctrl+O (its Open) are its own; every other input goes to the
        screen under it."""
        if self.toast is None or not self.toast.visible:
            return False
        if action.kind == ActionKind.SHORTCUT and action.ctrl and action.key == OPEN_KEY:
            return self.toast.open_by_key()
        if action.kind not in POINTER_ACTIONS:
            return False
        used = self.toast.widgets.handle_action(action)
        return used and action.kind != ActionKind.HOVER

    def draw(self, surface: "pygame.Surface") -> None:
        if self.toast is not None and self.toast.visible:
            self.toast.draw(surface, self.app.theme)

    def next_change_in(self) -> float:
        if self.link is None:
            return super().next_change_in()
        if self.pending or self.opening or self.toast is not None:
            return 0.1
        return POLL_SECONDS

    def close(self) -> None:
        if self.link is not None:
            self.link.close()
            self.link = None


def _listed_table(table: Any) -> bool:
    """Whether ``table`` has what a listed row reads: its id, its game, its seats."""
    return (isinstance(table, dict) and isinstance(table.get("table"), str) and isinstance(table.get("game"), str)
            and isinstance(table.get("seats"), list) and all(isinstance(seat, dict) for seat in table["seats"]))


def turn_watch(app: "App") -> TurnWatch:
    """The window's watch, made the first time it is needed."""
    return app.layer_of(TurnWatch) or app.add_layer(TurnWatch(app))


def waiting_now(app: "App") -> Waiting:
    """The games waiting for your move as the watch knows them (none before you sign in)."""
    watch = app.layer_of(TurnWatch)
    return watch.waiting if watch is not None else Waiting()
