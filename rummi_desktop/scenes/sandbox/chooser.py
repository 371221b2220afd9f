"""The menu's Sandbox button: which game's sandbox to open (the games that have one)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummi_desktop.scenes import registry
from rummi_desktop.scenes.sandbox.dialogs import ChoiceDialog

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App


def sandbox_chooser(app: "App") -> ChoiceDialog:
    games = [game for game in registry.playable_games() if game.sandbox is not None]
    dialog: ChoiceDialog

    def opener(game: registry.GameInfo):
        def open_sandbox() -> str:
            if dialog.stack is not None:
                dialog.stack.replace(game.sandbox(app))  # the sandbox takes the card's place
            return ""
        return open_sandbox

    choices = [(game.title, f"A free {game.title} table: build any position, find the best play",
                lambda g=game: opener(g)()) for game in games]
    dialog = ChoiceDialog(app, "Sandbox", "Which game? Build any position, play it, ask for the best play.",
                          choices)
    return dialog
