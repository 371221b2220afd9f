"""Rummble's table for a server game: the Rummble table scene over a network session."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rummi_desktop.games.rummble.table.network_session import NetworkRummbleSession
from rummi_desktop.games.rummble.table.table_scene import RummbleTableScene
from rummi_desktop.scenes.online_mode import OnlineMode

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App


def online_table(app: "App", link: Any, message: dict[str, Any]) -> RummbleTableScene:
    return RummbleTableScene(app, NetworkRummbleSession.joined(link, message), mode=OnlineMode())
