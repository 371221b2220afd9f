"""Tables before and around play: a new table from a request, joining, starting (computer
seats fill the empty ones), and the clock. Pure functions over :class:`TableRecord`; the
server stores what they return."""

from __future__ import annotations

import secrets
from typing import Any, Mapping

from rummi_desktop.games import GAMES
from rummi_desktop.games.base import GameSpec, rules_clock
from rummi_desktop.net.accounts import new_id, new_invite_code
from rummi_desktop.net.protocol import ProtocolError
from rummi_desktop.net.records import OPEN, OVER, PLAYING, Seat, TableRecord

LIVE_SECONDS = (10, 3600)  # a live clock: seconds per turn
ASYNC_DAYS = (1, 7)  # an asynchronous clock: days per move
DAY = 86_400.0
FILL_TIER = "easy"  # the computer seat that takes an empty seat when a table starts


def game_spec(key: Any) -> GameSpec:
    spec = GAMES.get(key) if isinstance(key, str) else None
    if spec is None:
        raise ProtocolError("unknown_game", f"no game {str(key)[:24]!r} (one of {', '.join(GAMES)})")
    return spec


def checked_options(spec: GameSpec, options: Any) -> dict[str, Any]:
    """The options of a new table, each one the game offers online and one of its choices;
    those not given are the usual ones."""
    if not isinstance(options, Mapping):
        raise ProtocolError("bad_options", "a table's options are an object of option names and choices")
    known = {option.key: option for option in spec.online_options}
    for key, value in options.items():
        option = known.get(key)
        if option is None:
            offered = ", ".join(known) or "none"
            raise ProtocolError("bad_options", f"{spec.title} has no option {str(key)[:24]!r} online ({offered})")
        if not option.holds(value):
            choices = ", ".join(map(str, option.choices))
            raise ProtocolError("bad_options", f"{option.label}: {str(value)[:24]!r} is not one of {choices}")
    # Every option stored, the usual ones too: a table keeps the rules it was made with, and
    # a Rummi table is known for one that plays a match (rummi/spec.py new_table_state).
    return {option.key: options.get(option.key, option.default) for option in spec.online_options}


def checked_clock(clock: Mapping[str, Any] | None) -> tuple[str, float]:
    """(kind, seconds per turn) from ``{"kind": "none"}``, ``{"kind": "live", "seconds": s}`` or
    ``{"kind": "async", "days": d}``."""
    if not clock or clock.get("kind", "none") == "none":
        return "none", 0.0
    kind = clock.get("kind")
    if kind == "live":
        seconds = clock.get("seconds")
        if isinstance(seconds, int) and not isinstance(seconds, bool) and LIVE_SECONDS[0] <= seconds <= LIVE_SECONDS[1]:
            return "live", float(seconds)
        raise ProtocolError("bad_clock", f"a live clock gives {LIVE_SECONDS[0]} to {LIVE_SECONDS[1]} seconds a turn")
    if kind == "async":
        days = clock.get("days")
        if isinstance(days, int) and not isinstance(days, bool) and ASYNC_DAYS[0] <= days <= ASYNC_DAYS[1]:
            return "async", days * DAY
        raise ProtocolError("bad_clock", f"an asynchronous clock gives {ASYNC_DAYS[0]} to {ASYNC_DAYS[1]} days a move")
    raise ProtocolError("bad_clock", "a clock's kind is none, live or async")


def new_table(message: Mapping[str, Any], account_id: str, name: str, now: float) -> TableRecord:
    """The table a ``create_table`` request asks for, its creator in the first human seat."""
    spec = game_spec(message["game"])
    labels = message["seats"]
    if not all(isinstance(label, str) for label in labels):
        raise ProtocolError("bad_seats", "seats are \"human\" or a computer tier")
    try:
        spec.check_seats(labels)
    except ValueError as error:
        raise ProtocolError("bad_seats", str(error)) from None
    if "human" not in labels:
        raise ProtocolError("bad_seats", "a table needs a human seat for its creator")
    if message.get("ranked"):
        # A rated game's opponent is the matchmaker's choice: a table whose creator picks who
        # joins (by invite, a second account) would let ratings be farmed.
        raise ProtocolError("not_ranked", "ranked games come only from matchmaking (matchmake); "
                            "a table you make is unrated")
    seats = [Seat(label) for label in labels]
    first = labels.index("human")
    seats[first] = Seat("human", account_id, name)
    kind, seconds = checked_clock(message.get("clock"))
    return TableRecord(
        id=new_id(), game=spec.key, creator=account_id, seats=tuple(seats),
        options=checked_options(spec, message.get("options") or {}), seed=secrets.randbits(63),
        clock_kind=kind, clock_seconds=seconds, visibility=message.get("visibility", "public"),
        invite=new_invite_code(), updated=now, created=now)


def joined(record: TableRecord, account_id: str, name: str) -> TableRecord:
    if record.seat_of(account_id) is not None:
        raise ProtocolError("already_seated", "you already sit at this table")
    if record.status != OPEN:
        raise ProtocolError("table_closed", "this table has started or closed; it takes no one new")
    free = [index for index, seat in enumerate(record.seats) if seat.is_free]
    if not free:
        raise ProtocolError("table_full", "every seat at this table is taken")
    seats = list(record.seats)
    seats[free[0]] = Seat("human", account_id, name)
    return record.with_(seats=tuple(seats))


def left(record: TableRecord, account_id: str) -> TableRecord:
    seat = record.seat_of(account_id)
    if seat is None or record.status != OPEN:
        raise ProtocolError("not_seated", "you can leave only a table you sit at that has not started")
    seats = list(record.seats)
    seats[seat] = Seat("human")
    if all(other.account is None for other in seats):  # the last person left: nobody waits there
        return record.with_(seats=tuple(seats), status=OVER)
    return record.with_(seats=tuple(seats))


def filled(record: TableRecord) -> TableRecord:
    """The table with every empty seat taken by a computer seat."""
    spec = GAMES[record.game]
    tier = FILL_TIER if FILL_TIER in spec.tiers else spec.tiers[0]
    return record.with_(seats=tuple(Seat(tier) if seat.is_free else seat for seat in record.seats))


def is_full(record: TableRecord) -> bool:
    return not any(seat.is_free for seat in record.seats)


def started(record: TableRecord, state: Any, now: float) -> TableRecord:
    """The table playing ``state`` (its fresh game), the seat on turn's clock running."""
    return turn_passed(record.with_(status=PLAYING), None, state, now)


def turn_passed(record: TableRecord, before: Any, state: Any, now: float) -> TableRecord:
    """The record with ``state``'s seat on turn: a new deadline when a new turn began for a
    person, none for a computer seat. ``before`` is the rules' clock before the move
    (``games.base.rules_clock``) under rules that time a turn themselves (Blitz, Ticker): the
    clocked turn says whether the turn went on (one deadline) and how long a new one lasts.
    Otherwise the table's clock runs, and several moves of one seat's turn share a deadline."""
    current, rules = state.current, rules_clock(state)
    if record.seats[current].label != "human" or (rules is None and record.clock_kind == "none"):
        deadline = None
    elif rules is not None:
        same_turn = before is not None and before[0] == rules[0]
        deadline = record.deadline if same_turn and record.deadline is not None else now + rules[1]
    elif record.current_seat == current and record.status == PLAYING and record.deadline is not None:
        deadline = record.deadline
    else:
        deadline = now + record.clock_seconds
    return record.with_(current_seat=current, deadline=deadline, updated=now)
