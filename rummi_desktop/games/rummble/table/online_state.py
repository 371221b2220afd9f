"""A Rummble game rebuilt from what the server shows one seat, for the window to play through.

The board, our rack, the scores and the idle turns are as sent. The other racks and the pool get
tiles of the right number from those not in view: the window never paints them (a seat chip
shows only a rack's size), and our own moves are checked only against our rack and the board,
which are real. ``holding`` puts named tiles on another seat's rack first, so a move the server
reports for that seat (its play names its tiles) can be carried out by the rules model.

Tile ids stay put across rebuilds (:func:`keep_ids`): the window's sprites are keyed by tile id,
so a tile on the same square, or still on our rack, keeps its id; a tile new on the board takes
one no sprite has, and so flies in from its seat's chip.

At the end of the game the final scores and winners are the server's (it alone saw every hand):
what each seat lost is read off them (:func:`server_result`).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Mapping, Sequence

from rummi_desktop.games.rummble.rules.scoring import STALLED, WENT_OUT, GameResult, hand_total
from rummi_desktop.games.rummble.rules.serialize import board_from_texts
from rummi_desktop.games.rummble.rules.state import RummbleParameters, RummbleState
from rummi_desktop.scenes.network_play import kept_ids, unseen
from rummi_desktop.tiles import Tile, parse_tiles


def state_from_view(message: dict[str, Any], previous: RummbleState | None = None,
                    holding: Mapping[int, Sequence[Tile]] | None = None) -> RummbleState:
    """The game as ``message`` (a server ``game`` message) shows it to our seat, ``holding``
    tiles on other seats' racks; tile ids kept from ``previous``. A finished game's result is
    left to :func:`server_result` (its scores here are the final ones)."""
    view, seat, count = message["view"], message["seat"], len(message["seats"])
    params = RummbleParameters(tuple("human" for _ in range(count)), 0, view["tile_set"],
                               rummmble_bonus=bool(view.get("bonus", 1)))  # the table's house rule
    board = board_from_texts(view["board"])
    rack = parse_tiles(view["rack"])
    hidden = unseen(params.faces, [laid.rack_tile for _, _, laid in board] + rack)
    held = {other: list(tiles) for other, tiles in (holding or {}).items()}
    for tile in (tile for tiles in held.values() for tile in tiles):
        hidden.remove(tile)  # ValueError: the view leaves no such tile unseen
    racks: list[list[Tile]] = []
    sizes = iter(view["other_rack_sizes"])
    for index in range(count):
        if index == seat:
            racks.append(rack)
            continue
        own = held.get(index, [])
        size = next(sizes) - len(own)
        racks.append(own + hidden[:size])
        del hidden[:size]
    state = RummbleState.from_position(params, list(board), racks, message["current"], list(view["scores"]),
                                       hidden[:view["pool_size"]])
    state.idle_turns = view["idle_turns"]
    if previous is not None:
        keep_ids(state, previous, seat)
    return state


def keep_ids(state: RummbleState, previous: RummbleState, seat: int) -> None:
    """Renumber ``state``'s tiles (within each face): a board tile keeps the id of the tile that
    stood on its square, then our rack keeps its ids (a tile back from the board, its board
    id); a tile new on the board and the rest take
    what is left (first come the keepers, so a newcomer never takes a kept id)."""
    faces = state.faces
    on_rack: dict[Tile, list[int]] = defaultdict(list)  # then the board's: a tile taken back
    for tile_id in list(previous.rack(seat)) + [t for t in previous.board_ids if t is not None]:
        on_rack[previous.faces[tile_id]].append(tile_id)
    stayed, arrived = [], []
    for sq, tile_id in enumerate(state.board_ids):
        if tile_id is None:
            continue
        before = previous.board_ids[sq]
        if before is not None and previous.faces[before] == faces[tile_id]:
            stayed.append((tile_id, [before]))
        else:
            arrived.append((tile_id, ()))
    order = stayed + [(tile_id, on_rack[faces[tile_id]]) for tile_id in state.rack(seat)] + arrived
    order += [(tile_id, ()) for other in range(state.seats) if other != seat for tile_id in state.rack(other)]
    order += [(tile_id, ()) for tile_id in state.pool]
    mapping = kept_ids(faces, order)
    state.board_ids = [None if tile_id is None else mapping[tile_id] for tile_id in state.board_ids]
    state.racks = [[mapping[tile_id] for tile_id in rack] for rack in state.racks]
    state.pool = [mapping[tile_id] for tile_id in state.pool]


def server_result(state: RummbleState, message: dict[str, Any], points: Sequence[int], kind: str) -> None:
    """End ``state`` as the server ended it: ``points`` are the scores before the hands were
    settled (they are the final ones when unknown), ``kind`` how it ended (the model's outcome
    of the last move). A hand's total is what the server took off its seat's score (ours is
    counted from our rack, which is real)."""
    result = message["result"] or {}
    final = tuple(result.get("scores", state.points))
    totals = [max(0, before - after) for before, after in zip(points, final)]
    totals[message["seat"]] = hand_total(state.rack_tiles(message["seat"]))
    state.points = list(points)
    state.result = GameResult(kind, final, tuple(result.get("winners", ())), tuple(totals), result.get("resigned"))


def end_kind(message: dict[str, Any]) -> str:
    """How a finished game ended when no move of it was seen here: a seat with an empty rack
    went out; otherwise two idle rounds stalled it."""
    view = message["view"]
    empty = not view["rack"] or 0 in view["other_rack_sizes"]
    return WENT_OUT if empty else STALLED


def hide_drawn(state: RummbleState, seat: int, drawn: Sequence[int]) -> None:
    """Our move drew from a stand-in pool (a refill, an exchange): put the stand-in tiles back
    until the server's answer names the real ones."""
    for tile_id in drawn:
        state.racks[seat].remove(tile_id)
        state.pool.append(tile_id)
