"""Rummi in the window: setup, the table, its overlays, round end and match summary.

Rummi's table parts, on the game-neutral table (``scenes.table_base``, ``seats``, ``ui``):
``session`` (the match as the window plays it: seats, stats, autosave data), ``table_scene``
(the scene, composing the three parts), ``turn_flow`` (how turns end; computer seats),
``controller`` (gestures, buttons and keys → moves; uses ``drag`` and ``rack_order``),
``view`` (layout and sprites; paints with ``table_paint`` / ``table_view``), ``layout`` (pure
geometry of the table), ``table_buttons``, ``results`` (round end, match summary),
``setup_scene``, ``help_text``.
This package wires them: nothing in it imports this module back.

``game_info()`` registers Rummi with the shell's game registry (menu entry, ``play rummi``
quick start, Continue from the autosave).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from rummi_desktop.scene import Scene

if TYPE_CHECKING:
    from rummi_desktop.app import App


def new_game(app: "App") -> "Scene":
    from rummi_desktop.scenes.rummi.setup_scene import RummiSetupScene

    return RummiSetupScene(app)


def quick_start(app: "App", args: argparse.Namespace) -> "Scene":
    """``rummi-desktop play rummi --seats human,hard --seed S --mode blitz``."""
    from rummi_desktop.scenes.rummi.session import RummiSession, quick_setup
    from rummi_desktop.scenes.rummi.table_scene import RummiTableScene

    setup = quick_setup(getattr(args, "seats", None), getattr(args, "seed", None), getattr(args, "mode", None),
                        app.settings.turn_clock)
    return RummiTableScene(app, RummiSession.new(setup))


def load_saved_session(notices: list[str] | None = None):
    """The autosaved session, or None. A damaged autosave is kept as ``*.bad`` and a notice
    for the menu is appended to ``notices``."""
    from rummi_desktop.scenes.rummi.session import RummiSession, load_match
    from rummi_desktop.storage.saves import read_autosave

    save, notice = read_autosave("rummi", "Rummi", load_match)
    if notice and notices is not None:
        notices.append(notice)
    if save is None:
        return None
    try:
        return RummiSession.from_save(save.setup, save.state, save.stats)
    except (KeyError, TypeError, ValueError) as error:
        from rummi_desktop.storage.saves import autosave_path
        from rummi_desktop.storage.toml_files import quarantine

        try:
            quarantine(autosave_path("rummi"))
        except OSError:
            pass
        if notices is not None:
            notices.append(f"The saved Rummi game is damaged ({error}); kept it aside as .bad. Start a new game.")
        return None


def resume(app: "App") -> "Scene | None":
    """Continue: a table for the autosaved match, or None when there is nothing to continue."""
    from rummi_desktop.storage.saves import has_autosave

    if not has_autosave("rummi"):
        return None
    session = load_saved_session(app.notices)
    if session is None:
        return None
    # The table scene is imported only when there is a game to continue: it is the heaviest
    # import, and the menu's first frame should not wait for it.
    return ResumingTable(app)


class ResumingTable(Scene):
    """What the menu's Continue opens: loads the autosave afresh each time it is entered, then
    hands over to the table (or closes, with a notice, if the save is gone or damaged)."""

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
        from rummi_desktop.scenes.rummi.table_scene import RummiTableScene

        self.stack.replace(RummiTableScene(self.app, session))


def game_info():
    from rummi_desktop.scenes.registry import GameInfo
    from rummi_desktop.scenes.rummi.help_text import rules_summary

    return GameInfo(
        key="rummi",
        title="Rummi",
        tagline="Melds, jokers and a table you can rearrange",
        new_game=new_game,
        quick_start=quick_start,
        resume=resume,
        order=10,
        rules=rules_summary(),
    )
