"""The table scene for a server game, by game: the same table a local match uses, over a
network session. Named, not imported, so the lobby (reached from the menu) does not import the
tables (which lead back to the menu). A game not listed is not yet playable online in the window."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App
    from rummi_desktop.shell.scene import Scene

ONLINE_TABLES = {"rummi": "rummi_desktop.games.rummi.table.online_table:online_table",
                 "rummble": "rummi_desktop.games.rummble.table.online_table:online_table",
                 "tumblewords": "rummi_desktop.games.tumblewords.table.online_table:online_table"}


def network_table(app: "App", link: Any, message: dict[str, Any]) -> "Scene | None":
    """The table for ``message`` (a ``game`` message of our seat), or None for a game the
    window cannot play online yet."""
    named = ONLINE_TABLES.get(message["game"])
    if named is None:
        return None
    module, function = named.split(":")
    return getattr(importlib.import_module(module), function)(app, link, message)
