"""What the lobby offers and how it reads the server's tables (no pygame)."""

from __future__ import annotations

from typing import Any

from rummi_desktop.games import GAMES

LIVE_SECONDS = (15, 30, 60, 120)  # the quick clocks too, as the local setups offer them
ASYNC_DAYS = tuple(range(1, 8))
# The games whose table the window plays through a network session: those with an online table.
PLAYABLE_ONLINE = tuple(key for key, spec in GAMES.items() if spec.has("online_table"))


def seat_choices(game: str) -> list[tuple[tuple[str, ...], str]]:
    """(seats, words): you and people, you and one computer of each tier, you + a person + a computer."""
    spec = GAMES[game]
    choices: list[tuple[tuple[str, ...], str]] = []
    for others in range(1, spec.max_seats):
        if others + 1 >= spec.min_seats:
            people = "person" if others == 1 else "people"
            choices.append((("human",) * (others + 1), f"You + {others} {people}"))
    for tier in spec.tiers:
        if spec.min_seats <= 2:
            choices.append((("human", tier), f"You + {tier.title()} computer"))
    if spec.max_seats >= 3 and spec.tiers:
        tier = spec.tiers[min(1, len(spec.tiers) - 1)]
        choices.append((("human", "human", tier), f"You + person + {tier.title()}"))
    return choices


def rules_choices(game: str) -> list[tuple[dict[str, Any], str]]:
    """(options, words) for a new table of ``game``: the game's own (GameSpec.online_rules),
    else its standard rules."""
    rules = GAMES[game].online_rules if game in GAMES else ()
    return [(dict(options), words) for options, words in rules] or [({}, "Standard rules")]


def clock_choices() -> list[tuple[dict[str, Any], str]]:
    choices: list[tuple[dict[str, Any], str]] = [({"kind": "none"}, "No clock")]
    choices += [({"kind": "live", "seconds": s}, f"Live: {s} s a turn") for s in LIVE_SECONDS]
    choices += [({"kind": "async", "days": d}, f"{d} day{'s' if d > 1 else ''} a move") for d in ASYNC_DAYS]
    return choices


def my_seat(table: dict[str, Any], account: dict[str, Any] | None) -> int | None:
    name = (account or {}).get("name")
    for index, seat in enumerate(table.get("seats", [])):
        if seat.get("name") == name:
            return index
    return None


def your_turn(table: dict[str, Any], account: dict[str, Any] | None) -> bool:
    return table.get("status") == "playing" and table.get("current") == my_seat(table, account)
