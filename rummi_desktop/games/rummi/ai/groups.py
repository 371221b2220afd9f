"""Groups at one number: how real copies and jokers can be dealt into groups of 3–4 colours.

Used by the placement search (``dp``) and its layout. Pure module: no pygame, no I/O.
"""

from __future__ import annotations

from rummi_desktop.games.rummi.rules.pieces import MOST_JOKERS
from rummi_desktop.tiles import COPIES

# Jokers left (0 to the most a house rule deals) are the last digit of the packed keys.
JOKER_SPAN = MOST_JOKERS + 1


def groups_fit(real_counts: tuple[int, ...], jokers: int, canonical: bool = False) -> int:
    """How many groups to form from these real copies per colour plus jokers (-1: none fit).

    Feasible with m groups iff no colour has more copies than groups and the total fits
    3 to 4 tiles a group; the fewest groups (largest, most readable) are preferred. In
    canonical form a joker sits only in groups of three: any four-group beside a joker's group
    holds the colour that group misses, which could replace the joker. Every group needs a
    numbered tile (three jokers alone are no meld), so there are no more groups than those.
    """
    real = sum(real_counts)
    total = real + jokers
    if total == 0:
        return 0
    widest = max(real_counts)
    if canonical and jokers:
        groups = total // 3
        return groups if total % 3 == 0 and widest <= groups <= real else -1
    fewest = max(widest, -(-total // 4), 1)
    return fewest if 3 * fewest <= total and fewest <= real else -1


def group_room(real_counts: tuple[int, ...], jokers: int, groups: int) -> int:
    """Groups of three among them (each can take one loose joker)."""
    return 4 * groups - sum(real_counts) - jokers


# Up to six copies of a colour: a table joker kept in its role counts as one more copy of its
# tile (``rummi_joker_fates``), beside the two real copies; four jokers may all stand for it.
GROUP_BASE = COPIES + MOST_JOKERS + 1


def _group_fits_table(canonical: bool) -> list[list[tuple[int, int]]]:
    """For every (real copies per colour in groups, jokers left): the feasible
    (jokers put in groups, loose-joker room of the groups), indexed by
    (sum of copies[c] * GROUP_BASE**c) * JOKER_SPAN + jokers left."""
    table = []
    for packed in range(GROUP_BASE**4):
        counts = tuple(packed // GROUP_BASE**c % GROUP_BASE for c in range(4))
        for jokers_left in range(JOKER_SPAN):
            fits = []
            for group_jokers in range(jokers_left + 1):
                groups = groups_fit(counts, group_jokers, canonical)
                if groups >= 0:
                    fits.append((group_jokers, group_room(counts, group_jokers, groups)))
            table.append(fits)
    return table


GROUP_FITS = {False: _group_fits_table(False), True: _group_fits_table(True)}
