"""The Online screen: which server (or host one here), an account, and the lobby.

Every request goes through the :class:`~rummi_desktop.net.link.ClientLink` (a background
thread): the screen keeps the request's future and reads its answer on a later frame, so the
frame never waits. The server's refusals are shown in its own words on the status line.

Lobby: your unfinished games (the ones waiting for your move first, with the time left on the
move clock; Play/Open) and the open public tables (Join), as two tabs of paged lists, and a
third of friends and invitations (an invitation is pushed here and said on the status line); a new
table (game, seats with computer seats, clock live or 1–7 days a move, public or private, the
game's rules); ranked play through the server's matchmaking;
joining by invite code; the leaderboards. A table that starts (its last seat taken, or its
creator starts it) opens the game's own table scene over a network session. While signed in,
the lists are asked for again every half minute, so a move made elsewhere shows up.

Signed in, the link is handed to the window's turn watch (:mod:`.turn_watch`): it outlives this
screen (a game that becomes your move raises a notice on any screen), and this screen takes it
back when it opens again.

"Host on this computer" starts the embedded server for the local network (net/hosting.py) and
shows the address friends type.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Callable

import pygame

from rummi_desktop.games import GAMES
from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.net.link import CONNECTED, ClientLink
from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.scenes.online.choices import your_turn
from rummi_desktop.scenes.online.friends_tab import FriendsTab
from rummi_desktop.scenes.online.lobby_tabs import LobbyTabs
from rummi_desktop.scenes.online.new_table_form import NewTableForm
from rummi_desktop.scenes.online.pending import Pending
from rummi_desktop.scenes.online.profile_sync_button import sync_button
from rummi_desktop.scenes.online.ranked_queue import RankedQueue
from rummi_desktop.scenes.online.seating import Seating
from rummi_desktop.scenes.online.turn_watch import turn_watch
from rummi_desktop.ui import shapes
from rummi_desktop.ui.text_field import TextField, edit_in
from rummi_desktop.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

PANEL = pygame.Rect(50, 24, 1180, 752)
LEFT, RIGHT, COLUMN = 80, 660, 540
ROW_H = 48
LISTS = pygame.Rect(RIGHT, 306, COLUMN, 384)  # the tabs' paged lists
TABS_Y, TABS_H = 260, 40  # the tabs and Refresh, clear of the account row above (it ends at 252)
LIST_ROW_H = 58
INVITE_BELOW = 72  # from the Create button's top to the invite code's, its caption between
REFRESH_EVERY = 30.0  # s between the lists' automatic refreshes while signed in
DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", "8765"

_hosted: list[Any] = []  # the server hosted on this computer (one per run of the game)


class OnlineScene(ShellScene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.link: ClientLink | None = None
        self.account: dict[str, Any] | None = None
        self.pending = Pending()
        self.message = "Connect to a server, or host one on this computer"
        self.warning = False
        self.values = {"host": DEFAULT_HOST, "port": DEFAULT_PORT, "name": "", "password": "", "invite": ""}
        self.fields: dict[str, TextField] = {}
        self.hosted_at = ""  # the address friends on the network type, while this computer hosts
        self.refreshed_at = 0.0
        self.ranked = RankedQueue()
        self.seating = Seating(self.ask, self.say, lambda: self.refresh(quietly=True), self._open_game)
        self.turns = turn_watch(app)
        if self.turns.link is not None and self.turns.account is not None:  # still signed in from before
            self.link, self.account = self.turns.link, self.turns.account
            self.message = f"Signed in as {self.account['name']}"
        self._build()
        friends = FriendsTab(self.widgets, LISTS, self.ask, self.say, self.seating.accept_invitation,
                             lambda: self.tabs.waiting_table())
        self.tabs = LobbyTabs(self.widgets, LISTS, LIST_ROW_H, TABS_Y, TABS_H, self.seating.open_table,
                              self.seating.join_table, self.watch_table, friends)

    # -- widgets ------------------------------------------------------------------------------
    def _field(self, key: str, rect: pygame.Rect, tooltip: str, **options: Any) -> TextField:
        def changed(text: str) -> None:
            self.values[key] = text
        field = self.widgets.add(TextField(rect, self.values[key], changed, tooltip=tooltip, **options))
        self.fields[key] = field
        return field

    def _button(self, rect: pygame.Rect, label: str, action: Callable[[], None], tooltip: str, **options: Any) -> Button:
        return self.widgets.add(Button(rect, label, action, tooltip=tooltip, **options))

    def _build(self) -> None:
        top = 126
        self.host_field = self._field("host", pygame.Rect(LEFT, top, 300, ROW_H), "The server's address", path=True, limit=60)
        self._field("port", pygame.Rect(LEFT + 310, top, 110, ROW_H), "The server's port", digits=True, limit=5)
        self.connect_button = self._button(pygame.Rect(LEFT + 430, top, 170, ROW_H), "Connect", self.connect,
                                           "Connect to this server", font_size=22)
        self.host_button = self._button(pygame.Rect(LEFT + 610, top, 300, ROW_H), "Host on this computer",
                                        self.host_here, "Start a server here (stopped when the game quits)", font_size=22)
        top += 78
        self.name_field = self._field("name", pygame.Rect(LEFT, top, 300, ROW_H), "Your account name (3–24 letters or digits)", limit=24,
                                      capital=False)
        self._field("password", pygame.Rect(LEFT + 310, top, 290, ROW_H), "Your password (8 or more characters)",
                    path=True, secret=True, limit=64)
        self.sign_in_button = self._button(pygame.Rect(LEFT + 610, top, 160, ROW_H), "Sign in",
                                           lambda: self.account_request("sign_in"), "Sign in to your account", font_size=22)
        self.register_button = self._button(pygame.Rect(LEFT + 780, top, 160, ROW_H), "Register",
                                            lambda: self.account_request("register"), "Make a new account", font_size=22)
        self.leaderboard_button = self._button(pygame.Rect(LEFT + 950, top, 170, ROW_H), "Leaderboards",
                                               self.open_leaderboards, "The best players of each game", font_size=22)
        self.sync_button = sync_button(self.widgets, pygame.Rect(LEFT + 920, 126, 200, ROW_H), self.ask, self.say)
        self.form = NewTableForm(self.widgets, LEFT, 300, COLUMN)
        half, top = (COLUMN - 10) // 2, self.form.bottom + 10
        self.create_button = self._button(pygame.Rect(LEFT, top, half, 48), "Create table",
                                          lambda: self.seating.create_table(self.form.request()),
                                          "Make the table and wait for players", style="primary")
        self.ranked_button = self._button(pygame.Rect(LEFT + COLUMN - half, top, half, 48), "Play ranked",
                                          self.toggle_ranked, "Be paired with a player of your rating in this game "
                                          "(a rated game: the leaderboards count it)")
        top += INVITE_BELOW
        self.invite_field = self._field("invite", pygame.Rect(LEFT, top, 300, ROW_H), "An invite code", limit=12)
        self.join_button = self._button(pygame.Rect(LEFT + 310, top, 230, ROW_H), "Join by code",
                                        lambda: self.seating.join_by_code(self.values["invite"].strip().upper()),
                                        "Join the private table with this code", font_size=22)
        self.refresh_button = self._button(pygame.Rect(RIGHT + 464, TABS_Y, 76, TABS_H), "Refresh", self.refresh,
                                           "Ask the server for the tables and your friends again", font_size=17)
        back = pygame.Rect(0, 0, 180, 50)
        back.bottomright = (PANEL.right - 30, PANEL.bottom - 20)
        self._button(back, "Back", self.close, "Back to the menu", shortcut="escape")
        self._refresh_enabled()

    def _refresh_enabled(self) -> None:
        connected = self.link is not None and self.link.status == CONNECTED
        signed_in = connected and self.account is not None
        self.sign_in_button.enabled = self.register_button.enabled = connected
        for button in (self.create_button, self.join_button, self.refresh_button, self.ranked_button, self.sync_button):
            button.enabled = signed_in
        self.leaderboard_button.enabled = connected

    # -- requests -------------------------------------------------------------------------------
    def say(self, message: str, warning: bool = False) -> None:
        self.message, self.warning = message, warning

    def ask(self, request: Callable[[Any], Any], then: Callable[[Any], None], doing: str) -> None:
        if self.link is None:
            self.say("Connect to a server first", warning=True)
            return
        if doing:
            self.say(doing)
        self.pending.add(self.link.submit(request), then)

    def url(self) -> str:
        host = self.values["host"].strip() or DEFAULT_HOST
        port = self.values["port"].strip() or DEFAULT_PORT
        return host if "://" in host else f"ws://{host}:{port}"

    def _connect(self, url: str | None) -> None:
        if self.link is not None:
            self.turns.let_go(self.link)
            self.link.close()
        self.account = None
        self.link = ClientLink(url or self.url())
        self.say(f"Connecting to {self.link.url}…")
        self.pending.add(self.link.connect(), lambda _client: self._connected())
        self._refresh_enabled()

    def _connected(self) -> None:
        self.say("Connected: sign in or register")
        self._refresh_enabled()

    def host_here(self) -> None:
        """Start the embedded server (off the frame loop), then connect to it."""
        if _hosted:
            self.connect(_hosted[0].url)
            return
        from rummi_desktop.net.hosting import host_in_background

        self.say("Starting a server on this computer…")
        self.pending.add(host_in_background(), self._hosted)

    def _hosted(self, server: Any) -> None:
        _hosted.append(server)
        self.connect(server.url)

    def connect(self, url: str | None = None) -> None:
        url = url or self.url()
        hosted = next((server for server in _hosted if server.url == url), None)
        self.hosted_at = f"{hosted.lan_address}, port {hosted.port}" if hosted is not None and hosted.lan_address else ""
        if hosted is not None:  # this window reaches its own server over 127.0.0.1
            self.set_value("host", DEFAULT_HOST)
            self.set_value("port", str(hosted.port))
        self._connect(url)

    def set_value(self, key: str, text: str) -> None:
        self.values[key] = text
        self.fields[key].set_text(text)

    def open_leaderboards(self) -> None:
        from rummi_desktop.scenes.online.leaderboard_scene import LeaderboardScene

        if self.link is not None and self.stack is not None:
            self.stack.push(LeaderboardScene(self.app, self.link, self.account, self.form.game))

    def account_request(self, kind: str) -> None:
        name, password = self.values["name"].strip(), self.values["password"]
        self.ask(lambda client: getattr(client, kind)(name, password), self._signed_in,
                 "Registering…" if kind == "register" else "Signing in…")

    def _signed_in(self, account: dict[str, Any]) -> None:
        self.account = account
        if self.link is not None:
            self.turns.hold(self.link, account)
        self.say(f"Signed in as {account['name']}")
        self._refresh_enabled()
        self.refresh()

    def refresh(self, quietly: bool = False) -> None:
        async def lists(client: Any) -> tuple[list, list, list, dict, dict]:
            return (await client.list_tables(), await client.my_tables(), await client.list_tables(status="playing"),
                    await client.request("friends"), await client.request("invites"))
        self.refreshed_at = time.time()
        self.ask(lists, lambda answers: self._tables(answers, quietly), "" if quietly else "Asking for the tables…")

    def _tables(self, answers: tuple[list, list, list, dict, dict], quietly: bool) -> None:
        self.tabs.open_tables, self.tabs.my_tables, self.tabs.playing_tables, friends, invites = answers
        self.tabs.friends.take_friends(friends)
        self.tabs.friends.take_invites(invites)
        self.tabs.fill(self.account)
        if self.link is self.turns.link:
            self.turns.tables_seen(self.tabs.my_tables)
        if quietly:
            return
        turns = sum(1 for t in self.tabs.my_tables if your_turn(t, self.account))
        waiting = f"Your move in {turns} game{'s' if turns != 1 else ''}" if turns else "No game waits for your move"
        listed = len(self.tabs.open_list.rows)
        self.say(f"{waiting} · {listed} open table{'s' if listed != 1 else ''}")

    def toggle_ranked(self) -> None:
        """Wait in the matchmaking queue for the form's game, or stop waiting."""
        if self.link is None:
            return
        if self.ranked.waiting:
            self.pending.add(self.ranked.cancel(self.link), lambda _answer: self.say("Stopped looking for a ranked game"))
        else:
            self.pending.add(self.ranked.join(self.link, self.form.game), lambda _queued: None)
        self.ranked_button.label = "Stop looking" if self.ranked.waiting else "Play ranked"

    def _open_game(self, message: dict[str, Any]) -> None:
        from rummi_desktop.scenes.online.tables import network_table

        scene = network_table(self.app, self.link, message) if self.link is not None else None
        if scene is None:
            self.say(f"{GAMES[message['game']].title} cannot be played online in the window yet", warning=True)
            return
        if self.stack is not None:
            self.stack.push(scene)

    def watch_table(self, table_id: str) -> None:
        """Watch a public game in play without a seat: its table, read-only."""
        from rummi_desktop.scenes.online.spectator_scene import SpectatorScene

        def watching(message: dict[str, Any]) -> None:
            if self.link is not None and self.stack is not None:
                self.say(f"Watching {GAMES[message['game']].title}")
                self.stack.push(SpectatorScene(self.app, self.link, message))
        self.ask(lambda client: client.watch(table_id), watching, "Opening the table to watch…")

    # -- frames ---------------------------------------------------------------------------------
    def handle_action(self, action: Action) -> bool:
        """Typing goes to the field being edited; Enter, Esc or a press elsewhere finishes it."""
        if edit_in([*self.fields.values(), self.tabs.friends.field], action):
            return True
        if action.kind == ActionKind.SCROLL:
            return self.tabs.shown.turn(-action.amount)
        return super().handle_action(action)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.pending.take_done(lambda words: self.say(words, warning=True))
        self._take_news()
        if self.ranked.waiting:
            self.message, self.warning = self.ranked.words(), False
        self._refresh_enabled()
        if self.refresh_button.enabled and not self.pending and time.time() - self.refreshed_at > REFRESH_EVERY:
            self.refresh(quietly=True)  # a move made elsewhere, a friend's new table; the clocks' time left

    def _take_news(self) -> None:
        if self.link is None:
            return
        for message in self.link.news():
            if message.get("type") == "link" and message["status"] != CONNECTED:
                self.say("Connection lost — reconnecting…" if message["status"] == "reconnecting"
                         else "Offline: the server cannot be reached", warning=True)
            elif message.get("type") == "link" and self.ranked.waiting:  # back: the server forgot our place
                self.pending.add(self.ranked.join(self.link, self.ranked.game), lambda _queued: None)
            elif message.get("type") == "invited":
                words = self.tabs.friends.take_invitation(message.get("invitation"))
                if words:
                    self.say(words)
                    self.tabs.fill(self.account)  # the Friends tab counts it
            elif message.get("type") == "game" and message.get("table") == self.seating.watching:
                self.seating.start_game(message)
            elif (matched := self.ranked.matched(message)) is not None:
                self.ranked_button.label = "Play ranked"
                self.say("Opponent found: the ranked game begins")
                self.seating.open_table(matched)

    def on_resume(self) -> None:
        if self.account is not None and self.link is not None and self.link.status == CONNECTED:
            self.refresh()

    def on_exit(self) -> None:
        if self.link is not None and self.link is self.turns.link:  # signed in: the watch keeps the link
            self.seating.stop_waiting()
            if self.ranked.waiting:
                self.ranked.cancel(self.link)  # a ranked pairing is for players who are there
        elif self.link is not None:
            self.link.close()  # the server takes us out of the matchmaking queue too

    def next_change_in(self) -> float:
        if self.pending or self.seating.watching:
            return 0.05
        if self.ranked.waiting:
            return 1.0  # the waiting time ticks on the status line
        return REFRESH_EVERY if self.refresh_button.enabled else super().next_change_in()

    def status(self) -> dict[str, Any]:
        return {**super().status(), "message": self.message, "account": (self.account or {}).get("name"),
                "connection": self.link.status if self.link is not None else "offline",
                "watching": self.seating.watching, "invite": self.seating.invite,
                "my_tables": len(self.tabs.my_tables), "hosted_at": self.hosted_at,
                "url": self.link.url if self.link is not None else "",
                "fields": {key: list(field.rect) for key, field in self.fields.items()}}

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        self.draw_backdrop(surface)
        draw_panel(surface, theme, PANEL)
        title = shapes.text("Online", 44, theme.text, display=True)
        surface.blit(title, title.get_rect(midtop=(PANEL.centerx, PANEL.y + 14)))
        for words, at in (("Server: address and port", (LEFT + 2, 122)), ("Account: name and password", (LEFT + 2, 200)),
                          ("New table", (LEFT + 2, 296)), ("Invite code", (LEFT + 2, self.invite_field.rect.y - 2))):
            caption = shapes.text(words, 17, theme.text_muted)
            surface.blit(caption, caption.get_rect(bottomleft=at))
        if self.hosted_at:
            friends = shapes.text(f"Friends on your network join at {self.hosted_at}", 18, theme.accent, bold=True)
            surface.blit(friends, friends.get_rect(bottomleft=(self.host_button.rect.x + 2, 122)))
        colour = theme.invalid if self.warning else theme.text
        line = shapes.text(self.message, 21, colour, bold=True)
        surface.blit(line, line.get_rect(midleft=(LEFT, PANEL.bottom - 24)))
        self.tabs.draw(surface, theme)
        self.widgets.draw(surface, theme)
        self.tabs.draw_badge(surface, theme)
