"""The Online screen: which server (or host one here), an account, and the lobby.

Every request goes through the :class:`~rummi_desktop.net.link.ClientLink` (a background
thread): the screen keeps the request's future and reads its answer on a later frame, so the
frame never waits. The server's refusals are shown in its own words on the status line.

Lobby: the open public tables (Join), your unfinished games ("your turn" first; Open), a new
table (game, seats with computer seats, clock live or 1–7 days a move, public or private, the
game's rules) and
joining by invite code. A table that starts (its last seat taken, or its creator starts it)
opens the game's own table scene over a network session.
"""

from __future__ import annotations

import threading
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, Callable

import pygame

from rummi_desktop.games import GAMES
from rummi_desktop.input import Action, ActionKind
from rummi_desktop.net.link import CONNECTED, ClientLink
from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.scenes.online.choices import (PLAYABLE_ONLINE, clock_choices, rules_choices, seat_choices,
                                                 table_words, your_turn)
from rummi_desktop.ui import shapes
from rummi_desktop.ui.text_field import TextField
from rummi_desktop.ui.widgets import Button, OptionPicker, draw_panel

if TYPE_CHECKING:
    from rummi_desktop.app import App

PANEL = pygame.Rect(50, 24, 1180, 752)
LEFT, RIGHT, COLUMN = 80, 660, 540
ROW_H = 48
LIST_ROWS = 3
DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", "8765"

_hosted: list[Any] = []  # the server hosted on this computer (one per run of the game)


