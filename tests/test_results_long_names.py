"""A seat's name on a game's results card stays in its column: an online account's name has up to
24 letters, and a wide one ran over the seat's score line. Drawn off-screen: the strip between
the name's column and the score line is the same with the longest name as with a short one."""

from __future__ import annotations

import pygame
import pytest

from profile_support import new_session, play_session_to_end
from rummi_desktop.games.seats import HUMAN, SeatConfig
from test_rummi_flow_support import make_app

LONGEST = "W" * 24


def results_card(game: str, app, name: str):
    session = new_session(game, 11, (SeatConfig(HUMAN, "You", "p-1"), SeatConfig("hard", name)))
    play_session_to_end(session, game, 11)
    if game == "rummi":
        from rummi_desktop.games.rummi.table.results import NAME_COLUMN, RoundEndScene

        card = RoundEndScene(app, session, lambda: None, lambda app, session: None)
        return card, card.card.x + 36 + NAME_COLUMN, card.card.x + 200, card.card.y + 92 + 112
    from rummi_desktop.games.rummble.table.results import GameOverScene, NAME_COLUMN

    card = GameOverScene(app, session, lambda app, session: None)
    card.age = 60.0  # the totals settled
    return card, card.card.x + 40 + NAME_COLUMN, card.card.x + 220, card.card.y + 140 + 104


@pytest.mark.parametrize("game", ["rummi", "rummble"])
def test_a_24_letter_name_stays_in_its_column_on_the_results_card(game, tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, "instant")
    try:
        strips = []
        for name in ("Bo", LONGEST):
            card, column_end, line_start, row_y = results_card(game, app, name)
            surface = pygame.Surface((1280, 800))
            card.draw(surface)
            strip = pygame.Rect(column_end + 2, row_y, line_start - column_end - 2, 28)
            strips.append(pygame.image.tobytes(surface.subsurface(strip), "RGB"))
        assert strips[0] == strips[1], "the long name ran past its column"
    finally:
        app.close()
