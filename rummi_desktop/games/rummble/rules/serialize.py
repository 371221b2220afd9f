"""A Rummble game to a plain dict (TOML-ready: no None, only str/int/bool/lists/tables) and back.

The authoritative content is the parameters (seed, tile set), the hand-made setup if any, and
the move log: loading replays it, so the loaded state equals the saved one exactly. A readable
snapshot (board, racks, pool size, scores) is stored beside it and checked after the replay,
so a hand-edited or damaged save is refused with a reason instead of loading something else.
"""

from __future__ import annotations

from typing import Any, Mapping

from rummi_desktop.games.base import IllegalMove, MoveNotationError, checked_save_log
from rummi_desktop.games.rummble.rules.board import Laid
from rummi_desktop.games.rummble.rules.state import PositionSetup, RummbleParameters, RummbleState, replay
from rummi_desktop.tiles import format_tiles, parse_tiles

FORMAT_VERSION = 1


class SaveFormatError(ValueError):
    """A saved dict that cannot be loaded; the message says what is wrong."""


def board_texts(board_tiles) -> list[list]:
    """``[[row, col, "J=K7"], …]``: the board as the views and analyze write it."""
    return [[row, col, laid.notation()] for row, col, laid in board_tiles]


def board_from_texts(rows) -> tuple[tuple[int, int, Laid], ...]:
    return tuple((int(row), int(col), Laid.parse(str(text))) for row, col, text in rows)


def _snapshot(state: RummbleState) -> dict[str, Any]:
    return {
        "current": state.current,
        "board": board_texts(state.board.tiles()),
        "racks": [format_tiles(state.rack_tiles(seat)) for seat in range(state.seats)],
        "pool_size": len(state.pool),
        "scores": list(state.scores()),
    }


def _setup_to_dict(setup: PositionSetup) -> dict[str, Any]:
    data: dict[str, Any] = {
        "board": board_texts(setup.board), "racks": [format_tiles(rack) for rack in setup.racks],
        "current": setup.current, "scores": list(setup.scores),
    }
    if setup.pool is not None:
        data["pool"] = format_tiles(setup.pool)
    return data


def _setup_from_dict(data: Mapping[str, Any]) -> PositionSetup:
    try:
        pool = data.get("pool")
        return PositionSetup(
            board_from_texts(data["board"]), tuple(tuple(parse_tiles(rack)) for rack in data["racks"]),
            int(data.get("current", 0)), tuple(int(score) for score in data.get("scores", ())),
            None if pool is None else tuple(parse_tiles(pool)),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise SaveFormatError(f"bad position setup: {error}") from error


def state_to_dict(state: RummbleState) -> dict[str, Any]:
    params = state.params
    data: dict[str, Any] = {
        "format": FORMAT_VERSION, "game": "rummble",
        "params": {"seats": list(params.seats), "seed": params.seed, "tile_set": params.tile_set,
                   "rack_size": params.rack_size},
        "log": list(state.log), "snapshot": _snapshot(state),
    }
    if not params.rummmble_bonus:  # a house rule; absent: the bonus is on, as in older saves
        data["params"]["rummmble_bonus"] = False
    if state.setup is not None:
        data["setup"] = _setup_to_dict(state.setup)
    return data


def _params_from_dict(data: Any) -> RummbleParameters:
    try:
        return RummbleParameters(seats=tuple(str(seat) for seat in data["seats"]), seed=int(data["seed"]),
                                 tile_set=str(data.get("tile_set", "standard")),
                                 rack_size=int(data.get("rack_size", 10)),
                                 rummmble_bonus=data.get("rummmble_bonus", True))
    except (KeyError, TypeError, ValueError) as error:
        raise SaveFormatError(f"bad game parameters: {error}") from error


def state_from_dict(data: Mapping[str, Any]) -> RummbleState:
    """Load a game saved by :func:`state_to_dict` (SaveFormatError, a ValueError, if it cannot be)."""
    log = checked_save_log(data, "rummble", "Rummble", FORMAT_VERSION, SaveFormatError)
    params = _params_from_dict(data.get("params"))
    setup = _setup_from_dict(data["setup"]) if "setup" in data else None
    try:
        state = replay(params, log, setup)
    except (IllegalMove, MoveNotationError, ValueError) as error:
        raise SaveFormatError(f"the move log does not replay: {error}") from error
    if "snapshot" in data and data["snapshot"] != _snapshot(state):
        raise SaveFormatError("the saved board and racks do not match the replayed game")
    return state
