"""The lobby's three tabs over one place: your unfinished games (those waiting for your move
first) and the open public tables, each a paged list, with the tables the server last sent;
and your friends and invitations (:mod:`rummi_desktop.scenes.online.friends_tab`)."""

from __future__ import annotations

import time
from typing import Any, Callable

import pygame

from rummi_desktop.scenes.online.choices import your_turn
from rummi_desktop.scenes.online.friends_tab import FriendsTab
from rummi_desktop.scenes.online.listing import my_game_row, my_games_in_order, open_table_row
from rummi_desktop.scenes.online.table_list import PagedTableList
from rummi_desktop.ui.widget_group import WidgetGroup
from rummi_desktop.ui.widgets import Button


class LobbyTabs:
    def __init__(self, widgets: WidgetGroup, lists: pygame.Rect, row_h: int, tabs_y: int, tabs_h: int,
                 on_open: Callable[[str], None], on_join: Callable[[str], None], friends: FriendsTab) -> None:
        self.open_tables: list[dict[str, Any]] = []
        self.my_tables: list[dict[str, Any]] = []
        self.mine_list = PagedTableList(widgets, lists, row_h, "Open", "Open this game", on_open,
                                        "No games yet: make a table, or join one")
        self.open_list = PagedTableList(widgets, lists, row_h, "Join", "Take a seat at this table",
                                        on_join, "No open tables: make one for others to join")
        self.friends = friends
        self.mine_tab = widgets.add(Button(pygame.Rect(lists.x, tabs_y, 190, tabs_h), "Your games",
                                           lambda: self.show(self.mine_list),
                                           tooltip="The games you sit at, those waiting for your move first",
                                           font_size=19))
        self.open_tab = widgets.add(Button(pygame.Rect(lists.x + 196, tabs_y, 150, tabs_h), "Open tables",
                                           lambda: self.show(self.open_list),
                                           tooltip="Public tables with a free seat", font_size=19))
        self.friends_tab = widgets.add(Button(pygame.Rect(lists.x + 352, tabs_y, 100, tabs_h), "Friends",
                                              lambda: self.show(self.friends),
                                              tooltip="Your friends, who is online, and invitations", font_size=19))
        self.show(self.mine_list)

    def show(self, shown: PagedTableList | FriendsTab) -> None:
        for tab, page in ((self.mine_tab, self.mine_list), (self.open_tab, self.open_list),
                          (self.friends_tab, self.friends)):
            tab.style = "primary" if page is shown else "secondary"
            page.show(page is shown)

    @property
    def shown(self) -> PagedTableList | FriendsTab:
        return next(page for page in (self.mine_list, self.open_list, self.friends) if page.shown)

    def waiting_table(self) -> str | None:
        """Your newest table still waiting for players (the one Invite asks a friend to)."""
        waiting = [table for table in self.my_tables if table.get("status") == "open"
                   and any(not seat.get("taken") for seat in table.get("seats", []))]
        return waiting[-1]["table"] if waiting else None

    def fill(self, account: dict[str, Any] | None) -> None:
        """Both lists from the tables held, as ``account`` sees them (its move first, the
        tables it sits at left out of the open ones), and the tabs' counts."""
        now = time.time()
        mine = my_games_in_order(self.my_tables, account)
        self.mine_list.set_rows([my_game_row(table, account, now) for table in mine])
        seated = {table["table"] for table in self.my_tables}
        self.open_list.set_rows([open_table_row(table) for table in self.open_tables if table["table"] not in seated])
        turns = sum(1 for table in mine if your_turn(table, account))
        self.mine_tab.label = f"Your games · {turns} to move" if turns else f"Your games ({len(mine)})"
        self.open_tab.label = f"Open tables ({len(self.open_list.rows)})"
        waiting = len(self.friends.invitations)
        self.friends_tab.label = f"Friends · {waiting}" if waiting else "Friends"

    def draw(self, surface: pygame.Surface, theme: Any) -> None:
        self.mine_list.draw(surface, theme)
        self.open_list.draw(surface, theme)
        self.friends.draw(surface, theme)
