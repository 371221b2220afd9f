"""The puzzle trainer's main screen: every game's packs with progress (solved / total, best
time), the daily puzzle, and a streak run per game — all for the active profile, chosen with the
profile chip beside the daily puzzle (the profile last played under, or Guest). A pack opens its puzzle list
(``pack_scene``); games whose puzzles or puzzle table are missing are greyed, with the reason.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any, Callable, Mapping

import pygame

from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.scenes.puzzle_outcome import PuzzleOutcome
from rummi_desktop.scenes.trainer.attempts import AttemptRunner, clock_text
from rummi_desktop.scenes.trainer.result import Choice
from rummi_desktop.scenes.trainer.sources import GamePuzzles, load_all
from rummi_desktop.records.profiles import GUEST
from rummi_desktop.records.profile_file import load_profiles, save_profiles
from rummi_desktop.trainer.progress_file import PuzzleProgress, read_book
from rummi_desktop.trainer.attempts import AttemptResult, counts_as_solved
from rummi_desktop.trainer.catalog import Pack, StreakRun, daily_puzzle
from rummi_desktop.ui import shapes
from rummi_desktop.ui.avatar import ProfileChip
from rummi_desktop.ui.widget_group import WidgetGroup
from rummi_desktop.ui.widgets import Button
from rummi_desktop.ui.wording import counted

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

LEFT, TOP_ROW, GAMES_TOP, GAME_BLOCK = 110, 150, 250, 138
PACK_W, PACK_H, PACK_GAP, STREAK_W = 262, 56, 16, 170  # three packs and Streak fit in a row
PACK_FONT, PACK_PAD = 20, 16  # a pack's label, smaller when needed to keep this much felt each side
CHIP = pygame.Rect(750, TOP_ROW + 4, 54, 54)  # the active profile, between the daily puzzle and Back


def fitted_font(label: str, size: int, width: int, smallest: int = 14) -> int:
    """The largest bold font size up to ``size`` whose ``label`` fits in ``width`` pixels."""
    while size > smallest and shapes.text(label, size, (0, 0, 0), bold=True).get_width() > width:
        size -= 1
    return size


def pack_summary(pack: Pack, progress: PuzzleProgress) -> tuple[int, float | None]:
    """(puzzles solved, best time over them) for one pack."""
    records = progress.game(pack.game).puzzles
    solved = [records[p["id"]] for p in pack.puzzles if p["id"] in records and records[p["id"]].solved]
    times = [r.best_seconds for r in solved if r.best_seconds is not None]
    return len(solved), (min(times) if times else None)


class TrainerScene(ShellScene):
    def __init__(self, app: "App", games: list[GamePuzzles] | None = None,
                 today: Callable[[], datetime.date] = datetime.date.today) -> None:
        super().__init__(app)
        self.games = load_all() if games is None else games
        self.today = today
        book, notice = read_book()
        self.notices: list[str] = [notice] if notice else []
        self.profiles, profiles_notice = load_profiles()
        if profiles_notice:
            self.notices.append(profiles_notice)
        self.runner = AttemptRunner(app, book, self.profiles.current_person(), self.notices)
        self.streak: StreakRun | None = None
        self.pack_buttons: dict[str, Button] = {}
        self.build()

    @property
    def progress(self) -> PuzzleProgress:
        return self.runner.progress

    @property
    def profile_id(self) -> str:
        return self.runner.profile_id

    def profile_choices(self) -> list[tuple[str, str, str, str]]:
        """Guest, then every profile: (id, name, colour, initials)."""
        return [(GUEST, "Guest", "", "G")] + [(p.id, p.name, p.colour, p.initials) for p in self.profiles.profiles]

    def choose_profile(self, profile_id: str) -> None:
        """Play on as ``profile_id``; it is remembered as the profile last played under."""
        self.runner.profile_id = profile_id
        self.profiles.last_person = profile_id
        if self.profiles.profiles:
            try:
                save_profiles(self.profiles)
            except OSError as error:
                self.notices.append(f"Could not remember the profile ({error.strerror or error}).")
        self.build()

    def profile_name(self) -> str:
        profile = self.profiles.find(self.profile_id)
        return profile.name if profile is not None else "Guest"

    # -- what is on offer -------------------------------------------------------------------
    @property
    def playable(self) -> list[GamePuzzles]:
        return [game for game in self.games if not game.unavailable]

    def daily(self) -> tuple[GamePuzzles, Mapping[str, Any]] | None:
        by_key = {game.key: game for game in self.playable}
        found = daily_puzzle(self.today(), {key: game.puzzles for key, game in by_key.items()})
        return None if found is None else (by_key[found[0]], found[1])

    def build(self) -> None:
        self.widgets = WidgetGroup()
        self.pack_buttons = {}
        self.daily_button = self.streak_buttons = None
        daily = self.daily()
        done = daily is not None and self.progress.daily_done(self.today().isoformat(), daily[0].key)
        label = "Daily puzzle" if daily is None else f"Daily: {daily[0].title} · {daily[1].get('title', '')}"
        self.daily_button = self.widgets.add(Button(
            (LEFT, TOP_ROW, 620, 62), label + ("  ✓" if done else ""), self.play_daily, style="primary",
            tooltip="Today's puzzle (the same for everyone today)", shortcut="d", font_size=22))
        self.daily_button.enabled = daily is not None
        self.profile_chip = self.widgets.add(ProfileChip(
            CHIP, self.profile_choices, self.profile_id, self.choose_profile, label="Trainer profile",
            tooltip="Whose progress: click for the next profile (Guest: nobody's)"))
        self.back_button = self.widgets.add(Button((1280 - LEFT - 180, TOP_ROW, 180, 62), "Back", self.close,
                                                   tooltip="Back to the menu", shortcut="escape"))
        self.streak_buttons = {}
        for index, game in enumerate(self.games):
            self._add_game_row(game, GAMES_TOP + index * GAME_BLOCK + 34)

    def _add_game_row(self, game: GamePuzzles, top: int) -> None:
        if not game.packs:
            return  # nothing to list: the header says why
        for column, pack in enumerate(game.packs[:3]):
            solved, _ = pack_summary(pack, self.progress)
            rect = (LEFT + column * (PACK_W + PACK_GAP), top, PACK_W, PACK_H)
            label = f"{pack.title}  {solved}/{len(pack.puzzles)}"
            button = self.widgets.add(Button(rect, label, lambda p=pack, g=game: self.open_pack(g, p),
                                             tooltip=game.unavailable or f"{counted(len(pack.puzzles), 'puzzle')}, in order",
                                             font_size=fitted_font(label, PACK_FONT, PACK_W - 2 * PACK_PAD)))
            button.enabled = not game.unavailable
            self.pack_buttons[pack.id] = button
        streak = self.widgets.add(Button((1280 - LEFT - STREAK_W, top, STREAK_W, PACK_H), "Streak",
                                         lambda g=game: self.start_streak(g), tooltip="Rising ratings until a miss",
                                         font_size=20))
        streak.enabled = not game.unavailable and bool(game.puzzles)
        self.streak_buttons[game.key] = streak

    def on_resume(self) -> None:
        self.build()

    # -- opening puzzles ----------------------------------------------------------------------
    def open_pack(self, game: GamePuzzles, pack: Pack) -> None:
        from rummi_desktop.scenes.trainer.pack_scene import PackScene

        if self.stack is not None:
            self.stack.push(PackScene(self.app, self, game, pack))

    def play(self, game: GamePuzzles, puzzle: Mapping[str, Any],
             follow_up: Callable[[PuzzleOutcome, AttemptResult], tuple[list[str], list[Choice]]]) -> None:
        if self.stack is not None:
            self.app.audio.play("rack")
            self.runner.open(self.stack, game, puzzle, follow_up)

    def play_daily(self) -> None:
        daily = self.daily()
        if daily is None:
            return
        game, puzzle = daily
        day = self.today().isoformat()

        def follow_up(outcome: PuzzleOutcome, result: AttemptResult):
            if result.counted_solved:
                self.progress.game(game.key).daily_done.add(day)
                self.runner.save()
            return (["Come back tomorrow for the next one."] if result.counted_solved else [],
                    [("Puzzles", lambda: None, "return"), ("Try again", lambda: self.play_daily(), "r")])

        self.play(game, puzzle, follow_up)

    def start_streak(self, game: GamePuzzles) -> None:
        self.streak = StreakRun.over_puzzles(game.puzzles)
        self._streak_step(game)

    def _streak_step(self, game: GamePuzzles) -> None:
        run = self.streak
        puzzle = run.next_puzzle() if run is not None else None
        if run is None or puzzle is None:
            return

        def follow_up(outcome: PuzzleOutcome, result: AttemptResult):
            run.finish(puzzle, counts_as_solved(outcome.solved, outcome.hints_used))
            mine = self.progress.game(game.key)
            if run.solved > mine.streak_best:
                mine.streak_best = run.solved
                self.runner.save()
            if not run.over:
                return ([f"Streak: {run.solved}"], [("Next", lambda: self._streak_step(game), "return"),
                                                     ("Stop", lambda: None, "escape")])
            return ([f"Streak over: {run.solved} solved (best {mine.streak_best})"],
                    [("Puzzles", lambda: None, "return")])

        self.play(game, puzzle, follow_up)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        self.draw_backdrop(surface)
        title = shapes.text("Puzzle Trainer", 56, theme.accent, display=True)
        surface.blit(title, title.get_rect(midtop=(640, 50)))
        who = shapes.text(self.profile_name(), 20, theme.text, bold=True)
        surface.blit(who, who.get_rect(midleft=(CHIP.right + 10, CHIP.centery)))
        for index, game in enumerate(self.games):
            self._draw_game_header(surface, game, GAMES_TOP + index * GAME_BLOCK)
        if self.notices:
            note = shapes.text(self.notices[-1], 18, theme.hint)
            surface.blit(note, note.get_rect(midbottom=(640, 752)))
        self.widgets.draw(surface, theme)

    def _draw_game_header(self, surface: pygame.Surface, game: GamePuzzles, top: int) -> None:
        theme = self.app.theme
        mine = self.progress.game(game.key)
        name = shapes.text(game.title, 26, theme.text if not game.unavailable else theme.text_muted, bold=True)
        surface.blit(name, (LEFT, top))
        if game.unavailable:
            detail = f"Not available: {game.unavailable}"
        else:
            detail = f"rating {mine.rating.shown} · best streak {mine.streak_best}"
        info = shapes.text(detail, 19, theme.text_muted)
        surface.blit(info, (LEFT + name.get_width() + 18, top + 6))
        for column, pack in enumerate(game.packs[:3]):
            solved, best = pack_summary(pack, self.progress)
            line = f"best {clock_text(best)}" if best is not None else ("not started" if not solved else "")
            small = shapes.text(line, 16, theme.text_muted)
            surface.blit(small, (LEFT + column * (PACK_W + PACK_GAP) + 10, top + 34 + PACK_H + 4))

    def status(self) -> dict:
        return {**super().status(), "games": {g.key: g.unavailable or "ok" for g in self.games},
                "profile": self.profile_id,
                "ratings": {g.key: self.progress.game(g.key).rating.shown for g in self.playable},
                "solved": {g.key: sorted(k for k, r in self.progress.game(g.key).puzzles.items() if r.solved)
                           for g in self.playable}}
