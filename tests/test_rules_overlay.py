"""Issue 21, item 7: the Rules overlay of every game. Its text runs in two columns across the
whole card, ends above the "Click anywhere" line, loses no word of the rules, and the card is
opaque: the pause card it was opened from does not show through. Drawn off-screen."""

from __future__ import annotations

import importlib

import pygame
import pytest

from test_rummi_flow_support import key, make_app, open_table, session_from_position, steps
from rummi_desktop.games import GAMES
from rummi_desktop.scenes.table_overlays import PauseOverlay, RulesOverlay
from rummi_desktop.ui import shapes


def help_sections(game: str):
    return importlib.import_module(f"rummi_desktop.games.{game}.table.help_text").HELP_SECTIONS


@pytest.fixture
def app(tmp_path, monkeypatch):
    return make_app(tmp_path, monkeypatch, speed="instant")


@pytest.mark.parametrize("game", list(GAMES))
def test_the_rules_fill_the_card_above_its_foot_line_and_keep_every_word(app, game):
    sections = help_sections(game)
    rules = RulesOverlay(app, GAMES[game].title, sections)
    page, card = rules.page, rules.card
    foot = rules.foot_rect()
    assert page.size >= 15  # still easy to read
    for line in page.lines:
        picture = shapes.text(line.text, page.size + 2 if line.heading else page.size, (0, 0, 0), bold=line.heading)
        drawn = picture.get_rect(topleft=(line.x, line.y))
        assert card.contains(drawn) and drawn.bottom < foot.top, line.text
    rightmost = max(line.x + shapes.text(line.text, page.size, (0, 0, 0)).get_width() for line in page.lines)
    assert rightmost > card.x + 0.8 * card.w  # not only the left 60 %
    words = [word for heading, lines in sections for word in (heading + " " + " ".join(lines)).split()]
    assert [word for line in page.lines for word in line.text.split()] == words


def test_the_pause_card_does_not_show_through_the_rules(app):
    scene = open_table(app, session_from_position(["R10 R11 R12"], ["R1 K5 B9", "K1 K3 K9"]))
    key(app, "escape")
    pause = app.stack.top
    assert isinstance(pause, PauseOverlay)
    key(app, "h")  # Rules, from the pause card
    rules = app.stack.top
    assert isinstance(rules, RulesOverlay)
    steps(app, 2)
    over_pause = pygame.Surface((1280, 800))
    app.stack.draw(over_pause)
    # the same rules card straight over the table, no pause card under it
    key(app, "escape")
    key(app, "escape")
    assert app.stack.top is scene
    app.stack.push(RulesOverlay(app, scene.game_title, scene.help_sections))
    steps(app, 2)
    over_table = pygame.Surface((1280, 800))
    app.stack.draw(over_table)
    inside = rules.card.inflate(-40, -40)
    assert pause.card.colliderect(inside)
    differing = [(x, y) for x in range(inside.left, inside.right, 4) for y in range(inside.top, inside.bottom, 4)
                 if over_pause.get_at((x, y)) != over_table.get_at((x, y))]
    assert differing == []
