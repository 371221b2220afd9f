"""The chat panel of a server game's table, the same on every game's table (drawn over it by
the online mode): a Chat button by the connection chip, and when open, the table's lines
(newest at the bottom), the quick phrases, a line to type (Enter sends) and a Mute button per
other person at the table. A muted person's lines are hidden, not lost (unmute shows them);
the mutes are remembered on this computer (storage/chat_mutes.py).

By keyboard: M opens the panel with the line ready to type (Enter sends, Esc stops typing, Esc
again or M closes it); while it is open Tab and the arrows go round its controls, and Page Up /
Page Down (or the wheel over the lines) go back through the earlier lines. While it is closed the
keys are the table's: its focus keys and arrows play the game.

Everything the server sends is cleaned again before it is drawn (records/chat_text.py), a name is
cut with "…" to its column and a long word is broken inside the panel: no line can leave it.
Game-neutral: it sends through a function it is handed and takes the lines it is given.
"""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, Callable

import pygame

from rummi_desktop.records.chat_text import CHAT_CHARS, QUICK_PHRASES, clean_text
from rummi_desktop.scenes.online.pending import Pending
from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.ui import shapes
from rummi_desktop.ui.text_field import TextField
from rummi_desktop.ui.text_wrap import fitted_text, wrapped_lines
from rummi_desktop.ui.widget_group import WidgetGroup
from rummi_desktop.ui.widgets import Button

SCREEN = pygame.Rect(0, 0, 1280, 800)
INSIDE = SCREEN.inflate(-80, -60)  # within the tables' wooden frame
PANEL_W, PANEL_H = 420, 400
TOGGLE = (112, 30)
PAD, LINE_SIZE, LINE_H = 12, 17, 21
NAME_W = 112  # the name column: a name is cut with "…" to it
LINES_H = 178
KEPT = 200  # lines held
MAX_ROWS = 8  # rows a line may take (the whole area: a 200-character line reads whole); more end in "…"
CHAT_KEY = "m"  # a message: free on every game's table (C sorts Rummi's rack, T shows the tracker)


@dataclass(frozen=True)
class ShownLine:
    name: str
    text: str
    move: int
    note: bool = False  # the panel's own word (a refusal), not a player's
    id: str = ""  # the server's id of the line


def line_from(sent: Any) -> ShownLine | None:
    """A line as the server sent it, cleaned; None for one not in the expected shape."""
    if not isinstance(sent, dict) or not isinstance(sent.get("text"), str) or not isinstance(sent.get("name"), str):
        return None
    move = sent.get("move")
    text = clean_text(sent["text"], CHAT_CHARS)
    if not text:
        return None
    line_id = sent.get("id") if isinstance(sent.get("id"), str) else ""
    return ShownLine(clean_text(sent["name"], 24) or "?", text, move if isinstance(move, int) and move >= 0 else 0,
                     id=line_id[:40])


def panel_place(toggle: pygame.Rect) -> pygame.Rect:
    """The open panel by its button: towards the middle of the screen, below it where it fits."""
    panel = pygame.Rect(0, 0, PANEL_W, PANEL_H)
    if toggle.centerx >= SCREEN.centerx:
        panel.right = toggle.right
    else:
        panel.x = toggle.x
    if toggle.bottom + 6 + PANEL_H <= INSIDE.bottom:
        panel.y = toggle.bottom + 6
    else:
        panel.bottom = toggle.y - 6
    return panel.clamp(INSIDE)


