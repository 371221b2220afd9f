"""The random legal Rummble player of the golden playthroughs (the real computer seats live in games/rummble/ai/).

It stays a policy of its own, not the protocol's random player, because the golden
transcripts (tests/playthroughs/rummble_*.txt) are its games, byte for byte.

It finds easy plays through the model's own check: the first play is two rack tiles over the
star; later, one rack tile next to the board, sometimes grown by a second tile along the same
line; a joker is declared as a tile that fits a neighbour. With no play found it exchanges a
few tiles (while the pool allows) or passes.
"""

from __future__ import annotations

import random

from rummi_desktop.games.rummble.rules.board import CENTRE, SIZE, SQUARES, Laid
from rummi_desktop.games.rummble.rules.moves import Exchange, Pass, Placement, Play
from rummi_desktop.games.rummble.rules.state import RummbleState
from rummi_desktop.tiles import COLOURS, Tile
from random_game import applied_or_refused


def _neighbours(sq: int) -> list[int]:
    row, col = divmod(sq, SIZE)
    found = []
    if row > 0:
        found.append(sq - SIZE)
    if row < SIZE - 1:
        found.append(sq + SIZE)
    if col > 0:
        found.append(sq - 1)
    if col < SIZE - 1:
        found.append(sq + 1)
    return found


def _anchors(state: RummbleState) -> list[int]:
    """Empty squares next to a board tile."""
    cells = state.board.cells
    return [sq for sq in range(SQUARES) if cells[sq] is None and any(cells[n] is not None for n in _neighbours(sq))]


def _laid_options(tile: Tile, near: list[Laid], rng: random.Random, highest: int) -> list[Laid]:
    """How ``tile`` may be laid: as itself, or for a joker a few declarations fitting ``near``."""
    if not tile.is_joker:
        return [Laid(tile.colour, tile.number)]
    options = []
    for other in near:
        for number in (other.number - 1, other.number, other.number + 1):
            if 1 <= number <= highest:
                options.append(Laid(other.colour if number != other.number else rng.choice(COLOURS), number, True))
    return options or [Laid(rng.choice(COLOURS), rng.randint(1, highest), True)]


def _play(placements: list[tuple[int, Laid]]) -> Play:
    return Play(tuple(Placement(*divmod(sq, SIZE), laid) for sq, laid in placements))


def _legal(state: RummbleState, placements: list[tuple[int, Laid]]) -> Play | None:
    move = _play(placements)
    return move if state.check(move).legal else None


def first_play(state: RummbleState, rng: random.Random) -> Play | None:
    rack = state.rack_tiles()
    pairs = [(a, b) for a in range(len(rack)) for b in range(len(rack)) if a != b]
    rng.shuffle(pairs)
    second = rng.choice((CENTRE + 1, CENTRE + SIZE))
    for a, b in pairs:
        for laid_a in _laid_options(rack[a], [], rng, state.params.highest):
            for laid_b in _laid_options(rack[b], [laid_a], rng, state.params.highest):
                move = _legal(state, [(CENTRE, laid_a), (second, laid_b)])
                if move:
                    return move
    return None


def one_tile_play(state: RummbleState, rng: random.Random) -> Play | None:
    """One rack tile next to the board, sometimes grown by a second one along its line."""
    rack = state.rack_tiles()
    anchors = _anchors(state)
    rng.shuffle(anchors)
    order = list(range(len(rack)))
    rng.shuffle(order)
    cells = state.board.cells
    for sq in anchors:
        near = [cells[n] for n in _neighbours(sq) if cells[n] is not None]
        for index in order:
            for laid in _laid_options(rack[index], near, rng, state.params.highest):
                move = _legal(state, [(sq, laid)])
                if move:
                    return _grown(state, rng, sq, laid, index) if rng.random() < 0.5 else move
    return None


def _grown(state: RummbleState, rng: random.Random, sq: int, laid: Laid, used: int) -> Play:
    """The one-tile play at ``sq`` with a second rack tile beside it, if one fits."""
    rack = state.rack_tiles()
    cells = state.board.cells
    beside = [n for n in _neighbours(sq) if cells[n] is None]
    rng.shuffle(beside)
    for other in beside:
        for index in range(len(rack)):
            if index == used:
                continue
            for second in _laid_options(rack[index], [laid], rng, state.params.highest):
                move = _legal(state, [(sq, laid), (other, second)])
                if move:
                    return move
    return _play([(sq, laid)])


def find_play(state: RummbleState, rng: random.Random) -> Play | None:
    return first_play(state, rng) if state.board.is_empty else one_tile_play(state, rng)


def fallback(state: RummbleState, rng: random.Random) -> Exchange | Pass:
    rack = state.rack_tiles()
    if state.can_exchange and rack and rng.random() < 0.6:
        return Exchange(tuple(rng.sample(rack, rng.randint(1, min(3, len(rack))))))
    return Pass()


def play_turn(state: RummbleState, rng: random.Random) -> str:
    """One whole random legal turn; returns the outcome."""
    move = find_play(state, rng) or fallback(state, rng)
    return state.apply(move).outcome


def random_moves(state: RummbleState, rng: random.Random, count: int) -> int:
    """Apply up to ``count`` random moves (some refused); returns how many were applied."""
    applied = 0
    for _ in range(count):
        rack = state.rack_tiles()
        if state.is_terminal or not rack:
            break
        if rng.random() < 0.5:
            tiles = rng.sample(rack, min(len(rack), rng.randint(1, 3)))
            placements = [(rng.randrange(SQUARES), _laid_options(t, [], rng, 13)[0]) for t in tiles]
            move = _play(placements) if len({sq for sq, _ in placements}) == len(placements) else Pass()
        else:
            move = find_play(state, rng) or fallback(state, rng)
        applied += applied_or_refused(state, move)
    return applied
