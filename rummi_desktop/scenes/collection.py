"""Collection: every unlockable felt and tile back of a profile, with a preview, what earns it
and how far along it is ("7/10 wins"); locked ones greyed. Choosing an unlocked felt applies
it (the theme setting), and so does an unlocked tile back (the tile_back setting: the stacks of
face-down tiles on every table show it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.storage.record_index import read_summaries
from rummi_desktop.records.profile_file import load_profiles
from rummi_desktop.records.unlock_state import hard_pack_progress, read_unlocks
from rummi_desktop.ui import shapes
from rummi_desktop.ui.felt import felt_surface
from rummi_desktop.ui.tile_back import draw_tile_back, tile_backs, unlockable_felt
from rummi_desktop.ui.widgets import Button
from rummi_desktop.records.unlocks import FELT, Progress, profile_facts, unlock_progress

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

PANEL = pygame.Rect(40, 24, 1200, 752)
CARD_W, CARD_H, GAP = 270, 270, 20
GRID_TOP = PANEL.y + 110


class CollectionScene(ShellScene):
    def __init__(self, app: "App", profile_id: str = "") -> None:
        super().__init__(app)
        book, notice = load_profiles()
        profile = book.find(profile_id) or (book.profiles[0] if book.profiles else None)
        self.profile_id = profile.id if profile is not None else ""
        self.profile_name = profile.name if profile is not None else ""
        records, notices = read_summaries()
        self.progress: list[Progress] = unlock_progress(profile_facts(records, self.profile_id, hard_pack_progress(self.profile_id)))
        state_notice = read_unlocks(self.profile_id)[1] if self.profile_id else None
        self.message = state_notice or notice or (notices[0] if notices else "")
        back = pygame.Rect(0, 0, 200, 56)
        back.bottomright = (PANEL.right - 30, PANEL.bottom - 20)
        self.widgets.add(Button(back, "Back", self.close, style="primary", tooltip="Back", shortcut="escape"))

    def card_rect(self, index: int) -> pygame.Rect:
        column, row = index % 4, index // 4
        return pygame.Rect(PANEL.x + 30 + column * (CARD_W + GAP), GRID_TOP + row * (CARD_H + GAP), CARD_W, CARD_H)

    def choose(self, progress: Progress) -> None:
        unlock = progress.unlock
        if not progress.earned:
            self.message = f"{unlock.title} is locked: {unlock.milestone} ({progress.text()})."
            self.play("invalid")
            return
        if unlock.kind == FELT:
            if unlockable_felt(unlock.key) is None:
                self.message = f"The {unlock.title} is missing from this copy."
                return
            self.app.update_settings(theme=unlock.key)
            self.app.save_settings()
            self.message = f"{unlock.title} applied."
            return
        self.app.update_settings(tile_back=unlock.key)
        self.app.save_settings()
        self.message = f"{unlock.title} applied: the tile stacks on the tables show it."

    def status(self) -> dict[str, Any]:
        return {**super().status(), "earned": [p.unlock.key for p in self.progress if p.earned],
                "theme": self.app.theme.name, "tile_back": self.app.settings.tile_back}

    def handle_action(self, action: Any) -> bool:
        from rummi_desktop.shell.input import ActionKind

        if action.kind == ActionKind.CLICK and action.pos is not None:
            for index, progress in enumerate(self.progress):
                if self.card_rect(index).collidepoint(action.pos):
                    self.choose(progress)
                    return True
        return super().handle_action(action)

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        self.draw_titled_panel(surface, PANEL, f"Collection · {self.profile_name}" if self.profile_name else "Collection")
        for index, progress in enumerate(self.progress):
            self._draw_card(surface, self.card_rect(index), progress)
        if self.message:
            surface.blit(shapes.text(self.message[:120], 18, theme.hint), (PANEL.x + 30, PANEL.bottom - 60))
        self.widgets.draw(surface, theme)

    def _chosen(self, progress: Progress) -> bool:
        if progress.unlock.kind == FELT:
            return self.app.theme.name == progress.unlock.key
        return self.app.settings.tile_back == progress.unlock.key

    def _draw_card(self, surface: pygame.Surface, rect: pygame.Rect, progress: Progress) -> None:
        theme, unlock = self.app.theme, progress.unlock
        chosen = self._chosen(progress)
        fill = shapes.mix(theme.felt_dark, theme.panel[:3], 0.5)
        edge = theme.accent if chosen else theme.rail_highlight
        surface.blit(shapes.rounded_panel(rect.size, 14, fill + (220,), None, edge, 3 if chosen else 1), rect)
        preview = pygame.Rect(rect.x + 14, rect.y + 14, rect.w - 28, 130)
        self._draw_preview(surface, preview, progress)
        ink = theme.text if progress.earned else theme.text_muted
        surface.blit(shapes.text(unlock.title, 20, ink, bold=True), (rect.x + 14, rect.y + 152))
        for number, line in enumerate(_wrapped(unlock.milestone, 30)[:2]):
            surface.blit(shapes.text(line, 15, theme.text_muted), (rect.x + 14, rect.y + 176 + number * 17))
        bar = pygame.Rect(rect.x + 14, rect.bottom - 36, rect.w - 28, 10)
        pygame.draw.rect(surface, shapes.darken(theme.felt_dark, 0.3), bar, border_radius=5)
        if progress.fraction > 0:
            filled = pygame.Rect(bar.x, bar.y, max(10, round(bar.w * progress.fraction)), bar.h)
            pygame.draw.rect(surface, theme.accent if progress.earned else theme.text_muted, filled, border_radius=5)
        label = "In use" if chosen else ("Unlocked" if progress.earned else progress.text())
        text = shapes.text(label, 15, theme.accent if progress.earned else theme.text_muted, bold=progress.earned)
        surface.blit(text, text.get_rect(bottomright=(rect.right - 14, rect.bottom - 40)))

    def _draw_preview(self, surface: pygame.Surface, box: pygame.Rect, progress: Progress) -> None:
        unlock = progress.unlock
        if unlock.kind == FELT:
            felt = unlockable_felt(unlock.key)
            if felt is not None:
                surface.blit(felt_surface(felt, (box.w * 2, box.h * 2)), box, pygame.Rect(box.w // 2, box.h // 2, box.w, box.h))
        else:
            back = tile_backs().get(unlock.key)
            if back is not None:
                pygame.draw.rect(surface, shapes.darken(self.app.theme.felt_dark, 0.2), box, border_radius=8)
                for offset in (-60, 0, 60):
                    draw_tile_back(surface, pygame.Rect(box.centerx - 26 + offset, box.y + 18, 52, 94), back)
        if not progress.earned:  # greyed: a veil over the preview, and a lock
            veil = pygame.Surface(box.size, pygame.SRCALPHA)
            veil.fill((30, 30, 30, 170))
            surface.blit(veil, box)
            _draw_lock(surface, box.center)


def _draw_lock(surface: pygame.Surface, centre: tuple[int, int]) -> None:
    cx, cy = centre
    pygame.draw.arc(surface, (210, 210, 210), (cx - 16, cy - 34, 32, 36), 0, 3.1416, 5)
    pygame.draw.rect(surface, (210, 210, 210), (cx - 22, cy - 16, 44, 36), border_radius=6)
    pygame.draw.circle(surface, (70, 70, 70), (cx, cy), 5)


def _wrapped(text: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return lines + ([line] if line else [])
