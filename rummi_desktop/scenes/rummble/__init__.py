"""Rummble in the window: setup, the board table, its dialogs and the end of the game.

Rummble's table parts, on the game-neutral table (``scenes.table_base``, ``seats``, ``ui``):
``session`` (the game as the window plays it), ``tentative`` (tiles put down this turn),
``table_scene`` (composing ``view`` + ``controller`` + ``turn_flow``), ``layout`` (pure
geometry), ``paint`` and ``board_paint`` (drawing), ``table_buttons``, ``dialogs`` (joker
picker, exchange), ``results``, ``setup_scene``, ``help_text``. Nothing in it imports this
module back.

``game_info()`` registers Rummble with the shell (menu entry, ``play rummble``, Continue).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from rummi_desktop.scene import Scene

if TYPE_CHECKING:
    from rummi_desktop.app import App

GAME, TITLE = "rummble", "Rummble"


def new_game(app: "App") -> "Scene":
    from rummi_desktop.scenes.rummble.setup_scene import RummbleSetupScene

    return RummbleSetupScene(app)


def quick_start(app: "App", args: argparse.Namespace) -> "Scene":
    """``rummi-desktop play rummble --seats human,hard --seed 7``."""
    from rummi_desktop.scenes.rummble.session import RummbleSession, quick_setup
    from rummi_desktop.scenes.rummble.table_scene import RummbleTableScene

    setup = quick_setup(getattr(args, "seats", None), getattr(args, "seed", None))
    return RummbleTableScene(app, RummbleSession.new(setup))


def load_saved_session(notices: list[str] | None = None):
    """The autosaved game, or None; a damaged save is kept as ``*.bad`` with a notice."""
    from rummi_desktop.scenes.rummble.session import RummbleSession, load_state
    from rummi_desktop.storage.saves import autosave_path, read_autosave
    from rummi_desktop.storage.toml_files import quarantine

    save, notice = read_autosave(GAME, TITLE, load_state)
    if notice and notices is not None:
        notices.append(notice)
    if save is None:
        return None
    try:
        return RummbleSession.from_save(save.setup, save.state, save.stats)
    except (KeyError, TypeError, ValueError) as error:
        try:
            quarantine(autosave_path(GAME))
        except OSError:
            pass
        if notices is not None:
            notices.append(f"The saved Rummble game is damaged ({error}); kept it aside as .bad. Start a new game.")
        return None


def resume(app: "App") -> "Scene | None":
    from rummi_desktop.storage.saves import has_autosave

    if not has_autosave(GAME) or load_saved_session(app.notices) is None:
        return None
    return ResumingTable(app)


class ResumingTable(Scene):
    """The menu's Continue Rummble: loads the autosave afresh when entered, then the table."""

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
        from rummi_desktop.scenes.rummble.table_scene import RummbleTableScene

        self.stack.replace(RummbleTableScene(self.app, session))


def game_info():
    from rummi_desktop.scenes.registry import GameInfo
    from rummi_desktop.scenes.rummble.help_text import rules_summary

    return GameInfo(key=GAME, title=TITLE, tagline="Rummy sets in crossword lines on a premium board",
                    new_game=new_game, quick_start=quick_start, resume=resume, order=20,
                    rules=rules_summary(), continue_key="b")
