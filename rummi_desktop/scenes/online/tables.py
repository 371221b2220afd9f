"""The table scene for a server game, by game: the same table a local match uses, over a
network session. Named (the game's ``online_table`` entry point), not imported, so the lobby
(reached from the menu) does not import the tables (which lead back to the menu). A game
without one is not yet playable online in the window."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rummi_desktop.entry_points import load_entry
from rummi_desktop.games import GAMES

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App
    from rummi_desktop.shell.scene import Scene


def network_table(app: "App", link: Any, message: dict[str, Any]) -> "Scene | None":
    """The table for ``message`` (a ``game`` message of our seat), or None for a game the
    window cannot play online yet."""
    spec = GAMES.get(message["game"])
    if spec is None or not spec.has("online_table"):
        return None
    return load_entry(spec, "online_table")(app, link, message)
