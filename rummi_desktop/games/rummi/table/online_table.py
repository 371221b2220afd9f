"""Rummi's table for a server game: the Rummi table scene over a network session."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rummi_desktop.games.rummi.table.network_session import NetworkRummiSession
from rummi_desktop.games.rummi.table.table_scene import RummiTableScene
from rummi_desktop.scenes.online_mode import OnlineMode

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App


def online_table(app: "App", link: Any, message: dict[str, Any]) -> RummiTableScene:
    return RummiTableScene(app, NetworkRummiSession.joined(link, message), mode=OnlineMode())
