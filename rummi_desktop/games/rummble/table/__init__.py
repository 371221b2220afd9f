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

from rummi_desktop.shell.scene import Scene
from rummi_desktop.scenes.game_entry import GameEntry

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

GAME, TITLE = "rummble", "Rummble"

ENTRY = GameEntry(GAME, TITLE, setup="rummi_desktop.games.rummble.table.setup_scene:RummbleSetupScene",
                  session="rummi_desktop.games.rummble.table.session:RummbleSession",
                  load_state="rummi_desktop.games.rummble.table.session:load_state",
                  table="rummi_desktop.games.rummble.table.table_scene:RummbleTableScene",
                  puzzle="rummi_desktop.games.rummble.table.puzzle_table:puzzle_table",
                  sandbox="rummi_desktop.games.rummble.table.sandbox:sandbox_table")
new_game, load_saved_session, resume = ENTRY.new_game, ENTRY.load_saved_session, ENTRY.resume


def quick_start(app: "App", args: argparse.Namespace) -> "Scene":
    """``rummi-desktop play rummble --seats human,hard --seed 7``."""
    from rummi_desktop.games.rummble.table.session import RummbleSession, quick_setup

    setup = quick_setup(getattr(args, "seats", None), getattr(args, "seed", None))
    return ENTRY.table_for(app, RummbleSession.new(setup))


def check_start(args: argparse.Namespace) -> None:
    """``play rummble``'s seats and deal, before the window opens (ValueError: which is wrong)."""
    from rummi_desktop.games.rummble.table.session import quick_setup

    if getattr(args, "mode", None) is not None:
        raise ValueError("Rummble has no --mode: it is played one way")
    quick_setup(getattr(args, "seats", None), getattr(args, "seed", None))


def game_info():
    from rummi_desktop.scenes.registry import GameInfo
    from rummi_desktop.games.rummble.table.help_text import rules_summary

    return GameInfo(key=GAME, title=TITLE, tagline="Rummy sets in crossword lines on a premium board",
                    new_game=new_game, quick_start=quick_start, check_start=check_start, resume=resume, order=20,
                    rules=rules_summary(), continue_key="b", sandbox=ENTRY.sandbox_scene,
                    replay_table=ENTRY.replay_table, chart_ink=_chart_ink, guided=_guided_table)


def _guided_table(app: "App") -> Scene:
    from rummi_desktop.games.rummble.table.guided import guided_table

    return guided_table(app)


def _chart_ink(theme) -> tuple[int, int, int]:
    """The blue of the board's ×3 TILE squares (imported on use: the board's paint is not a menu cost)."""
    from rummi_desktop.games.rummble.table.board_paint import PREMIUM_LOOK

    return PREMIUM_LOOK["t"][0]
