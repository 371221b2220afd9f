"""A game watched without a seat: the table's public view, read-only, as the server sends it
(``watch``: no rack, no seed). A "Watching" banner, the board (the game's ``spectator_board``
lays it out as grid cells), each seat's name, tiles held, score and whose move it is, the last
move in words; at the end the result and every seat's tiles, which the server lays open then.
"One move behind" asks the server for the position a move late; Leave stops watching.

Game-neutral: it knows a game only through its entry point and the view's shared fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from rummi_desktop.entry_points import load_entry
from rummi_desktop.games import GAMES
from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.scenes.online.listing import seat_words
from rummi_desktop.tiles import NotationError, Tile
from rummi_desktop.ui import shapes
from rummi_desktop.ui.text_wrap import fitted_text
from rummi_desktop.ui.tile_render import tile_height
from rummi_desktop.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

PANEL = pygame.Rect(50, 24, 1180, 752)
BOARD = pygame.Rect(80, 150, 780, 540)
SEATS = pygame.Rect(890, 150, 310, 540)
SEAT_H = 150  # at most: four seats share the column
HELD_TILE = 22  # the size of the tiles laid open at the end


def held_counts(view: dict[str, Any]) -> list[int]:
    """Each seat's number of hidden tiles, from the public view."""
    return list(view.get("rack_sizes") or view.get("hand_sizes") or [])


def tiles_shown(held: int, per_row: int) -> int:
    """How many of a seat's ``held`` tiles its band draws: two rows, and when there are more, the
    last place says "+N" instead of a tile."""
    return held if held <= 2 * per_row else 2 * per_row - 1


