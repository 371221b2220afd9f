"""The online mode: a game's table over a server's network session.

Every frame the mode asks the session what arrived from the server (:mod:`scenes.table_events`)
and tells the table: lay out again, say it, or begin the turn afresh from the server's state.
The table never knows that a remote player is behind the seat on turn. A game that ended here
first shows its results once the server's word is in. The connection chip is drawn over the
table, where the game's table wants it (``connection_chip_at``), and the table's chat panel
(:mod:`rummi_desktop.scenes.chat_panel`) beside it; the chat goes with the game's record, so
its replay shows each line at its move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rummi_desktop.scenes.table_events import Echo, LinkChanged, Overtaken, PresenceChanged, Refused, ResultsIn, TableEvent
from rummi_desktop.scenes.table_mode import TableMode
from rummi_desktop.scenes.turn_machine import Phase

if TYPE_CHECKING:
    import pygame

    from rummi_desktop.shell.input import Action


class OnlineMode(TableMode):
    saves = False  # the server keeps the game (and the records)
    pause_note = "The game goes on while you are away"
    leave_label = "Back to the lobby"  # the server keeps the game: come back to it from the lobby

    def __init__(self) -> None:
        self.results_waiting = False  # the game ended here first; its results wait for the server's word
        self._chat: Any = None  # the chat panel, made on the first frame (the table's layout places it)
        self._chat_kept = -1  # the lines count last copied into the finished game's record

    @property
    def chat(self) -> Any:
        """The table's chat panel (None before the session has its network play)."""
        play = getattr(self.table.session, "play", None)
        if self._chat is None and play is not None:
            from rummi_desktop.scenes.chat_panel import chat_panel_for

            self._chat = chat_panel_for(play, self.chip_at())
        if self._chat is not None:
            self._chat.move_to(self.table.chat_button_at())
        return self._chat

    @property
    def takes_text(self) -> bool:  # type: ignore[override]
        """Typed text arrives while the chat panel is open (its line to type is there)."""
        return self._chat is not None and self._chat.opened

    def handle_action(self, action: "Action") -> bool:
        return self.chat is not None and self.chat.handle_action(action)

    def update(self, dt: float) -> None:
        if self.chat is not None:
            self.chat.update(dt)

    @property
    def phase(self) -> Phase:
        """For the session's news (:class:`~rummi_desktop.scenes.table_events.TableFacts`)."""
        return self.table.phase

    def frame_begins(self) -> None:
        for event in self.table.session.news(self):
            self.take(event)
        self._take_chat()

    def _take_chat(self) -> None:
        """The chat lines pushed since the last frame, and the chat kept with a finished game."""
        panel, play = self.chat, getattr(self.table.session, "play", None)
        if panel is None or play is None:
            return
        while play.chat_news:
            panel.take(play.chat_news.popleft())
        record = getattr(self.table.session, "finished_record", None)
        if isinstance(record, dict) and len(panel.lines) != self._chat_kept:
            self._chat_kept = len(panel.lines)
            record["chat"] = panel.replay_lines()

    def take(self, event: TableEvent) -> None:
        table = self.table
        if isinstance(event, Echo):
            table.relayout()
            if event.ended_here:
                table.stop_thinking()
                table.turn_completed(True)
        elif isinstance(event, LinkChanged):
            table.say(event.words, warning=not event.connected)
        elif isinstance(event, PresenceChanged):
            table.say(event.words)
        elif isinstance(event, Refused):
            table.say(f"The server refused the move: {event.reason}", warning=True)
            self.restart_turn()
        elif isinstance(event, Overtaken):
            self.restart_turn()
            if event.over:
                table.turn_completed(True)
        elif isinstance(event, ResultsIn):
            table.show_round_end()

    def restart_turn(self) -> None:
        """The turn's state was replaced by the server's answer: begin it afresh."""
        table = self.table
        table.stop_thinking()
        table.turns.hand_over()
        table.relayout()
        table.begin_turn()

    def round_over(self) -> bool:
        self.results_waiting = not self.table.session.results_ready()
        return self.results_waiting  # the session shows them once the server's result is in

    def chip_at(self) -> tuple[int, int] | None:
        """Where the connection chip goes (None: the top right)."""
        return self.table.connection_chip_at

    def status(self) -> dict[str, Any]:
        return {"chat": self._chat.status()} if self._chat is not None else {}

    def exit(self) -> None:
        play = getattr(self.table.session, "play", None)
        if play is not None:
            play.leave()

    def draw(self, surface: "pygame.Surface") -> None:
        from rummi_desktop.scenes.connection_chip import draw_connection_chip, draw_people

        online: dict[str, Any] | None = self.table.session.online_status().get("online")
        if online:
            draw_connection_chip(surface, self.table.app.theme, online["connection"], self.chip_at())
            people = [(person["name"], person["online"], person["away_since"]) for person in online["others"]]
            draw_people(surface, self.table.app.theme, people, self.chip_at())
        if self.chat is not None:
            self.chat.draw(surface, self.table.app.theme)
