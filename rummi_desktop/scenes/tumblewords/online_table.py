"""Tumblewords' table for a server game: the Tumblewords table scene over a network session."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rummi_desktop.scenes.tumblewords.network_session import NetworkTumblewordsSession
from rummi_desktop.scenes.tumblewords.table_scene import TumblewordsTableScene

if TYPE_CHECKING:
    from rummi_desktop.app import App


class OnlineTumblewordsTable(TumblewordsTableScene):
    """The local table; only its board follows a state the server replaced (an echo, a
    refusal, a forfeit by the server's clock, a resume) whenever the table lays out again."""

    connection_chip_at = (52, 244)  # under the seats: the top right holds the drop's words

    def relayout(self) -> None:
        if not self.view.pending_zap:  # a zap waiting for its drop to land syncs the board itself
            self.view.sync_board(animate=True)
        super().relayout()


def online_table(app: "App", link: Any, message: dict[str, Any]) -> OnlineTumblewordsTable:
    return OnlineTumblewordsTable(app, NetworkTumblewordsSession.joined(link, message), autosave=False)