class SpectatorScene(ShellScene):
    def __init__(self, app: "App", link: Any, message: dict[str, Any]) -> None:
        super().__init__(app)
        self.link = link
        self.table_id: str = message["table"]
        self.message = message
        self.delay = 0
        self.changing: Any = None  # the watch request that changes the delay, until answered
        self.cells_of = load_entry(GAMES[message["game"]], "spectator_board")
        leave = pygame.Rect(0, 0, 180, 50)
        leave.bottomright = (PANEL.right - 30, PANEL.bottom - 20)
        self.leave_button = self.widgets.add(Button(leave, "Leave", self.close, tooltip="Stop watching: back to the lobby",
                                                    shortcut="escape"))
        self.delay_button = self.widgets.add(Button(pygame.Rect(leave.x - 16 - 240, leave.y, 240, 50),
                                                    "Live", self.toggle_delay, font_size=20,
                                                    tooltip="Watch live, or one move behind the players"))
        self._label_delay()

    # -- the server's news -------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.changing is not None and self.changing.done():
            future, self.changing = self.changing, None
            if not future.cancelled() and future.exception() is None:
                self.message = future.result()  # the new delay's position (it may be a move older)
        for message in self.link.news():
            if (message.get("type") == "game" and message.get("table") == self.table_id and message.get("seat") is None
                    and message.get("version", -1) > self.message["version"] and self.changing is None):
                self.message = message

    def toggle_delay(self) -> None:
        self.delay = 1 - self.delay
        table, delay = self.table_id, self.delay
        self.changing = self.link.submit(lambda client: client.watch(table, delay))
        self._label_delay()

    def _label_delay(self) -> None:
        self.delay_button.label = "One move behind" if self.delay else "Live"

    def on_exit(self) -> None:
        table = self.table_id
        self.link.submit(lambda client: client.unwatch(table))  # not waited for: nothing to read in it

    def next_change_in(self) -> float:
        return 0.1  # pushes arrive at any time

    def status(self) -> dict[str, Any]:
        return {**super().status(), "watching": self.table_id, "version": self.message["version"],
                "delay": self.delay, "over": self.over}

    @property
    def over(self) -> bool:
        return self.message["status"] == "over"

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        self.draw_backdrop(surface)
        draw_panel(surface, theme, PANEL)
        self._draw_banner(surface)
        self._draw_board(surface, self.cells_of(self.message["view"]))
        seats = len(self.message["seats"])
        height = min(SEAT_H, SEATS.h // max(1, seats))
        for seat in range(seats):
            self._draw_seat(surface, seat, pygame.Rect(SEATS.x, SEATS.y + seat * height, SEATS.w, height - 8))
        words = fitted_text(self.last_words(), 19, theme.text_muted, self.delay_button.rect.x - 16 - BOARD.x)
        surface.blit(words, words.get_rect(midleft=(BOARD.x, PANEL.bottom - 45)))
        self.widgets.draw(surface, theme)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        badge_words = shapes.text("WATCHING", 18, theme.accent_text, bold=True)
        badge = pygame.Rect(BOARD.x, PANEL.y + 30, badge_words.get_width() + 20, 30)
        surface.blit(shapes.rounded_panel(badge.size, 8, theme.accent, theme.accent, theme.accent, 0), badge)
        surface.blit(badge_words, badge_words.get_rect(center=badge.center))
        title = self._fitted_title(PANEL.right - 30 - badge.right - 18)
        surface.blit(title, title.get_rect(midleft=(badge.right + 18, badge.centery)))
        note = "The game is over: every rack is laid open" if self.over else \
            "You watch without a seat: nobody's rack is shown until the end"
        line = shapes.text(note, 18, theme.text_muted)
        surface.blit(line, (BOARD.x, badge.bottom + 14))

    def _fitted_title(self, width: int) -> pygame.Surface:
        """The title in the display face, in a smaller size (then cut) for long names or four seats."""
        theme = self.app.theme
        for size in (34, 28):
            title = shapes.text(self.title(), size, theme.text, display=True)
            if title.get_width() <= width:
                return title
        return fitted_text(self.title(), 22, theme.text, width, bold=True)

    def title(self) -> str:
        names = " vs ".join(seat_words(seat) for seat in self.message["seats"])
        return f"{GAMES[self.message['game']].title} · {names}"

    def last_words(self) -> str:
        last = self.message.get("last")
        version = f"move {self.message['version']}"
        if not last:
            return f"{version} · no move yet"
        name = seat_words(self.message["seats"][last["seat"]])
        return f"{version} · {name}: {'; '.join(last['actions']) or 'no move'}"

    def _draw_board(self, surface: pygame.Surface, board: dict[str, Any]) -> None:
        theme = self.app.theme
        rows, columns = board["rows"], board["columns"]
        tiles = board["kind"] == "tiles"
        step = min(BOARD.w // columns, BOARD.h * 100 // (135 * rows) if tiles else BOARD.h // rows)
        size = step - 3
        pitch = tile_height(size) + 3 if tiles else step
        grid = pygame.Rect(BOARD.x, BOARD.y, columns * step, rows * pitch)
        grid.centerx = BOARD.centerx
        surface.blit(shapes.rounded_panel(grid.inflate(12, 12).size, 8, theme.panel[:3] + (150,), theme.panel[:3] + (150,),
                                          theme.rail_highlight, 1), grid.inflate(12, 12))
        for row, column, text in board["cells"]:
            at = (grid.x + column * step, grid.y + row * pitch)
            self._draw_face(surface, text, at, size, tiles)
        if not board["cells"]:
            empty = shapes.text("Nothing laid yet", 20, theme.text_muted)
            surface.blit(empty, empty.get_rect(center=grid.center))

    def _draw_face(self, surface: pygame.Surface, text: str, at: tuple[int, int], size: int, tiles: bool) -> None:
        theme = self.app.theme
        if tiles:
            try:
                self.app.tiles.draw(surface, Tile.parse(text), at, size, theme, colour_blind=self.app.settings.colour_blind)
                return
            except NotationError:
                pass  # not a tile (a damaged message): shown as its text
        square = pygame.Rect(at, (size, size))
        pygame.draw.rect(surface, (240, 228, 200), square, border_radius=4)
        letter = shapes.text(text.upper() if text != "?" else "?", max(12, size * 6 // 10),
                             (120, 90, 40) if text.islower() else (40, 30, 20), bold=True)
        surface.blit(letter, letter.get_rect(center=square.center))

    def _draw_seat(self, surface: pygame.Surface, seat: int, area: pygame.Rect) -> None:
        theme = self.app.theme
        message, view = self.message, self.message["view"]
        on_turn = not self.over and message.get("current") == seat
        winner = self.over and seat in ((message.get("result") or {}).get("winners") or [])
        ink = theme.accent if on_turn or winner else theme.text
        surface.blit(fitted_text(seat_words(message["seats"][seat]), 22, ink, area.w, bold=True), (area.x, area.y))
        counts, scores = held_counts(view), view.get("scores") or (message.get("result") or {}).get("scores")
        parts = [f"{counts[seat]} tile{'s' if counts[seat] != 1 else ''} in hand" if seat < len(counts) else ""]
        if scores and seat < len(scores):
            parts.append(f"score {scores[seat]}")
        parts.append("winner" if winner else "to move" if on_turn else "")
        line = fitted_text(" · ".join(part for part in parts if part), 17, theme.text_muted, area.w)
        surface.blit(line, (area.x, area.y + 30))
        revealed = message.get("revealed") if self.over else None
        if isinstance(revealed, list) and seat < len(revealed):
            self._draw_held(surface, revealed[seat], (area.x, area.y + 56), area.w)

    def _draw_held(self, surface: pygame.Surface, held: list[str], at: tuple[int, int], width: int) -> None:
        tiles = self.cells_of(self.message["view"])["kind"] == "tiles"
        step = HELD_TILE + 3
        per_row = max(1, width // step)
        pitch = (tile_height(HELD_TILE) if tiles else HELD_TILE) + 4
        room = per_row * 2
        shown = held[:tiles_shown(len(held), per_row)]
        for index, text in enumerate(shown):
            row, column = divmod(index, per_row)
            self._draw_face(surface, str(text), (at[0] + column * step, at[1] + row * pitch), HELD_TILE, tiles)
        if len(shown) < len(held):
            more = shapes.text(f"+{len(held) - len(shown)}", 17, self.app.theme.text_muted, bold=True)
            cell = pygame.Rect(at[0] + (room - 1 - per_row) * step, at[1] + pitch, step, pitch)
            surface.blit(more, more.get_rect(midleft=(cell.x + 2, cell.centery - 2)))
