"""Match history: a profile's finished games, newest first (date, game, mode, opponents,
score, won), from the finished-game records. Choosing one (a click, or Tab/arrows and Enter)
opens its Replay, and its Review chip (or V on the focused row) its post-game review; Load
replay opens a replay file by the path typed in the box (a bad file: a clear message, nothing
changed)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import pygame

from rummi_desktop.records.replay import Replay, ReplayError, replay_of_record
from rummi_desktop.games import GAMES
from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.records.stat_totals import records_of
from rummi_desktop.storage.game_records import read_record, record_path
from rummi_desktop.records.profile_file import load_profiles
from rummi_desktop.storage.record_index import read_summaries
from rummi_desktop.ui import shapes, table_hud
from rummi_desktop.ui.list_rows import SlotRow, scrolled_by_key
from rummi_desktop.ui.text_field import TextField
from rummi_desktop.ui.widgets import Button

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

PANEL = pygame.Rect(60, 30, 1160, 740)
LIST_TOP, ROW_H, ROWS_SHOWN = PANEL.y + 150, 44, 10
COLUMNS = (("Date", 0), ("Game", 170), ("Mode", 330), ("Opponents", 560), ("Score", 830), ("Result", 900))


@dataclass(frozen=True)
class HistoryRow:
    """One finished game as the list shows it."""

    record_id: str
    game: str
    date: str
    mode: str
    opponents: str
    score: int
    won: bool
    resigned: bool = False

    def cells(self) -> tuple[str, ...]:
        title = GAMES[self.game].title if self.game in GAMES else self.game
        outcome = "Won" if self.won else "Resigned" if self.resigned else "Lost"
        return (self.date, title, self.mode, self.opponents, str(self.score), outcome)


def history_rows(summaries: list[dict[str, Any]], profile_id: str) -> list[HistoryRow]:
    """The profile's games, newest first (a profile at two seats of one game: its first seat)."""
    rows = []
    for record in reversed(records_of(summaries, profile_id)):
        seat = next(index for index, s in enumerate(record["seats"]) if s["profile"] == profile_id)
        others = ", ".join(s["name"] for index, s in enumerate(record["seats"]) if index != seat)
        mine = record["seats"][seat]
        rows.append(HistoryRow(record["id"], record["game"], record["finished_at"][:16].replace("T", " "),
                               record["mode"], others, mine["score"], mine["won"], bool(mine.get("resigned"))))
    return rows


def reviewable(row: HistoryRow) -> bool:
    return row.game in GAMES and GAMES[row.game].has("coach")


class HistoryLine(SlotRow):
    """One game of the list; a click on its Review chip reviews it, anywhere else replays it."""

    def __init__(self, rect: pygame.Rect, row_at: Callable[[], HistoryRow | None],
                 open_row: Callable[[HistoryRow, bool], None]) -> None:
        super().__init__(rect, row_at, lambda row: open_row(row, False))
        self.open_row = open_row

    @property
    def chip(self) -> pygame.Rect:
        """The Review chip, at the row's right end (after the result)."""
        return pygame.Rect(self.rect.right - 104, self.rect.y + 5, 92, self.rect.h - 10)

    def on_release(self, pos: tuple[float, float] | None, clicked: bool) -> None:
        row = self.item
        if clicked and row is not None and reviewable(row) and pos is not None and self.chip.collidepoint(pos):
            self.pressed = False
            self.open_row(row, True)
            return
        super().on_release(pos, clicked)

    def draw_item(self, surface: pygame.Surface, theme: Any, row: HistoryRow) -> None:
        rect = self.rect
        edges = [x for _, x in COLUMNS[1:]] + [rect.w - 120]  # each cell ends where the next begins
        for (_, x), end, cell in zip(COLUMNS, edges, row.cells()):
            ink = theme.accent if cell == "Won" else theme.text
            picture = table_hud._fitted(cell[:40], 18, 14, ink, end - x - 12, bold=cell == "Won")
            surface.blit(picture, (rect.x + 16 + x, rect.y + 10))
        if reviewable(row):
            face = shapes.mix(theme.panel[:3], theme.rail, 0.35)
            surface.blit(shapes.rounded_panel(self.chip.size, 8, face + (255,), None, theme.rail_highlight, 1), self.chip)
            label = shapes.text("Review", 16, theme.text, bold=True)
            surface.blit(label, label.get_rect(center=self.chip.center))


