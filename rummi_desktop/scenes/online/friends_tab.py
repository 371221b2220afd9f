"""The lobby's Friends tab: add a player by name (or block one), the invitations waiting for
you (Accept joins the table, Decline drops it), your friends with who is online (Invite asks
one to your newest table still waiting for players), the players who added you (Add back,
Block), those you added who have not added you back, and those you blocked (Unblock). A page
of rows at a time, like the tables' lists.

Friendship is two follows (net/friends.py): adding someone asks nothing of them, and only
friends see each other online and invite each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

from rummi_desktop.games import GAMES
from rummi_desktop.records.chat_text import clean_text
from rummi_desktop.scenes.online.pending import Ask
from rummi_desktop.scenes.online.table_list import draw_row_face
from rummi_desktop.ui import shapes
from rummi_desktop.ui.text_field import TextField
from rummi_desktop.ui.text_wrap import cut_text, text_width
from rummi_desktop.ui.widget_group import WidgetGroup
from rummi_desktop.ui.widgets import Button
from rummi_desktop.scenes.online.paging import Paging

ROW_H, ROW_GAP, PAGER_H, TOP_H = 42, 6, 36, 44
ROW_TEXT = 18  # px: a row's words
ONLINE_DOT, AWAY_DOT = (90, 200, 110), (150, 150, 150)


@dataclass(frozen=True)
class FriendRow:
    name: str
    after: str  # what the row says of them: " · online", " invites you · Rummi"
    actions: tuple[tuple[str, Callable[[], None], str], ...]  # (label, action, tooltip)
    dot: tuple[int, int, int] | None = None  # online or not, for a friend
    urgent: bool = False  # an invitation

    @property
    def words(self) -> str:
        return self.name + self.after


def row_words(row: FriendRow, width: int) -> str:
    """The row's words in ``width``: a long name is cut with "…", what is said of it (online,
    invites you to which game) stays whole."""
    after = text_width(row.after, ROW_TEXT, row.urgent)
    return cut_text(row.name, ROW_TEXT, max(24, width - after), row.urgent) + row.after


def _name(value: Any) -> str:
    return clean_text(value, 24) if isinstance(value, str) else "?"


class FriendsTab(Paging):
    def __init__(self, group: WidgetGroup, area: pygame.Rect, ask: Ask, say: Callable[[str], None],
                 accept: Callable[[str], None], waiting_table: Callable[[], str | None]) -> None:
        """``accept(table)`` takes up an invitation (the lobby joins and opens the table);
        ``waiting_table()`` is your newest table still waiting for players, or None."""
        self.group, self.area, self.ask, self.say = group, area, ask, say
        self.accept, self.waiting_table = accept, waiting_table
        self.friends: dict[str, Any] = {"friends": [], "asking": [], "asked": [], "blocked": []}
        self.invitations: list[dict[str, Any]] = []
        self.shown, self.page = False, 0
        self.name = ""
        self.field = TextField(pygame.Rect(area.x, area.y, area.w - 236, 40), "", self._typed, limit=24,
                               capital=False, tooltip="A player's account name", placeholder="A player's name")
        self.add_button = Button(pygame.Rect(area.right - 228, area.y, 120, 40), "Add friend",
                                 lambda: self.act("friend_add", self.name.strip()), font_size=17,
                                 tooltip="Follow this player; you are friends once they add you too")
        self.block_button = Button(pygame.Rect(area.right - 100, area.y, 100, 40), "Block",
                                   lambda: self.act("block", self.name.strip()), style="danger", font_size=17,
                                   tooltip="Their chat never reaches you, and they cannot join your tables")
        pager_y = area.bottom - PAGER_H
        self.previous = Button(pygame.Rect(area.x, pager_y, 120, PAGER_H), "Previous", lambda: self.turn(-1),
                               tooltip="The previous page", font_size=18)
        self.next = Button(pygame.Rect(area.right - 120, pager_y, 120, PAGER_H), "Next", lambda: self.turn(1),
                           tooltip="The next page", font_size=18)
        self.buttons: list[Button] = []
        self.rows: list[FriendRow] = []

    # -- what the server said ---------------------------------------------------------------
    def take_friends(self, reply: dict[str, Any]) -> None:
        if reply.get("type") == "friends":
            self.friends = reply
            self._rebuild()

    def take_invites(self, reply: dict[str, Any]) -> None:
        if isinstance(reply.get("invitations"), list):
            self.invitations = [i for i in reply["invitations"] if isinstance(i, dict)]
            self._rebuild()

    def take_invitation(self, invitation: Any) -> str:
        """A pushed invitation: listed first; the words for the lobby's status line."""
        if not isinstance(invitation, dict) or not isinstance(invitation.get("table"), str):
            return ""
        self.invitations = [invitation] + [i for i in self.invitations if i.get("table") != invitation["table"]]
        self._rebuild()
        return f"{_name(invitation.get('from'))} invites you to a {self._game(invitation)} table: see Friends"

    @staticmethod
    def _game(invitation: dict[str, Any]) -> str:
        spec = GAMES.get(invitation.get("game"))
        return spec.title if spec is not None else "game"

    # -- requests ---------------------------------------------------------------------------
    def _typed(self, text: str) -> None:
        self.name = text

    def act(self, kind: str, name: str) -> None:
        """One request about a player by name; the friends list comes back with its answer."""
        if not name:
            self.say("Type a player's name first")
            return
        self.ask(lambda client: client.request(kind, name=name), self._answered(kind, name), "")

    def _answered(self, kind: str, name: str) -> Callable[[dict[str, Any]], None]:
        words = {"friend_add": f"You added {name}", "friend_remove": f"You removed {name}",
                 "block": f"You blocked {name}", "unblock": f"You unblocked {name}"}[kind]

        def then(reply: dict[str, Any]) -> None:
            self.take_friends(reply)
            self.say(words)
        return then

    def invite(self, name: str) -> None:
        table = self.waiting_table()
        if table is None:
            self.say("Make a table first: an invitation is to your table still waiting for players")
            return
        self.ask(lambda client: client.request("invite", table=table, name=name),
                 lambda _reply: self.say(f"Invited {name} to your table"), f"Inviting {name}…")

    def answer(self, table: str, accept: bool) -> None:
        self.invitations = [i for i in self.invitations if i.get("table") != table]
        self._rebuild()
        if accept:
            self.accept(table)
        else:
            self.ask(lambda client: client.request("invite_answer", table=table, accept=False),
                     lambda _reply: self.say("Invitation declined"), "")

    # -- rows -------------------------------------------------------------------------------
    def all_rows(self) -> list[FriendRow]:
        rows = [FriendRow(_name(i.get('from')), f" invites you · {self._game(i)}",
                          (("Accept", lambda t=i["table"]: self.answer(t, True), f"Join the table ("
                            f"{i.get('free_seats', '?')} free seat{'s' if i.get('free_seats') != 1 else ''})"),
                           ("Decline", lambda t=i["table"]: self.answer(t, False), "No, thanks")), urgent=True)
                for i in self.invitations if isinstance(i.get("table"), str)]
        for friend in self.friends.get("friends", []):
            name, online = _name(friend.get("name")), friend.get("online") is True
            rows.append(FriendRow(name, f" · {'online' if online else 'offline'}",
                                  (("Invite", lambda n=name: self.invite(n), "Invite to your table waiting for players"),
                                   ("Remove", lambda n=name: self.act("friend_remove", n), "No longer friends")),
                                  ONLINE_DOT if online else AWAY_DOT))
        rows += [FriendRow(_name(n), " added you", (("Add back", lambda n=n: self.act("friend_add", n), "Be friends"),
                                                    ("Block", lambda n=n: self.act("block", n), "Block this player")))
                 for n in self.friends.get("asking", [])]
        rows += [FriendRow(_name(n), " · not added you back yet", (("Remove", lambda n=n: self.act("friend_remove", n),
                                                                     "Stop following"),))
                 for n in self.friends.get("asked", [])]
        rows += [FriendRow(_name(n), " · blocked", (("Unblock", lambda n=n: self.act("unblock", n), "Unblock"),))
                 for n in self.friends.get("blocked", [])]
        return rows

    @property
    def per_page(self) -> int:
        return max(1, (self.area.h - TOP_H - PAGER_H - ROW_GAP) // (ROW_H + ROW_GAP))

    def _rows_rects(self) -> list[pygame.Rect]:
        top = self.area.y + TOP_H + ROW_GAP
        return [pygame.Rect(self.area.x, top + index * (ROW_H + ROW_GAP), self.area.w, ROW_H)
                for index in range(self.per_page)]

    def _rebuild(self) -> None:
        mine = [*self.buttons, self.field, self.add_button, self.block_button, self.previous, self.next]
        if self.group.focused in mine:
            self.group.focus(None)
        self.group.widgets = [w for w in self.group.widgets if w not in mine]
        self.rows = self.all_rows()
        self.page = min(self.page, self.pages - 1)
        self.buttons = []
        if not self.shown:
            self.field.editing = False
            return
        for widget in (self.field, self.add_button, self.block_button):
            self.group.add(widget)
        first = self.page * self.per_page
        for row, rect in zip(self.rows[first:first + self.per_page], self._rows_rects()):
            left = rect.right - 6 - 98 * len(row.actions) + 6  # added left to right: Tab goes along the row
            for index, (label, action, tooltip) in enumerate(row.actions):
                button = Button(pygame.Rect(left + 98 * index, rect.y + 5, 92, ROW_H - 10), label, action,
                                font_size=16, tooltip=tooltip, style="primary" if label == "Accept" else "secondary")
                self.buttons.append(self.group.add(button))
        if self.pages > 1:
            self.previous.enabled, self.next.enabled = self.page > 0, self.page < self.pages - 1
            self.group.add(self.previous)
            self.group.add(self.next)

    def draw(self, surface: pygame.Surface, theme: Any) -> None:
        """The rows' faces and words (their buttons are the group's), or a word when there are none."""
        if not self.shown:
            return
        first = self.page * self.per_page
        rows = self.rows[first:first + self.per_page]
        if not rows:
            words = shapes.text("No friends yet: add a player by name", 19, theme.text_muted)
            surface.blit(words, words.get_rect(midtop=(self.area.centerx, self.area.y + TOP_H + 24)))
        for row, rect in zip(rows, self._rows_rects()):
            draw_row_face(surface, theme, rect, row.urgent)
            left = rect.x + 14
            if row.dot is not None:
                pygame.draw.circle(surface, row.dot, (left + 5, rect.centery), 6)
                left += 20
            room = rect.right - 6 - 98 * len(row.actions) - left - 8
            words = shapes.text(row_words(row, room), ROW_TEXT, theme.text, bold=row.urgent)
            surface.blit(words, words.get_rect(midleft=(left, rect.centery)))
        if self.pages > 1:
            words = shapes.text(f"Page {self.page + 1} of {self.pages}", 18, theme.text_muted)
            surface.blit(words, words.get_rect(center=(self.area.centerx, self.area.bottom - PAGER_H // 2)))
