"""Checks of what a game message lays open: before a game's end no message to a seat holds
another seat's hidden tiles (racks, hands), and a spectator's holds nobody's; at the end every
message lays every seat's tiles open (``revealed``).

The oracle is the seats' own views (``client_view``, each seat's view of the same version):
a spectator's view may hold only what every seat's view holds alike, and counts. Over that, a
direct look: no seat's hidden tiles, as a whole, are among the strings of a message sent to
anyone else (outside what every seat sees alike), wherever in the message they were put.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

COUNT_KEYS = frozenset({"rack_sizes", "hand_sizes", "opened"})  # a spectator's per-seat counts (and who opened)
OWN_KEYS = ("rack", "hand")  # a seat view's own hidden tiles
# What the table showed earlier, so public, though it differs between seats' views: Rummi's
# ``next_seat.left_table`` (the table the following seat left). Its tile names are not counted:
# late in a game it holds the other copy of every tile of a rack, which read as a leak.
PAST_TABLE_KEYS = frozenset({"left_table"})


def leaves(value: Any) -> list[str]:
    """Every string inside ``value`` (dict values and list items, at any depth), but those of a
    past table."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [leaf for key, item in value.items() if key not in PAST_TABLE_KEYS for leaf in leaves(item)]
    if isinstance(value, list):
        return [leaf for item in value for leaf in leaves(item)]
    return []


def common_view(views: list[dict[str, Any]]) -> dict[str, Any]:
    """What every seat's view holds alike (key and value)."""
    return {key: value for key, value in views[0].items() if all(view.get(key) == value for view in views[1:])}


def assert_nothing_hidden(message: dict[str, Any], views: list[dict[str, Any]], holdings: list[list[str]]) -> None:
    """``message`` (before the game's end) holds no hidden tile but its own seat's (a spectator's: none)."""
    seat = message["seat"]
    assert "revealed" not in message, f"version {message['version']}: the racks were laid open before the end"
    common = common_view(views)
    if seat is None:
        for key, value in message["view"].items():
            if key in COUNT_KEYS:
                assert isinstance(value, list) and all(isinstance(n, (int, bool)) for n in value), key
            else:
                assert key in common and common[key] == value, f"a spectator was sent {key}={value!r}"
    else:
        assert message["view"] == views[seat]
    seen = Counter(leaves(message)) - Counter(leaves(common))
    for own in OWN_KEYS:
        if seat is not None and own in message["view"]:
            seen -= Counter(message["view"][own])
    for other, hidden in enumerate(holdings):
        if other != seat and hidden and not Counter(hidden) - seen:
            raise AssertionError(f"version {message['version']}: seat {other}'s hidden tiles were sent to seat {seat}")


def assert_all_revealed(message: dict[str, Any], holdings: list[list[str]]) -> None:
    """The game's last message lays every seat's tiles open, as they ended."""
    assert message["status"] == "over"
    assert message["revealed"] == holdings
