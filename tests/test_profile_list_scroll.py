"""The Profiles list shows eight rows of up to 24 profiles: the wheel scrolls it, a profile
below the first eight can be chosen, and a newly made one is scrolled into view."""

from __future__ import annotations

import pygame
import pytest

from rummi_desktop.shell.app import App
from rummi_desktop.records.profiles import ProfileBook
from rummi_desktop.scenes.menu import MenuScene
from rummi_desktop.scenes.profiles import ROWS_SHOWN, ProfilesScene
from rummi_desktop.storage import paths
from rummi_desktop.records.profile_file import save_profiles

DT = 1 / 60


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    made = App()
    made.stack.push(MenuScene(made))
    made.step(DT)
    return made


def profiles_scene(app, count):
    book = ProfileBook()
    for number in range(count):
        book.create(f"Player {number + 1}")
    save_profiles(book)
    scene = ProfilesScene(app)
    app.stack.push(scene)
    app.step(DT)
    return scene


def test_the_wheel_scrolls_to_a_profile_past_the_first_eight_and_a_click_chooses_it(app):
    scene = profiles_scene(app, 12)
    last = scene.book.profiles[-1]
    assert last not in scene.shown_profiles()
    for _ in range(6):  # more steps than there are: the list stops at its end
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
        app.step(DT)
    assert scene.shown_profiles()[-1] == last and scene.first == 12 - ROWS_SHOWN
    row = scene.row_rect(ROWS_SHOWN - 1).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=row, button=1))
    app.step(DT)
    assert scene.selected == last.id


def test_a_new_profile_past_the_window_is_scrolled_into_view(app):
    scene = profiles_scene(app, ROWS_SHOWN)
    scene.typed = "Newcomer"
    scene.create()
    made = scene.book.named("Newcomer")
    assert scene.selected == made.id and made in scene.shown_profiles()
    scene.delete(made.id)
    assert scene.first == 0 and len(scene.shown_profiles()) == ROWS_SHOWN
