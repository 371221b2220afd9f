"""The first-start offer: "New to Rummble? Play a guided first game".

Asked the first time a game's setup opens, when the game has a guided first game and the
player's profile has no finished game of it. It is asked once per game: the answer (either
one) is remembered in the settings (``guides_offered``), and so is a guided game started from
Help: its Well done card's "Play a real game" then opens the setup without the question.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummi_desktop.scenes import registry

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App
    from rummi_desktop.shell.scene import Scene


def has_finished_game(game: str) -> bool:
    """The profile last played under has a finished game of ``game`` in its records."""
    from rummi_desktop.records.profile_file import load_profiles
    from rummi_desktop.records.stat_totals import records_of
    from rummi_desktop.storage.record_index import read_summaries

    records, _ = read_summaries()
    book, _ = load_profiles()
    return any(record.get("game") == game for record in records_of(records, book.last_person))


def offer_due(app: "App", game: str) -> bool:
    info = registry.find_game(game)
    if info is None or info.guided is None or game in app.settings.guides_offered.split():
        return False
    return not has_finished_game(game)


def remember_offered(app: "App", game: str) -> None:
    """The game's offer is not asked again: it was answered, or its guided game was played."""
    if game in app.settings.guides_offered.split():
        return
    app.settings = app.settings.with_changes(guides_offered=" ".join([*app.settings.guides_offered.split(), game]))
    app.save_settings()


def offer_guided_game(app: "App", setup: "Scene", game: str) -> None:
    """Over ``setup`` (the game's setup scene, just opened): the question, once. Yes puts the
    guided game in the setup's place (its Well done card offers the setup again)."""
    from rummi_desktop.scenes.confirm import ConfirmScene

    if setup.stack is None or not offer_due(app, game):
        return
    info = registry.find_game(game)
    remember_offered(app, game)

    def play_guided() -> None:
        if setup.stack is not None:
            setup.stack.replace(info.guided(app))

    setup.stack.push(ConfirmScene(app, f"New to {info.title}?", "Play a guided first game: a few minutes, step by step.",
                                  "Yes, guide me", play_guided, cancel_label="No thanks", danger=False))
