"""The Rummi sandbox's scenario: a table and a rack being built by hand, as plain tile faces.

The editor adds and takes away faces; the set's limit (two copies of each face, two jokers)
is kept here, so the palette can grey out a face whose copies are all in use and refuse a
third. A third joker put down switches the position to the "4 jokers" house rule (it stays
so until Clear), so the editor offers up to four; a loaded position keeps its own rule. ``position()`` is exactly an analyze position (``{game, table, rack, initial}``), the
form puzzle files and share codes carry, written and read by the rules' :class:`RummiPosition`;
what the editor refuses is a PositionError too. No pygame here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rummi_desktop.games.positions import PositionError
from rummi_desktop.games.rummi.rules.position import RummiPosition
from rummi_desktop.scenes.sandbox.opened_position import opened_position
from rummi_desktop.games.rummi.rules.pieces import MOST_JOKERS
from rummi_desktop.tiles import JOKERS_IN_SET, SET_FACES, Tile, copies_in_set

PALETTE_FACES = SET_FACES  # the palette offers every face of the set


@dataclass
class RummiScenario:
    table: list[list[Tile]] = field(default_factory=list)
    rack: list[Tile] = field(default_factory=list)
    initial: bool = False  # the 30-point rule applies (the seat has not melded yet)
    # Where each meld was put down on the felt (the table layout's (row, x) hint, or None), so
    # a meld stays where it was clicked; the editor's alone, never part of the position.
    spots: list[tuple[int, float] | None] = field(default_factory=list)
    jokers: int = JOKERS_IN_SET  # the house rule: the jokers in the set the position is from

    # -- the set's limit ----------------------------------------------------------------------
    def in_use(self) -> Counter[Tile]:
        return Counter([*(t for meld in self.table for t in meld), *self.rack])

    def copies_left(self, tile: Tile) -> int:
        """Copies the editor may still put down (jokers: up to the most a house rule deals)."""
        return copies_in_set(tile, MOST_JOKERS) - self.in_use()[tile]

    def _take(self, tile: Tile, widen: bool = True) -> None:
        """Room for one more ``tile``; a joker beyond the set's switches to the larger set
        (``widen``), or is refused (a loaded position keeps the rule it says)."""
        used = self.in_use()[tile]
        if used < copies_in_set(tile, self.jokers):
            return
        if not tile.is_joker:
            raise PositionError(f"both copies of {tile} are already in use")
        if not widen:
            raise PositionError(f"the position names more than {self.jokers} jokers: its rules must say "
                                f'"jokers": {MOST_JOKERS}')
        if used >= MOST_JOKERS:
            raise PositionError(f"all {MOST_JOKERS} jokers are already in use")
        self.jokers = MOST_JOKERS

    # -- editing ------------------------------------------------------------------------------
    def add_to_table(self, tile: Tile, meld: int | None = None, position: int | None = None, *,
                     order: int | None = None, spot: tuple[int, float] | None = None) -> None:
        """``tile`` into table meld ``meld`` (at ``position``, else its end), or a new meld:
        ``order`` its place among the melds (else the last), ``spot`` where it was put down."""
        self._take(tile)
        if meld is None or not 0 <= meld < len(self.table):
            self.spots += [None] * (len(self.table) - len(self.spots))
            place = len(self.table) if order is None else max(0, min(order, len(self.table)))
            self.table.insert(place, [tile])
            self.spots.insert(place, spot)
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
            del self.spots[meld:meld + 1]
        return tile

    def spot_of(self, meld: int) -> tuple[int, float] | None:
        return self.spots[meld] if meld < len(self.spots) else None

    def move_spot(self, meld: int, dx: float) -> None:
        """A tile put before a meld's first moves its spot left by ``dx``, so the meld grows
        leftwards, under the click, instead of pushing its tiles right."""
        spot = self.spot_of(meld)
        if spot is not None:
            self.spots[meld] = (spot[0], spot[1] - dx)

    def take_from_rack(self, index: int) -> Tile:
        return self.rack.pop(index)

    def clear(self) -> None:
        self.table.clear()
        self.rack.clear()
        self.spots.clear()
        self.jokers = JOKERS_IN_SET

    # -- the position as data -----------------------------------------------------------------
    def as_position(self) -> RummiPosition:
        return RummiPosition(tuple(tuple(meld) for meld in self.table), tuple(self.rack), self.initial,
                             jokers=self.jokers)

    def position(self) -> dict[str, Any]:
        return self.as_position().to_dict()

    @classmethod
    def from_position(cls, position: dict[str, Any]) -> "RummiScenario":
        """The scenario of an analyze position (read by :class:`RummiPosition`; its melds need
        not be valid yet); PositionError saying what is wrong."""
        opened = opened_position(position, RummiPosition.PUZZLE_KEYS, {"game": "rummi", "table": [], "rack": []})
        if isinstance(opened, dict) and "initial" in opened:
            opened["initial"] = bool(opened["initial"])  # as the sandbox always read it
        read = RummiPosition.from_dict(opened)
        if not all(read.table):
            raise PositionError("the table must be a list of melds, each a list of tiles")
        scenario = cls(initial=read.initial, jokers=read.jokers)
        for meld in read.table:
            scenario.table.append([])
            for tile in meld:
                scenario._take(tile, widen=False)  # the set's limit, said as the editor says it
                scenario.table[-1].append(tile)
        for tile in read.rack:
            scenario._take(tile, widen=False)
            scenario.rack.append(tile)
        return scenario

    def copy(self) -> "RummiScenario":
        return RummiScenario([list(m) for m in self.table], list(self.rack), self.initial, list(self.spots),
                             self.jokers)

