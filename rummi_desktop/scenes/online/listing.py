"""How the lobby's lists read (no pygame): a table as a row of words (its game and house rules, the others at it,
whose move and the time left on the move clock), games in the order a player wants them (your
move first, the most urgent on top), the games waiting for your move as the badges count them
(a days-per-move game within 12 hours of its clock running out is flagged), and a rating as a
player reads it."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from rummi_desktop.games import GAMES
from rummi_desktop.scenes.online.choices import my_seat, rules_line, your_turn

DAY, HOUR, MINUTE = 86400, 3600, 60
SHOWN_BASE, SHOWN_SCALE = 1000, 40  # rating shown = 1000 + 40 × (mu − 3σ): a new player reads 1000
PROVISIONAL_GAMES = 5  # fewer rated games than this: the rating is marked as still settling
URGENT_SECONDS = 12 * HOUR  # your move at a days-per-move table this close to timing out: flagged


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def time_left(deadline: float | None, now: float) -> str:
    """The move clock as people say it: "2 days 3 h left", "5 h 20 min left", "40 s left"."""
    if deadline is None:
        return ""
    left = deadline - now
    if left <= 0:
        return "time is up"
    # up to the whole minute: a fresh two-day clock reads "2 days left", not "1 day 23 h"
    left = math.ceil(left / MINUTE) * MINUTE if left >= MINUTE else math.ceil(left)
    days, rest = divmod(left, DAY)
    hours, rest = divmod(rest, HOUR)
    minutes, seconds = divmod(rest, MINUTE)
    if days:
        return f"{_plural(days, 'day')} {hours} h left" if hours else f"{_plural(days, 'day')} left"
    if hours:
        return f"{hours} h {minutes} min left" if minutes else f"{hours} h left"
    return f"{minutes} min left" if minutes else f"{seconds} s left"


def seat_words(seat: dict[str, Any]) -> str:
    if seat.get("name"):
        return str(seat["name"])
    label = str(seat.get("label", ""))
    return "open seat" if label == "human" else f"{label.title()} computer"


def game_title(game: str) -> str:
    return GAMES[game].title if game in GAMES else game.title()


@dataclass(frozen=True)
class TableRow:
    """One table as the lobby lists it: a headline, a line of detail, and whether it waits on you."""

    table: str
    headline: str
    detail: str
    yours_to_move: bool
    urgent: bool = False  # your move, and a days-per-move clock within 12 hours of running out


def _free_seats(seats: list[dict[str, Any]]) -> int:
    return sum(1 for seat in seats if seat.get("label") == "human" and not seat.get("taken"))


def _rules_after(table: dict[str, Any]) -> str:
    """" (Blitz (30 s) · Opening 50)" after the game's name: the table's house rules, if any."""
    line = rules_line(str(table.get("game")), table.get("options"))
    return f" ({line})" if line else ""


def my_game_row(table: dict[str, Any], account: dict[str, Any] | None, now: float) -> TableRow:
    """A game you sit at: "Rummi · vs Bob, Easy computer" over "2 days 3 h left" (your move: the
    row's badge says so) or "Bob to move · 5 h left" or "Waiting for 1 player · invite K7QZ2M"."""
    seats = table.get("seats", [])
    mine = my_seat(table, account)
    others = [seat_words(seat) for index, seat in enumerate(seats) if index != mine]
    headline = f"{game_title(table['game'])}{_rules_after(table)} · vs {', '.join(others) or 'nobody yet'}"
    clock = time_left(table.get("deadline"), now)
    if your_turn(table, account):
        return TableRow(table["table"], headline, clock.capitalize() if clock else "No clock: move when you like", True,
                        is_urgent(table, account, now))
    current = table.get("current")
    if table.get("status") == "open":
        state = f"Waiting for {_plural(_free_seats(seats), 'player')} · invite {table.get('invite') or '?'}"
    elif isinstance(current, int) and 0 <= current < len(seats):
        state = f"{seat_words(seats[current])} to move"
    else:
        state = "Playing"
    return TableRow(table["table"], headline, f"{state} · {clock}" if clock else state, False)


def is_urgent(table: dict[str, Any], account: dict[str, Any] | None, now: float) -> bool:
    """Your move at a days-per-move table whose clock runs out within 12 hours (or has)."""
    deadline = table.get("deadline")
    return (your_turn(table, account) and (table.get("clock") or {}).get("kind") == "async"
            and isinstance(deadline, (int, float)) and deadline - now <= URGENT_SECONDS)


@dataclass(frozen=True)
class Waiting:
    """The games waiting for your move, as a badge counts them: how many, and how many urgent."""

    count: int = 0
    urgent: int = 0


def waiting_for_you(tables: list[dict[str, Any]], account: dict[str, Any] | None, now: float) -> Waiting:
    return Waiting(sum(1 for table in tables if your_turn(table, account)),
                   sum(1 for table in tables if is_urgent(table, account, now)))


def open_table_row(table: dict[str, Any]) -> TableRow:
    """A public table with a free seat: "Rummi · Carol, Easy computer" / "No clock · 1 seat free".
    The headline names who sits there; the free seats are counted below (a list of "open seat"
    words ran off the row at a bigger table)."""
    seats = table.get("seats", [])
    free = _free_seats(seats)
    clock = table.get("clock") or {}
    if clock.get("kind") == "live":
        pace = f"Live: {round(clock.get('seconds', 0))} s a turn"
    elif clock.get("kind") == "async":
        days = round(clock.get("seconds", 0) / DAY)
        pace = f"{_plural(days, 'day')} a move"
    else:
        pace = "No clock"
    ranked = " · ranked" if table.get("ranked") else ""
    seated = [seat_words(seat) for seat in seats if seat.get("taken") or seat.get("label") != "human"]
    return TableRow(table["table"], f"{game_title(table['game'])}{_rules_after(table)} · {', '.join(seated) or 'nobody yet'}",
                    f"{pace} · {_plural(free, 'seat')} free{ranked}", False)


def watchable_row(table: dict[str, Any], now: float) -> TableRow:
    """A public table in play, to watch: "Rummi · Alice, Bob" / "Alice to move · 5 h left"."""
    seats = table.get("seats", [])
    current = table.get("current")
    state = f"{seat_words(seats[current])} to move" if isinstance(current, int) and 0 <= current < len(seats) else "Playing"
    clock = time_left(table.get("deadline"), now)
    ranked = " · ranked" if table.get("ranked") else ""
    return TableRow(table["table"], f"{game_title(table['game'])} · {', '.join(seat_words(seat) for seat in seats)}",
                    (f"{state} · {clock}" if clock else state) + ranked, False)


def my_games_in_order(tables: list[dict[str, Any]], account: dict[str, Any] | None) -> list[dict[str, Any]]:
    """Your move first, and among those the clock nearest to running out; then the rest the same way."""
    far = float("inf")
    return sorted(tables, key=lambda t: (not your_turn(t, account), t.get("deadline") or far))


def shown_rating(mu: float, sigma: float) -> int:
    """openskill's conservative skill (mu − 3σ, what the board orders by) on a familiar scale."""
    return round(SHOWN_BASE + SHOWN_SCALE * (mu - 3 * sigma))


def rating_words(mu: float, sigma: float, games: int) -> str:
    """"1,240", or "1,000?" while fewer than five rated games say little yet."""
    words = f"{shown_rating(mu, sigma):,}"
    return words + "?" if games < PROVISIONAL_GAMES else words


def own_rating_words(title: str, mine: dict[str, Any]) -> str:
    """"Your Rummi rating: 1,240 after 12 rated games", or while it settles "…: 1,000? (no rated
    games yet; '?' until 5)"."""
    games = mine["games"]
    rating = rating_words(mine["mu"], mine["sigma"], games)
    played = f"{games} rated game{'s' if games != 1 else ''}" if games else "no rated games yet"
    if games >= PROVISIONAL_GAMES:
        return f"Your {title} rating: {rating} after {played}"
    return f"Your {title} rating: {rating} ({played}; '?' until {PROVISIONAL_GAMES})"

