"""The random legal Rummi player of the golden playthroughs (the real computer seats live in games/rummi/ai/).

It stays a policy of its own, not the protocol's random player, because the golden
transcripts (tests/playthroughs/rummi_*.txt) are its games, byte for byte.

It plays through the same public API as the table scene: one Place / Swap move at a time,
then End Turn (sometimes the whole table via ``play_melds``, sometimes the clock runs out).
It lays down random rack-only melds (enough for 30 points when it still owes its opening) and,
once opened, extends table melds at either end and takes jokers by substitution.
"""

from __future__ import annotations

import random
from itertools import combinations

from rummi_desktop.games.rummi.rules.melds import is_valid_meld, meld_value, readings
from rummi_desktop.games.rummi.rules.moves import Place, Shift, Swap
from rummi_desktop.games.rummi.rules.pieces import face, faces
from rummi_desktop.games.rummi.rules.state import RummiState
from rummi_desktop.tiles import COLOURS, Tile


def _by_face(rack: list[int]) -> dict[Tile, list[int]]:
    piles: dict[Tile, list[int]] = {}
    for tile_id in sorted(rack):
        piles.setdefault(face(tile_id), []).append(tile_id)
    return piles


def candidate_melds(rack: list[int]) -> list[list[int]]:
    """Valid melds made only of rack tiles (ids), including some with one joker."""
    piles = _by_face(rack)
    joker = piles.get(Tile("", 0), [None])[0]
    melds = []
    for number in range(1, 14):
        colours = [c for c in COLOURS if Tile(c, number) in piles]
        for size in (3, 4):
            melds += [[piles[Tile(c, number)][0] for c in combo] for combo in combinations(colours, size)]
        if joker is not None:
            melds += [[piles[Tile(c, number)][0] for c in combo] + [joker] for combo in combinations(colours, 2)]
    for colour in COLOURS:
        melds += _runs_of_colour(piles, colour, joker)
    return [meld for meld in melds if is_valid_meld(faces(meld))]


def _runs_of_colour(piles, colour, joker) -> list[list[int]]:
    """Runs of one colour, each using the joker for at most one missing number."""
    present = {tile.number: ids[0] for tile, ids in piles.items() if tile.colour == colour}
    runs = []
    for start in range(1, 12):
        run, used_joker = [], False
        for number in range(start, 14):
            if number in present:
                run.append(present[number])
            elif joker is not None and not used_joker:
                run.append(joker)
                used_joker = True
            else:
                break
            if len(run) >= 3:
                runs.append(list(run))
    return runs


def choose_new_melds(rack: list[int], rng: random.Random, needed: int) -> list[list[int]]:
    """A random set of disjoint rack-only melds worth at least ``needed`` (or [])."""
    candidates = candidate_melds(rack)
    for _ in range(12):
        rng.shuffle(candidates)
        chosen, used = [], set()
        for meld in candidates:
            if not used & set(meld):
                chosen.append(meld)
                used |= set(meld)
        while chosen and rng.random() < 0.3:
            chosen.pop()
        if chosen and sum(meld_value(faces(m)) for m in chosen) >= needed:
            return chosen
    return []


def lay_down(state: RummiState, melds: list[list[int]]) -> None:
    for meld in melds:
        index = len(state.table)
        for position, tile_id in enumerate(meld):
            state.apply(Place(tile_id, index, position))


def extend_table(state: RummiState, rng: random.Random) -> None:
    """Put rack tiles at either end of table melds while that keeps the meld valid."""
    rack = list(state.rack(state.current))
    rng.shuffle(rack)
    for tile_id in rack:
        for index in rng.sample(range(len(state.table)), len(state.table)):
            meld = faces(state.table[index])
            for position in (0, len(meld)):
                candidate = meld[:position] + [face(tile_id)] + meld[position:]
                if is_valid_meld(candidate):
                    state.apply(Place(tile_id, index, position))
                    break
            else:
                continue
            break


def free_a_joker(state: RummiState) -> None:
    """Swap a rack tile for a table joker, then park the joker at the end of a valid meld."""
    for index, meld_ids in enumerate(state.table):
        meld = faces(meld_ids)
        for position, tile in enumerate(meld):
            if not tile.is_joker:
                continue
            wanted = {t for r in readings(meld) for t in r.stands_for[position]}
            for tile_id in state.rack(state.current):
                if face(tile_id) in wanted:
                    state.apply(Swap(tile_id, meld_ids[position]))
                    if _park_joker(state):
                        return
                    state.undo()
                    return


def _park_joker(state: RummiState) -> bool:
    joker_id = state.table[-1][0]
    for index, meld_ids in enumerate(state.table[:-1]):
        meld = faces(meld_ids)
        for position in (len(meld), 0):
            if is_valid_meld(meld[:position] + [face(joker_id)] + meld[position:]):
                state.apply(Shift(joker_id, index, position))
                return True
    return False


def play_turn(state: RummiState, rng: random.Random) -> str:
    """One whole random legal turn; returns the outcome."""
    if rng.random() < 0.05 and state.rack(state.current):
        state.apply(Place(state.rack(state.current)[0], len(state.table), 0))
        return state.timeout().outcome  # a lone tile: reset and penalty tiles
    seat = state.current
    if state.opened[seat]:
        lay_down(state, choose_new_melds(state.rack(seat), rng, 0))
        extend_table(state, rng)
        free_a_joker(state)
    else:
        lay_down(state, choose_new_melds(state.rack(seat), rng, state.params.opening_points))
    if not state.turn_moves:
        return state.draw().outcome
    if rng.random() < 0.3:
        melds = state.table_tiles()
        state.reset_turn()
        result = state.play_melds(melds)
    else:
        result = state.timeout() if rng.random() < 0.1 else state.end_turn()
    assert result.ok and result.outcome != "penalty", f"policy play refused: {result}"
    return result.outcome
