"""The table scene for a server game, by game: the same table a local match uses, over a
network session. A game not listed here is not yet playable online in the window."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rummi_desktop.app import App
    from rummi_desktop.scene import Scene


def network_table(app: "App", link: Any, message: dict[str, Any]) -> "Scene | None":
    """The table for ``message`` (a ``game`` message of our seat), or None for a game the
    window cannot play online yet."""
    if message["game"] == "rummi":
        from rummi_desktop.scenes.rummi.network_session import NetworkRummiSession
        from rummi_desktop.scenes.rummi.table_scene import RummiTableScene

        return RummiTableScene(app, NetworkRummiSession.joined(link, message), autosave=False)
    return None
