"""A results card that counts its scores up (Rummble's) shows the real scores while a trophy
banner covers it, and keeps them once uncovered (issue 21, item 11: "while the trophy banner
shows, the results read 0 and 0"; only the top scene runs its clock)."""

from __future__ import annotations

import pygame

from rummi_desktop.scenes.results_base import GameEndScene
from rummi_desktop.shell.scene import Scene
from test_rummi_flow_support import make_app, steps


class CountingCard(GameEndScene):
    count_seconds = 1.4

    def __init__(self, app):
        super().__init__(app, session=None, new_table=lambda *_: None, card=pygame.Rect(200, 100, 880, 500))

    def on_enter(self) -> None:  # no session's victory cue here
        pass


def test_a_covered_card_counts_to_the_end_and_stays_there(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    card = CountingCard(app)
    app.stack.push(card)
    steps(app, 1)
    assert card.counted() < 0.2  # on top: it counts up
    app.stack.push(Scene())  # a trophy banner, say
    steps(app, 1)
    assert card.counted() == 1.0, "under a banner: the real scores"
    app.stack.pop()
    steps(app, 1)
    assert card.counted() == 1.0, "uncovered: not counted again from 0"

