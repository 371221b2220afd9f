"""The Rummble sandbox's scenario: tiles on board squares (jokers declared) and a rack.

The set's limit (two copies of each face, two jokers) is kept here, as in the Rummi
sandbox; ``position()`` is the analyze position ``{game, board, rack}``. No pygame here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rummi_desktop.games.rummble.rules.board import SIZE, Laid, row_col, square
from rummi_desktop.scenes.sandbox.scenario_error import ScenarioError
from rummi_desktop.scenes.sandbox.tile_set import copies_in_set
from rummi_desktop.tiles import NotationError, Tile


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
            raise ScenarioError(f"both copies of {tile} are already in use")

    def put(self, sq: int, laid: Laid) -> None:
        if sq in self.board:
            raise ScenarioError("that square is taken: click its tile to take it off first")
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

    def position(self) -> dict[str, Any]:
        return {"game": "rummble", "board": [[r, c, laid.notation()] for r, c, laid in self.board_entries()],
                "rack": [t.notation() for t in self.rack]}

    @classmethod
    def from_position(cls, position: dict[str, Any]) -> "RummbleScenario":
        if not isinstance(position, dict) or position.get("game") != "rummble":
            raise ScenarioError("this is not a Rummble position")
        board, rack = position.get("board", []), position.get("rack", [])
        if not isinstance(board, list) or not isinstance(rack, list):
            raise ScenarioError("the board and the rack must be lists")
        scenario = cls()
        try:
            for entry in board:
                if not (isinstance(entry, list) and len(entry) == 3 and all(isinstance(v, int) for v in entry[:2])
                        and 0 <= entry[0] < SIZE and 0 <= entry[1] < SIZE and isinstance(entry[2], str)):
                    raise ScenarioError(f"{entry!r} is not [row, column, tile]")
                scenario.put(square(entry[0], entry[1]), Laid.parse(entry[2]))
            for text in rack:
                if not isinstance(text, str):
                    raise ScenarioError(f"{text!r} is not a tile")
                scenario.add_to_rack(Tile.parse(text))
        except (NotationError, ValueError) as error:
            raise ScenarioError(str(error)) from error
        return scenario
