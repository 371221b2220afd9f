"""The guided first game is offered on a game's first setup, once, and always from Help."""

from __future__ import annotations

from rummi_desktop.scenes.confirm import ConfirmScene
from rummi_desktop.scenes.registry import find_game
from rummi_desktop.shell.settings import load_settings
from test_rummi_flow_support import click, steps


def fresh_app(tmp_path, monkeypatch):
    monkeypatch.setenv("RUMMI_DESKTOP_HOME", str(tmp_path))
    from rummi_desktop.shell.app import App

    return App()  # a player's app: it keeps its settings, so the offer is asked once


def open_setup(app):
    app.stack.push(find_game("rummi").new_game(app))
    steps(app, 3)


def test_the_offer_shows_on_a_fresh_profile_once(tmp_path, monkeypatch):
    app = fresh_app(tmp_path, monkeypatch)
    open_setup(app)
    offer = app.stack.top
    assert isinstance(offer, ConfirmScene) and offer.title == "New to Rummi?"
    click(app, offer.cancel_button.rect.center)  # No thanks
    assert type(app.stack.top).__name__ == "RummiSetupScene"
    assert "rummi" in load_settings(tmp_path / "config" / "settings.toml")[0].guides_offered.split()

    app.stack.pop()
    open_setup(app)
    assert type(app.stack.top).__name__ == "RummiSetupScene"  # not asked again
    again = fresh_app(tmp_path, monkeypatch)  # nor after a restart
    open_setup(again)
    assert type(again.stack.top).__name__ == "RummiSetupScene"


def test_yes_puts_the_guided_game_in_the_setups_place(tmp_path, monkeypatch):
    app = fresh_app(tmp_path, monkeypatch)
    open_setup(app)
    click(app, app.stack.top.confirm_button.rect.center)
    steps(app, 2)
    assert [type(scene).__name__ for scene in app.stack.scenes] == ["RummiTableScene"]
    assert app.stack.top.mode.status()["guide"]["title"] == "Rummi"


def test_help_has_a_guided_game_button_for_each_game_with_a_guide(tmp_path, monkeypatch):
    from rummi_desktop.scenes.help import HelpScene
    from rummi_desktop.scenes.registry import playable_games

    app = fresh_app(tmp_path, monkeypatch)
    help_scene = HelpScene(app)
    app.stack.push(help_scene)
    steps(app, 2)
    guided = [game.title for game in playable_games() if game.guided is not None]
    assert [button.label for button in help_scene.guided_buttons] == guided and "Rummi" in guided
    click(app, help_scene.guided_buttons[guided.index("Rummi")].rect.center)
    steps(app, 2)
    assert app.stack.top.mode.status()["guide"]["title"] == "Rummi"


def test_a_player_with_a_finished_game_is_not_offered_the_guide(tmp_path, monkeypatch):
    from profile_support import finished_record
    from rummi_desktop.records.profiles import GUEST
    from rummi_desktop.storage.game_records import write_record

    app = fresh_app(tmp_path, monkeypatch)
    write_record(finished_record("rummi", 3, {0: GUEST})[1])  # a game the guest finished before
    open_setup(app)
    assert type(app.stack.top).__name__ == "RummiSetupScene"


def test_a_real_game_after_the_guide_opens_its_setup_without_the_offer(tmp_path, monkeypatch):
    from rummi_desktop.scenes.guided.well_done import WellDoneCard

    app = fresh_app(tmp_path, monkeypatch)
    table = find_game("rummi").guided(app)  # from Help: the offer was never asked
    app.stack.push(table)
    steps(app, 2)
    table.mode.show_well_done()
    steps(app, 2)
    assert isinstance(app.stack.top, WellDoneCard)
    click(app, app.stack.top.real_game.rect.center)
    steps(app, 3)
    assert type(app.stack.top).__name__ == "RummiSetupScene"
