"""Taking a seat from the lobby: making a table, joining one (from the list or by invite
code), opening one of your games, and waiting at an open table until it starts.

Requests go through the lobby's ``ask`` (its link, its status line); a game that starts is
handed to ``play``, which opens the game's table scene.
"""

from __future__ import annotations

from typing import Any, Callable

from rummi_desktop.scenes.online.pending import Ask

class Seating:
    def __init__(self, ask: Ask, say: Callable[[str], None], refresh_quietly: Callable[[], None],
                 play: Callable[[dict[str, Any]], None]) -> None:
        self.ask, self.say, self.refresh_quietly, self.play = ask, say, refresh_quietly, play
        self.watching: str | None = None  # the open table we wait at
        self.invite = ""  # the invite code of the table we last sat down at

    def create_table(self, request: Callable[[Any], Any]) -> None:
        self.ask(request, self._sat_down, "Making the table…")

    def join_by_code(self, code: str) -> None:
        self.ask(lambda client: client.join_table(invite=code), self._sat_down, "Joining…")

    def join_table(self, table_id: str) -> None:
        self.ask(lambda client: client.join_table(table=table_id), self._sat_down, "Joining…")

    def open_table(self, table_id: str) -> None:
        self.ask(lambda client: client.subscribe(table_id), self._subscribed, "Opening the table…")

    def _sat_down(self, table: dict[str, Any]) -> None:
        self.invite = table.get("invite", "")
        self.refresh_quietly()  # the new table shows under Your games
        self.open_table(table["table"])

    def _subscribed(self, reply: dict[str, Any]) -> None:
        if reply["type"] == "game":
            self.start_game(reply)
            return
        table = reply["table"]
        self.watching = table["table"]
        self.say(f"Waiting for players · invite code {table.get('invite', '?')}")

    def stop_waiting(self) -> None:
        """The lobby closes while we wait at an open table: stop watching it (the seat stays
        ours; the game is in Your games when it starts)."""
        if self.watching is not None:
            table, self.watching = self.watching, None
            self.ask(lambda client: client.unsubscribe(table), lambda _reply: None, "")

    def start_game(self, message: dict[str, Any]) -> None:
        """The game of a table we sat down at began: stop waiting, and play it."""
        self.watching = None
        self.play(message)
