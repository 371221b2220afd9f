"""The one button layout of every sandbox, in the same box of the screen whatever the game.

Apart from ``common`` because its buttons call the mode (``sandbox_mode``), which itself uses
``common``: kept there, the two modules would call each other."""

from __future__ import annotations

from typing import Any, Callable

from rummi_desktop.scenes.sandbox import toolbar
from rummi_desktop.scenes.sandbox.common import EDIT, PLAY, ButtonSpec, GridButtons
from rummi_desktop.ui.geometry import Box

# The bottom right, which each game's table leaves free beside its rack: two columns, six rows.
BUTTONS_AREA = Box(946, 462, 292, 298)


def sandbox_buttons(mode: Any, best: ButtonSpec, beside_best: ButtonSpec, beside_menu: ButtonSpec | None,
                    on_refresh: Callable[[GridButtons], None]) -> GridButtons:
    """The one button layout of every sandbox: Edit | Play, Undo | Reset, the game's Best
    button and the one beside it, Save | Load, Share | Paste code, Menu and the game's toggle
    (or nothing). ``on_refresh`` enables them; the stage's words are set here first."""
    def refresh(grid: GridButtons) -> None:
        editing, named = mode.stage == EDIT, grid.named
        named["Edit"].style, named["Play"].style = ("primary", "secondary") if editing else ("secondary", "primary")
        named["Reset"].label = "Clear" if editing else "Reset"
        named["Reset"].tooltip = "Empty the position" if editing else "Back to the position"
        on_refresh(grid)

    return GridButtons(BUTTONS_AREA, [
        [("Edit", lambda: mode.set_stage(EDIT), "Build the position", "e"),
         ("Play", lambda: mode.set_stage(PLAY), "Play moves on this position", "p")],
        [("Undo", mode.undo, "Take back the last change", "z"), ("Reset", mode.reset, "Back to the position", "r")],
        [best, beside_best],
        [("Save", lambda: toolbar.save(mode), "Save this scenario as a puzzle file", "f2"),
         ("Load", lambda: toolbar.open_saved(mode), "Open a saved scenario", "f3")],
        [("Share", lambda: toolbar.share(mode), "A short text code for this scenario", "f4"),
         ("Paste code", lambda: toolbar.open_code(mode), "Open a scenario from a share code", "f5")],
        [("Menu", mode.table.close, "Back to the main menu", "escape"), beside_menu],
    ], refresh)
