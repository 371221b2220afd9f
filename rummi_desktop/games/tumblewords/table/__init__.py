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

from rummi_desktop.shell.scene import Scene
from rummi_desktop.scenes.game_entry import GameEntry, ResumingTable  # noqa: F401  (Continue opens one)

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

GAME, TITLE = "tumblewords", "Tumblewords"

ENTRY = GameEntry(GAME, TITLE, setup="rummi_desktop.games.tumblewords.table.setup_scene:TumblewordsSetupScene",
                  session="rummi_desktop.games.tumblewords.table.session:TumblewordsSession",
                  load_state="rummi_desktop.games.tumblewords.table.session:load_state",
                  table="rummi_desktop.games.tumblewords.table.table_scene:TumblewordsTableScene",
                  missing="rummi_desktop.games.tumblewords.table.session:WORD_LIST_ERRORS", missing_what="its word list",
                  puzzle="rummi_desktop.games.tumblewords.table.puzzle_table:puzzle_table",
                  sandbox="rummi_desktop.games.tumblewords.table.sandbox:sandbox_table")
new_game, load_saved_session, resume = ENTRY.new_game, ENTRY.load_saved_session, ENTRY.resume


def quick_start(app: "App", args: argparse.Namespace) -> "Scene":
    """``rummi-desktop play tumblewords --seats human,hard --seed 7``."""
    from rummi_desktop.games.tumblewords.table.session import TumblewordsSession, quick_setup

    setup = quick_setup(getattr(args, "seats", None), getattr(args, "seed", None))
    return ENTRY.table_for(app, TumblewordsSession.new(setup))


def check_start(args: argparse.Namespace) -> None:
    """``play tumblewords``'s seats and deal, before the window opens (ValueError: which is wrong)."""
    from rummi_desktop.games.tumblewords.table.session import quick_setup

    if getattr(args, "mode", None) is not None:
        raise ValueError("Tumblewords has no --mode: it is played one way")
    quick_setup(getattr(args, "seats", None), getattr(args, "seed", None))


def game_info():
    from rummi_desktop.scenes.registry import GameInfo
    from rummi_desktop.games.tumblewords.table.help_text import rules_summary

    return GameInfo(key=GAME, title=TITLE, tagline="Drop letters down the columns; every word through them scores",
                    new_game=new_game, quick_start=quick_start, check_start=check_start, resume=resume, order=30,
                    rules=rules_summary(), continue_key="w", sandbox=ENTRY.sandbox_scene,
                    replay_table=ENTRY.replay_table,
                    chart_ink=lambda theme: theme.tile_face_low,  # the letter tiles' ivory
                    guided=_guided_table)


def _guided_table(app: "App") -> "Scene":
    from rummi_desktop.games.tumblewords.table.guided import guided_table

    return guided_table(app)
