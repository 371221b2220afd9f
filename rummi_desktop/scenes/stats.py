"""Statistics: a tab per game, a profile's numbers (games, wins, scores, the game's own
measures), its score history and win rate per opponent as charts on the felt, and the local
leaderboards (top scores per game and mode), and the puzzle trainer's numbers for the profile
(``puzzle_progress.profile_summary``). Everything is added up from the finished-game
records when the screen opens; a damaged record is set aside and named on the screen."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from rummi_desktop.records.finished_games import measures_of
from rummi_desktop.games import GAMES
from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.records.stat_totals import PERSON, ProfileGameStats, leaderboards, profile_game_stats
from rummi_desktop.storage.record_index import read_summaries
from rummi_desktop.records.profile_file import load_profiles
from rummi_desktop.trainer.progress_file import profile_summary, read_book
from rummi_desktop.scenes import registry
from rummi_desktop.ui import charts, shapes, table_hud
from rummi_desktop.ui.avatar import draw_avatar, hex_colour
from rummi_desktop.ui.widgets import Button, OptionPicker, draw_panel

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

PANEL = pygame.Rect(40, 24, 1200, 752)
NUMBERS = pygame.Rect(PANEL.x + 30, PANEL.y + 196, 380, 470)
LINE_CHART = pygame.Rect(PANEL.x + 430, PANEL.y + 196, 365, 250)
ACCURACY_CHART = pygame.Rect(LINE_CHART.right + 10, LINE_CHART.y, 365, 250)
ACCURACY_SHOWN = 20  # the last reviewed games the accuracy chart shows
BARS_CHART = pygame.Rect(PANEL.x + 430, PANEL.y + 462, 740, 204)
VIEWS = (("stats", "Statistics"), ("leaders", "Leaderboards"))
OPPONENT_ORDER = ("easy", "medium", "hard", "expert", PERSON)
PUZZLE_LABELS = (("rating", "Puzzle rating"), ("puzzles_solved", "Puzzles solved"),
                 ("best_streak", "Best puzzle streak"), ("daily_puzzles_done", "Daily puzzles done"))


def percent(rate: float) -> str:
    return f"{rate:.0%}"


def number_text(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.2f}"


class StatsScene(ShellScene):
    def __init__(self, app: "App", profile_id: str = "", game: str = "") -> None:
        super().__init__(app)
        self.records, self.notices = read_summaries()
        self.book, notice = load_profiles()
        if notice:
            self.notices.append(notice)
        self.puzzle_book, puzzle_notice = read_book()  # read once: draw() asks every frame
        if puzzle_notice:
            self.notices.append(puzzle_notice)
        self.game = game if game in GAMES else next(iter(GAMES))
        self.view = "stats"
        choices = [(profile.id, profile.name) for profile in self.book.profiles] or [("", "No profiles yet")]
        self.profile_id = profile_id if any(p == profile_id for p, _ in choices) else choices[0][0]
        self.tabs: dict[str, Button] = {}
        for number, (key, spec) in enumerate(GAMES.items()):
            self.tabs[key] = self.widgets.add(Button((PANEL.x + 30 + number * 190, PANEL.y + 24, 180, 52), spec.title,
                                                     lambda k=key: self.show(k), shortcut=str(number + 1),
                                                     tooltip=f"{spec.title} statistics"))
        self.widgets.add(OptionPicker((PANEL.x + 620, PANEL.y + 24, 550, 52), "Profile", choices, self.profile_id,
                                      self._set_profile, tooltip="Whose statistics"))
        self.view_picker = self.widgets.add(OptionPicker((PANEL.x + 30, PANEL.y + 96, 560, 52), "Show", VIEWS,
                                                         self.view, self._set_view, tooltip="Statistics or leaderboards"))
        back = pygame.Rect(0, 0, 200, 56)
        back.bottomright = (PANEL.right - 30, PANEL.bottom - 20)
        self.widgets.add(Button(back.move(-220, 0), "History", self.open_history, shortcut="h",
                                tooltip="This profile's finished games, to replay"))
        back.bottomright = (PANEL.right - 30, PANEL.bottom - 20)
        self.widgets.add(Button(back, "Back", self.close, style="primary", tooltip="Back", shortcut="escape"))
        self.show(self.game)

    def show(self, game: str) -> None:
        self.game = game
        for key, tab in self.tabs.items():
            tab.style = "primary" if key == game else "secondary"

    def open_history(self) -> None:
        from rummi_desktop.scenes.history import HistoryScene

        if self.stack is not None:
            self.stack.push(HistoryScene(self.app, self.profile_id))

    def _set_profile(self, profile_id: str) -> None:
        self.profile_id = profile_id

    def _set_view(self, view: str) -> None:
        self.view = view

    def current_stats(self) -> ProfileGameStats:
        return profile_game_stats(self.records, self.profile_id, self.game, measures_of(GAMES[self.game]))

    def status(self) -> dict[str, Any]:
        return {**super().status(), "game": self.game, "view": self.view, "profile": self.profile_id}

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        self.draw_backdrop(surface)
        draw_panel(surface, theme, PANEL)
        if self.view == "stats":
            self._draw_stats(surface)
        else:
            self._draw_leaderboards(surface)
        if self.notices:
            note = shapes.text(self.notices[0][:120], 16, theme.hint)
            surface.blit(note, (PANEL.x + 30, PANEL.bottom - 62))
        self.widgets.draw(surface, theme)

    def _draw_stats(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        profile = self.book.find(self.profile_id)
        if profile is None:
            message = shapes.text("Make a profile under Profiles, choose it at a seat, and play a game.", 22, theme.text)
            surface.blit(message, message.get_rect(center=(PANEL.centerx, PANEL.y + 380)))
            return
        stats = self.current_stats()
        draw_avatar(surface, (PANEL.x + 640, PANEL.y + 122), 24, hex_colour(profile.colour), profile.initials, theme)
        title = shapes.text(f"{profile.name} · {GAMES[self.game].title}", 26, theme.text, bold=True)
        surface.blit(title, title.get_rect(midleft=(PANEL.x + 676, PANEL.y + 122)))
        self._draw_numbers(surface, stats)
        game = registry.find_game(self.game)
        ink = game.chart_ink(theme) if game is not None and game.chart_ink is not None else None
        charts.line_chart(surface, LINE_CHART, theme, "Score history", [score for _, score in stats.score_history[-40:]],
                          ink)
        self.draw_accuracy(surface, stats, ink)
        bars = [(kind.title(), stats.by_opponent[kind].win_rate, stats.by_opponent[kind].games)
                for kind in sorted(stats.by_opponent, key=lambda k: (OPPONENT_ORDER + (k,)).index(k))]
        charts.win_rate_bars(surface, BARS_CHART, theme, "Win rate by opponent", bars, ink)

    def draw_accuracy(self, surface: pygame.Surface, stats: ProfileGameStats, ink: Any) -> list[tuple[int, int]]:
        """The accuracy of the last reviewed games (a game's Review keeps it), oldest left."""
        shares = [share for _, share in stats.accuracy_history[-ACCURACY_SHOWN:]]
        return charts.line_chart(surface, ACCURACY_CHART, self.app.theme, "Review accuracy", shares, ink,
                                 bounds=(0.0, 1.0), label=percent, empty="Review a game to see it here",
                                 noun="reviewed game")

    def number_rows(self, stats: ProfileGameStats) -> list[tuple[str, str]]:
        rows = [("Games", str(stats.games)), ("Wins", str(stats.wins)), ("Win rate", percent(stats.win_rate)),
                ("Best score", "–" if stats.best_score is None else str(stats.best_score)),
                ("Average score", f"{stats.average_score:.1f}")]
        for measure in measures_of(GAMES[self.game]):
            if measure.name in stats.measures:
                rows.append((measure.label, number_text(stats.measures[measure.name])))
        return rows + self.puzzle_rows()

    def puzzle_rows(self) -> list[tuple[str, str]]:
        """The trainer's numbers for this profile and game (none before its first attempt)."""
        progress = self.puzzle_book.players.get(self.profile_id)
        played = progress.games.get(self.game) if progress is not None else None
        if played is None or not played.attempts:
            return []
        summary = profile_summary(self.profile_id, self.game, self.puzzle_book)
        return [(label, str(summary[key])) for key, label in PUZZLE_LABELS]

    def _draw_numbers(self, surface: pygame.Surface, stats: ProfileGameStats) -> None:
        theme = self.app.theme
        card = shapes.mix(theme.felt_dark, theme.panel[:3], 0.5)
        surface.blit(shapes.rounded_panel(NUMBERS.size, 14, card + (210,), None, theme.rail_highlight, 1), NUMBERS)
        y = NUMBERS.y + 14
        for index, (label, value) in enumerate(self.number_rows(stats)):
            ink = theme.text if index < 5 else theme.text_muted
            left = shapes.text(label, 18, ink)
            right = shapes.text(value, 19, theme.accent if index < 5 else theme.text, bold=True)
            surface.blit(left, (NUMBERS.x + 16, y))
            surface.blit(right, right.get_rect(topright=(NUMBERS.right - 16, y)))
            y += 31

    def _draw_leaderboards(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        tables = leaderboards(self.records, self.game)
        if not tables:
            message = shapes.text(f"No {GAMES[self.game].title} games finished yet.", 22, theme.text)
            surface.blit(message, message.get_rect(center=(PANEL.centerx, PANEL.y + 380)))
            return
        width = (PANEL.w - 60 - 20 * 2) // 3
        for column, (mode, entries) in enumerate(list(tables.items())[:3]):
            box = pygame.Rect(PANEL.x + 30 + column * (width + 20), PANEL.y + 170, width, 500)
            draw_leaderboard(surface, theme, box, mode, entries)


def draw_leaderboard(surface: pygame.Surface, theme: Any, box: pygame.Rect, mode: str, entries: list) -> None:
    card = shapes.mix(theme.felt_dark, theme.panel[:3], 0.5)
    surface.blit(shapes.rounded_panel(box.size, 14, card + (210,), None, theme.rail_highlight, 1), box)
    heading = table_hud._fitted(mode, 19, 14, theme.text, box.w - 28, bold=True)  # a long mode name still fits
    surface.blit(heading, (box.x + 14, box.y + 10))
    y = box.y + 46
    for rank, entry in enumerate(entries, start=1):
        ink = theme.accent if rank == 1 else theme.text
        surface.blit(shapes.text(f"{rank}.", 18, theme.text_muted), (box.x + 14, y))
        surface.blit(shapes.text(entry.name, 18, ink, bold=rank == 1), (box.x + 48, y))
        score = shapes.text(str(entry.score), 18, ink, bold=True)
        surface.blit(score, score.get_rect(topright=(box.right - 110, y)))
        date = shapes.text(entry.finished_at[:10], 15, theme.text_muted)
        surface.blit(date, date.get_rect(topright=(box.right - 14, y + 2)))
        y += 42
