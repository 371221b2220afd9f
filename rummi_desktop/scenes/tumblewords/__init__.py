"""Tumblewords in the window: setup, the falling-letter board, its blank picker and the end.

Tumblewords' table parts, on the game-neutral table (``scenes.table_base``, ``seats``, ``ui``):
``session`` (the game as the window plays it), ``table_scene`` (composing ``view`` +
``controller`` + ``turn_flow``), ``layout`` (pure geometry), ``paint`` and ``board_paint``
(drawing), ``table_buttons``, ``dialogs`` (the blank picker), ``results``, ``setup_scene``,
``help_text``. The falling tiles are ``ui.physics`` (pymunk), stepped on the fixed step.
Nothing in it imports this module back.

``game_info()`` registers Tumblewords with the shell (menu entry, ``play tumblewords``, Continue).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from rummi_desktop.scene import Scene

if TYPE_CHECKING:
    from rummi_desktop.app import App

GAME, TITLE = "tumblewords", "Tumblewords"


def new_game(app: "App") -> "Scene":
    from rummi_desktop.scenes.tumblewords.setup_scene import TumblewordsSetupScene

    return TumblewordsSetupScene(app)


def quick_start(app: "App", args: argparse.Namespace) -> "Scene":
    """``rummi-desktop play tumblewords --seats human,hard --seed 7``."""
    from rummi_desktop.scenes.tumblewords.session import TumblewordsSession, quick_setup
    from rummi_desktop.scenes.tumblewords.table_scene import TumblewordsTableScene

    setup = quick_setup(getattr(args, "seats", None), getattr(args, "seed", None))
    return TumblewordsTableScene(app, TumblewordsSession.new(setup))


def load_saved_session(notices: list[str] | None = None):
    """The autosaved game, or None; a damaged save is kept as ``*.bad`` with a notice."""
    from rummi_desktop.games.tumblewords.dictionary import WordListError, WordListUnavailable
    from rummi_desktop.scenes.tumblewords.session import TumblewordsSession, load_state
    from rummi_desktop.storage.saves import autosave_path, read_autosave
    from rummi_desktop.storage.toml_files import quarantine

    try:
        save, notice = read_autosave(GAME, TITLE, load_state)
    except (WordListError, WordListUnavailable) as error:
        if notices is not None:
            notices.append(f"The saved Tumblewords game needs its word list: {error}")
        return None
    if notice and notices is not None:
        notices.append(notice)
    if save is None:
        return None
    try:
        return TumblewordsSession.from_save(save.setup, save.state, save.stats)
    except (KeyError, TypeError, ValueError) as error:
        try:
            quarantine(autosave_path(GAME))
        except OSError:
            pass
        if notices is not None:
            notices.append(f"The saved Tumblewords game is damaged ({error}); kept it aside as .bad. Start a new game.")
        return None


def resume(app: "App") -> "Scene | None":
    from rummi_desktop.storage.saves import has_autosave

    if not has_autosave(GAME) or load_saved_session(app.notices) is None:
        return None
    return ResumingTable(app)


class ResumingTable(Scene):
    """The menu's Continue Tumblewords: loads the autosave afresh when entered, then the table."""

    def __init__(self, app: "App") -> None:
        super().__init__()
        self.app = app

    def on_enter(self) -> None:
        session = load_saved_session(self.app.notices)
        if self.stack is None:
            return
        if session is None:
            self.close()
            return
        from rummi_desktop.scenes.tumblewords.table_scene import TumblewordsTableScene

        self.stack.replace(TumblewordsTableScene(self.app, session))


def game_info():
    from rummi_desktop.scenes.registry import GameInfo
    from rummi_desktop.scenes.tumblewords.help_text import rules_summary

    return GameInfo(key=GAME, title=TITLE, tagline="Drop letters down the columns; every word through them scores",
                    new_game=new_game, quick_start=quick_start, resume=resume, order=30,
                    rules=rules_summary(), continue_key="w")
