"""Fonts: shipped files (with licences) load, are cached, and damaged files fall back safely."""

from __future__ import annotations

from importlib import resources

import pygame
import pytest

from rummi_desktop.ui import fonts

FONT_DIR = resources.files("rummi_desktop").joinpath("assets", "fonts")


@pytest.fixture(autouse=True)
def fresh_fonts():
    fonts.clear_font_cache()
    yield
    fonts.clear_font_cache()


def test_every_font_ships_with_a_licence():
    names = {item.name for item in FONT_DIR.iterdir()}
    assert set(fonts.FONT_FILES.values()) <= names
    for licence in ("Lato-LICENSE.txt", "LobsterTwo-LICENSE.txt"):
        text = FONT_DIR.joinpath(licence).read_text(encoding="utf-8")
        assert "OFL-1.1" in text and "PERMISSION & CONDITIONS" in text  # the full licence text
    for name in fonts.FONT_FILES.values():
        assert fonts.font_file_problem(FONT_DIR.joinpath(name).read_bytes()) is None


def test_fonts_are_cached_and_not_the_default_face():
    body = fonts.font(24)
    assert fonts.font(24) is body
    assert fonts.font(24, bold=True) is not body
    default = pygame.font.Font(None, 24)
    sample = "Rummi Desktop 1234567890"
    assert body.size(sample) != default.size(sample)
    assert fonts.display_font(40).size(sample) != fonts.font(40).size(sample)
    assert fonts.tile_font(30).render("13", True, (0, 0, 0)).get_height() > 20
    assert fonts.font_problems() == []


def test_a_missing_font_falls_back_and_is_reported(monkeypatch):
    monkeypatch.setitem(fonts.FONT_FILES, "display", "NoSuchFont.otf")
    title = fonts.display_font(30)
    assert title.render("Rummi", True, (0, 0, 0)).get_width() > 0
    assert any("NoSuchFont.otf" in line for line in fonts.font_problems())


@pytest.mark.parametrize("damage", [b"not a font at all", "truncate"])
def test_a_damaged_font_is_refused_before_pygame_sees_it(monkeypatch, damage):
    good = FONT_DIR.joinpath("Lato-Regular.ttf").read_bytes()
    data = good[:1000] if damage == "truncate" else damage
    assert fonts.font_file_problem(data) is not None
    monkeypatch.setattr(fonts.resources, "files", lambda _package: _FakeFiles(data))
    text = fonts.font(20)  # would crash the process if the damaged bytes reached pygame
    assert text.render("still works", True, (0, 0, 0)).get_width() > 0
    assert fonts.font_problems()


def test_fonts_survive_the_font_module_restarting():
    fonts.font(18)
    pygame.font.quit()  # pygame-ce fonts die with their module ("font module quit since ...")
    pygame.font.init()
    assert fonts.font(18).render("again", True, (0, 0, 0)).get_width() > 0
    pygame.font.quit()
    assert fonts.font(18).render("and again", True, (0, 0, 0)).get_width() > 0


class _FakeFiles:
    """Stands in for importlib.resources.files(): every path reads the given bytes."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def joinpath(self, *_parts: str) -> "_FakeFiles":
        return self

    def read_bytes(self) -> bytes:
        return self.data


def test_text_drawn_with_the_fonts_is_forgotten_with_them():
    from rummi_desktop.ui import shapes

    shapes.text("Rummi", 24, (0, 0, 0))
    shapes.embossed_title("Rummi", 40, (250, 240, 220), (0, 0, 0, 120), (40, 20, 10))
    assert shapes.text.cache_info().currsize > 0 and shapes.embossed_title.cache_info().currsize > 0
    fonts.clear_font_cache()
    assert shapes.text.cache_info().currsize == 0 and shapes.embossed_title.cache_info().currsize == 0
