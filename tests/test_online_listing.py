"""How the lobby's lists read: the move clock as people say it, the order of your games, a
table's two lines, and a rating from openskill's figures (no window, no server)."""

from __future__ import annotations

from rummi_desktop.scenes.online.leaderboard_scene import board_ranks
from rummi_desktop.scenes.online.listing import (
    my_game_row,
    my_games_in_order,
    open_table_row,
    own_rating_words,
    rating_words,
    shown_rating,
    time_left,
    waiting_for_you,
    Waiting,
)

NOW = 1_000_000.0
ALICE = {"name": "Alice"}


def test_time_left_reads_like_a_person_says_it():
    day, hour = 86400, 3600
    assert time_left(None, NOW) == ""
    assert time_left(NOW + 2 * day + 3 * hour, NOW) == "2 days 3 h left"
    assert time_left(NOW + 2 * day - 5, NOW) == "2 days left"  # a fresh two-day clock, a few seconds on
    assert time_left(NOW + day + 30, NOW) == "1 day left"  # no "0 h"
    assert time_left(NOW + 5 * hour + 20 * 60, NOW) == "5 h 20 min left"
    assert time_left(NOW + hour, NOW) == "1 h left"
    assert time_left(NOW + 12 * 60, NOW) == "12 min left"
    assert time_left(NOW + 40, NOW) == "40 s left"
    assert time_left(NOW - 1, NOW) == "time is up"


def seat(name, label="human"):
    return {"label": label, "name": name, "taken": bool(name)}


def table(key, current, deadline, status="playing", seats=None, **more):
    return {"table": key, "game": "rummi", "status": status, "current": current, "deadline": deadline,
            "seats": seats or [seat("Alice"), seat("Bob")], "invite": "K7QZ2M", **more}


def test_your_move_first_nearest_clock_first_then_the_rest():
    tables = [table("theirs-soon", 1, NOW + 60), table("mine-late", 0, NOW + 9000), table("mine-none", 0, None),
              table("mine-soon", 0, NOW + 100), table("theirs-none", 1, None)]
    order = [t["table"] for t in my_games_in_order(tables, ALICE)]
    assert order == ["mine-soon", "mine-late", "mine-none", "theirs-soon", "theirs-none"]


def test_a_game_of_yours_reads_its_opponents_and_whose_move():
    mine = my_game_row(table("a", 0, NOW + 3 * 86400), ALICE, NOW)
    assert (mine.headline, mine.detail, mine.yours_to_move) == ("Rummi · vs Bob", "3 days left", True)
    three = table("b", 2, NOW + 90, seats=[seat("Alice"), seat("Bob"), seat("", "hard")])
    theirs = my_game_row(three, ALICE, NOW)
    assert theirs.headline == "Rummi · vs Bob, Hard computer" and theirs.detail == "Hard computer to move · 2 min left"
    waiting = my_game_row(table("c", 0, None, status="open", seats=[seat("Alice"), seat("")]), ALICE, NOW)
    assert waiting.detail == "Waiting for 1 player · invite K7QZ2M" and not waiting.yours_to_move


def test_an_open_table_reads_its_pace_and_free_seats():
    row = open_table_row(table("d", 0, None, status="open", seats=[seat("Carol"), seat(""), seat("")],
                               clock={"kind": "async", "seconds": 2 * 86400}, ranked=True))
    assert row.headline == "Rummi · Carol" and row.detail == "2 days a move · 2 seats free · ranked"
    with_computer = open_table_row(table("f", 0, None, status="open", seats=[seat("Carol"), seat(""), seat("", "easy")]))
    assert with_computer.headline == "Rummi · Carol, Easy computer" and "1 seat free" in with_computer.detail
    live = open_table_row(table("e", 0, None, status="open", clock={"kind": "live", "seconds": 60.0}))
    assert live.detail.startswith("Live: 60 s a turn")


def test_a_rating_on_a_familiar_scale_marked_while_it_settles():
    assert shown_rating(25.0, 25.0 / 3) == 1000  # a new player
    assert shown_rating(30.0, 2.0) == 1960
    assert rating_words(30.0, 2.0, 12) == "1,960" and rating_words(25.0, 25.0 / 3, 0) == "1,000?"
    new = {"mu": 25.0, "sigma": 25.0 / 3, "games": 0}
    assert own_rating_words("Rummi", new) == "Your Rummi rating: 1,000? (no rated games yet; '?' until 5)"
    assert own_rating_words("Rummble", {**new, "games": 1}) == "Your Rummble rating: 1,000? (1 rated game; '?' until 5)"
    assert own_rating_words("Rummi", {"mu": 30.0, "sigma": 2.0, "games": 12}) == "Your Rummi rating: 1,960 after 12 rated games"


def test_equal_figures_share_a_rank():
    players = [{"ordinal": value} for value in (20.0, 15.0, 15.0, 9.0)]
    assert board_ranks(players) == [1, 2, 2, 4]


def test_a_table_with_house_rules_names_them_after_its_game():
    blitz = {**table("g", 0, None, status="open", seats=[seat("Carol"), seat("")]),
             "options": {"mode": "blitz", "opening_points": 0}}
    assert open_table_row(blitz).headline == "Rummi (No opening rule · Blitz (30 s)) · Carol"
    assert my_game_row({**blitz, "status": "playing"}, ALICE, NOW).headline.startswith("Rummi (No opening rule")
    usual = {**blitz, "options": {"mode": "parlor", "unknown": 1}}  # the usual rules, a key this copy does not know
    assert open_table_row(usual).headline == "Rummi · Carol"


ASYNC = {"kind": "async", "seconds": 2 * 86400}
LIVE = {"kind": "live", "seconds": 60}


def test_your_move_at_a_days_per_move_table_within_12_hours_is_flagged_urgent():
    soon = table("soon", 0, NOW + 11 * 3600, clock=ASYNC)
    row = my_game_row(soon, ALICE, NOW)
    assert row.yours_to_move and row.urgent and row.detail == "11 h left"
    assert not my_game_row(table("later", 0, NOW + 13 * 3600, clock=ASYNC), ALICE, NOW).urgent
    assert not my_game_row(table("theirs", 1, NOW + 3600, clock=ASYNC), ALICE, NOW).urgent  # their clock
    assert not my_game_row(table("live", 0, NOW + 30, clock=LIVE), ALICE, NOW).urgent  # a live clock always is


def test_the_games_waiting_for_you_count_and_the_urgent_among_them():
    tables = [table("soon", 0, NOW + 3600, clock=ASYNC), table("later", 0, NOW + 2 * 86400, clock=ASYNC),
              table("theirs", 1, NOW + 3600, clock=ASYNC), table("none", 0, None)]
    assert waiting_for_you(tables, ALICE, NOW) == Waiting(3, 1)
    assert waiting_for_you([], ALICE, NOW) == Waiting(0, 0)
