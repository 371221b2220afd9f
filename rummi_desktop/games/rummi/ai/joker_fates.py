"""Best play under the joker rule: a table joker moves only once its tile took its place.

The placement search treats jokers as a free budget, so its best play may use a joker from
the table in a new role although no tile of its old role is on the table
(``games.rummi.joker_rule``). When that happens the best legal play is found exactly by
splitting on each table joker's fate; every legal play falls under one fate, and every fate's
plays are legal:

- *kept as t* (t one of the tiles it stands for): the joker keeps standing for t, which is the
  same as a real t that must stay on the table — the joker becomes a "phantom" t in the table
  counts, and turns back into the joker in the melds found;
- *freed by t from the rack*: a real t must end on the table, so one t of the rack becomes a
  tile that must be placed (and still counts as placed from the rack).

A role whose tile is already on the table never needs a fate (that tile stays on the table,
so the joker is free). At most four jokers (two in the usual set), each with at most four
fates: a few searches, run only when the unconstrained best play broke the rule.

With three jokers or more the search may put a phantom in a meld with jokers only, which
turns back into a meld of jokers alone (the search cannot tell a phantom from a real tile).
The phantom then goes back into another meld holding its tile if that keeps the meld valid;
if none does, that fate's play is dropped and, so that a playable position is never given up,
the play that leaves those jokers' melds as they stand is weighed too (always legal; the exact
best may then be missed, only under the "4 jokers" house rule). Pure module (no pygame, no I/O).
"""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Callable, NamedTuple, Sequence

from rummi_desktop.games.rummi.ai.dp import IMPOSSIBLE, PER_TILE, PlacementSearch
from rummi_desktop.games.rummi.ai.layout import best_melds
from rummi_desktop.games.rummi.ai.table import COLOUR_INDEX, count_grid, is_valid_meld
from rummi_desktop.games.rummi.rules.joker_rule import joker_roles
from rummi_desktop.tiles import JOKER, Tile

Grid = list[list[int]]
SearchFactory = Callable[[Grid, Grid, int, int, bool], PlacementSearch]


class Fate(NamedTuple):
    kind: str  # "kept" or "freed"
    tile: Tile


def joker_fates(table: Sequence[Sequence[Tile]], rack: Sequence[Tile]) -> list[list[Fate]] | None:
    """Per table joker that is not already free, the fates it may have; None if every table
    joker is free (a tile of its role is on the table)."""
    on_table = Counter(tile for meld in table for tile in meld)
    in_rack = Counter(rack)
    choices = []
    for roles in joker_roles(table):
        if any(on_table[tile] for tile in roles):
            continue
        ordered = sorted(roles)
        fates = [Fate("kept", tile) for tile in ordered]
        fates += [Fate("freed", tile) for tile in ordered if in_rack[tile]]
        choices.append(fates)
    return choices or None


def best_under_joker_rule(
    choices: list[list[Fate]], table: Sequence[Sequence[Tile]], rack_grid: Grid, rack_jokers: int,
    make_search: SearchFactory, tile_value: Callable[[Tile], int],
) -> tuple[int, list[list[Tile]] | None]:
    """The best (score, melds) over every combination of fates; (IMPOSSIBLE, None) if none."""
    table_grid, table_jokers = count_grid(tile for meld in table for tile in meld)
    best: tuple[int, list[list[Tile]] | None] = (IMPOSSIBLE, None)
    dropped = False
    for combination in set(map(_canonical, product(*choices))):
        result = _search_fates(combination, table_grid, rack_grid, table_jokers, rack_jokers,
                               make_search, tile_value)  # fmt: skip
        if result is None:
            dropped = True
        elif result[0] > best[0]:
            best = result
    if dropped:
        best = max(best, _keeping_joker_melds(table, rack_grid, rack_jokers, make_search), key=lambda r: r[0])
    return best


def _keeping_joker_melds(table: Sequence[Sequence[Tile]], rack_grid: Grid, rack_jokers: int,
                         make_search: SearchFactory) -> tuple[int, list[list[Tile]] | None]:
    """The best play that leaves every table meld holding a joker without a free role as it
    stands (its jokers keep their roles there, so the play is legal); the rest is searched."""
    on_table = Counter(tile for meld in table for tile in meld)
    kept = [meld for meld in table if any(not any(on_table[tile] for tile in roles) for roles in joker_roles([meld]))]
    rest = [meld for meld in table if meld not in kept]
    rest_grid, rest_jokers = count_grid(tile for meld in rest for tile in meld)
    score, melds = best_melds(
        lambda track_room: make_search(rest_grid, rack_grid, rest_jokers, rack_jokers, track_room))
    if melds is None:
        return IMPOSSIBLE, None
    return score, [list(meld) for meld in kept] + melds


def _canonical(combination: tuple[Fate, ...]) -> tuple[Fate, ...]:
    return tuple(sorted(combination))


def _search_fates(combination, table_grid, rack_grid, table_jokers, rack_jokers, make_search,
                  tile_value) -> tuple[int, list[list[Tile]] | None] | None:  # fmt: skip
    """The best (score, melds) of one combination of fates; None if its play is dropped (a
    kept joker would end in a meld of jokers alone)."""
    table_grid = [list(row) for row in table_grid]
    rack_grid = [list(row) for row in rack_grid]
    phantoms: list[Tile] = []
    forced: set[Tile] = set()
    bonus = 0
    for fate in combination:
        colour, number = COLOUR_INDEX[fate.tile.colour], fate.tile.number
        if fate.kind == "kept":
            table_jokers -= 1
            phantoms.append(fate.tile)
        elif fate.tile in forced:
            continue  # one real tile may free two jokers in turn (the rule needs it once)
        else:
            forced.add(fate.tile)
            rack_grid[colour][number] -= 1
            bonus += PER_TILE + tile_value(fate.tile)
        table_grid[colour][number] += 1
    score, melds = best_melds(
        lambda track_room: make_search(table_grid, rack_grid, table_jokers, rack_jokers, track_room),
        least=1 - bonus)  # fmt: skip
    if melds is None:
        return IMPOSSIBLE, None
    restored = _restore_jokers(melds, phantoms)
    if restored is None:
        return None
    return score + bonus, restored


def _restore_jokers(melds: list[list[Tile]], phantoms: list[Tile]) -> list[list[Tile]] | None:
    """Each phantom tile back into the joker it stands for, in a meld holding that tile that
    stays valid (a joker in place of a tile of a valid meld stands for that tile; the meld only
    stops being one when that tile was its last numbered one). None if some phantom has no
    such meld."""
    melds = [list(meld) for meld in melds]
    for tile in phantoms:
        for meld in melds:
            if tile in meld:
                trial = list(meld)
                trial[trial.index(tile)] = JOKER
                if is_valid_meld(trial):
                    meld[:] = trial
                    break
        else:
            return None
    return melds
