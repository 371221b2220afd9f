"""Test helpers for Tumblewords: a small dictionary and hand-arranged positions."""

from __future__ import annotations

from rummi_desktop.games.tumblewords.rules.dictionary import Dictionary
from rummi_desktop.games.tumblewords.rules.grid import FACES, Grid
from rummi_desktop.games.tumblewords.rules.parameters import TumblewordsParameters
from rummi_desktop.games.tumblewords.rules.state import TumblewordsState

WORDS = Dictionary(["stop", "pots", "top", "tot", "cat", "cats", "at", "to", "tops", "ta"], name="test-words")


def game(seats=2, words=WORDS, **options) -> TumblewordsState:
    params = TumblewordsParameters(seats=tuple(f"seat{n}" for n in range(seats)), seed=5, **options)
    return TumblewordsState(params, words)


def arrange(state: TumblewordsState, bottom_rows: list[str], hands: list[str], bag: str | None = None) -> None:
    """Put real tiles where ``bottom_rows`` (the lowest rows, ``.`` vacant, lower case a blank
    showing that letter) and ``hands`` (``?`` a blank) say; the rest stay in the bag (or the bag
    holds exactly ``bag``, drawn from its end, and the leftover tiles go nowhere: tests of the
    end of the game only)."""
    columns, rows = state.params.columns, state.params.rows
    padded = ["." * columns] * (rows - len(bottom_rows)) + [row.ljust(columns, ".") for row in bottom_rows]
    pool = sorted(state.bag + [tile for hand in state.hands for tile in hand])

    def take(face: str) -> int:
        tile_id = next(t for t in pool if FACES[t] == face)
        pool.remove(tile_id)
        return tile_id

    ids = [None if ch == "." else take("?" if ch.islower() else ch) for ch in "".join(padded)]
    state.grid = Grid.from_rows(padded, ids)
    state.hands = [[take(face) for face in hand] for hand in hands]
    state.bag = pool if bag is None else [take(face) for face in bag]