class ChatPanel:
    """``send(fields)`` sends one ``chat_send`` (its fields: ``phrase`` or ``text``) and returns
    the future of its reply; ``people`` are the other people's names; ``muted`` and
    ``on_muted(muted)`` are the remembered mutes."""

    def __init__(self, toggle_at: tuple[int, int], send: Callable[[dict[str, Any]], Future], people: list[str],
                 muted: set[str], on_muted: Callable[[set[str]], None]) -> None:
        """``toggle_at``: the top right of the Chat button; the panel opens under it (over it
        when there is no room below), towards the middle of the screen."""
        self.send, self.people = send, [clean_text(name, 24) for name in people]
        self.muted, self.on_muted = set(muted), on_muted
        self.lines: list[ShownLine] = []
        self.opened = False
        self.ask_history: Callable[[], Future] | None = None  # the stored lines, asked for on first opening
        self.unread = 0
        self.back_rows = 0  # rows scrolled back from the newest (Page Up, the wheel)
        self.pointer: tuple[float, float] | None = None  # where the pointer last was (a wheel step has no place)
        self.draft = ""
        self.pending = Pending()
        self.widgets = WidgetGroup()
        self.toggle = self.widgets.add(Button(pygame.Rect((0, 0), TOGGLE), "Chat", self.flip,
                                              tooltip="Talk with the others at the table", font_size=17,
                                              shortcut=CHAT_KEY))
        self.toggle_at = (-1, -1)
        self.move_to(toggle_at)

    def move_to(self, toggle_at: tuple[int, int] | None) -> None:
        """The Chat button's top right at ``toggle_at`` (None: where it is), the panel by it."""
        if toggle_at is None or toggle_at == self.toggle_at:
            return
        self.toggle_at = toggle_at
        toggle = pygame.Rect((0, 0), TOGGLE)
        toggle.topright = toggle_at
        self.toggle.rect = toggle.clamp(INSIDE)
        self.panel = panel_place(self.toggle.rect)
        self.widgets.focus(None)
        self._build_open()
        self.field.set_text(self.draft)
        self._show_open(self.opened)

    # -- widgets --------------------------------------------------------------------------------
    def _build_open(self) -> None:
        inner = self.panel.inflate(-2 * PAD, -2 * PAD)
        self.lines_area = pygame.Rect(inner.x, inner.y + 30, inner.w, LINES_H)
        y = self.lines_area.bottom + 8
        width = (inner.w - 12) // 3
        self.phrases = [Button(pygame.Rect(inner.x + (index % 3) * (width + 6), y + (index // 3) * 36, width, 30),
                               phrase, lambda i=index: self._send({"phrase": i}), font_size=16,
                               tooltip=f"Say \u201c{phrase}\u201d") for index, phrase in enumerate(QUICK_PHRASES)]
        y += 76
        self.field = TextField(pygame.Rect(inner.x, y, inner.w - 96, 40), "", self._typed, limit=CHAT_CHARS,
                               tooltip="Type a line (Enter sends it)", path=True, capital=False)
        self.send_button = Button(pygame.Rect(inner.right - 88, y, 88, 40), "Send", self._send_draft,
                                  style="primary", tooltip="Send the line", font_size=18)
        y += 48
        self.mutes: list[Button] = []
        if self.people:
            width = (inner.w - 6 * (len(self.people) - 1)) // len(self.people)
            for index, name in enumerate(self.people):
                self.mutes.append(Button(pygame.Rect(inner.x + index * (width + 6), y, width, 30), "",
                                         lambda n=name: self.flip_mute(n), font_size=15,
                                         tooltip=f"Hide or show {name}'s lines (remembered on this computer)"))
        self._label_mutes()
        self.open_widgets = [*self.phrases, self.field, self.send_button, *self.mutes]

    def _label_mutes(self) -> None:
        for name, button in zip(self.people, self.mutes):
            short = name if len(name) <= 9 else name[:8] + "…"
            button.label = f"{'Unmute' if name.lower() in self.muted else 'Mute'} {short}"

    def _show_open(self, shown: bool) -> None:
        self.widgets.widgets = [self.toggle] + (self.open_widgets if shown else [])
        self.toggle.style = "primary" if shown else "secondary"
        self._label_toggle()

    def _label_toggle(self) -> None:
        self.toggle.label = "Chat" if self.opened or not self.unread else f"Chat ({min(self.unread, 99)})"

    def flip(self) -> None:
        self.opened = not self.opened
        if self.opened:
            self.unread = 0
            if self.ask_history is not None:
                self.pending.add(self.ask_history(), lambda reply: self.take_history(reply.get("lines")))
                self.ask_history = None
        else:
            self.field.editing = False
            self.widgets.focus(None)  # Enter is the table's again (End Turn), not the closed panel's
        self._show_open(self.opened)

    def flip_mute(self, name: str) -> None:
        key = name.lower()
        self.muted.symmetric_difference_update({key})
        self._label_mutes()
        self.on_muted(set(self.muted))

    # -- lines ------------------------------------------------------------------------------
    def take(self, sent: Any) -> None:
        """A line the server pushed (or sent back): kept, and counted unread while closed."""
        line = line_from(sent)
        if line is None:
            return
        self.lines = (self.lines + [line])[-KEPT:]
        if not self.opened and line.name.lower() not in self.muted:
            self.unread += 1
            self._label_toggle()

    def take_history(self, lines: Any) -> None:
        """The table's stored lines, before those that arrived while they were asked for."""
        if isinstance(lines, list):
            stored = [line for line in (line_from(sent) for sent in lines) if line is not None]
            known = {line.id for line in stored}
            self.lines = (stored + [line for line in self.lines if not line.id or line.id not in known])[-KEPT:]

    def note(self, words: str) -> None:
        self.lines = (self.lines + [ShownLine("", clean_text(words), 0, note=True)])[-KEPT:]

    def visible_lines(self) -> list[ShownLine]:
        return [line for line in self.lines if line.note or line.name.lower() not in self.muted]

    def _typed(self, text: str) -> None:
        self.draft = text

    def _send(self, fields: dict[str, Any]) -> None:
        self.pending.add(self.send(fields), lambda reply: self.take(reply.get("line")))

    def _send_draft(self) -> None:
        text = clean_text(self.draft)
        if text:
            self._send({"text": text})
            self.back_rows = 0  # your own line, in view
        self.draft = ""
        self.field.set_text("")

    # -- frames -----------------------------------------------------------------------------
    def handle_action(self, action: Action) -> bool:
        """Typing goes to the line (Enter sends it); M opens or closes the panel, Esc closes it;
        a press on the open panel stays in it."""
        if self.field.editing:
            if action.kind == ActionKind.CONFIRM and action.key != "space":
                self._send_draft()
                return True
            if action.kind == ActionKind.BACK:
                self.field.editing = False
                return True
            if self.field.take(action):
                return True
        if action.pos is not None:
            self.pointer = action.pos
        if self.opened and self._scrolled(action):
            return True
        if action.kind == ActionKind.SHORTCUT and action.key == CHAT_KEY and not action.ctrl:
            self.flip()
            self.field.editing = self.opened  # opened by key: type at once
            return True
        if action.kind == ActionKind.BACK and self.opened:
            self.flip()
            return True
        if not self.opened and action.pos is None:
            return False  # the closed panel's button takes the pointer only: the keys play the table
        if self.widgets.handle_action(action):
            return True
        return self.opened and action.pos is not None and action.kind in (
            ActionKind.PRESS, ActionKind.CLICK) and self.panel.collidepoint(action.pos)

    def _scrolled(self, action: Action) -> bool:
        """Page Up / Page Down, or the wheel over the panel: back through the earlier lines."""
        rows = (self.lines_area.h - 8) // LINE_H
        if action.kind == ActionKind.SHORTCUT and action.key in ("page up", "page down"):
            step = rows - 1 if action.key == "page up" else 1 - rows
        elif action.kind == ActionKind.SCROLL and self.pointer is not None and self.panel.collidepoint(self.pointer):
            step = 3 * action.amount
        else:
            return False
        self.back_rows = max(0, self.back_rows + step)  # the drawing holds it to the lines there are
        return True

    def update(self, dt: float) -> None:
        self.widgets.update(dt)
        self.pending.take_done(lambda words: self.note(words))

    def draw(self, surface: pygame.Surface, theme: Any) -> None:
        if self.opened:
            fill = shapes.darken(theme.panel[:3], 0.2) + (240,)
            surface.blit(shapes.rounded_panel(self.panel.size, 14, fill, fill, theme.rail_highlight, 1), self.panel)
            title = shapes.text("Table chat", 19, theme.text, bold=True)
            surface.blit(title, (self.panel.x + PAD, self.panel.y + PAD))
            self._draw_lines(surface, theme)
        self.widgets.draw(surface, theme)

    def _draw_lines(self, surface: pygame.Surface, theme: Any) -> None:
        """The rows in view (the newest, or those scrolled back to), clipped to their area."""
        area = self.lines_area
        pygame.draw.rect(surface, shapes.darken(theme.panel[:3], 0.35), area, border_radius=8)
        rows = self.rows_in_view()
        if self.back_rows:
            back = shapes.text("Earlier lines · Page Down: newer", 15, theme.text_muted)
            surface.blit(back, back.get_rect(topright=(self.panel.right - PAD, self.panel.y + PAD + 3)))
        if not rows:
            empty = shapes.text("No words yet: say hello", LINE_SIZE, theme.text_muted)
            surface.blit(empty, empty.get_rect(center=area.center))
            return
        before = surface.get_clip()
        surface.set_clip(area.inflate(-4, -4).clip(before) if before else area.inflate(-4, -4))
        y = area.bottom - 4 - len(rows) * LINE_H
        for name, words, note in rows:
            if note:
                surface.blit(shapes.text(words, LINE_SIZE, theme.invalid), (area.x + 6, y))
            else:
                if name:
                    surface.blit(fitted_text(name, LINE_SIZE, theme.accent, NAME_W - 6, bold=True), (area.x + 6, y))
                surface.blit(shapes.text(words, LINE_SIZE, theme.text), (area.x + 6 + NAME_W, y))
            y += LINE_H
        surface.set_clip(before)

    def rows_in_view(self) -> list[tuple[str, str, bool]]:
        """The rows the lines' area shows: the newest, or ``back_rows`` before them (held to
        the rows there are)."""
        fit = (self.lines_area.h - 8) // LINE_H
        rows = self._rows_back(self.lines_area.w, self.back_rows + fit)
        self.back_rows = min(self.back_rows, max(0, len(rows) - fit))
        end = len(rows) - self.back_rows
        return rows[max(0, end - fit):end]

    def _rows_back(self, width: int, wanted: int) -> list[tuple[str, str, bool]]:
        """The newest lines' rows, (name or "", words, a note), oldest first: at least ``wanted``
        of them where there are that many."""
        text_w = width - NAME_W - 16
        rows: list[tuple[str, str, bool]] = []
        for line in reversed(self.visible_lines()):
            wrapped = wrapped_lines(line.text, LINE_SIZE, width - 12 if line.note else text_w)
            if len(wrapped) > MAX_ROWS:
                wrapped = wrapped[:MAX_ROWS - 1] + [wrapped[MAX_ROWS - 1][:-1] + "…"]
            rows[:0] = [(line.name if index == 0 else "", words, line.note) for index, words in enumerate(wrapped)]
            if len(rows) >= wanted:
                break
        return rows

    def replay_lines(self) -> list[dict[str, Any]]:
        """The lines shown (not the muted, not the panel's notes) for the game's record."""
        return [{"name": line.name, "text": line.text, "move": line.move}
                for line in self.visible_lines() if not line.note]

    def status(self) -> dict[str, Any]:
        return {"open": self.opened, "unread": self.unread, "lines": [[line.name, line.text] for line in self.lines],
                "muted": sorted(self.muted), "draft": self.draft}


def chat_panel_for(play: Any, chip_at: tuple[int, int] | None) -> ChatPanel:
    """The panel of a server game's table (``play``: its NetworkPlay), its button under the
    connection chip at ``chip_at`` (None: the chip's own place) and the rows of the people
    under it; the table's stored lines are asked for when it first opens."""
    from rummi_desktop.scenes.connection_chip import CHIP, PERSON_ROW_H
    from rummi_desktop.storage.chat_mutes import load_mutes, save_mutes

    link, table = play.link, play.table_id
    server = str(getattr(link, "url", ""))  # the mutes are per server
    chip = CHIP if chip_at is None else CHIP.move(chip_at[0] - CHIP.x, chip_at[1] - CHIP.y)
    people = play.other_people()
    under_people = (chip.right, chip.bottom + 4 + len(people) * (PERSON_ROW_H + 3) + 2)  # the chip's rows

    def send(fields: dict[str, Any]) -> Future:
        return link.submit(lambda client: client.request("chat_send", table=table, **fields))

    def remember(muted: set[str]) -> None:
        try:
            save_mutes(server, muted)
        except OSError:
            panel.note("Could not remember the mute on this computer")

    panel = ChatPanel(under_people, send, people, load_mutes(server), remember)
    panel.ask_history = lambda: link.submit(lambda client: client.request("chat_history", table=table))
    return panel
