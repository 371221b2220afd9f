"""The main menu's Sandbox: it asks which game, then opens that game's sandbox."""

from __future__ import annotations

import pytest

from rummi_desktop.scenes.menu import MenuScene
from rummi_desktop.scenes.sandbox.dialogs import ChoiceDialog
from rummi_desktop.games.rummble.table.sandbox import RummbleSandboxScene
from rummi_desktop.games.rummi.table.sandbox import RummiSandboxScene
from rummi_desktop.games.tumblewords.table.sandbox import TumblewordsSandboxScene
from test_rummi_flow_support import click, key, make_app, steps


@pytest.mark.parametrize("title, scene_type", [("Rummi", RummiSandboxScene), ("Rummble", RummbleSandboxScene),
                                               ("Tumblewords", TumblewordsSandboxScene)])
def test_the_menus_sandbox_asks_which_game_and_opens_its_sandbox(tmp_path, monkeypatch, title, scene_type):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    menu = MenuScene(app)
    app.stack.push(menu)
    steps(app, 30)
    sandbox = next(button for button in menu.buttons if button.label == "Sandbox")
    click(app, sandbox.rect.center)
    chooser = app.stack.top
    assert isinstance(chooser, ChoiceDialog)
    assert [b.label for b in chooser.choices] == ["Rummi", "Rummble", "Tumblewords"]
    click(app, next(b for b in chooser.choices if b.label == title).rect.center)
    assert isinstance(app.stack.top, scene_type)
    assert app.stack.scenes[-2] is menu  # the chooser made way for the sandbox
    key(app, "escape")  # Esc in a sandbox goes back to the menu
    assert app.stack.top is menu
