"""The lobby's "Sync profile" action: the profile chosen at this computer (the one last played
under, as the puzzle trainer takes it; Guest restores the account's profile here), the sync
through the link's background thread, and the words for the lobby's status line.

The sync itself is :mod:`rummi_desktop.net.profile_sync`; this module only starts it and
shows its sentence, so the frame never waits on the network or the files.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

import pygame

from rummi_desktop.records.profiles import GUEST
from rummi_desktop.scenes.online.pending import Ask
from rummi_desktop.ui.widget_group import WidgetGroup
from rummi_desktop.ui.widgets import Button

LABEL = "Sync profile"
TOOLTIP = "Send this computer's profile (games, puzzles, unlocks) to your account, and fetch what it lacks"


def chosen_profile() -> tuple[str, str]:
    """(profile id, name) of the profile chosen here; (Guest, "") when none is."""
    from rummi_desktop.records.profile_file import load_profiles

    book, _notice = load_profiles()
    chosen = book.find(book.current_person())
    return (chosen.id, chosen.name) if chosen is not None else (GUEST, "")


def doing_words(name: str) -> str:
    return f"Syncing {name}…" if name else "Restoring this account's profile…"


def result_words(result: Any) -> tuple[str, bool]:
    """(the status line, whether it is a warning) for a SyncResult."""
    return result.message, not result.ok


async def sync_and_choose(client: Any, profile_id: str) -> Any:
    """Sync on the link's loop; a profile restored here becomes the one chosen at this computer."""
    from rummi_desktop.net.profile_sync import sync_profile

    result = await sync_profile(client, profile_id)
    if result.ok and profile_id == GUEST:
        await asyncio.to_thread(_choose, result.profile_id)
    return result


def _choose(profile_id: str) -> None:
    from rummi_desktop.records.profile_file import load_profiles, save_profiles

    book, _notice = load_profiles()
    if book.find(profile_id) is not None:
        book.last_person = profile_id
        try:
            save_profiles(book)
        except OSError:
            pass  # the profile is here all the same; only the choice is not remembered


def start_sync(ask: Ask, say: Callable[[str, bool], None]) -> None:
    """The button's action: ``ask`` runs a request on the lobby's link (then its answer, and
    the words meanwhile); ``say`` puts the outcome on the lobby's status line."""
    profile_id, name = chosen_profile()
    ask(lambda client: sync_and_choose(client, profile_id), lambda result: say(*result_words(result)),
        doing_words(name))


def sync_button(widgets: WidgetGroup, rect: pygame.Rect, ask: Ask, say: Callable[[str, bool], None]) -> Button:
    """The lobby's button, added to its ``widgets`` (the lobby enables it once signed in)."""
    return widgets.add(Button(rect, LABEL, lambda: start_sync(ask, say), tooltip=TOOLTIP, font_size=20))
