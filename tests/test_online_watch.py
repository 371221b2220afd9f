"""Watching from the Online screen, by synthetic clicks: the lobby's Watch tab lists the public
games in play; Watch opens the table read-only (a "Watching" banner, no rack), it follows the
moves, shows the position one move behind on asking, lays every rack open at the end, and
Leave goes back to the lobby and stops the pushes.

The hosted server listens on 127.0.0.1 here: tests send traffic nowhere else."""

from __future__ import annotations

import pygame

import websockets  # noqa: F401  (the server extra: without it these tests fail, never skip)

from rummi_desktop.scenes.online.lobby_scene import OnlineScene
from rummi_desktop.scenes.online.spectator_scene import SpectatorScene
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
        shown = watching.status()
        assert shown["racks"] is None and sorted(shown["rack_sizes"]) == [14, 15]  # one move behind: one draw; no rack

        mover, game = _on_turn((carol, dave), table_id)
        mover.submit(lambda c: c.move(table_id, "resign", game["version"])).result(20)
        run_until(app, lambda: watching.over)  # the end is shown at once, with every rack
        assert [len(rack) for rack in watching.message["revealed"]] == [15, 15]  # 14 dealt, one draw each
        assert watching.status()["racks"] == watching.message["revealed"]
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
