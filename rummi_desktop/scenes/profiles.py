"""Profiles: the people who play at this computer. Make one (type a name, New), rename the
chosen one, change its avatar colour, delete it (after a question), export it as one file to
carry to another computer, or import such a file (type its path, Import). Its statistics are
one click away. Every change is saved at once; a problem is said on the screen."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from rummi_desktop.records.profiles import AVATAR_COLOURS, ProfileError
from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.scenes.confirm import ConfirmScene
from rummi_desktop.records.stat_totals import records_of
from rummi_desktop.storage import paths
from rummi_desktop.storage.record_index import read_summaries
from rummi_desktop.records.transfer import export_profile, import_profile
from rummi_desktop.records.profile_file import load_profiles, now_text, save_profiles
from rummi_desktop.ui import shapes
from rummi_desktop.ui.avatar import draw_avatar, hex_colour
from rummi_desktop.ui.text_field import TextField
from rummi_desktop.ui.widgets import Button

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

PANEL = pygame.Rect(140, 40, 1000, 720)
LIST_TOP, ROW_H, ROWS_SHOWN = PANEL.y + 120, 52, 8
LIST = pygame.Rect(PANEL.x + 40, LIST_TOP, 520, ROW_H * ROWS_SHOWN)
SIDE_X, SIDE_W = PANEL.x + 600, 360


def exports_dir() -> Path:
    return paths.data_dir() / "exports"


def export_file_name(profile: Any) -> str:
    """``Ann_Lee-p-3fa2c01b.toml``: a name may hold any letter, a file name only safe ones."""
    return f"{re.sub(r'[^A-Za-z0-9]+', '_', profile.name).strip('_') or 'profile'}-{profile.id}.toml"


class ProfilesScene(ShellScene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.book, notice = load_profiles()
        self.message = notice or ""
        self.games = {}
        self._count_games()
        self.selected = self.book.profiles[0].id if self.book.profiles else ""
        self.first = 0  # the first profile in the list's window (up to 24 profiles, 8 shown)
        self.typed = ""
        self.name_field = self.widgets.add(TextField((SIDE_X, LIST_TOP, SIDE_W, 52), "", self._set_typed, limit=200, path=True,
                                                     tooltip="A name for New or Rename, or a file path for Import"))
        actions = [("New profile", self.create, "n", "Make a profile with the name typed above"),
                   ("Rename", self.rename, "r", "Give the chosen profile the name typed above"),
                   ("Colour", self.recolour, "c", "The next avatar colour"),
                   ("Delete…", self.ask_delete, "delete", "Delete the chosen profile (its games stay recorded)"),
                   ("Export", self.export, "e", "Write the chosen profile and its games to one file"),
                   ("Import", self.import_file, "i", "Add a profile from the file path typed above"),
                   ("Statistics", self.open_stats, "s", "The chosen profile's statistics"),
                   ("Collection", self.open_collection, "o", "The chosen profile's felts and tile backs")]
        self.needs_profile: list[Button] = []  # off while there is no profile to act on
        for index, (label, action, key, tooltip) in enumerate(actions):
            column, row = index % 2, index // 2
            rect = (SIDE_X + column * (SIDE_W // 2 + 5), LIST_TOP + 70 + row * 66, SIDE_W // 2 - 5, 56)
            button = self.widgets.add(Button(rect, label, action, tooltip=tooltip, shortcut=key, font_size=21))
            if label not in ("New profile", "Import", "Collection"):  # the collection is the guest's too
                self.needs_profile.append(button)
        back = pygame.Rect(0, 0, 200, 60)
        back.bottomright = (PANEL.right - 40, PANEL.bottom - 24)
        self.widgets.add(Button(back, "Back", self.close, style="primary", tooltip="Back", shortcut="escape"))
        self._enable_for_profile()

    def update(self, dt: float) -> None:
        self._enable_for_profile()
        super().update(dt)

    def _enable_for_profile(self) -> None:
        chosen = self.book.find(self.selected) is not None
        for button in self.needs_profile:
            button.enabled = chosen

    def _count_games(self) -> None:
        records, notices = read_summaries()
        if notices and not self.message:
            self.message = notices[0]
        self.games = {profile.id: len(records_of(records, profile.id)) for profile in self.book.profiles}

    def _set_typed(self, text: str) -> None:
        self.typed = text

    def row_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(LIST.x, LIST.y + index * ROW_H, LIST.w, ROW_H - 6)

    def shown_profiles(self) -> list[Any]:
        return self.book.profiles[self.first:self.first + ROWS_SHOWN]

    def scroll_to(self, first: int) -> None:
        self.first = max(0, min(first, len(self.book.profiles) - ROWS_SHOWN))

    def _show_selected(self) -> None:
        """Scroll so the chosen profile's row is in the list's window."""
        index = next((i for i, profile in enumerate(self.book.profiles) if profile.id == self.selected), 0)
        if not self.first <= index < self.first + ROWS_SHOWN:
            self.scroll_to(index - ROWS_SHOWN + 1 if index >= self.first else index)
        else:
            self.scroll_to(self.first)  # a deletion may have shortened the list

    # -- changes ---------------------------------------------------------------------------
    def _save(self, done: str) -> None:
        try:
            save_profiles(self.book)
            self.message = done
        except OSError as error:
            self.message = f"Could not save the profiles ({error.strerror or error})."

    def _refuse(self, error: ProfileError) -> None:
        self.message = f"Not done: {error}."
        self.play("invalid")

    def create(self) -> None:
        try:
            profile = self.book.create(self.typed, created=now_text())
        except ProfileError as error:
            return self._refuse(error)
        self.selected = profile.id
        self.games[profile.id] = 0
        self._show_selected()
        self._clear_field()
        self._save(f"Made the profile {profile.name}.")

    def rename(self) -> None:
        try:
            profile = self.book.rename(self.selected, self.typed)
        except ProfileError as error:
            return self._refuse(error)
        self._clear_field()
        self._save(f"Renamed to {profile.name}.")

    def recolour(self) -> None:
        profile = self.book.find(self.selected)
        if profile is None:
            return
        following = AVATAR_COLOURS[(AVATAR_COLOURS.index(profile.colour) + 1) % len(AVATAR_COLOURS)] \
            if profile.colour in AVATAR_COLOURS else AVATAR_COLOURS[0]
        self.book.recolour(profile.id, following)
        self._save(f"{profile.name} has a new colour.")

    def ask_delete(self) -> None:
        profile = self.book.find(self.selected)
        if profile is None or self.stack is None:
            return
        self.stack.push(ConfirmScene(self.app, f"Delete {profile.name}?",
                                     "The profile goes; its finished games stay in the records and leaderboards.",
                                     "Delete", lambda: self.delete(profile.id)))

    def delete(self, profile_id: str) -> None:
        profile = self.book.find(profile_id)
        if profile is None:
            return
        self.book.delete(profile_id)
        self.selected = self.book.profiles[0].id if self.book.profiles else ""
        self._show_selected()
        self._save(f"Deleted {profile.name}.")

    def export(self) -> None:
        profile = self.book.find(self.selected)
        if profile is None:
            return
        target = exports_dir() / export_file_name(profile)
        try:
            export_profile(profile.id, target)
        except (OSError, ValueError) as error:
            self.message = f"Could not export {profile.name} ({error})."
            return
        self.name_field.text = self.typed = str(target)
        self.message = f"Exported {profile.name} to {target}"

    def import_file(self) -> None:
        if not self.typed.strip():
            self.message = "Type the path of an exported profile file in the box, then Import."
            return
        result = import_profile(Path(self.typed.strip()).expanduser())
        self.message = result.message
        if result.ok:
            self.book, _ = load_profiles()
            self.selected = result.profile_id
            self._count_games()
            self._show_selected()
        else:
            self.play("invalid")

    def open_stats(self) -> None:
        from rummi_desktop.scenes.stats import StatsScene

        if self.stack is not None:
            self.stack.push(StatsScene(self.app, self.selected))

    def open_collection(self) -> None:
        from rummi_desktop.scenes.collection import CollectionScene

        if self.stack is not None:
            self.stack.push(CollectionScene(self.app, self.selected))

    def _clear_field(self) -> None:
        self.name_field.text = self.typed = ""

    def on_resume(self) -> None:
        self.book, _ = load_profiles()

    # -- input and drawing -----------------------------------------------------------------
    def handle_action(self, action: Any) -> bool:
        from rummi_desktop.shell.input import ActionKind

        if self.name_field.editing and self.name_field.take(action):
            return True
        if action.kind == ActionKind.SCROLL:
            self.scroll_to(self.first - action.amount)
            return True
        if action.kind == ActionKind.CLICK and action.pos is not None:
            for index, profile in enumerate(self.shown_profiles()):
                if self.row_rect(index).collidepoint(action.pos):
                    self.selected = profile.id
                    return True
        return super().handle_action(action)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        self.draw_titled_panel(surface, PANEL, "Profiles", size=48)
        caption = shapes.text("A name, or the file to import:", 17, theme.text_muted)
        surface.blit(caption, caption.get_rect(bottomleft=(SIDE_X + 4, LIST_TOP - 4)))
        if not self.book.profiles:
            hint = shapes.text("No profiles yet: type a name and press New profile.", 20, theme.text_muted)
            surface.blit(hint, (LIST.x, LIST.y + 10))
        for index, profile in enumerate(self.shown_profiles()):
            self._draw_row(surface, index, profile)
        hidden = len(self.book.profiles) - ROWS_SHOWN
        if hidden > 0:
            more = shapes.text(f"Profiles {self.first + 1}–{self.first + ROWS_SHOWN} of {len(self.book.profiles)}: "
                               "scroll for the others", 16, theme.text_muted)
            surface.blit(more, (LIST.x + 4, LIST.bottom + 2))
        if self.message:
            note = shapes.text(self.message[:110], 18, theme.hint)
            surface.blit(note, (PANEL.x + 40, PANEL.bottom - 110))
        self.widgets.draw(surface, theme)

    def _draw_row(self, surface: pygame.Surface, index: int, profile: Any) -> None:
        theme = self.app.theme
        rect = self.row_rect(index)
        chosen = profile.id == self.selected
        fill = shapes.mix(theme.felt_dark, theme.accent, 0.35) if chosen else shapes.mix(theme.felt_dark, theme.panel[:3], 0.5)
        surface.blit(shapes.rounded_panel(rect.size, 12, fill + (220,), None,
                                          theme.accent if chosen else theme.rail_highlight, 2 if chosen else 1), rect)
        draw_avatar(surface, (rect.x + 28, rect.centery), 18, hex_colour(profile.colour), profile.initials, theme)
        surface.blit(shapes.text(profile.name, 22, theme.text, bold=True), (rect.x + 58, rect.y + 10))
        games = self.games.get(profile.id, 0)
        count = shapes.text(f"{games} game{'s' if games != 1 else ''}", 17, theme.text_muted)
        surface.blit(count, count.get_rect(midright=(rect.right - 14, rect.centery)))
