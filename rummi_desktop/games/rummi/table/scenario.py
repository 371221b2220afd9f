"""The Rummi sandbox's scenario: a table and a rack being built by hand, as plain tile faces.

The editor adds and takes away faces; the set's limit (two copies of each face, two jokers)
is kept here, so the palette can grey out a face whose copies are all in use and refuse a
third. ``position()`` is exactly an analyze position (``{game, table, rack, initial}``), the
form puzzle files and share codes carry. No pygame here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rummi_desktop.scenes.sandbox.scenario_error import ScenarioError
from rummi_desktop.scenes.sandbox.tile_set import copies_in_set
from rummi_desktop.tiles import NotationError, Tile


@dataclass
class RummiScenario:
    table: list[list[Tile]] = field(default_factory=list)
    rack: list[Tile] = field(default_factory=list)
    initial: bool = False  # the 30-point rule applies (the seat has not melded yet)

    # -- the set's limit ----------------------------------------------------------------------
    def in_use(self) -> Counter[Tile]:
        return Counter([*(t for meld in self.table for t in meld), *self.rack])

    def copies_left(self, tile: Tile) -> int:
        return copies_in_set(tile) - self.in_use()[tile]

    def _take(self, tile: Tile) -> None:
        if self.copies_left(tile) <= 0:
            raise ScenarioError(f"both copies of {tile} are already in use")

    # -- editing ------------------------------------------------------------------------------
    def add_to_table(self, tile: Tile, meld: int | None = None, position: int | None = None) -> None:
        """``tile`` into table meld ``meld`` (at ``position``, else its end), or a new meld."""
        self._take(tile)
        if meld is None or not 0 <= meld < len(self.table):
            self.table.append([tile])
            return
        target = self.table[meld]
        target.insert(len(target) if position is None else max(0, min(position, len(target))), tile)

    def add_to_rack(self, tile: Tile) -> None:
        self._take(tile)
        self.rack.append(tile)

    def take_from_table(self, meld: int, position: int) -> Tile:
        tile = self.table[meld].pop(position)
        if not self.table[meld]:
            del self.table[meld]
        return tile

    def take_from_rack(self, index: int) -> Tile:
        return self.rack.pop(index)

    def clear(self) -> None:
        self.table.clear()
        self.rack.clear()

    # -- the position as data -----------------------------------------------------------------
    def position(self) -> dict[str, Any]:
        return {"game": "rummi", "table": [[t.notation() for t in meld] for meld in self.table],
                "rack": [t.notation() for t in self.rack], "initial": self.initial}

    @classmethod
    def from_position(cls, position: dict[str, Any]) -> "RummiScenario":
        """The scenario of an analyze position; ScenarioError saying what is wrong."""
        if not isinstance(position, dict) or position.get("game", "rummi") != "rummi":
            raise ScenarioError("this is not a Rummi position")
        table, rack = position.get("table", []), position.get("rack", [])
        if not isinstance(table, list) or not all(isinstance(meld, list) and meld for meld in table):
            raise ScenarioError("the table must be a list of melds, each a list of tiles")
        if not isinstance(rack, list):
            raise ScenarioError("the rack must be a list of tiles")
        scenario = cls(initial=bool(position.get("initial", False)))
        try:
            for meld in table:
                scenario.table.append([])
                for text in meld:
                    scenario._take(tile := _tile(text))
                    scenario.table[-1].append(tile)
            for text in rack:
                scenario.add_to_rack(_tile(text))
        except NotationError as error:
            raise ScenarioError(str(error)) from error
        return scenario

    def copy(self) -> "RummiScenario":
        return RummiScenario([list(m) for m in self.table], list(self.rack), self.initial)


def _tile(text: Any) -> Tile:
    if not isinstance(text, str):
        raise ScenarioError(f"{text!r} is not a tile")
    return Tile.parse(text)
