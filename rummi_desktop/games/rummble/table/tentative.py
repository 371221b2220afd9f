"""The tiles a person has put on the board this turn but not played yet, and their rack order.

Pure bookkeeping of the window (no pygame, no rules): which rack tile lies on which square,
what a joker was declared as, and the order the player arranged the rack in. ``play()`` turns
it into the model's :class:`Play`; the model alone says whether that is legal and what it scores.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from rummi_desktop.games.rummble.rules.board import Laid, row_col
from rummi_desktop.games.rummble.rules.moves import Placement, Play
from rummi_desktop.tiles import Tile


@dataclass
class Tentative:
    """``squares``: square → the rack tile id put there; ``declared``: tile id → what a joker
    on the board stands for (absent: not declared yet)."""

    squares: dict[int, int] = field(default_factory=dict)
    declared: dict[int, Tile] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.squares)

    @property
    def ids(self) -> set[int]:
        return set(self.squares.values())

    def square_of(self, tile_id: int) -> int | None:
        return next((sq for sq, held in self.squares.items() if held == tile_id), None)

    def put(self, tile_id: int, sq: int) -> None:
        """Put a tile on ``sq`` (taking it off any square it was on)."""
        self.take(tile_id, keep_declaration=True)
        self.squares[sq] = tile_id

    def take(self, tile_id: int, keep_declaration: bool = False) -> None:
        sq = self.square_of(tile_id)
        if sq is not None:
            del self.squares[sq]
        if not keep_declaration:
            self.declared.pop(tile_id, None)

    def recall(self) -> list[int]:
        """Everything back to the rack; returns the tile ids that came back."""
        back = list(self.squares.values())
        self.squares.clear()
        self.declared.clear()
        return back

    def laid(self, tile_id: int, face: Tile) -> Laid | None:
        """The tile as it would lie on the board (None: a joker not declared yet)."""
        if face.is_joker:
            declared = self.declared.get(tile_id)
            return None if declared is None else Laid.of(face, declared)
        return Laid.of(face)

    def undeclared(self, faces) -> list[int]:
        return [tile_id for tile_id in self.squares.values() if faces[tile_id].is_joker and tile_id not in self.declared]

    def play(self, faces) -> Play | None:
        """The model's Play for what lies on the board (None: nothing, or a joker undeclared)."""
        placements = []
        for sq, tile_id in self.squares.items():
            laid = self.laid(tile_id, faces[tile_id])
            if laid is None:
                return None
            placements.append(Placement(*row_col(sq), laid))
        return Play(tuple(placements)) if placements else None

    def with_declared(self, faces, tile_id: int, declared: Tile) -> Play | None:
        """The play as it would be with joker ``tile_id`` declared as ``declared``."""
        trial = Tentative(dict(self.squares), {**self.declared, tile_id: declared})
        return trial.play(faces)


def shown_rack(order: list[int], rack: list[int], on_board: set[int]) -> list[int]:
    """The rack as the player sees it: their order, new tiles at the end, tiles on the board out."""
    kept = [t for t in order if t in rack]
    kept += [t for t in rack if t not in kept]
    return [t for t in kept if t not in on_board]


def shuffled(order: list[int], seed: int) -> list[int]:
    mixed = list(order)
    random.Random(seed).shuffle(mixed)
    return mixed
