"""The real window plays each game's guided first game through, in one window session: menu →
Help → a game's guided game → each step done by real clicks and drags at the rectangles the
status file gives (the guide's targets, the table's melds) → Well done → Back to the menu →
the next game. The animations run at the brisk speed a player may choose."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest
from x_session import GameWindow, centre

pytestmark = pytest.mark.slow


@pytest.fixture
def prepare_home() -> Callable[[Path], None]:
    from rummi_desktop.shell.settings import Settings, save_settings

    return lambda home: save_settings(Settings(animation_speed="brisk"), home / "config" / "settings.toml")


def open_guide(game: GameWindow, title: str, table: str) -> None:
    game.wait_top("MenuScene")
    game.key("h")  # Help & About's key: no need to wait for the menu's buttons to drop in
    game.click(game.widget("HelpScene", title)["rect"])
    game.wait_top(table, lambda d: d["guide"]["title"] == title, f"the {title} guide")


def at_step(game: GameWindow, table: str, step: int) -> dict[str, Any]:
    """The table once step ``step`` waits for the person, everything at rest."""
    return game.wait_top(table, lambda d: d["guide"]["step"] == step and d["phase"] == "person" and d["settled"]
                         and (d["guide"]["reading"] or bool(d["guide"]["targets"])), f"guide step {step + 1}")


def read_on(game: GameWindow, table: str, step: int) -> None:
    game.click(at_step(game, table, step)["guide"]["next"])


def finish(game: GameWindow, name: str) -> None:
    game.wait_top("WellDoneCard")
    game.screenshot(f"{name}-well-done")
    game.click(game.widget("WellDoneCard", "Back to the menu")["rect"])
    game.wait_top("MenuScene")


def drag(game: GameWindow, start: tuple[float, float], end: tuple[float, float]) -> None:
    game.drag(start, end, steps=2)  # two pointer moves are all a drag needs: the test stays short


def right_of(box: list[float]) -> tuple[float, float]:
    """Just past a meld's last tile: a drop there joins the meld at its end."""
    return box[0] + box[2] + 10, box[1] + box[3] / 2


def play_rummi(game: GameWindow) -> None:
    table = "RummiTableScene"
    open_guide(game, "Rummi", table)
    read_on(game, table, 0)
    detail = at_step(game, table, 1)
    game.screenshot("rummi-opening")
    first, *rest = detail["guide"]["targets"]  # red 10, 11, 12 on the rack
    drag(game, centre(first), centre(detail["new_meld"]))
    for count, _ in enumerate(rest, start=2):
        detail = game.wait_top(table, lambda d, n=count - 1: d["table_tiles"] == n and d["settled"], "a tile laid")
        drag(game, centre(detail["guide"]["targets"][0]), right_of(detail["melds"][0]))
    game.click(at_step(game, table, 2)["guide"]["targets"][0])  # End Turn

    detail = at_step(game, table, 3)  # Robin opened: the rearrangement
    game.screenshot("rummi-rearrange")
    drag(game, centre(detail["guide"]["targets"][0]), centre(detail["new_meld"]))  # blue 11
    detail = game.wait_top(table, lambda d: d["table_tiles"] == 9 and d["settled"], "the blue 11 laid")
    drag(game, centre(detail["guide"]["targets"][0]), right_of(detail["melds"][-1]))  # yellow 11
    detail = game.wait_top(table, lambda d: d["table_tiles"] == 10 and d["settled"], "the yellow 11 laid")
    drag(game, centre(detail["guide"]["targets"][0]), right_of(detail["melds"][-1]))  # Robin's black 11
    game.click(at_step(game, table, 4)["guide"]["targets"][0])  # End Turn

    detail = at_step(game, table, 5)  # Robin laid a joker
    game.screenshot("rummi-joker")
    rack_tile, joker = detail["guide"]["targets"]
    drag(game, centre(rack_tile), centre(joker))
    for tiles in (14, 15):
        detail = game.wait_top(table, lambda d, n=tiles: d["table_tiles"] == n and d["settled"]
                               and d["guide"]["step"] == 6, "the freed joker on the felt")
        drag(game, centre(detail["guide"]["targets"][0]), right_of(detail["melds"][-1]))  # blue 6, then 7
    game.click(at_step(game, table, 7)["guide"]["targets"][0])  # End Turn
    finish(game, "rummi")


def play_rummble(game: GameWindow) -> None:
    table = "RummbleTableScene"
    open_guide(game, "Rummble", table)
    read_on(game, table, 0)
    for step in (1, 2):
        detail = at_step(game, table, step)
        game.screenshot(f"rummble-step-{step + 1}")
        *places, play = detail["guide"]["targets"]
        tiles, squares = places[:len(places) // 2], places[len(places) // 2:]
        for laid, (tile, square) in enumerate(zip(tiles, squares), start=1):
            # the rack closes up as tiles leave it: each next tile's box is read afresh
            detail = game.wait_top(table, lambda d, n=laid - 1: d["tentative"] == n and d["settled"], "tiles placed")
            drag(game, centre(detail["guide"]["targets"][0]), centre(square))
        game.wait_top(table, lambda d, n=len(tiles): d["tentative"] == n, "the play on the board")
        game.click(play)
    detail = at_step(game, table, 3)
    game.screenshot("rummble-exchange")
    game.click(detail["guide"]["targets"][0])
    game.wait_top("ExchangeDialog")
    game.key("1")
    game.key("Return")
    finish(game, "rummble")


def play_tumblewords(game: GameWindow) -> None:
    table = "TumblewordsTableScene"
    open_guide(game, "Tumblewords", table)
    read_on(game, table, 0)
    letter, column = at_step(game, table, 1)["guide"]["targets"]
    game.screenshot("tumblewords-two-words")
    drag(game, centre(letter), centre(column))
    blank, column = at_step(game, table, 2)["guide"]["targets"]
    game.screenshot("tumblewords-blank")
    drag(game, centre(blank), centre(column))
    game.wait_top("BlankPicker")
    game.key("e")
    game.key("Return")
    finish(game, "tumblewords")


def test_each_guided_first_game_plays_through_in_the_real_window(game: GameWindow) -> None:
    play_rummi(game)
    play_rummble(game)
    play_tumblewords(game)
