"""Dialogs start on the safe answer, and setup says the deal is the last game's (issue 21,
item 15): the Quit, Give up and Delete questions focus Stay / Keep trying / Cancel, so Enter
keeps things as they are (also with the pointer in use); a setup opened after a game shows
that its deal number is that game's and that New deal gives another."""

from __future__ import annotations

import pygame
import pytest

from rummi_desktop.scenes.confirm import ConfirmScene, quit_confirmation
from rummi_desktop.scenes.puzzle_mode import ask_to_give_up
from rummi_desktop.scenes.setup_base import SEED_NOTE
from rummi_desktop.storage.saves import write_last_setup
from test_rummi_flow_support import key, make_app, post, steps


def asked(app, dialog: ConfirmScene) -> ConfirmScene:
    from rummi_desktop.scenes.base import ShellScene

    app.stack.push(ShellScene(app))  # a screen under the question (an empty stack ends the app)
    app.stack.push(dialog)
    steps(app, 2)
    return dialog


def test_quit_starts_on_stay_and_enter_stays(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    dialog = asked(app, quit_confirmation(app))
    assert dialog.widgets.focused is dialog.cancel_button and dialog.cancel_button.label == "Stay"
    key(app, "return")
    assert app.running and dialog not in app.stack.scenes


def test_give_up_starts_on_keep_trying_even_with_the_pointer_on_the_card(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    given_up = []

    class Holder:  # what ask_to_give_up reads of a puzzle table
        stack = app.stack

    holder = Holder()
    holder.app = app
    ask_to_give_up(holder, lambda: given_up.append(True))
    steps(app, 2)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmScene) and dialog.widgets.focused.label == "Keep trying"
    post(pygame.MOUSEMOTION, pos=dialog.confirm_button.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    steps(app, 1)  # the pointer hides the focus ring
    key(app, "return")
    assert given_up == [] and dialog not in app.stack.scenes
    ask_to_give_up(holder, lambda: given_up.append(True))
    steps(app, 2)
    key(app, "tab")
    key(app, "return")
    assert given_up == [True]


def setup_class(game: str):
    from rummi_desktop.games.rummble.table.setup_scene import RummbleSetupScene
    from rummi_desktop.games.rummi.table.setup_scene import RummiSetupScene
    from rummi_desktop.games.tumblewords.table.setup_scene import TumblewordsSetupScene

    return {"rummi": RummiSetupScene, "rummble": RummbleSetupScene, "tumblewords": TumblewordsSetupScene}[game]


@pytest.mark.parametrize("game", ["rummi", "rummble", "tumblewords"])
def test_setup_says_the_deal_is_the_last_games_and_new_deal_gives_another(tmp_path, monkeypatch, game):
    app = make_app(tmp_path, monkeypatch)
    first = setup_class(game)(app)
    assert not first.seed_note.shown()  # nothing played yet: no note
    write_last_setup(game, {**first.current_setup().to_dict(), "seed": 4242})
    scene = setup_class(game)(app)
    app.stack.push(scene)
    steps(app, 2)
    assert scene.seed == 4242 and scene.seed_note.shown()
    app.screen.fill((0, 0, 0))
    scene.draw(app.screen)
    note = scene.seed_note.rect
    shown = app.screen.subsurface(note).copy()
    pygame.image.save(app.screen, str(tmp_path / f"{game}-setup.png"))
    assert pygame.transform.average_color(shown) != pygame.transform.average_color(
        pygame.Surface(note.size)), "the note is drawn beside the deal number"
    assert note.right <= 1270 and not note.colliderect(scene.new_deal_button.rect)
    key(app, "f2")
    assert scene.seed != 4242 and not scene.seed_note.shown()
    scene.draw(app.screen)
    assert SEED_NOTE[0].startswith("The last game's deal")
