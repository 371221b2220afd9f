"""The results card of an online table shows every rack at the end, as a table of friends turns
them up: over real sockets with the embedded server, for every game, Alice resigns at her real
table and her results card shows the tiles Bob ended with (the server's last message lays them
open), and draws without one "not shown" line."""

from __future__ import annotations

import pygame
import pytest

from rummi_desktop.games.rummi.rules.pieces import face
from test_net_resign import ONLINE, alice_at_her_table
from test_net_session import ask, run_until
from test_resign_flow import ask_to_resign
from test_rummi_flow_support import click
from rummi_desktop.scenes.turn_machine import Phase


def shown_tiles(session, seat: int) -> list[str] | None:
    """What the results card shows of ``seat``'s tiles, as notation (None: not shown)."""
    if hasattr(session, "shown_rack"):  # Rummi: tile ids of the round's last state
        rack = session.shown_rack(seat)
        return None if rack is None else [face(tile).notation() for tile in rack]
    held = session.shown_hand(seat)
    return None if held is None else [tile if isinstance(tile, str) else tile.notation() for tile in held]


def own_tiles(view: dict) -> list[str]:
    return view.get("rack", view.get("hand"))


@pytest.mark.parametrize("game", sorted(ONLINE))
def test_the_results_card_shows_the_other_seats_tiles_once_the_game_is_over(server, tmp_path, monkeypatch, game):
    results = ONLINE[game][3]
    with alice_at_her_table(server, tmp_path, monkeypatch, game) as at:
        app, scene, session, bob, table_id, first = at.app, at.scene, at.session, at.bob, at.table_id, at.first
        bob_seat = 1 - first["seat"]
        assert session.play.revealed(bob_seat) is None  # in play: nothing laid open
        if first["current"] != first["seat"]:
            ask(bob, lambda c: c.move(table_id, ONLINE[game][4], first["version"]))
        run_until(app, lambda: scene.phase == Phase.PERSON)
        version = session.play.version
        click(app, ask_to_resign(app, scene).confirm_button.rect.center)
        run_until(app, lambda: isinstance(app.stack.top, results) and session.play.over)
        bobs_end = ask(bob, lambda c: c.wait_game(table_id, after=version))
        assert sorted(shown_tiles(session, bob_seat)) == sorted(own_tiles(bobs_end["view"]))
        assert sorted(bobs_end["revealed"][first["seat"]]) == sorted(shown_tiles(session, first["seat"]))
        drawn = pygame.Surface((1280, 800))
        app.stack.top.draw(drawn)  # the card lays out every rack without failing
        pygame.image.save(drawn, tmp_path / f"results-{game}.png")  # to look at: pytest --basetemp
