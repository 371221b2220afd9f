"""Names in Chinese, Japanese or Korean letters, which Lato lacks: drawn with a font of the
computer that has them, or, where none has them, as marked blocks (not Lato's empty box), with
the player told once, in words, on the menu. Drawn on off-screen surfaces."""

from __future__ import annotations

import pygame
import pytest
from glyph_font_support import write_square_font

from rummi_desktop.ui import fonts, glyph_fallback, shapes

NAME = "Li 王"  # Lato has "Li " but not 王
WHITE = (255, 255, 255)


@pytest.fixture
def machine_fonts(monkeypatch):
    """The computer's fonts, as the test says (a list of font files to search)."""
    pygame.font.init()
    found: list[str] = []
    monkeypatch.setitem(glyph_fallback.candidate_source, "find", lambda char: list(found))
    glyph_fallback.reset()
    fonts.clear_font_cache()  # shapes.text's cache too: no picture from another test's fonts
    yield found
    glyph_fallback.reset()
    fonts.clear_font_cache()


def ink_share(surface: pygame.Surface, box: pygame.Rect) -> float:
    """The share of pixels in ``box`` with any ink (alpha above a quarter)."""
    box = box.clip(surface.get_rect())
    inked = sum(1 for x in range(box.left, box.right) for y in range(box.top, box.bottom)
                if surface.get_at((x, y)).a > 64)
    return inked / max(1, box.width * box.height)


def last_letter_box(picture: pygame.Surface, size: int) -> pygame.Rect:
    """Where the name's last letter (王) is: after "Li ", drawn by Lato."""
    start = fonts.font(size).size("Li ")[0]
    return pygame.Rect(start, 0, picture.get_width() - start, picture.get_height())


def lato_box(size: int) -> pygame.Surface:
    """What Lato itself draws for 王: its box with a question mark."""
    return fonts.font(size).render("王", True, WHITE)


def test_lato_lacks_the_letter_so_the_test_means_something(machine_fonts):
    assert glyph_fallback.covers(fonts.face_source("regular"), "L")
    assert not glyph_fallback.covers(fonts.face_source("regular"), "王")
    assert ink_share(lato_box(40), lato_box(40).get_rect()) < 0.4  # an outline and a "?", mostly empty


def test_a_font_of_the_computer_with_the_letters_is_chosen_and_draws_them(machine_fonts, tmp_path):
    latin_only = str(write_square_font(tmp_path / "latin-only.ttf", "AB"))  # has a font, not the letter
    square = str(write_square_font(tmp_path / "square-cjk.ttf", "王李"))
    machine_fonts.extend([latin_only, square])
    assert glyph_fallback.font_for_character("王") == square  # the first font that really has it
    picture = shapes.text(NAME, 40, WHITE)
    letter = last_letter_box(picture, 40)
    assert ink_share(picture, letter) > 0.5  # the fallback's filled square, not Lato's hollow box
    assert glyph_fallback.take_missing_notice() is None  # nothing was missing: nothing to tell


def test_where_no_font_has_the_letters_a_marked_block_stands_in_and_the_player_is_told_once(machine_fonts):
    picture = shapes.text(NAME, 40, WHITE)
    letter = last_letter_box(picture, 40)
    assert 0.4 < ink_share(picture, letter) < 0.9  # a solid block, not Lato's mostly empty box
    assert picture.get_width() - fonts.font(40).size("Li ")[0] >= 30  # as wide as a letter
    notice = glyph_fallback.take_missing_notice()
    assert notice is not None and "solid blocks" in notice and "font" in notice
    shapes.text("金", 40, WHITE)
    assert glyph_fallback.take_missing_notice() is None  # once a run


def test_plain_text_keeps_the_fast_path(machine_fonts):
    assert shapes.text("Li", 40, WHITE).get_size() == fonts.font(40).render("Li", True, WHITE).get_size()
    assert glyph_fallback.take_missing_notice() is None


def click(app, point) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=point, button=1))
    app.step(1 / 60)


def test_a_profile_named_in_chinese_has_the_menu_say_it_in_words(machine_fonts, tmp_path, monkeypatch):
    from rummi_desktop.scenes.menu import MenuScene
    from rummi_desktop.scenes.profiles import ProfilesScene
    from rummi_desktop.shell.app import App
    from rummi_desktop.storage import paths

    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    app = App()
    menu = MenuScene(app)
    app.stack.push(menu)
    app.step(1 / 60)
    profiles = ProfilesScene(app)
    app.stack.push(profiles)
    app.step(1 / 60)
    click(app, profiles.name_field.rect.center)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="王芳"))
    app.step(1 / 60)
    new = next(w for w in profiles.widgets.widgets if getattr(w, "label", "") == "New profile")
    click(app, new.rect.center)
    assert [p.name for p in profiles.book.profiles] == ["王芳"]
    assert glyph_fallback.MISSING_NOTICE not in menu.notices  # not yet: the menu is covered
    app.stack.pop()
    app.step(1 / 60)
    assert menu.notices.count(glyph_fallback.MISSING_NOTICE) == 1  # said once, in words
    app.close()
