"""Text fields take what SDL's text input sends (any printable character, space included) and
edit with keys; they switch text input on only while editing. Driven by synthetic TEXTINPUT
and KEYDOWN events through the real input mapper, and on the real screens."""

from __future__ import annotations

import pygame
import pytest

from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.ui.text_field import TextField
from test_rummi_flow_support import click, make_app, post, steps, type_text


def field(**options):
    typed: list[str] = []
    made = TextField((0, 0, 300, 48), "", typed.append, limit=options.pop("limit", 40), **options)
    made.editing = True
    return made, typed


def text(letters: str) -> Action:
    return Action(ActionKind.TEXT, text=letters)


def shortcut(key: str, **mods) -> Action:
    return Action(ActionKind.SHORTCUT, key=key, **mods)


def test_any_printable_character_types_and_space_is_text_not_confirm():
    name, typed = field(path=True)
    for piece in ("José", " ", "Zoë", " ", "Łódź", " 東京"):
        assert name.take(text(piece))
    assert name.take(Action(ActionKind.CONFIRM, key="space"))  # the key's space came as text already
    assert name.text == "José Zoë Łódź 東京" and typed[-1] == name.text and name.editing


def test_control_characters_digits_only_and_the_limit():
    number, _ = field(digits=True, limit=4)
    number.take(text("1a2\t3²45"))
    assert number.text == "123"[:3] + "4"  # letters, a tab and a superscript dropped; cut at 4
    plain, _ = field()
    plain.take(text("a\x7fb\nc"))
    assert plain.text == "Abc"  # a name starts with a capital; control characters are dropped


def test_caret_keys_edit_in_the_middle():
    word, _ = field(path=True)
    word.take(text("helo"))
    for key in ("left", "left"):
        word.take(shortcut(key))
    word.take(text("l"))
    assert word.text == "hello" and word.caret == 3
    word.take(shortcut("home"))
    word.take(shortcut("delete"))
    word.take(shortcut("end"))
    word.take(shortcut("backspace"))
    assert word.text == "ell" and word.caret == 3
    assert word.take(shortcut("s"))  # a typing key is held back from the screen's shortcuts
    assert not word.take(shortcut("f1")) and not word.take(shortcut("z", ctrl=True))


def test_enter_and_escape_finish_a_press_elsewhere_ends_and_passes_on():
    word, _ = field()
    assert word.take(Action(ActionKind.CONFIRM, key="return")) and not word.editing
    word.editing = True
    assert word.take(Action(ActionKind.BACK)) and not word.editing
    word.editing = True
    assert not word.take(Action(ActionKind.PRESS, pos=(10, 10))) and word.editing  # on itself
    assert not word.take(Action(ActionKind.PRESS, pos=(500, 500))) and not word.editing


def test_a_secret_shows_dots_and_the_text_is_kept(tmp_path, monkeypatch):
    make_app(tmp_path, monkeypatch)
    secret, _ = field(secret=True)
    secret.take(text("pass word"))
    secret.editing = False
    from rummi_desktop.ui.theme import fallback_theme

    theme = fallback_theme()
    shown = pygame.Surface((300, 48), pygame.SRCALPHA)
    secret.draw(shown, theme)
    plain = TextField((0, 0, 300, 48), "pass word", lambda _t: None, path=True)
    other = pygame.Surface((300, 48), pygame.SRCALPHA)
    plain.draw(other, theme)
    assert secret.text == "pass word" and pygame.image.tobytes(shown, "RGBA") != pygame.image.tobytes(other, "RGBA")


def test_text_input_is_on_only_under_a_screen_with_text_fields(tmp_path, monkeypatch):
    from rummi_desktop.scenes.menu import MenuScene
    from rummi_desktop.scenes.profiles import ProfilesScene

    calls: list[str] = []
    monkeypatch.setattr(pygame.key, "start_text_input", lambda: calls.append("start"))
    monkeypatch.setattr(pygame.key, "stop_text_input", lambda: calls.append("stop"))
    app = make_app(tmp_path, monkeypatch)
    app.stack.push(MenuScene(app))
    steps(app, 2)
    assert calls == ["stop"]  # the menu: keys are shortcuts, no input method in the way
    app.stack.push(ProfilesScene(app))
    steps(app, 2)
    assert calls == ["stop", "start"]  # on for the whole screen: keys typed right after a click become text
    app.stack.pop()
    steps(app, 2)
    assert calls == ["stop", "start", "stop"]


def test_keys_typed_in_the_same_batch_as_the_click_on_the_field_become_text(tmp_path, monkeypatch):
    from rummi_desktop.scenes.profiles import ProfilesScene

    app = make_app(tmp_path, monkeypatch)
    scene = ProfilesScene(app)
    app.stack.push(scene)
    steps(app, 1)
    centre = scene.name_field.rect.center
    post(pygame.MOUSEBUTTONDOWN, pos=centre, button=1)
    post(pygame.MOUSEBUTTONUP, pos=centre, button=1)
    for letter in "Zoë Q":
        post(pygame.TEXTINPUT, text=letter)
    steps(app, 1)  # one frame takes the click and the letters
    assert scene.name_field.text == "Zoë Q"


def test_textinput_events_reach_the_mapper_as_text(tmp_path, monkeypatch):
    from rummi_desktop.shell.input import InputMapper, Letterbox

    mapper = InputMapper(Letterbox((1280, 800)))
    assert mapper.translate(pygame.event.Event(pygame.TEXTINPUT, text="é ")) == [text("é ")]
    assert mapper.translate(pygame.event.Event(pygame.TEXTINPUT, text="\r")) == []
    space = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    assert mapper.translate(space) == [Action(ActionKind.CONFIRM, key="space")]


@pytest.mark.parametrize("name", ["Ann Lee", "José", "Zoë-Q"])
def test_a_setup_name_with_a_space_or_an_accent(tmp_path, monkeypatch, name):
    from rummi_desktop.games.rummi.table.session import MatchSetup
    from rummi_desktop.games.rummi.table.setup_scene import RummiSetupScene

    app = make_app(tmp_path, monkeypatch)
    setup = RummiSetupScene(app, MatchSetup(seed=7))
    app.stack.push(setup)
    steps(app, 2)
    first = setup.name_fields[0]
    click(app, first.rect.center)
    for _ in range(len(first.text)):
        post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0)
        steps(app, 1)
    type_text(app, name)
    post(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)  # Space does not start the game
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)  # Enter finishes the name
    steps(app, 2)
    assert app.stack.top is setup and not first.editing
    assert setup.current_setup().seats[0].name == name


def test_ctrl_v_pastes_the_clipboard_at_the_caret(monkeypatch):
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: "K7 QZ\n2M")
    code, _ = field(path=True)
    code.take(text("<>"))
    code.take(shortcut("left"))
    assert code.take(shortcut("v", ctrl=True))
    assert code.text == "<K7 QZ2M>"  # the line break is not a character a field holds
