"""The lobby's three tabs over one place: your unfinished games (those waiting for your move
first), the open public tables, and the public tables in play to watch, each a paged list,
with the tables the server last sent. "Your games" wears a badge with the count of games
waiting for your move (in the warning colour when one is within 12 hours of timing out)."""

from __future__ import annotations

import time
from typing import Any, Callable

import pygame

from rummi_desktop.scenes.online.listing import (Waiting, my_game_row, my_games_in_order, open_table_row,
                                                  waiting_for_you, watchable_row)
from rummi_desktop.scenes.online.table_list import PagedTableList
from rummi_desktop.ui.count_badge import draw_count_badge
from rummi_desktop.ui.widget_group import WidgetGroup
from rummi_desktop.ui.widgets import Button


class LobbyTabs:
    def __init__(self, widgets: WidgetGroup, lists: pygame.Rect, row_h: int, tabs_y: int, tabs_h: int,
                 on_open: Callable[[str], None], on_join: Callable[[str], None],
                 on_watch: Callable[[str], None]) -> None:
        self.open_tables: list[dict[str, Any]] = []
        self.my_tables: list[dict[str, Any]] = []
        self.playing_tables: list[dict[str, Any]] = []
        self.waiting = Waiting()
        self.mine_list = PagedTableList(widgets, lists, row_h, "Open", "Open this game", on_open,
                                        "No games yet: make a table, or join one")
        self.open_list = PagedTableList(widgets, lists, row_h, "Join", "Take a seat at this table",
                                        on_join, "No open tables: make one for others to join")
        self.watch_list = PagedTableList(widgets, lists, row_h, "Watch", "Watch this game without a seat",
                                         on_watch, "No public game in play to watch")
        self.mine_tab = widgets.add(Button(pygame.Rect(lists.x, tabs_y, 196, tabs_h), "Your games",
                                           lambda: self.show(self.mine_list),
                                           tooltip="The games you sit at, those waiting for your move first",
                                           font_size=18))
        self.open_tab = widgets.add(Button(pygame.Rect(lists.x + 202, tabs_y, 116, tabs_h), "Open",
                                           lambda: self.show(self.open_list),
                                           tooltip="Public tables with a free seat", font_size=18))
        self.watch_tab = widgets.add(Button(pygame.Rect(lists.x + 324, tabs_y, 110, tabs_h), "Watch",
                                            lambda: self.show(self.watch_list),
                                            tooltip="Public games in play: watch one without a seat", font_size=18))
        self.show(self.mine_list)

    @property
    def tabs(self) -> tuple[tuple[Button, PagedTableList], ...]:
        return ((self.mine_tab, self.mine_list), (self.open_tab, self.open_list), (self.watch_tab, self.watch_list))

    def show(self, shown: PagedTableList) -> None:
        for tab, paged in self.tabs:
            tab.style = "primary" if paged is shown else "secondary"
            paged.show(paged is shown)

    @property
    def shown(self) -> PagedTableList:
        return next(paged for _tab, paged in self.tabs if paged.shown)

    def fill(self, account: dict[str, Any] | None) -> None:
        """Both lists from the tables held, as ``account`` sees them (its move first, the
        tables it sits at left out of the open ones), and the tabs' counts."""
        now = time.time()
        mine = my_games_in_order(self.my_tables, account)
        self.mine_list.set_rows([my_game_row(table, account, now) for table in mine])
        seated = {table["table"] for table in self.my_tables}
        self.open_list.set_rows([open_table_row(table) for table in self.open_tables if table["table"] not in seated])
        self.waiting = waiting_for_you(mine, account, now)
        self.mine_tab.label = f"Your games ({len(mine)})"
        self.open_tab.label = f"Open ({len(self.open_list.rows)})"
        self.watch_list.set_rows([watchable_row(table, now) for table in self.playing_tables if table["table"] not in seated])
        self.watch_tab.label = f"Watch ({len(self.watch_list.rows)})"

    def draw(self, surface: pygame.Surface, theme: Any) -> None:
        for _tab, paged in self.tabs:
            paged.draw(surface, theme)

    def draw_badge(self, surface: pygame.Surface, theme: Any) -> None:
        """Over the tabs (drawn after the widgets): the count of games waiting for your move."""
        if self.waiting.count:
            corner = (self.mine_tab.rect.right - 6, self.mine_tab.rect.top + 2)
            draw_count_badge(surface, theme, self.waiting.count, corner, urgent=bool(self.waiting.urgent))
