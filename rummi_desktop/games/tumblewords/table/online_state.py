"""A Tumblewords game rebuilt from what the server shows one seat, for the window to play through.

The board, the scores, the phase and our hand are as sent. The other hands and the bag get
letters of the right number from those not in view (the window paints only the other hands'
sizes; our own moves are checked only against our hand and the board, which are real). A seat
whose move is about to be shown can be given the letters its move uses (``holding``), so the
move is played through the rules model and scores the real words.

In Claim mode the view never names a drop's words while they may be claimed, only its square
and the spans claimed (or stolen) so far; the words are found again by the model's own word
finder on the board (the shipped word list is the server's), so our claims are checked here.

Tile ids stay put across rebuilds where the faces allow (:func:`keep_ids`): the window keys its
falling tiles and hand sprites by id.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from rummi_desktop.games.tumblewords.rules.dictionary import Dictionary
from rummi_desktop.games.tumblewords.rules.grid import BAG_COUNTS, BLANK, FACES
from rummi_desktop.games.tumblewords.rules.parameters import TumblewordsParameters, game_result, resigned_result
from rummi_desktop.games.tumblewords.rules.state import PendingTurn, TumblewordsState, TurnResult
from rummi_desktop.games.tumblewords.rules.words import find_words
from rummi_desktop.scenes.network_play import kept_ids, unseen

ENDED_AT_SERVER = "stopped"  # a game the server ended that this window did not see end


def state_from_view(message: dict[str, Any], dictionary: Dictionary, previous: TumblewordsState | None = None,
                    holding: dict[int, list[str]] | None = None) -> TumblewordsState:
    """The game as ``message`` (a server ``game`` message) shows it to our seat; ``holding``
    puts letters first in another seat's hand; ids kept from ``previous`` where they can be."""
    view, seat = message["view"], message["seat"]
    count = len(message["seats"])
    params = TumblewordsParameters(seats=("human",) * count, seed=0, words=dictionary.name, **view["options"])
    rows, hand = list(view["board"]), list(view["hand"])
    zapped = list(view.get("removed", ()))  # public: every seat saw Zapper! take them (older servers: none)
    hidden = unseen(BAG_COUNTS, [BLANK if ch.islower() else ch for row in rows for ch in row if ch != "."]
                    + hand + zapped)
    for letters in (holding or {}).values():
        for letter in letters:
            hidden.remove(letter)  # ValueError: the move names a letter nobody can hold
    hands, sizes = [], iter(view["other_hand_sizes"])
    for index in range(count):
        if index == seat:
            hands.append(hand)
            continue
        held = list((holding or {}).get(index, []))
        size = next(sizes)
        hands.append(held + hidden[:size - len(held)])
        del hidden[:size - len(held)]
    state = TumblewordsState.from_position(params, rows, hands, message["current"], list(view["scores"]),
                                           hidden[:view["bag_size"]], dictionary)
    state.removed = _zapped_ids(state, zapped)
    state.phase, state.passes_in_row = view["phase"], view["passes_in_row"]
    state.pending = _pending(state, view.get("pending"))
    if previous is not None:
        keep_ids(state, previous)
    if view["is_terminal"] or message["status"] == "over":
        kind = previous.result.kind if previous is not None and previous.result is not None else ENDED_AT_SERVER
        resigned = (message.get("result") or {}).get("resigned")
        state.result = game_result(kind, state.points) if resigned is None else resigned_result(state.points, resigned)
    return state


def _zapped_ids(state: TumblewordsState, letters: list[str]) -> list[int]:
    """Ids for the letters Zapper! took off, from the tiles the rebuilt game left out (so the
    seat's view, and its unseen-tile tracker, counts them as seen)."""
    in_play = set(state.tile_census())
    spare: dict[str, list[int]] = defaultdict(list)
    for tile_id, face in enumerate(FACES):
        if tile_id not in in_play:
            spare[face].append(tile_id)
    return [spare[letter].pop() for letter in letters]


def _pending(state: TumblewordsState, pending: dict[str, Any] | None) -> PendingTurn | None:
    """A Claim turn in progress: its words found by the model's word finder through the drop."""
    if pending is None:
        return None
    row, col = pending["row"], pending["col"]
    words = tuple(find_words(list(state.grid.shown), state.grid.columns, row, col, state.dictionary,
                             state.params.min_length))
    claimed = tuple(word for word in words if word.span() in pending["claimed"])
    stolen = tuple(word for word in words if word.span() in pending["stolen"])
    return PendingTurn(pending["seat"], row, col, words, claimed, stolen)


def keep_ids(state: TumblewordsState, previous: TumblewordsState) -> None:
    """Renumber ``state``'s tiles (within each face) so a board square keeps the tile id it had,
    and each hand and the bag keep theirs, as far as the faces allow."""
    had: dict[tuple, list[int]] = defaultdict(list)  # (place, face) -> ids it held
    for square, tile_id in enumerate(previous.grid.ids):
        if tile_id is not None:
            had[("square", square, FACES[tile_id])].append(tile_id)
    for seat, hand in enumerate(previous.hands):
        for tile_id in hand:
            had[("hand", seat, FACES[tile_id])].append(tile_id)
    for tile_id in previous.bag:
        had[("bag", 0, FACES[tile_id])].append(tile_id)
    places = [(("square", square), tile_id) for square, tile_id in enumerate(state.grid.ids) if tile_id is not None]
    places += [(("hand", seat), tile_id) for seat, hand in enumerate(state.hands) for tile_id in hand]
    places += [(("bag", 0), tile_id) for tile_id in state.bag]
    wishes = [(tile_id, had[(*place, FACES[tile_id])]) for place, tile_id in places]
    # The ids a place held belong to that place only: tiles that can stay where they were go
    # first, so a newcomer never takes an id a later tile would have kept.
    mapping = kept_ids(FACES, sorted(wishes, key=lambda wish: not wish[1]))
    state.grid.ids = [None if tile_id is None else mapping[tile_id] for tile_id in state.grid.ids]
    state.hands = [[mapping[t] for t in hand] for hand in state.hands]
    state.bag = [mapping[t] for t in state.bag]


def hide_drawn(state: TumblewordsState, result: TurnResult) -> None:
    """Our letter was drawn from a stand-in bag: it goes back until the server's answer names
    the real one."""
    if result.drawn is not None and result.drawn in state.hands[result.seat]:
        state.hands[result.seat].remove(result.drawn)
        state.bag.append(result.drawn)
