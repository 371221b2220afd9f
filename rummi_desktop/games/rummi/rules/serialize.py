"""Rummi state and match to plain dicts (TOML-ready: no None, only str/int/bool/lists/tables)
and back.

The authoritative content is the round's parameters plus its action log: loading replays it,
so the loaded state equals the saved one exactly (deal, ids, undo history). A readable snapshot
(table, racks, pool size) is stored beside it and checked after the replay, so a hand-edited or
damaged save is reported instead of silently loading something else.
"""

from __future__ import annotations

from typing import Any

from rummi_desktop.games.rummi.rules.match import ROUND_SEED_BITS, MatchSettings, Match, RoundRecord
from rummi_desktop.games.rummi.rules.moves import IllegalMove, MoveNotationError
from rummi_desktop.games.rummi.rules.scoring import RoundResult
from rummi_desktop.games.rummi.rules.deal import PositionSetup
from rummi_desktop.games.rummi.rules.play_check import OPENING_POINTS
from rummi_desktop.games.rummi.rules.state import RummiParameters, RummiState, replay, replayed
from rummi_desktop.tiles import JOKERS_IN_SET, format_tiles, parse_tiles

FORMAT_VERSION = 1


class SaveFormatError(ValueError):
    """A saved dict that cannot be loaded; the message says what is wrong."""


def params_to_dict(params: RummiParameters) -> dict[str, Any]:
    data: dict[str, Any] = {
        "seats": list(params.seats), "seed": params.seed, "rack_size": params.rack_size,
        "opening_points": params.opening_points, "penalty_tiles": params.penalty_tiles,
    }
    if params.clock_seconds is not None:
        data["clock_seconds"] = params.clock_seconds
    if params.jokers != JOKERS_IN_SET:  # a house rule (absent: the usual two)
        data["jokers"] = params.jokers
    return data


