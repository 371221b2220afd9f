"""Tumblewords' table for a server game: the Tumblewords table scene over a network session,
in the online mode."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rummi_desktop.games.tumblewords.table.layout import seat_box
from rummi_desktop.games.tumblewords.table.network_session import NetworkTumblewordsSession
from rummi_desktop.games.tumblewords.table.table_scene import TumblewordsTableScene
from rummi_desktop.scenes.connection_chip import CHIP
from rummi_desktop.scenes.online_mode import OnlineMode

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App


class TumblewordsOnline(OnlineMode):
    """Only the board follows a state the server replaced (an echo, a refusal, a forfeit by
    the server's clock, a resume) whenever the table lays out again."""

    def chip_at(self) -> tuple[int, int]:
        """In the bag's row, right of its count: the top right holds the drop's words, and
        under the bag there is no room once four seats are stacked above it."""
        bag = seat_box(self.table.state.seats)
        return round(bag.right) - CHIP.w - 12, round(bag.y + (bag.h - CHIP.h) / 2)

    def relayout(self) -> None:
        view = self.table.view
        if not view.pending_zap:  # a zap waiting for its drop to land syncs the board itself
            view.sync_board(animate=True)


def online_table(app: "App", link: Any, message: dict[str, Any]) -> TumblewordsTableScene:
    return TumblewordsTableScene(app, NetworkTumblewordsSession.joined(link, message), mode=TumblewordsOnline())
