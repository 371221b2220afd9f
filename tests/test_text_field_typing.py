"""Typing into a text field never turns into commands (issue 21, item 14): a field being edited
swallows every printable key; a field that lost the edit (a click beside it) keeps the screen's
letter shortcuts quiet while the player types on, and they work again after a pause; Ctrl+A
selects the whole text, which what is typed next replaces."""

from __future__ import annotations

import pygame

from rummi_desktop.records.profile_file import load_profiles
from rummi_desktop.scenes.profiles import ProfilesScene
from rummi_desktop.ui.text_field import TYPING_PAUSE, TextField
from test_profile_scenes import DT, app, click, key, run, type_text  # noqa: F401  (the fixture)


def key_down(app, name, text="", ctrl=False):  # noqa: F811
    mod = pygame.KMOD_CTRL if ctrl else 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name), mod=mod, unicode=text, scancode=0))
    if text and not ctrl:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    run(app, 1)


def profiles_scene(app):  # noqa: F811
    scene = ProfilesScene(app)
    app.stack.push(scene)
    run(app)
    return scene


def test_letters_typed_on_after_the_field_lost_the_edit_fire_no_shortcut(app):  # noqa: F811
    scene = profiles_scene(app)
    click(app, scene.name_field.rect.center)
    for letter in "ann":
        key_down(app, letter, letter)
    assert scene.name_field.text == "ann"
    click(app, (640, 780))  # beside the field: the edit ends
    assert not scene.name_field.editing
    for letter in "no":  # N makes a profile and O opens the collection, but the player is typing
        key_down(app, letter, letter)
    assert load_profiles()[0].profiles == [] and app.stack.top is scene
    run(app, round(TYPING_PAUSE / DT) + 2)  # a pause: the letters are shortcuts again
    key(app, "n")
    assert [p.name for p in load_profiles()[0].profiles] == ["ann"]


def test_a_field_being_edited_swallows_every_printable_key(app):  # noqa: F811
    scene = profiles_scene(app)
    click(app, scene.name_field.rect.center)
    for letter in "noecisr":
        key_down(app, letter, letter)
    assert scene.name_field.text == "noecisr" and app.stack.top is scene
    assert load_profiles()[0].profiles == []


def test_ctrl_a_selects_all_and_typing_replaces_it():
    changes = []
    field = TextField((0, 0, 300, 50), "Annie", changes.append)
    field.activate()
    from rummi_desktop.shell.input import Action, ActionKind

    assert field.take(Action(ActionKind.SHORTCUT, key="a", ctrl=True)) and field.all_selected
    field.take(Action(ActionKind.TEXT, text="b"))
    assert field.text == "B" and not field.all_selected  # a name starts with a capital
    field.take(Action(ActionKind.SHORTCUT, key="a", ctrl=True))
    field.take(Action(ActionKind.SHORTCUT, key="backspace"))
    assert field.text == "" and changes[-1] == ""
    field.set_text("Zoë")
    field.take(Action(ActionKind.SHORTCUT, key="a", ctrl=True))
    field.take(Action(ActionKind.SHORTCUT, key="left"))  # a caret key keeps the text
    field.take(Action(ActionKind.TEXT, text="!"))
    assert field.text == "Zo!ë"


def test_the_selection_is_drawn(app):  # noqa: F811
    scene = profiles_scene(app)
    click(app, scene.name_field.rect.center)
    type_text(app, "ann")
    plain = pygame.Surface((1280, 800))
    scene.draw(plain)
    key_down(app, "a", ctrl=True)
    marked = pygame.Surface((1280, 800))
    scene.draw(marked)
    box = scene.name_field.rect
    assert pygame.image.tobytes(plain.subsurface(box), "RGB") != pygame.image.tobytes(marked.subsurface(box), "RGB")
