"""The Markdown-lite text pages of How to play & About (credits)."""

from __future__ import annotations

import pygame

from rummi_desktop.scenes.help import controls_and_files_text, credits_text
from rummi_desktop.scenes.text_page import ScrollingText, parse_blocks, render_page, wrap
from rummi_desktop.ui.fonts import font
from rummi_desktop.ui.theme import load_themes


def test_headings_bullets_paragraphs_links_and_tables():
    text = (
        "# Title\nFirst line\nsame paragraph with **bold** and `code`.\n\n## Sub\n- one\n  continued\n- two\n\n"
        "See [the site](https://example.org).\n\n| Name | Licence |\n| --- | --- |\n| Lato | OFL |\n"
    )
    assert parse_blocks(text) == [
        ("h1", "Title"),
        ("p", "First line same paragraph with bold and code."),
        ("h2", "Sub"),
        ("bullet", "one continued"),
        ("bullet", "two"),
        ("p", "See the site (https://example.org)."),
        ("bullet", "Lato — Licence: OFL"),
    ]


def test_wrap_keeps_every_word_and_respects_the_width():
    pygame.font.init()
    face = font(20)
    text = "the quick brown fox jumps over the lazy dog " * 6
    lines = wrap(text, face, 300)
    assert " ".join(lines).split() == text.split()
    assert all(face.size(line)[0] <= 300 for line in lines if " " in line)


def test_credits_name_the_fonts_and_the_word_list():
    credits = credits_text()
    for needed in ("Lato", "Lobster Two", "SIL Open Font License", "ENABLE", "public domain"):
        assert needed in credits


def test_help_says_where_settings_live(tmp_path, monkeypatch):
    monkeypatch.setenv("RUMMI_DESKTOP_HOME", str(tmp_path))
    text = controls_and_files_text()
    assert str(tmp_path / "config" / "settings.toml") in text and "F11" in text


def test_scrolling_is_clamped_to_the_page():
    pygame.font.init()
    theme = load_themes()[0]["parlor"]
    page = ScrollingText(pygame.Rect(0, 0, 400, 100), "word " * 400)
    page.scroll(-50, theme)
    assert page.offset == 0
    page.scroll(10_000, theme)
    assert page.offset == page.max_offset(theme) > 0
    surface = pygame.Surface((400, 100), pygame.SRCALPHA)
    page.draw(surface, theme)
    assert render_page(page.blocks, 392, theme).get_width() == 392


def test_how_to_play_shows_the_rummi_rules(tmp_path, monkeypatch):
    monkeypatch.setenv("RUMMI_DESKTOP_HOME", str(tmp_path))
    from rummi_desktop.games.rummi.table import game_info

    text = controls_and_files_text()
    rules = game_info().rules
    assert "30 points" in rules and "joker stands for into its place" in rules
    assert rules.split("\n\n")[0] in text
