"""A Tumblewords game to a plain dict (TOML-ready: no None, only str/int/bool/lists/tables) and back.

The authoritative content is the parameters (seed, board, variants), the word list by name
and digest (never its words: the shell rebuilds it), the hand-made setup if any, and the move
log: loading replays it, so the loaded state equals the saved one exactly. A readable snapshot
(rows, hands, bag size, scores, phase) is stored beside it and checked after the replay, so a
hand-edited or damaged save is refused with a reason instead of loading something else.
"""

from __future__ import annotations

from typing import Any, Mapping

from rummi_desktop.games.base import IllegalMove, MoveNotationError, checked_save_log
from rummi_desktop.games.tumblewords.rules.dictionary import Dictionary, WordListUnavailable, word_list
from rummi_desktop.games.tumblewords.rules.parameters import TumblewordsParameters
from rummi_desktop.games.tumblewords.rules.state import PositionSetup, TumblewordsState, replay

FORMAT_VERSION = 1
_FLAGS = ("claim", "zapper", "ticker", "pressure_cooker")


class SaveFormatError(ValueError):
    """A saved dict that cannot be loaded; the message says what is wrong."""


class SavedWordListUnavailable(SaveFormatError, WordListUnavailable):
    """A save that is fine, but whose word list cannot be had now (a custom list damaged,
    moved or changed since): the list is what to report, not the save. Still a SaveFormatError
    for callers that only ask whether the state loads; a WordListUnavailable for the menu,
    which keeps the autosave as it is then instead of setting it aside as damaged."""


def _snapshot(state: TumblewordsState) -> dict[str, Any]:
    return {
        "current": state.current, "phase": state.phase, "rows": state.grid.row_texts(),
        "hands": ["".join(state.hand(seat)) for seat in range(state.seats)],
        "bag_size": len(state.bag), "scores": list(state.scores()),
    }


def _setup_to_dict(setup: PositionSetup) -> dict[str, Any]:
    data: dict[str, Any] = {"rows": list(setup.rows), "hands": ["".join(hand) for hand in setup.hands],
                            "current": setup.current, "scores": list(setup.scores)}
    if setup.bag is not None:
        data["bag"] = "".join(setup.bag)
    return data


def _setup_from_dict(data: Any) -> PositionSetup:
    try:
        bag = data.get("bag")
        return PositionSetup(tuple(str(row) for row in data["rows"]), tuple(tuple(str(hand)) for hand in data["hands"]),
                             int(data.get("current", 0)), tuple(int(score) for score in data.get("scores", ())),
                             None if bag is None else tuple(str(bag)))
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise SaveFormatError(f"bad position setup: {error}") from error


def state_to_dict(state: TumblewordsState) -> dict[str, Any]:
    data = {
        "format": FORMAT_VERSION, "game": "tumblewords", "params": state.params.to_data(),
        "words": {"name": state.dictionary.name, "digest": state.dictionary.digest},
        "log": list(state.log), "snapshot": _snapshot(state),
    }
    if state.setup is not None:
        data["setup"] = _setup_to_dict(state.setup)
    return data


def _params_from_dict(data: Any) -> TumblewordsParameters:
    try:
        flags = {flag: data.get(flag, False) for flag in _FLAGS}
        return TumblewordsParameters(seats=tuple(str(seat) for seat in data["seats"]), seed=int(data["seed"]),
                                     board=str(data.get("board", "standard")),
                                     min_length=int(data.get("min_length", 2)), words=str(data["words"]), **flags)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise SaveFormatError(f"bad game parameters: {error}") from error


def _dictionary(data: Mapping[str, Any], given: Dictionary | None) -> Dictionary:
    words = data.get("words")
    if not isinstance(words, Mapping) or not isinstance(words.get("name"), str) \
            or not isinstance(words.get("digest"), str):
        raise SaveFormatError("the save does not name its word list")
    if given is not None:
        if given.digest != words["digest"]:
            raise SaveFormatError(f"the word list given is not the one the game was played with ({words['name']})")
        return given
    try:
        return word_list(words["name"], words["digest"])
    except (WordListUnavailable, ValueError) as error:
        raise SavedWordListUnavailable(f"cannot get the game's word list: {error}") from error


def state_from_dict(data: Mapping[str, Any], dictionary: Dictionary | None = None) -> TumblewordsState:
    """Load a game saved by :func:`state_to_dict` (SaveFormatError, a ValueError, if it cannot
    be). ``dictionary`` is the word list to play with; by default the one the save names, from
    the installed source."""
    log = checked_save_log(data, "tumblewords", "Tumblewords", FORMAT_VERSION, SaveFormatError)
    params = _params_from_dict(data.get("params"))
    setup = _setup_from_dict(data["setup"]) if "setup" in data else None
    words = _dictionary(data, dictionary)
    try:
        state = replay(params, log, words, setup)
    except (IllegalMove, MoveNotationError, ValueError) as error:
        raise SaveFormatError(f"the move log does not replay: {error}") from error
    if "snapshot" in data and data["snapshot"] != _snapshot(state):
        raise SaveFormatError("the saved board and hands do not match the replayed game")
    return state
