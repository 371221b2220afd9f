"""The tile set as the sandboxes' editors see it: every face once, for the palette, and how many
copies of a face the set holds. Rummi and Rummble lay the same set, so this is game-neutral and
no game's sandbox imports another's."""

from __future__ import annotations

from rummi_desktop.tiles import COPIES, JOKERS_IN_SET, Tile, rummi_set

PALETTE_FACES: tuple[Tile, ...] = tuple(dict.fromkeys(rummi_set()))  # 52 faces + the joker, set order


def copies_in_set(tile: Tile) -> int:
    return JOKERS_IN_SET if tile.is_joker else COPIES
