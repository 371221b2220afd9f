"""Watching from the Online screen, by synthetic clicks: the lobby's Watch tab lists the public
games in play; Watch opens the table read-only (a "Watching" banner, no rack), it follows the
moves, shows the position one move behind on asking, lays every rack open at the end, and
Leave goes back to the lobby and stops the pushes.

The hosted server listens on 127.0.0.1 here: tests send traffic nowhere else."""

from __future__ import annotations

import pygame

import websockets  # noqa: F401  (the server extra: without it these tests fail, never skip)

from rummi_desktop.scenes.online.lobby_scene import OnlineScene
from rummi_desktop.scenes.online.spectator_scene import PANEL, SpectatorScene
from test_online_lobby import other_player, run_until, signed_in_by_clicks
from test_rummi_flow_support import button_centre, click


def _on_turn(links, table_id):
    """The player whose move it is, and the game as that player sees it."""
    for link in links:
        game = link.submit(lambda c: c.subscribe(table_id)).result(20)
        if game["current"] == game["seat"]:
            return link, game
    raise AssertionError("nobody is on turn")


def test_watch_a_public_game_from_the_lobby_to_its_end(lobby, tmp_path):
    app, scene = lobby
    signed_in_by_clicks(app, scene)
    carol, dave = other_player(scene.link.url, "Carol"), other_player(scene.link.url, "Dave")
    try:
        table_id = carol.submit(lambda c: c.create_table("rummi", ["human", "human"])).result(20)["table"]
        dave.submit(lambda c: c.join_table(table_id)).result(20)
        click(app, button_centre(scene.refresh_button))
        click(app, button_centre(scene.tabs.watch_tab))
        run_until(app, lambda: any("Carol" in b.label for b in scene.tabs.watch_list.buttons))
        button = next(b for b in scene.tabs.watch_list.buttons if "Carol" in b.label)
        assert button.verb == "Watch" and scene.tabs.watch_tab.label == "Watch (1)"
        click(app, button_centre(button))
        run_until(app, lambda: isinstance(app.stack.top, SpectatorScene))
        watching = app.stack.top
        assert watching.message["seat"] is None and "rack" not in watching.message["view"]
        start = watching.message["version"]

        mover, game = _on_turn((carol, dave), table_id)
        mover.submit(lambda c: c.move(table_id, "draw", game["version"])).result(20)
        run_until(app, lambda: watching.message["version"] == start + 1)  # live: the move as it happens
        shot(app, tmp_path, "watching")

        click(app, button_centre(watching.delay_button))  # one move behind
        run_until(app, lambda: watching.changing is None and watching.message["version"] == start)
        assert watching.delay_button.label == "One move behind"
        mover, game = _on_turn((carol, dave), table_id)
        mover.submit(lambda c: c.move(table_id, "draw", game["version"])).result(20)
        run_until(app, lambda: watching.message["version"] == start + 1)  # the move before, not this one
        assert not watching.over

        mover, game = _on_turn((carol, dave), table_id)
        mover.submit(lambda c: c.move(table_id, "resign", game["version"])).result(20)
        run_until(app, lambda: watching.over)  # the end is shown at once, with every rack
        assert [len(rack) for rack in watching.message["revealed"]] == [15, 15]  # 14 dealt, one draw each
        shot(app, tmp_path, "watched-end")

        click(app, button_centre(watching.leave_button))
        run_until(app, lambda: isinstance(app.stack.top, OnlineScene))
    finally:
        carol.close(), dave.close()


def shot(app, tmp_path, name: str) -> None:
    """The screen as drawn, for a person to look at (pytest --basetemp keeps it)."""
    surface = pygame.Surface((1280, 800))
    app.stack.top.draw(surface)
    pygame.image.save(surface, tmp_path / f"{name}.png")
    pygame.image.save(pygame.transform.smoothscale(surface, (800, 500)), tmp_path / f"{name}-800x600.png")


class QuietLink:
    """A link with nothing to say (the scene is only drawn)."""

    def news(self):
        return []

    def submit(self, request):
        return None


def test_four_24_letter_names_stay_inside_the_watched_table(tmp_path, monkeypatch):
    """Drawn with four of the longest names and a long last move, and with short ones: the
    panel's right margin and the gap before the buttons stay the same (nothing ran into them)."""
    from rummi_desktop.games.rummi.rules.seat_view import public_view
    from rummi_desktop.games.rummi.rules.state import RummiParameters, RummiState
    from rummi_desktop.tiles import parse_tiles as tiles
    from test_rummi_flow_support import make_app

    app = make_app(tmp_path, monkeypatch, "instant")
    try:
        state = RummiState.from_position(RummiParameters(seats=("human",) * 4, seed=3), [tiles("R1 R2 R3")],
                                         [tiles("B4 B5"), tiles("K7"), tiles("Y1 Y2 Y3"), tiles("R9")])
        pictures = []
        for names, move in (("ABCD", "draw"), ([letter * 24 for letter in "WMQD"], "place " + "R1 R2 R3 " * 30)):
            message = {"type": "game", "table": "t1", "game": "rummi", "version": 7, "status": "playing",
                       "seat": None, "current": 1, "view": public_view(state), "last": {"seat": 0, "actions": [move]},
                       "seats": [{"label": "human", "name": name, "taken": True} for name in names]}
            scene = SpectatorScene(app, QuietLink(), message)
            surface = pygame.Surface((1280, 800))
            scene.draw(surface)
            margin = pygame.Rect(PANEL.right - 28, PANEL.y + 20, 24, PANEL.h - 40)
            gap = scene.delay_button.rect.move(-16, 0)
            gap.width = 14
            pictures.append([pygame.image.tobytes(surface.subsurface(rect), "RGB") for rect in (margin, gap)])
        assert pictures[0] == pictures[1], "a long name or move ran out of its place"
    finally:
        app.close()


def test_a_rack_longer_than_two_rows_ends_in_a_count_of_the_rest():
    from rummi_desktop.scenes.online.spectator_scene import tiles_shown

    assert tiles_shown(14, 12) == 14 and tiles_shown(24, 12) == 24  # two full rows: every tile
    assert tiles_shown(30, 12) == 23  # 23 tiles and "+7"