class OnlineScene(ShellScene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.link: ClientLink | None = None
        self.account: dict[str, Any] | None = None
        self.waiting: list[tuple[Future, Callable[[Any], None]]] = []
        self.message = "Connect to a server, or host one on this computer"
        self.warning = False
        self.open_tables: list[dict[str, Any]] = []
        self.my_tables: list[dict[str, Any]] = []
        self.watching: str | None = None  # the open table we wait at
        self.values = {"host": DEFAULT_HOST, "port": DEFAULT_PORT, "name": "", "password": "", "invite": ""}
        self.game = PLAYABLE_ONLINE[0]
        self.seats = seat_choices(self.game)[0][0]
        self.options: dict[str, Any] = rules_choices(self.game)[0][0]
        self.clock: dict[str, Any] = {"kind": "none"}
        self.visibility = "public"
        self.list_buttons: list[Button] = []
        self.fields: dict[str, TextField] = {}
        self._build()

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
        self.name_field = self._field("name", pygame.Rect(LEFT, top, 300, ROW_H), "Your account name (3–24 letters or digits)", limit=24)
        self._field("password", pygame.Rect(LEFT + 310, top, 290, ROW_H), "Your password (8 or more characters)",
                    path=True, secret=True, limit=64)
        self.sign_in_button = self._button(pygame.Rect(LEFT + 610, top, 160, ROW_H), "Sign in",
                                           lambda: self.account_request("sign_in"), "Sign in to your account", font_size=22)
        self.register_button = self._button(pygame.Rect(LEFT + 780, top, 160, ROW_H), "Register",
                                            lambda: self.account_request("register"), "Make a new account", font_size=22)
        top = 300
        self.game_picker = self.widgets.add(OptionPicker(pygame.Rect(LEFT, top, COLUMN, 52), "Game",
                                                         [(key, GAMES[key].title) for key in PLAYABLE_ONLINE], self.game,
                                                         self._set_game, tooltip="The game at the new table"))
        self.seat_picker = self.widgets.add(OptionPicker(pygame.Rect(LEFT, top + 56, COLUMN, 52), "Seats",
                                                         seat_choices(self.game), self.seats, self._set_seats,
                                                         tooltip="Who sits at the new table: people join, computers play on the server"))
        self.widgets.add(OptionPicker(pygame.Rect(LEFT, top + 112, COLUMN, 52), "Clock", clock_choices(), self.clock,
                                      self._set_clock, tooltip="Live: seconds a turn; or days a move (play at your pace)"))
        self.widgets.add(OptionPicker(pygame.Rect(LEFT, top + 168, COLUMN, 52), "Table",
                                      [("public", "Public (listed)"), ("private", "Private (invite code)")],
                                      self.visibility, self._set_visibility, tooltip="Listed in the lobby, or by invite only"))
        self.rules_picker = self.widgets.add(OptionPicker(pygame.Rect(LEFT, top + 224, COLUMN, 52), "Rules",
                                                          rules_choices(self.game), self.options, self._set_options,
                                                          tooltip="The game's options at the new table"))
        self.create_button = self._button(pygame.Rect(LEFT, top + 286, COLUMN, 54), "Create table", self.create_table,
                                          "Make the table and wait for players", style="primary")
        self.invite_field = self._field("invite", pygame.Rect(LEFT, top + 364, 300, ROW_H), "An invite code", limit=12)
        self.join_button = self._button(pygame.Rect(LEFT + 310, top + 364, 230, ROW_H), "Join by code",
                                        self.join_by_code, "Join the private table with this code", font_size=22)
        self.refresh_button = self._button(pygame.Rect(RIGHT + 380, 252, 160, 40), "Refresh", self.refresh,
                                           "Ask the server for the tables again", font_size=20)
        back = pygame.Rect(0, 0, 180, 50)
        back.bottomright = (PANEL.right - 30, PANEL.bottom - 20)
        self._button(back, "Back", self.close, "Back to the menu", shortcut="escape")
        self._refresh_enabled()

    def _set_game(self, game: str) -> None:
        self.game = game
        self.seat_picker.options = seat_choices(game)
        self.seat_picker.index = 0
        self.seats = self.seat_picker.value
        self.rules_picker.options = rules_choices(game)
        self.rules_picker.index = 0
        self.options = self.rules_picker.value

    def _set_options(self, options: dict[str, Any]) -> None:
        self.options = options

    def _set_seats(self, seats: tuple[str, ...]) -> None:
        self.seats = seats

    def _set_clock(self, clock: dict[str, Any]) -> None:
        self.clock = clock

    def _set_visibility(self, visibility: str) -> None:
        self.visibility = visibility

    def _refresh_enabled(self) -> None:
        connected = self.link is not None and self.link.status == CONNECTED
        signed_in = connected and self.account is not None
        self.sign_in_button.enabled = self.register_button.enabled = connected
        for button in (self.create_button, self.join_button, self.refresh_button):
            button.enabled = signed_in

    def _show_lists(self) -> None:
        """One button per open table (Join) and per game of yours (Open), your turn first."""
        self.widgets.widgets = [w for w in self.widgets.widgets if w not in self.list_buttons]
        self.list_buttons = []
        mine = sorted(self.my_tables, key=lambda t: not your_turn(t, self.account))[:LIST_ROWS]
        theirs = [t for t in self.open_tables if t["table"] not in {m["table"] for m in self.my_tables}][:LIST_ROWS]
        for index, table in enumerate(mine):
            rect = pygame.Rect(RIGHT, 300 + index * 52, COLUMN, 46)
            self.list_buttons.append(self.widgets.add(Button(
                rect, table_words(table, self.account), lambda t=table: self.open_table(t["table"]),
                tooltip="Open this game", font_size=18, style="primary" if your_turn(table, self.account) else "secondary")))
        for index, table in enumerate(theirs):
            rect = pygame.Rect(RIGHT, 496 + index * 52, COLUMN, 46)
            self.list_buttons.append(self.widgets.add(Button(
                rect, table_words(table), lambda t=table: self.join_table(t["table"]),
                tooltip="Take a seat at this table", font_size=18)))

    # -- requests -------------------------------------------------------------------------------
    def say(self, message: str, warning: bool = False) -> None:
        self.message, self.warning = message, warning

    def ask(self, request: Callable[[Any], Any], then: Callable[[Any], None], doing: str) -> None:
        if self.link is None:
            self.say("Connect to a server first", warning=True)
            return
        self.say(doing)
        self.waiting.append((self.link.submit(request), then))

    def url(self) -> str:
        host = self.values["host"].strip() or DEFAULT_HOST
        port = self.values["port"].strip() or DEFAULT_PORT
        return host if "://" in host else f"ws://{host}:{port}"

    def connect(self, url: str | None = None) -> None:
        if self.link is not None:
            self.link.close()
        self.account = None
        self.link = ClientLink(url or self.url())
        self.say(f"Connecting to {self.link.url}…")
        self.waiting.append((self.link.connect(), lambda _client: self._connected()))
        self._refresh_enabled()

    def _connected(self) -> None:
        self.say("Connected: sign in or register")
        self._refresh_enabled()

    def host_here(self) -> None:
        """Start the embedded server (off the frame loop), then connect to it."""
        if _hosted:
            self.connect(_hosted[0].url)
            return
        future: Future = Future()

        def start() -> None:
            from rummi_desktop.net.hosting import host_server
            try:
                future.set_result(host_server())
            except Exception as error:  # shown on the status line
                future.set_exception(error)

        threading.Thread(target=start, daemon=True).start()
        self.say("Starting a server on this computer…")
        self.waiting.append((future, self._hosted))

    def _hosted(self, server: Any) -> None:
        _hosted.append(server)
        self.values["port"] = server.url.rsplit(":", 1)[1]
        self.values["host"] = DEFAULT_HOST
        self.connect(server.url)

    def account_request(self, kind: str) -> None:
        name, password = self.values["name"].strip(), self.values["password"]
        self.ask(lambda client: getattr(client, kind)(name, password), self._signed_in,
                 "Registering…" if kind == "register" else "Signing in…")

    def _signed_in(self, account: dict[str, Any]) -> None:
        self.account = account
        self.say(f"Signed in as {account['name']}")
        self._refresh_enabled()
        self.refresh()

    def refresh(self) -> None:
        async def both(client: Any) -> tuple[list, list]:
            return await client.list_tables(), await client.my_tables()
        self.ask(both, self._tables, "Asking for the tables…")

    def _tables(self, tables: tuple[list, list]) -> None:
        self.open_tables, self.my_tables = tables
        turns = sum(1 for t in self.my_tables if your_turn(t, self.account))
        self.say(f"{len(self.open_tables)} open table{'s' if len(self.open_tables) != 1 else ''} · "
                 f"your turn in {turns} game{'s' if turns != 1 else ''}")
        self._show_lists()

    def create_table(self) -> None:
        game, seats, clock, visibility, options = self.game, list(self.seats), self.clock, self.visibility, self.options
        self.ask(lambda client: client.create_table(game, seats, options=options, clock=clock, visibility=visibility),
                 self._sat_down, "Making the table…")

    def join_by_code(self) -> None:
        code = self.values["invite"].strip().upper()
        self.ask(lambda client: client.join_table(invite=code), self._sat_down, "Joining…")

    def join_table(self, table_id: str) -> None:
        self.ask(lambda client: client.join_table(table=table_id), self._sat_down, "Joining…")

    def _sat_down(self, table: dict[str, Any]) -> None:
        self.invite = table.get("invite", "")
        self.open_table(table["table"])

    def open_table(self, table_id: str) -> None:
        self.ask(lambda client: client.subscribe(table_id), self._subscribed, "Opening the table…")

    def _subscribed(self, reply: dict[str, Any]) -> None:
        if reply["type"] == "game":
            self._play(reply)
            return
        table = reply["table"]
        self.watching = table["table"]
        self.say(f"Waiting for players · invite code {table.get('invite', '?')}")

    def _play(self, message: dict[str, Any]) -> None:
        from rummi_desktop.scenes.online.tables import network_table

        self.watching = None
        try:
            scene = network_table(self.app, self.link, message) if self.link is not None else None
        except ValueError as error:  # a table this copy cannot play (another word list)
            self.say(f"This table cannot be played here: {error}", warning=True)
            return
        if scene is None:
            self.say(f"{GAMES[message['game']].title} cannot be played online in the window yet", warning=True)
            return
        if self.stack is not None:
            self.stack.push(scene)

    # -- frames ---------------------------------------------------------------------------------
    def handle_action(self, action: Action) -> bool:
        """Keys go to the field being edited; Enter, Esc or a press elsewhere finishes it."""
        field = next((w for w in self.widgets.widgets if isinstance(w, TextField) and w.editing), None)
        if field is not None:
            if action.kind == ActionKind.SHORTCUT and field.type_key(action):
                return True
            if action.kind in (ActionKind.CONFIRM, ActionKind.BACK, ActionKind.PRESS):
                field.editing = False
                if action.kind != ActionKind.PRESS:
                    return True
        return super().handle_action(action)

    def update(self, dt: float) -> None:
        super().update(dt)
        still = []
        for future, then in self.waiting:
            if not future.done():
                still.append((future, then))
                continue
            error = future.exception()
            if error is not None:
                self.say(getattr(error, "message", None) or str(error) or type(error).__name__, warning=True)
            else:
                then(future.result())
        self.waiting = still
        self._take_news()
        self._refresh_enabled()

    def _take_news(self) -> None:
        if self.link is None:
            return
        for message in self.link.news():
            if message.get("type") == "link" and message["status"] != CONNECTED:
                self.say("Connection lost — reconnecting…" if message["status"] == "reconnecting"
                         else "Offline: the server cannot be reached", warning=True)
            elif message.get("type") == "game" and message.get("table") == self.watching:
                self._play(message)

    def on_resume(self) -> None:
        if self.account is not None and self.link is not None and self.link.status == CONNECTED:
            self.refresh()

    def on_exit(self) -> None:
        if self.link is not None:
            self.link.close()

    def next_change_in(self) -> float:
        return 0.05 if self.waiting or self.watching else super().next_change_in()

    def status(self) -> dict[str, Any]:
        return {**super().status(), "message": self.message, "account": (self.account or {}).get("name"),
                "connection": self.link.status if self.link is not None else "offline", "watching": self.watching,
                "invite": getattr(self, "invite", ""), "my_tables": len(self.my_tables),
                "url": self.link.url if self.link is not None else "",
                "fields": {key: list(field.rect) for key, field in self.fields.items()}}

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        self.draw_backdrop(surface)
        draw_panel(surface, theme, PANEL)
        title = shapes.text("Online", 44, theme.text, display=True)
        surface.blit(title, title.get_rect(midtop=(PANEL.centerx, PANEL.y + 14)))
        for words, at in (("Server: address and port", (LEFT + 2, 122)), ("Account: name and password", (LEFT + 2, 200)),
                          ("New table", (LEFT + 2, 296)), ("Your games (your turn first)", (RIGHT + 2, 296)),
                          ("Open tables", (RIGHT + 2, 492)), ("Invite code", (LEFT + 2, 660))):
            caption = shapes.text(words, 17, theme.text_muted)
            surface.blit(caption, caption.get_rect(bottomleft=at))
        colour = theme.invalid if self.warning else theme.text
        line = shapes.text(self.message, 21, colour, bold=True)
        surface.blit(line, line.get_rect(midleft=(LEFT, PANEL.bottom - 45)))
        self.widgets.draw(surface, theme)
