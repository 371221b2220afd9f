"""What the lobby offers and how it reads the server's tables (no pygame)."""

from __future__ import annotations

from typing import Any

from rummi_desktop.games import GAMES
from rummi_desktop.games.base import SetupOption

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


def rule_options(game: str) -> tuple[SetupOption, ...]:
    """The options a new table of ``game`` may be made with (each a picker of the form)."""
    return GAMES[game].online_options if game in GAMES else ()


def option_choices(option: SetupOption) -> list[tuple[Any, str]]:
    """(value, words) of each of ``option``'s choices, as a picker shows them."""
    return [(choice, option.choice_words(choice)) for choice in option.choices]


def rules_line(game: str, options: Any) -> str:
    """A table's house rules in words ("Blitz (30 s) · Opening 50"), "" for the standard
    ones; the options as the server sent them (an option it does not know is left out)."""
    if not isinstance(options, dict):
        return ""
    words = (option.words_for(options.get(option.key, option.default)) for option in rule_options(game))
    return " · ".join(word for word in words if word)


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
