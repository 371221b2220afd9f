"""Issue 21, item 7: the refusal banner names every problem (a line each, the rest counted
and outlined in red on the table), stands clear of the match caption with the deal number
and of the opening counter, and stays up longer for more lines. Drawn off-screen."""

from __future__ import annotations

import pygame

from test_rummi_flow_support import key, make_app, open_table, rack_id, session_from_position, steps
from rummi_desktop.games.rummi.rules.moves import Place
from rummi_desktop.games.rummi.table import marks_paint
from rummi_desktop.games.rummi.table.paint import banner_place
from rummi_desktop.scenes.banner import BANNER_SECONDS
from rummi_desktop.ui.theme import DEFAULT_THEME_NAME, load_themes

RACK = "R1 K5 B9 Y12 R7 K2 B11 Y4 R13 K8 B3 Y6"


def lay_bad_melds(scene, count: int) -> None:
    """``count`` melds of two unrelated tiles each, laid as drops lay them."""
    notes = RACK.split()
    for index in range(count):
        meld = len(scene.state.table)
        first, second = rack_id(scene, notes[2 * index]), rack_id(scene, notes[2 * index + 1])
        assert scene.controller.apply_moves((Place(first, meld, 0), Place(second, meld, 1)))
    scene.relayout()


def refused_table(tmp_path, monkeypatch, bad: int):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = open_table(app, session_from_position(["R10 R11 R12", "K7 B7 Y7"], [RACK, "K1 K3 K9"],
                                                  opened=[True, True]))
    lay_bad_melds(scene, bad)
    key(app, "return")  # End Turn: refused
    steps(app, 2)
    return app, scene


def test_the_refusal_names_every_problem_on_its_own_line(tmp_path, monkeypatch):
    app, scene = refused_table(tmp_path, monkeypatch, 4)
    lines = scene.banner.message.split("\n")
    assert lines[0] == "4 melds are not valid (outlined in red):"
    assert [line.split(":")[0] for line in lines[1:]] == ["R1 K5", "B9 Y12", "R7 K2", "B11 Y4"]
    assert "more)" not in scene.banner.message
    assert scene.banner.seconds > BANNER_SECONDS  # more lines, more time to read them
    bad = {t for meld in scene.state.table[2:] for t in meld}
    assert scene.view.invalid_tiles == bad  # every problem meld is outlined on the table


def test_past_four_problems_the_banner_counts_the_rest_outlined_on_the_table(tmp_path, monkeypatch):
    app, scene = refused_table(tmp_path, monkeypatch, 6)
    lines = scene.banner.message.split("\n")
    assert len(lines) == 5 and lines[-1] == "and 3 more, outlined in red on the table"
    assert scene.view.invalid_tiles == {t for meld in scene.state.table[2:] for t in meld}


def test_the_banner_covers_neither_the_deal_line_nor_the_opening_counter(tmp_path, monkeypatch):
    app, scene = refused_table(tmp_path, monkeypatch, 4)
    view = scene.view
    with_banner, without = pygame.Surface((1280, 800)), pygame.Surface((1280, 800))
    scene.draw(with_banner)
    banner, scene.banner = scene.banner, None
    scene.draw(without)
    caption = marks_paint.match_caption_rect(view.table_area, scene.session.caption(1))
    assert "deal" in scene.session.caption(1)
    band = range(caption.top, caption.bottom, 2)  # the caption's height, across the felt
    changed = [(x, y) for x in range(0, 1280, 2) for y in band if with_banner.get_at((x, y)) != without.get_at((x, y))]
    assert changed, "the banner reaches down to the caption's line"
    assert max(x for x, _ in changed) < caption.left  # the deal line shows whole
    centre, width = banner_place(view)
    card = marks_paint.draw_banner(pygame.Surface((1280, 800)), app.theme, centre, banner.message, 1.0, True, width,
                                   max_lines=5)
    assert card.height == 20 + 30 * 5  # the heading and the four problems, none cut
    assert card.bottom <= view.rack_layout.slots[0].y  # and the rack stays clear


def test_a_long_message_wraps_within_the_room_it_is_given_and_keeps_its_line_breaks():
    pygame.init()
    surface = pygame.Surface((1280, 800))
    themes, _problems = load_themes()
    theme = themes[DEFAULT_THEME_NAME]
    card = marks_paint.draw_banner(surface, theme, (640, 500), "one\ntwo\nthree " + "word " * 40, 1.0, True, 600)
    assert card.width <= 600 and card.height > 20 + 30 * 3
    capped = marks_paint.draw_banner(surface, theme, (640, 500), "a\nb\nc\nd", 1.0, True, 600, max_lines=2)
    assert capped.height == 20 + 30 * 2


def test_a_banner_of_more_lines_stays_longer_and_still_fades_in_and_out():
    from rummi_desktop.scenes.banner import Banner, aged

    banner = Banner.to_read("heading\none\ntwo", warning=True)
    assert banner.seconds == banner.left > BANNER_SECONDS + 2
    assert banner.alpha < 0.5  # fading in
    aged(banner, 1.0)
    assert banner.alpha == 1.0
    aged(banner, banner.left - 0.1)
    assert 0 < banner.alpha < 0.5  # fading out at its own end, not at a short banner's
