"""A Rummi round rebuilt from what the server shows one seat, for the window to play through.

The table and our rack are as sent. The other racks and the pool get tiles of the right number
from those not in view: the window never paints them (it shows only the other racks' sizes),
and our own moves are checked only against our rack and the table, which are real.

Tile ids stay put across rebuilds where they can (:func:`keep_ids`): the window's sprites are
keyed by tile id, so a tile that did not move must keep its id or it would glide about. Two
copies of one face are interchangeable, so only a renumbering within each face is done.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from rummi_desktop.games.rummi.rules.pieces import FACES
from rummi_desktop.games.rummi.rules.play_check import OPENING_POINTS
from rummi_desktop.games.rummi.rules.scoring import BLOCKED, RESIGNED, WENT_OUT, RoundResult, rack_total
from rummi_desktop.games.rummi.rules.state import RummiParameters, RummiState, TurnResult
from rummi_desktop.games.rummi.rules.seat_view import tiles_of
from rummi_desktop.scenes.network_play import kept_ids, unseen
from rummi_desktop.tiles import Tile


def state_from_view(message: dict[str, Any], previous: RummiState | None = None) -> RummiState:
    """The round as ``message`` (a server ``game`` message) shows it to our seat; tile ids kept
    from ``previous`` where the same face stays in the same place."""
    view, seat, count = message["view"], message["seat"], len(message["seats"])
    table = [list(tiles_of(meld)) for meld in view["table"]]
    rack = list(tiles_of(view["rack"]))
    shown = revealed_racks(message, seat, rack)  # at the end: every rack, laid open
    seen = rack if shown is None else [tile for held in shown for tile in held]
    hidden = unseen(FACES, [tile for meld in table for tile in meld] + seen)
    racks, at = [], 0
    sizes = iter(view["other_rack_sizes"])
    for index in range(count):
        if index == seat:
            racks.append(rack)
            continue
        size = next(sizes)
        if shown is not None and len(shown[index]) == size:
            racks.append(shown[index])
            continue
        racks.append(hidden[at: at + size])
        at += size
    pool = hidden[at: at + view["pool_size"]]
    opened = [True] * count
    opened[seat] = not view["owes_opening"]
    following = (seat + 1) % count
    if following != seat:
        opened[following] = bool(view["next_seat"]["opened"])
    # The table's opening threshold (its house rule), so End Turn is judged as the server judges it.
    params = RummiParameters(seats=tuple("human" for _ in range(count)), seed=0,
                             opening_points=int(view.get("opening_points", OPENING_POINTS)))
    state = RummiState.from_position(params, table, racks, message["current"], opened, pool)
    if previous is not None:
        keep_ids(state, previous, seat)
    if message["status"] == "over" and message.get("result"):
        state.result = server_round_result(message, rack, shown)
    return state


def revealed_racks(message: dict[str, Any], seat: int, rack: list[Tile]) -> list[list[Tile]] | None:
    """Every seat's rack when the finished round's message lays them open (our own as sent),
    else None."""
    racks = message.get("revealed") if message.get("status") == "over" else None
    if not isinstance(racks, list) or len(racks) != len(message["seats"]):
        return None
    try:
        return [rack if index == seat else list(tiles_of(held)) for index, held in enumerate(racks)]
    except (TypeError, ValueError):  # a damaged message: the others stay unseen
        return None


def server_round_result(message: dict[str, Any], rack: list[Tile],
                        shown: list[list[Tile]] | None = None) -> RoundResult:
    """The server's result of the round, with each rack's total: of a resigned round, from the
    racks laid open (``shown``); else read back from the scores: a winner with an empty rack went out, and every other seat
    lost its own total; else the round was blocked, and each seat paid the difference from the
    lowest total, which our own total and score give."""
    result, view, seat = message["result"], message["view"], message["seat"]
    winners, scores = tuple(result["winners"]), tuple(result["scores"])
    if result.get("resigned") is not None:  # the results need only the scores; the totals, where seen
        totals = tuple(rack_total(shown[s]) if shown else rack_total(rack) if s == seat else 0
                       for s in range(len(scores)))
        return RoundResult(RESIGNED, winners, scores, totals, int(result["resigned"]))
    sizes = list(view["other_rack_sizes"])
    sizes.insert(seat, len(rack))
    if any(sizes[winner] == 0 for winner in winners):
        return RoundResult(WENT_OUT, winners, scores, tuple(0 if s in winners else -score for s, score in enumerate(scores)))
    mine = rack_total(rack)
    best = mine if seat in winners else mine + scores[seat]
    return RoundResult(BLOCKED, winners, scores, tuple(best if s in winners else best - score for s, score in enumerate(scores)))


def keep_ids(state: RummiState, previous: RummiState, seat: int) -> None:
    """Renumber ``state``'s tiles (within each face) so the table keeps the ids it had, then
    our rack keeps its ids, as far as the faces allow. A fresh state (no move made in its turn)
    is renumbered in place; its turn is begun again over the renumbered tiles."""
    wanted: dict[Tile, list[int]] = defaultdict(list)  # face -> ids, best places first
    for tile_id in [t for meld in previous.table for t in meld] + list(previous.rack(seat)):
        wanted[FACES[tile_id]].append(tile_id)
    order = [t for meld in state.table for t in meld] + list(state.rack(seat))
    order += [t for other in range(state.seats) if other != seat for t in state.rack(other)] + list(state.pool)
    _renumber(state, kept_ids(FACES, [(tile_id, wanted[FACES[tile_id]]) for tile_id in order]))


def _renumber(state: RummiState, mapping: dict[int, int]) -> None:
    # A fresh state holds tile ids in its pool, its racks and the board; the turn's snapshot
    # and start table are remade by beginning the turn again.
    state.pool = [mapping[t] for t in state.pool]
    state._racks = [[mapping[t] for t in rack] for rack in state._racks]
    state.board.table = [[mapping[t] for t in meld] for meld in state.board.table]
    state._start_turn()


def hide_drawn(state: RummiState, result: TurnResult) -> None:
    """Our draw was made on a stand-in pool: put the stand-in tile back until the server's
    answer names the real one."""
    for tile_id in result.drawn:
        state._racks[result.seat].remove(tile_id)
        state.pool.append(tile_id)