class HistoryScene(ShellScene):
    def __init__(self, app: "App", profile_id: str = "") -> None:
        super().__init__(app)
        summaries, notices = read_summaries()
        book, notice = load_profiles()
        profile = book.find(profile_id) or (book.profiles[0] if book.profiles else None)
        self.profile_name = profile.name if profile is not None else ""
        self.rows = history_rows(summaries, profile.id) if profile is not None else []
        self.message = (notices + [notice or ""])[0]
        self.first = 0  # the first row shown (the list scrolls)
        self.typed = ""
        self.lines = [HistoryLine(self.row_rect(slot), lambda s=slot: self.row_in_slot(s), self.open_row)
                      for slot in range(ROWS_SHOWN)]
        self.widgets.widgets[:0] = self.lines  # first in the keyboard's order, before the file box
        field_rect = (PANEL.x + 40, PANEL.bottom - 92, 640, 52)
        self.path_field = self.widgets.add(TextField(field_rect, "", self._set_typed, limit=300, path=True,
                                                     tooltip="The path of a replay file, for Load replay"))
        self.widgets.add(Button((PANEL.x + 700, PANEL.bottom - 92, 200, 52), "Load replay", self.load_file,
                                shortcut="l", tooltip="Replay the file whose path is typed in the box"))
        self.widgets.add(Button((PANEL.right - 220, PANEL.bottom - 92, 180, 52), "Back", self.close,
                                style="primary", shortcut="escape", tooltip="Back"))

    def _set_typed(self, text: str) -> None:
        self.typed = text

    def row_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(PANEL.x + 40, LIST_TOP + index * ROW_H, PANEL.w - 80, ROW_H - 4)

    def review_rect(self, index: int) -> pygame.Rect:
        return self.lines[index].chip

    def row_in_slot(self, slot: int) -> HistoryRow | None:
        return self.rows[self.first + slot] if self.first + slot < len(self.rows) else None

    def open_row(self, row: HistoryRow, review: bool = False) -> None:
        source = record_path({"game": row.game, "id": row.record_id})
        record, notice = read_record(source)
        if record is None:
            self.message = notice or f"The game {row.record_id} is no longer recorded."
            return
        try:
            replay = replay_of_record(record)
        except ReplayError as error:
            self.message = f"This game cannot be replayed: {error}."
            return
        if review:
            self.open_review(replay)
        else:
            self.open_replay(replay)

    def open_review(self, replay: Replay) -> None:
        from rummi_desktop.scenes.review_scene import ReviewScene

        if self.stack is not None:
            self.stack.push(ReviewScene(self.app, replay))

    def load_file(self) -> None:
        from rummi_desktop.records.replay_files import load_replay

        if not self.typed.strip():
            self.message = "Type the path of a replay file in the box, then Load replay."
            return
        replay, problem = load_replay(Path(self.typed.strip()))
        if replay is None:
            self.message = problem
            self.play("invalid")
            return
        self.open_replay(replay)

    def open_replay(self, replay: Replay) -> None:
        from rummi_desktop.scenes.replay import ReplayScene

        try:
            scene = ReplayScene(self.app, replay, review=self.open_review)
        except (ReplayError, KeyError, TypeError, ValueError) as error:
            self.message = f"This game cannot be shown: {error}."
            return
        if self.stack is not None:
            self.stack.push(scene)

    def status(self) -> dict[str, Any]:
        return {**super().status(), "rows": len(self.rows), "message": self.message}

    # -- input and drawing -----------------------------------------------------------------
    def handle_action(self, action: Any) -> bool:
        from rummi_desktop.shell.input import ActionKind

        if self.path_field.editing and self.path_field.take(action):
            return True
        if action.kind == ActionKind.SCROLL:
            self.first = max(0, min(self.first - action.amount, len(self.rows) - ROWS_SHOWN))
            return True
        if action.kind == ActionKind.SHORTCUT and self.keyboard_row(action.key):
            return True
        return super().handle_action(action)

    def keyboard_row(self, key: str) -> bool:
        """V reviews the focused row's game; Page Up/Down, and Up/Down past the rows shown,
        scroll the list."""
        focused = self.widgets.focused
        if key == "v" and focused in self.lines and (row := focused.item) is not None and reviewable(row):
            self.open_row(row, review=True)
            return True
        first = scrolled_by_key(key, self.lines, focused, self.first, len(self.rows))
        if first is None:
            return False
        self.first = first
        return True

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        self.draw_titled_panel(surface, PANEL, f"History · {self.profile_name}" if self.profile_name else "History")
        for label, x in COLUMNS:
            surface.blit(shapes.text(label, 17, theme.text_muted, bold=True), (PANEL.x + 56 + x, LIST_TOP - 28))
        if not self.rows:
            hint = shapes.text("No finished games yet: choose this profile at a seat and play one.", 20, theme.text_muted)
            surface.blit(hint, (PANEL.x + 56, LIST_TOP + 10))
        caption = "A replay file to load:" if not self.message else self.message[:130]
        surface.blit(shapes.text(caption, 17, theme.hint if self.message else theme.text_muted),
                     (PANEL.x + 44, PANEL.bottom - 120))
        self.widgets.draw(surface, theme)
