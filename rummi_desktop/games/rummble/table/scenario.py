"""The Rummble sandbox's scenario: tiles on board squares (jokers declared) and a rack.

The set's limit (two copies of each face, two jokers) is kept here, as in the Rummi
sandbox; ``position()`` is the analyze position ``{game, board, rack}``, written and read by
the rules' :class:`RummblePosition`; what the editor refuses is a PositionError too. No pygame
here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rummi_desktop.games.positions import PositionError
from rummi_desktop.games.rummble.rules.board import Laid, row_col, square
from rummi_desktop.games.rummble.rules.position import RummblePosition
from rummi_desktop.scenes.sandbox.opened_position import opened_position
from rummi_desktop.tiles import Tile, copies_in_set


@dataclass
class RummbleScenario:
    board: dict[int, Laid] = field(default_factory=dict)  # square -> the tile on it
    rack: list[Tile] = field(default_factory=list)

    def in_use(self) -> Counter[Tile]:
        return Counter([*(laid.rack_tile for laid in self.board.values()), *self.rack])

    def copies_left(self, tile: Tile) -> int:
        return copies_in_set(tile) - self.in_use()[tile]

    def _take(self, tile: Tile) -> None:
        if self.copies_left(tile) <= 0:
            raise PositionError(f"both copies of {tile} are already in use")

    def put(self, sq: int, laid: Laid) -> None:
        if sq in self.board:
            raise PositionError("that square is taken: click its tile to take it off first")
        self._take(laid.rack_tile)
        self.board[sq] = laid

    def add_to_rack(self, tile: Tile) -> None:
        self._take(tile)
        self.rack.append(tile)

    def clear(self) -> None:
        self.board.clear()
        self.rack.clear()

    def copy(self) -> "RummbleScenario":
        return RummbleScenario(dict(self.board), list(self.rack))

    def board_entries(self) -> list[tuple[int, int, Laid]]:
        return [(*row_col(sq), laid) for sq, laid in sorted(self.board.items())]

    def as_position(self) -> RummblePosition:
        return RummblePosition(tuple(self.board_entries()), tuple(self.rack))

    def position(self) -> dict[str, Any]:
        return self.as_position().to_dict()

    @classmethod
    def from_position(cls, position: dict[str, Any]) -> "RummbleScenario":
        """The scenario of an analyze position (read by :class:`RummblePosition`; its lines
        need not be sets yet); PositionError saying what is wrong."""
        read = RummblePosition.from_dict(opened_position(position, RummblePosition.PUZZLE_KEYS, {"board": [], "rack": []}))
        scenario = cls()
        for row, col, laid in read.board:
            scenario.put(square(row, col), laid)
        for tile in read.rack:
            scenario.add_to_rack(tile)
        return scenario
