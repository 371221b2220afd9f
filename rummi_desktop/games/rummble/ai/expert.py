"""Expert's look-ahead for Rummble: Hard's best candidates played two plies ahead.

As Quackle and Macondo simulate: each of the top candidates is laid on a copy of the board,
and the next seat's best reply is found for racks sampled from the unseen tiles (the tile set
less the board and the seat's own rack); a candidate's value is its equity less the mean
reply. Samples go round the candidates together, and only complete rounds count, so every
candidate is judged on the same racks; the search stops at LOOK_AHEAD_SECONDS or the deadline.

Once the pool is empty in a two-seat game the next rack is known exactly (it is all the
unseen tiles), and the endgame is searched exactly two plies deep: going out is worth the
play plus twice the other rack's total (it adds to one score and comes off the other), and the
reply considered is the other seat's best, going out included. Pure module.
"""

from __future__ import annotations

import time
from collections import Counter

from rummi_desktop.games.rummble.ai.leave import remaining
from rummi_desktop.games.rummble.ai.movegen import Candidate, Generator, Stopped
from rummi_desktop.games.rummble.rules.unseen import full_set, seen_tiles
from rummi_desktop.tiles import Tile

TOP_CANDIDATES = 6
SAMPLES = 8
LOOK_AHEAD_SECONDS = 0.6


def unseen_tiles(seat) -> list[Tile]:
    """Every tile not on the board or on the seat's own rack (the others' racks and the pool)."""
    full = Counter(full_set(seat.view))
    full.subtract(seen_tiles(seat.view))
    return sorted(full.elements())


def next_rack_size(seat) -> int:
    view = seat.view
    sizes = view.get("other_rack_sizes", [])
    if not sizes:
        return 0
    me, seats = view.get("seat", 0), len(sizes) + 1
    following = (me + 1) % seats
    return sizes[following if following < me else following - 1]


def hand_total(tiles) -> int:
    return sum(t.number for t in tiles if not t.is_joker)


def look_ahead(seat, candidates: list[tuple[float, Candidate]], deadline, cancel) -> list[tuple[float, Candidate]]:
    """``candidates`` (equity, play), best first, re-ranked by the look-ahead."""
    top = candidates[:TOP_CANDIDATES]
    if len(top) < 2:
        return candidates
    stop = time.perf_counter() + LOOK_AHEAD_SECONDS
    if deadline is not None:
        stop = min(stop, deadline - 0.05)
    unseen, size = unseen_tiles(seat), next_rack_size(seat)
    if seat.pool_size == 0 and len(seat.view.get("other_rack_sizes", [])) == 1:
        return _endgame(seat, top, unseen, stop, cancel) + candidates[TOP_CANDIDATES:]
    totals, rounds = [0.0] * len(top), 0
    for _ in range(SAMPLES):
        racks = seat.rng.sample(unseen, min(size, len(unseen)))
        replies = []
        for _, play in top:
            if time.perf_counter() > stop:
                break
            replies.append(_reply(seat, play, racks, stop, cancel))
        if len(replies) < len(top):
            break
        totals = [total + reply for total, reply in zip(totals, replies)]
        rounds += 1
    if not rounds:
        return candidates
    valued = [(value - total / rounds, play) for (value, play), total in zip(top, totals)]
    return sorted(valued, key=lambda pair: -pair[0]) + candidates[TOP_CANDIDATES:]


def _after(seat, play: Candidate):
    board = seat.board.copy()
    for sq, laid in play.placements:
        board.put(sq, laid)
    return board


def _reply(seat, play: Candidate, rack: list[Tile], stop: float, cancel) -> int:
    if cancel is not None and cancel.is_set():
        raise Stopped
    best = Generator(_after(seat, play), rack, seat.highest, seat.bonus).best(stop, cancel)
    return 0 if best is None else best.score


def _endgame(seat, top, other_rack: list[Tile], stop: float, cancel) -> list[tuple[float, Candidate]]:
    """Exact two plies with both racks known (the pool is empty)."""
    valued = []
    for equity, play in top:
        if time.perf_counter() > stop:
            return top  # out of time: keep Hard's order
        kept = remaining(seat.rack, play.rack_tiles())
        if not kept:
            valued.append((play.score + 2 * hand_total(other_rack), play))
            continue
        if cancel is not None and cancel.is_set():
            raise Stopped
        replies = Generator(_after(seat, play), other_rack, seat.highest, seat.bonus).plays()
        answer = max([r.score + (2 * hand_total(kept) if len(r.placements) == len(other_rack) else 0)
                      for r in replies], default=0)
        valued.append((play.score - answer - hand_total(kept) / 2, play))
    return sorted(valued, key=lambda pair: -pair[0])
