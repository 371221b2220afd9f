"""Leaderboards, one per game, from the lobby: rank, player, rating and rated games, ten to a
page. Your own row is drawn in the accent colour and the board opens on your page; signed in,
your own rating shows under the board even before you are on it.

The server keeps openskill figures (mu, sigma) and orders by mu − 3σ; the rating shown is that
number on a familiar scale (``listing.shown_rating``), marked "?" while it is still settling.
Players with the same figure share a rank ("1, 2, 2, 4").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from rummi_desktop.games import GAMES
from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.scenes.online.listing import own_rating_words, rating_words
from rummi_desktop.scenes.online.pending import Pending
from rummi_desktop.ui import shapes
from rummi_desktop.ui.widgets import Button

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App
    from rummi_desktop.net.link import ClientLink

PANEL = pygame.Rect(150, 24, 980, 752)
BOARD = pygame.Rect(200, 192, 880, 440)  # the header row and ten rows
ROW_H, PER_PAGE, LIMIT = 40, 10, 100
COLUMNS = (("Rank", 24, "left"), ("Player", 120, "left"), ("Rating", 640, "right"), ("Games", 850, "right"))


def board_ranks(players: list[dict[str, Any]]) -> list[int]:
    """Competition ranks of a board already in order: equal figures share a rank."""
    ranks: list[int] = []
    for index, player in enumerate(players):
        tied = index and round(player["ordinal"], 6) == round(players[index - 1]["ordinal"], 6)
        ranks.append(ranks[-1] if tied else index + 1)
    return ranks


class LeaderboardScene(ShellScene):
    def __init__(self, app: "App", link: "ClientLink", account: dict[str, Any] | None, game: str = "") -> None:
        super().__init__(app)
        self.link, self.account = link, account
        self.pending = Pending()
        self.game = game if game in GAMES else next(iter(GAMES))
        self.players: list[dict[str, Any]] = []
        self.mine: dict[str, Any] | None = None  # your own rating in this game (signed in)
        self.page = 0
        self.message, self.warning = "", False
        self.tabs = {key: self.widgets.add(Button(pygame.Rect(0, 0, 200, 46), spec.title, lambda k=key: self.show(k),
                                                  tooltip=f"The {spec.title} leaderboard", font_size=21))
                     for key, spec in GAMES.items()}
        for index, tab in enumerate(self.tabs.values()):
            tab.rect.midtop = (PANEL.centerx + (index - (len(self.tabs) - 1) / 2) * 214, PANEL.y + 84)
        pager_y = BOARD.bottom + 14
        self.previous = Button(pygame.Rect(BOARD.x, pager_y, 140, 40), "Previous", lambda: self.turn(-1),
                               tooltip="Higher ranks", font_size=18)
        self.next = Button(pygame.Rect(BOARD.right - 140, pager_y, 140, 40), "Next", lambda: self.turn(1),
                           tooltip="Lower ranks", font_size=18)
        back = pygame.Rect(0, 0, 180, 50)
        back.bottomright = (PANEL.right - 30, PANEL.bottom - 20)
        self.widgets.add(Button(back, "Back", self.close, tooltip="Back to the lobby", shortcut="escape"))
        self.show(self.game)

    # -- the board ------------------------------------------------------------------------------
    @property
    def pages(self) -> int:
        return max(1, -(-len(self.players) // PER_PAGE))

    def is_me(self, player: dict[str, Any]) -> bool:
        return self.account is not None and str(player.get("name", "")).lower() == str(self.account.get("name")).lower()

    def show(self, game: str) -> None:
        """Switch to ``game``'s board and ask the server for it (and your own rating there)."""
        self.game, self.players, self.mine, self.page = game, [], None, 0
        for key, tab in self.tabs.items():
            tab.style = "primary" if key == game else "secondary"
        self.message, self.warning = "Asking the server for the board…", False
        signed_in = self.account is not None

        async def fetch(client: Any) -> tuple[dict, dict | None]:
            board = await client.request("leaderboard", game=game, limit=LIMIT)
            return board, (await client.request("rating", game=game) if signed_in else None)

        self.pending.add(self.link.submit(fetch), self._arrived)
        self._refresh_pager()

    def _arrived(self, answer: tuple[dict[str, Any], dict[str, Any] | None]) -> None:
        board, mine = answer
        if board.get("game") != self.game:
            return  # the player moved on to another game's board meanwhile
        self.players, self.mine = board["players"], mine
        where = next((index for index, player in enumerate(self.players) if self.is_me(player)), None)
        self.page = where // PER_PAGE if where is not None else 0
        count = len(self.players)
        self.message = (f"{count} rated player{'s' if count != 1 else ''} in {GAMES[self.game].title}" if count
                        else f"No rated {GAMES[self.game].title} games yet: ranked games put players here")
        self._refresh_pager()

    def turn(self, pages: int) -> bool:
        page = max(0, min(self.pages - 1, self.page + pages))
        changed, self.page = page != self.page, page
        self._refresh_pager()
        return changed

    def _refresh_pager(self) -> None:
        """Previous and Next only when the board has more than one page."""
        self.previous.enabled, self.next.enabled = self.page > 0, self.page < self.pages - 1
        pager = (self.previous, self.next)
        self.widgets.widgets = [w for w in self.widgets.widgets if w not in pager]
        if self.pages > 1:
            self.widgets.widgets += pager

    # -- frames ---------------------------------------------------------------------------------
    def handle_action(self, action: Action) -> bool:
        if action.kind == ActionKind.SCROLL:
            return self.turn(-action.amount)
        if action.kind == ActionKind.SHORTCUT and action.key in ("left", "right") and self.widgets.focused is None:
            keys = list(GAMES)
            self.show(keys[(keys.index(self.game) + (1 if action.key == "right" else -1)) % len(keys)])
            return True
        return super().handle_action(action)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.pending.take_done(self._failed)

    def _failed(self, words: str) -> None:
        self.message, self.warning = words, True

    def next_change_in(self) -> float:
        return 0.05 if self.pending else super().next_change_in()

    def status(self) -> dict[str, Any]:
        return {**super().status(), "game": self.game, "players": len(self.players), "page": self.page,
                "message": self.message}

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        self.draw_titled_panel(surface, PANEL, "Leaderboards")
        self._draw_header(surface, theme)
        ranks = board_ranks(self.players)
        first = self.page * PER_PAGE
        for index, player in enumerate(self.players[first:first + PER_PAGE]):
            self._draw_row(surface, theme, BOARD.y + ROW_H * (index + 1), ranks[first + index], player)
        if self.pages > 1:
            words = shapes.text(f"Page {self.page + 1} of {self.pages}", 18, theme.text_muted)
            surface.blit(words, words.get_rect(center=(BOARD.centerx, self.previous.rect.centery)))
        self._draw_own_rating(surface, theme)
        line = shapes.text(self.message, 20, theme.invalid if self.warning else theme.text, bold=True)
        surface.blit(line, line.get_rect(midleft=(PANEL.x + 40, PANEL.bottom - 45)))
        self.widgets.draw(surface, theme)

    def _draw_header(self, surface: pygame.Surface, theme: Any) -> None:
        for words, x, side in COLUMNS:
            caption = shapes.text(words, 17, theme.text_muted, bold=True)
            at = (BOARD.x + x, BOARD.y + ROW_H // 2)
            surface.blit(caption, caption.get_rect(midleft=at) if side == "left" else caption.get_rect(midright=at))
        pygame.draw.line(surface, shapes.mix(theme.panel[:3], theme.rail_highlight, 0.6),
                         (BOARD.x, BOARD.y + ROW_H - 2), (BOARD.right, BOARD.y + ROW_H - 2))

    def _draw_row(self, surface: pygame.Surface, theme: Any, y: int, rank: int, player: dict[str, Any]) -> None:
        me = self.is_me(player)
        row = pygame.Rect(BOARD.x, y + 2, BOARD.w, ROW_H - 4)
        if me:
            surface.blit(shapes.rounded_panel(row.size, 8, theme.accent, theme.accent, shapes.darken(theme.accent, 0.3), 1), row)
        elif rank % 2 == 0:
            pygame.draw.rect(surface, shapes.darken(theme.panel[:3], 0.15), row, border_radius=8)
        ink = theme.accent_text if me else theme.text
        name = str(player["name"]) + ("  (you)" if me else "")
        cells = (f"{rank}", name, rating_words(player["mu"], player["sigma"], player["games"]), f"{player['games']}")
        for column, (words, (_, x, side)) in enumerate(zip(cells, COLUMNS)):
            shown = shapes.text(words, 20, ink, bold=me or column == 2)  # the rating stands out
            at = (BOARD.x + x, row.centery)
            surface.blit(shown, shown.get_rect(midleft=at) if side == "left" else shown.get_rect(midright=at))

    def _draw_own_rating(self, surface: pygame.Surface, theme: Any) -> None:
        if self.mine is None:
            return
        shown = shapes.text(own_rating_words(GAMES[self.game].title, self.mine), 19, theme.text)
        surface.blit(shown, shown.get_rect(midbottom=(BOARD.centerx, BOARD.y - 2)))

