"""The main menu's Sandbox: it asks which game, then opens that game's sandbox."""

from __future__ import annotations

import pytest

from rummi_desktop.scenes.menu import MenuScene
from rummi_desktop.scenes.sandbox.dialogs import ChoiceDialog
from rummi_desktop.games.rummble.table.sandbox import RummbleSandbox
from rummi_desktop.games.rummble.table.table_scene import RummbleTableScene
from rummi_desktop.games.rummi.table.sandbox import RummiSandbox
from rummi_desktop.games.rummi.table.table_scene import RummiTableScene
from rummi_desktop.games.tumblewords.table.sandbox import TumblewordsSandbox
from rummi_desktop.games.tumblewords.table.table_scene import TumblewordsTableScene
from rummi_desktop.scenes.sandbox.sandbox_mode import SandboxMode
from test_rummi_flow_support import click, key, make_app, steps


@pytest.mark.parametrize("title, table_type, part_type", [("Rummi", RummiTableScene, RummiSandbox),
                                                          ("Rummble", RummbleTableScene, RummbleSandbox),
                                                          ("Tumblewords", TumblewordsTableScene, TumblewordsSandbox)])
def test_the_menus_sandbox_asks_which_game_and_opens_its_sandbox(tmp_path, monkeypatch, title, table_type, part_type):
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
    table = app.stack.top  # the game's own table in the sandbox mode, with the game's part
    assert isinstance(table, table_type) and isinstance(table.mode, SandboxMode) and isinstance(table.mode.part, part_type)
    assert app.stack.scenes[-2] is menu  # the chooser made way for the sandbox
    key(app, "escape")  # Esc in a sandbox goes back to the menu
    assert app.stack.top is menu
