"""What a Rummi play did to the table: the start table against the table after the play.

Tiles of one face are interchangeable, so "where did this tile go" has no single answer. The
comparison settles it the way a player reads a play: each start meld follows the new meld that
keeps most of its tiles (its *successor*, longest melds first), and only the tiles that did
not follow it *moved*. What is left of the new table is the rack tiles laid. From that:

- a start meld is *unchanged* (the same meld), *extended* (all its tiles still together, with
  more) or *broken* (some of its tiles went elsewhere);
- the technique tags of docs/puzzle-format.md are read off the same comparison.

Pure module: no pygame, no I/O.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from rummi_desktop.games.rummi.ai.table import is_group, run_start
from rummi_desktop.games.rummi.rules.joker_rule import joker_roles
from rummi_desktop.tiles import Tile

Melds = Sequence[Sequence[Tile]]


@dataclass(frozen=True)
class MeldFate:
    """What became of one start meld: its successor (index in the new table), the tiles that
    left it (with the new meld each went to), and whether it is unchanged or broken."""

    start: int
    successor: int
    moved: tuple[tuple[Tile, int], ...]
    unchanged: bool

    @property
    def broken(self) -> bool:
        return bool(self.moved)

    @property
    def extended(self) -> bool:
        return not self.moved and not self.unchanged


@dataclass(frozen=True)
class Comparison:
    before: tuple[tuple[Tile, ...], ...]
    after: tuple[tuple[Tile, ...], ...]
    fates: tuple[MeldFate, ...]
    laid: tuple[Tile, ...]  # rack tiles on the new table

    @property
    def broken(self) -> list[int]:
        return [fate.start for fate in self.fates if fate.broken]

    @property
    def changed(self) -> list[int]:
        return [fate.start for fate in self.fates if not fate.unchanged]

    @property
    def moved_tiles(self) -> list[Tile]:
        return [tile for fate in self.fates for tile, _ in fate.moved]


def _same_meld(a: Sequence[Tile], b: Sequence[Tile]) -> bool:
    return tuple(a) == tuple(b) or (is_group(a) and is_group(b) and sorted(a) == sorted(b))


def compare(before: Melds, after: Melds) -> Comparison:
    """How ``after`` (a legal play's table) came from ``before`` (see the module docstring)."""
    room = [Counter(meld) for meld in after]
    order = sorted(range(len(before)), key=lambda i: (-len(before[i]), i))
    kept: dict[int, tuple[int, Counter[Tile]]] = {}
    for i in order:
        tiles = Counter(before[i])
        overlaps = [sum((tiles & space).values()) for space in room]
        # Most tiles kept; between equals the identical meld, then the first one.
        best = max(range(len(room)), key=lambda j: (overlaps[j], _same_meld(before[i], after[j]), -j),
                   default=-1)
        stay = tiles & room[best] if best >= 0 else Counter()
        if best >= 0:
            room[best] -= stay
        kept[i] = (best, stay)
    fates = []
    for i in range(len(before)):
        best, stay = kept[i]
        moved = []
        for tile in sorted((Counter(before[i]) - stay).elements()):
            j = next((j for j, space in enumerate(room) if space[tile] > 0), -1)
            if j >= 0:  # always, for a legal play (table tiles never leave the table)
                room[j][tile] -= 1
            moved.append((tile, j))
        unchanged = not moved and best >= 0 and _same_meld(before[i], after[best])
        fates.append(MeldFate(i, best, tuple(moved), unchanged))
    laid = tuple(tile for space in room for tile in sorted(space.elements()))
    return Comparison(tuple(map(tuple, before)), tuple(map(tuple, after)), tuple(fates), laid)


# ---- technique tags ------------------------------------------------------------------------

def _split_run(c: Comparison, fate: MeldFate) -> bool:
    if not fate.broken or run_start(c.before[fate.start]) is None:
        return False
    homes = {fate.successor} | {j for _, j in fate.moved}
    return sum(run_start(c.after[j]) is not None for j in homes) >= 2


def _take_from_group(c: Comparison, fate: MeldFate) -> bool:
    meld = c.before[fate.start]
    return (len(meld) == 4 and is_group(meld) and len(fate.moved) == 1
            and is_group(c.after[fate.successor]))


def _extended_both_ends(c: Comparison, fate: MeldFate) -> bool:
    old, new = c.before[fate.start], c.after[fate.successor]
    old_start, new_start = run_start(old), run_start(new)
    if not fate.extended or old_start is None or new_start is None:
        return False
    return new_start < old_start and new_start + len(new) > old_start + len(old)


def freed_jokers(before: Melds, after: Melds) -> int:
    """Table jokers given a new role: no joker on the new table plays their old role any more,
    and a real tile of that role lies there instead (the tile that took the joker's place)."""
    real_after = {tile for meld in after for tile in meld if not tile.is_joker}
    new_roles = joker_roles(after)
    freed = 0
    for role in joker_roles(before):
        if role & real_after and not any(role & new for new in new_roles):
            freed += 1
    return freed


def technique_tags(c: Comparison) -> list[str]:
    tags = []
    if any(_split_run(c, fate) for fate in c.fates):
        tags.append("split-run")
    if any(_take_from_group(c, fate) for fate in c.fates):
        tags.append("take-from-group")
    if freed_jokers(c.before, c.after):
        tags.append("joker-liberation")
    if sum(fate.extended for fate in c.fates) >= 2 or any(_extended_both_ends(c, f) for f in c.fates):
        tags.append("double-extension")
    broken = len(c.broken)
    if broken >= 2 and 2 * broken > len(c.fates):
        tags.append("full-rebuild")
    return tags