def params_from_dict(data: dict[str, Any]) -> RummiParameters:
    try:
        return RummiParameters(
            seats=tuple(str(seat) for seat in data["seats"]), seed=int(data["seed"]),
            rack_size=int(data.get("rack_size", 14)),
            opening_points=int(data.get("opening_points", OPENING_POINTS)),
            clock_seconds=data.get("clock_seconds"),
            penalty_tiles=int(data.get("penalty_tiles", 3)),
            jokers=int(data.get("jokers", JOKERS_IN_SET)),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise SaveFormatError(f"bad round parameters: {error}") from error


def _snapshot(state: RummiState) -> dict[str, Any]:
    return {
        "current": state.current,
        "table": [format_tiles(meld) for meld in state.table_tiles()],
        "racks": [format_tiles(state.rack_tiles(seat)) for seat in range(state.seats)],
        "pool_size": len(state.pool),
        "opened": list(state.opened),
    }


def state_to_dict(state: RummiState, at_turn_start: bool = False) -> dict[str, Any]:
    """The round as a plain dict. ``at_turn_start``: leave out the moves of the turn in
    progress, so loading resumes at the start of that turn."""
    log = state.log[: state.turn_log_start] if at_turn_start else list(state.log)
    snapshot_of = replayed(state, log) if at_turn_start else state
    data = {
        "format": FORMAT_VERSION, "game": "rummi",
        "params": params_to_dict(state.params), "log": log, "snapshot": _snapshot(snapshot_of),
    }
    if state.setup is not None:
        data["setup"] = setup_to_dict(state.setup)
    return data


def setup_to_dict(setup: PositionSetup) -> dict[str, Any]:
    data: dict[str, Any] = {
        "table": [format_tiles(meld) for meld in setup.table],
        "racks": [format_tiles(rack) for rack in setup.racks],
        "current": setup.current, "opened": list(setup.opened),
    }
    if setup.pool is not None:
        data["pool"] = format_tiles(setup.pool)
    return data


def setup_from_dict(data: dict[str, Any]) -> PositionSetup:
    try:
        pool = data.get("pool")
        return PositionSetup(
            tuple(tuple(parse_tiles(meld)) for meld in data["table"]),
            tuple(tuple(parse_tiles(rack)) for rack in data["racks"]),
            int(data.get("current", 0)), tuple(bool(x) for x in data.get("opened", ())),
            None if pool is None else tuple(parse_tiles(pool)),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise SaveFormatError(f"bad position setup: {error}") from error


def state_from_dict(data: dict[str, Any]) -> RummiState:
    """Load a round saved by :func:`state_to_dict` (SaveFormatError if it cannot be)."""
    if not isinstance(data, dict) or data.get("game") != "rummi":
        raise SaveFormatError("not a Rummi save")
    if data.get("format") != FORMAT_VERSION:
        raise SaveFormatError(f"save format {data.get('format')!r} is not {FORMAT_VERSION}")
    params = params_from_dict(data.get("params", {}))
    log = data.get("log", [])
    if not isinstance(log, list) or not all(isinstance(action, str) for action in log):
        raise SaveFormatError("the action log must be a list of strings")
    setup = setup_from_dict(data["setup"]) if "setup" in data else None
    try:
        state = replay(params, log, setup)
    except (IllegalMove, MoveNotationError, ValueError) as error:
        raise SaveFormatError(f"the action log does not replay: {error}") from error
    if "snapshot" in data and data["snapshot"] != _snapshot(state):
        raise SaveFormatError("the saved table and racks do not match the replayed game")
    return state


def _result_to_dict(result: RoundResult) -> dict[str, Any]:
    data = {"kind": result.kind, "winners": list(result.winners), "scores": list(result.scores),
            "rack_totals": list(result.rack_totals)}
    if result.resigned is not None:
        data["resigned"] = result.resigned
    return data


round_result_to_dict = _result_to_dict  # a server match's seat view names its booked rounds so


def _result_from_dict(data: dict[str, Any]) -> RoundResult:
    resigned = data.get("resigned")
    return RoundResult(str(data["kind"]), tuple(data["winners"]), tuple(data["scores"]),
                       tuple(data["rack_totals"]), None if resigned is None else int(resigned))


def match_to_dict(match: Match, at_turn_start: bool = False) -> dict[str, Any]:
    settings = {"name": match.settings.name, "target": match.settings.target}
    if match.settings.clock_seconds is not None:
        settings["clock_seconds"] = match.settings.clock_seconds
    if match.settings.opening_points != OPENING_POINTS:  # a house rule (absent: the usual 30)
        settings["opening_points"] = match.settings.opening_points
    if match.settings.jokers != JOKERS_IN_SET:  # a house rule (absent: the usual two)
        settings["jokers"] = match.settings.jokers
    data: dict[str, Any] = {
        "format": FORMAT_VERSION, "game": "rummi-match", "settings": settings,
        "seats": list(match.seats), "seed": match.seed,
        "rounds": [{"seed": r.seed, **_result_to_dict(r.result)} for r in match.rounds],
    }
    if match.current is not None:
        data["current"] = state_to_dict(match.current, at_turn_start)
    return data


def match_from_dict(data: dict[str, Any]) -> Match:
    """Load a match: replays its RNG so the next round deals as it would have."""
    if not isinstance(data, dict) or data.get("game") != "rummi-match":
        raise SaveFormatError("not a Rummi match save")
    if data.get("format") != FORMAT_VERSION:
        raise SaveFormatError(f"save format {data.get('format')!r} is not {FORMAT_VERSION}")
    try:
        raw = data["settings"]
        settings = MatchSettings(str(raw["name"]), int(raw["target"]), raw.get("clock_seconds"),
                                 int(raw.get("opening_points", OPENING_POINTS)),
                                 int(raw.get("jokers", JOKERS_IN_SET)))
        match = Match(settings, tuple(data["seats"]), int(data["seed"]))
        for record in data["rounds"]:
            match.rounds.append(RoundRecord(int(record["seed"]), _result_from_dict(record)))
    except (KeyError, TypeError, ValueError) as error:
        raise SaveFormatError(f"bad match data: {error}") from error
    for record in match.rounds:
        if match.rng.getrandbits(ROUND_SEED_BITS) != record.seed:
            raise SaveFormatError("round seeds do not follow from the match seed")
    if "current" in data:
        match.current = state_from_dict(data["current"])
        if match.rng.getrandbits(ROUND_SEED_BITS) != match.current.params.seed:
            raise SaveFormatError("the current round's seed does not follow from the match seed")
    return match


round_result_from_dict = _result_from_dict  # and an online table reads them back
