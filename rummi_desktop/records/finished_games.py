"""The record of a finished game (or Rummi round), built the same way for every game.

A record holds everything a later reader needs — statistics, leaderboards, replays::

    version, id, game, finished_at (UTC), duration_seconds, mode (the leaderboard's table)
    setup   = the session's setup, as the setup scene chose it (options, names, seed)
    seed    = the finished state's own seed (a Rummi round's, which the match derives)
    state   = the game's state_to_dict(): its parameters and whole log, so it replays exactly
    log     = the full move log
    scores, winners
    [[seats]] kind, name, profile ("" for a computer, "guest" for a guest), score, won,
              stats = {turns, average_turn_seconds, and the game's own measures}
    online  = {table, seat, round}: a server game's (absent for a local one), see :func:`as_online`

The game's own measures come from its ``stats`` entry point (:class:`GameStats`), so nothing
here asks which game it is. No pygame here.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import secrets
from typing import Any, Sequence

from rummi_desktop.entry_points import load_entry
from rummi_desktop.games.base import GameSpec, GameStats, StatMeasure
from rummi_desktop.games.resignation import resigned_seat
from rummi_desktop.records.profiles import GUEST
from rummi_desktop.games.seats import SeatConfig
from rummi_desktop.storage.game_records import RECORD_VERSION

# What every game measures per seat (the table's turn clock, not the rules, knows the time).
COMMON_MEASURES = (
    StatMeasure("turns", "Turns", "sum"),
    StatMeasure("average_turn_seconds", "Average turn time (s)", "mean"),
)


def game_stats(spec: GameSpec) -> GameStats | None:
    return load_entry(spec, "stats") if spec.has("stats") else None


def measures_of(spec: GameSpec) -> tuple[StatMeasure, ...]:
    stats = game_stats(spec)
    return COMMON_MEASURES + (stats.measures if stats is not None else ())


def new_record_id(moment: _dt.datetime, name: str | None = None) -> str:
    """A record's id: its moment and 8 hex digits, random, or from ``name`` (the same for every
    copy of one online game)."""
    tail = hashlib.sha256(name.encode("utf-8")).hexdigest()[:8] if name is not None else secrets.token_hex(4)
    return f"r-{moment.strftime('%Y%m%dT%H%M%S')}-{tail}"


def as_online(record: dict[str, Any], mark: dict[str, Any], profile: str) -> dict[str, Any]:
    """``record`` as a server game's: marked ``online`` ({table, seat, round}: a Rummi round of
    the table's match, else 1), finished at the server's time of the version that ended it (in
    ``mark["at"]``), its id named by the table, seat and round, and our seat credited to
    ``profile``. Every window that saw the game end at that seat makes the same id and
    (storage.record_digest) the same game, so a profile sync counts it once."""
    online = {"table": str(mark["table"]), "seat": int(mark["seat"]), "round": int(mark.get("round", 1))}
    at = mark.get("at")
    moment = (_dt.datetime.fromtimestamp(float(at), _dt.timezone.utc) if isinstance(at, (int, float))
              else _dt.datetime.fromisoformat(record["finished_at"]))
    seats = [{**seat, "profile": profile} if index == online["seat"] else seat
             for index, seat in enumerate(record["seats"])]
    return {**record, "id": new_record_id(moment, f"{online['table']}:{online['seat']}:{online['round']}"),
            "finished_at": moment.isoformat(timespec="seconds"), "online": online, "seats": seats}


def seat_profile(seat: SeatConfig) -> str:
    """Who is credited: the seat's profile, Guest for a person without one, "" for a computer."""
    if not seat.is_human:
        return ""
    return seat.profile or GUEST


def build_record(spec: GameSpec, setup: dict[str, Any], seats: Sequence[SeatConfig], state: Any,
                 turns: Sequence[tuple[int, float]], mode: str,
                 finished_at: _dt.datetime | None = None) -> dict[str, Any]:
    """The record of the finished ``state``; ``turns`` is (turns, seconds) per seat."""
    moment = (finished_at or _dt.datetime.now(_dt.timezone.utc)).astimezone(_dt.timezone.utc)
    scores, winners = tuple(state.scores()), tuple(state.winners())
    resigned = resigned_seat(state)
    own = game_stats(spec)
    seat_records = []
    for index, seat in enumerate(seats):
        count, seconds = turns[index]
        stats: dict[str, float] = {"turns": count, "average_turn_seconds": round(seconds / count, 2) if count else 0.0}
        if own is not None:
            stats.update(own.seat_stats(state, index))
        seat_records.append({"kind": seat.kind, "name": seat.name, "profile": seat_profile(seat),
                             "score": int(scores[index]), "won": index in winners, "stats": stats})
        if index == resigned:
            seat_records[-1]["resigned"] = True
    saved_state = spec.state_to_dict(state)
    return {
        "version": RECORD_VERSION, "id": new_record_id(moment), "game": spec.key,
        "finished_at": moment.isoformat(timespec="seconds"),
        "duration_seconds": round(sum(seconds for _, seconds in turns), 2), "mode": mode,
        "setup": setup, "seed": int(getattr(getattr(state, "params", None), "seed", setup.get("seed", 0))),
        "state": saved_state, "log": list(state.log), "scores": list(scores), "winners": list(winners),
        "seats": seat_records,
    }
