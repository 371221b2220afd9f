"""Where the coach's cards go on a table whose turn log fills a column beside the board
(Rummble's and Tumblewords'): the unseen-tile tracker lies across the column's foot, the log
keeps the rest, and a hint's best plays are listed over the log while they are shown. A game's
table view mixes it in and names its column (``log_column``)."""

from __future__ import annotations

from typing import Any, ClassVar

from rummi_desktop.ui.geometry import Box


class LogColumnCards:
    tracker_upright = False  # the card lies across the column, under the log
    log_column: ClassVar[Box]  # the game's log column (its layout's REGIONS.log)
    table: Any  # the table scene: its ``tracker`` and ``candidates`` parts

    def log_area(self) -> Box:
        """The log of the last turns: the column under the seats, less the tracker's card."""
        return self.table.tracker.below(self.log_column)[0]

    def tracker_area(self) -> Box | None:
        return self.table.tracker.below(self.log_column)[1]

    def candidates_area(self) -> Box | None:
        """A hint's best plays, over the log while they are listed."""
        return self.table.candidates.over(self.log_area())
