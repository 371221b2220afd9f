"""Rummi in the window: setup, the table, its overlays, round end and match summary.

Rummi's table parts, on the game-neutral table (``scenes.table_base``, ``games.seats``, ``ui``):
``session`` (the match as the window plays it: seats, stats, autosave data), ``table_scene``
(the scene, composing the three parts), ``turn_flow`` (how turns end; computer seats),
``controller`` (gestures, buttons and keys → moves; uses ``drag`` and ``rack_order``),
``view`` (layout and sprites; paints a frame with ``paint``, whose table marks are
``marks_paint``), ``layout`` (pure geometry of the table), ``table_buttons``, ``results`` (round
end, match summary), ``setup_scene``, ``help_text``; ``online_state`` and ``network_session``
for a server's table; ``sandbox``, ``scenario`` and the ``puzzle_*`` parts; ``bench``.
This package wires them: nothing in it imports this module back.

``game_info()`` registers Rummi with the shell's game registry (menu entry, ``play rummi``
quick start, Continue from the autosave).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from rummi_desktop.shell.scene import Scene
from rummi_desktop.scenes.game_entry import GameEntry

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

ENTRY = GameEntry("rummi", "Rummi", setup="rummi_desktop.games.rummi.table.setup_scene:RummiSetupScene",
                  session="rummi_desktop.games.rummi.table.session:RummiSession",
                  load_state="rummi_desktop.games.rummi.table.session:load_match",
                  table="rummi_desktop.games.rummi.table.table_scene:RummiTableScene",
                  puzzle="rummi_desktop.games.rummi.table.puzzle_table:puzzle_table",
                  sandbox="rummi_desktop.games.rummi.table.sandbox:sandbox_table")
new_game, load_saved_session, resume = ENTRY.new_game, ENTRY.load_saved_session, ENTRY.resume


def quick_start(app: "App", args: argparse.Namespace) -> "Scene":
    """``rummi-desktop play rummi --seats human,hard --seed S --mode blitz``."""
    from rummi_desktop.games.rummi.table.session import RummiSession, quick_setup

    setup = quick_setup(getattr(args, "seats", None), getattr(args, "seed", None), getattr(args, "mode", None),
                        app.settings.turn_clock)
    return ENTRY.table_for(app, RummiSession.new(setup))


def check_start(args: argparse.Namespace) -> None:
    """``play rummi``'s seats, deal and mode, before the window opens (ValueError: which is wrong)."""
    from rummi_desktop.games.rummi.table.session import quick_setup

    quick_setup(getattr(args, "seats", None), getattr(args, "seed", None), getattr(args, "mode", None), 60)


def game_info():
    from rummi_desktop.scenes.registry import GameInfo
    from rummi_desktop.games.rummi.table.help_text import rules_summary

    return GameInfo(
        key="rummi",
        title="Rummi",
        tagline="Melds, jokers and a table you can rearrange",
        new_game=new_game,
        quick_start=quick_start, check_start=check_start,
        resume=resume,
        order=10,
        rules=rules_summary(),
        sandbox=ENTRY.sandbox_scene,
        replay_table=ENTRY.replay_table,
        chart_ink=lambda theme: theme.tile_colour("R"),  # the red of its numbers
        guided=guided_table,
    )


def guided_table(app: "App") -> "Scene":
    from rummi_desktop.games.rummi.table.guided import guided_table as table

    return table(app)
