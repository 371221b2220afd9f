"""Settings: defaults, round-trip through TOML, and every way a settings file can be wrong."""

from __future__ import annotations

from dataclasses import fields

import pytest
from hypothesis import given, settings as hyp_settings, strategies as st

from rummi_desktop.storage import paths
from rummi_desktop.shell.window_size import UI_SCALES
from rummi_desktop.shell.settings import (
    ANIMATION_SPEEDS,
    TURN_CLOCK_CHOICES,
    Settings,
    load_settings,
    save_settings,
)

settings_strategy = st.builds(
    Settings,
    master_volume=st.floats(0, 1),
    effects_volume=st.floats(0, 1),
    music_volume=st.floats(0, 1),
    music_on=st.booleans(),
    theme=st.sampled_from(["parlor", "midnight", "bordeaux", "contrast"]),
    turn_clock=st.sampled_from(TURN_CLOCK_CHOICES),
    animation_speed=st.sampled_from(list(ANIMATION_SPEEDS)),
    colour_blind=st.booleans(),
    show_invalid_melds=st.booleans(),
    fullscreen=st.booleans(),
    ui_scale=st.sampled_from(UI_SCALES),
)


@hyp_settings(max_examples=60, deadline=None)
@given(chosen=settings_strategy)
def test_any_valid_settings_round_trip(tmp_path_factory, chosen):
    path = tmp_path_factory.mktemp("cfg") / "settings.toml"
    save_settings(chosen, path)
    assert load_settings(path) == (chosen, None)


def test_no_file_gives_defaults_silently(tmp_path):
    assert load_settings(tmp_path / "settings.toml") == (Settings(), None)


def test_default_location_is_the_user_config_folder(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    save_settings(Settings(theme="midnight"))
    assert (tmp_path / "config" / "settings.toml").is_file()
    assert load_settings()[0].theme == "midnight"


def test_corrupt_file_gives_defaults_a_notice_and_a_bad_copy(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text("master_volume = 0.3\ntheme = [unclosed\n", encoding="utf-8")
    loaded, notice = load_settings(path)
    assert loaded == Settings()
    assert notice and "settings.toml.bad" in notice
    assert (tmp_path / "settings.toml.bad").read_text(encoding="utf-8").startswith("master_volume = 0.3")
    save_settings(loaded, path)  # the next save writes a fresh, good file
    assert load_settings(path) == (Settings(), None)


def test_wrong_values_fall_back_one_by_one_and_are_named(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text(
        'master_volume = 7\nmusic_volume = 0.25\nturn_clock = 45\ncolour_blind = "yes"\n'
        'animation_speed = "brisk"\nfuture_option = 1\n',
        encoding="utf-8",
    )
    loaded, notice = load_settings(path)
    assert loaded.music_volume == 0.25 and loaded.animation_speed == "brisk"
    assert loaded.master_volume == Settings().master_volume
    assert loaded.turn_clock == Settings().turn_clock and loaded.colour_blind is False
    for key in ("master_volume", "turn_clock", "colour_blind"):
        assert key in notice
    assert "music_volume" not in notice and "future_option" not in notice


# Every kind of TOML value that is never a setting's type: arrays, tables, dates and times.
ODD_TOML_VALUES = ['["fast"]', "[]", '{ speed = "fast" }', "[[1, 2], [3]]", "2026-11-29T17:02:11",
                   "2026-11-29", "17:02:11", "nan", "inf"]


@pytest.mark.parametrize("raw", ODD_TOML_VALUES)
@pytest.mark.parametrize("name", [field.name for field in fields(Settings)])
def test_any_toml_value_of_the_wrong_kind_falls_back_without_raising(tmp_path, name, raw):
    path = tmp_path / "settings.toml"
    path.write_text(f"{name} = {raw}\n", encoding="utf-8")
    loaded, notice = load_settings(path)
    assert getattr(loaded, name) == getattr(Settings(), name)
    assert notice is not None and name in notice


def test_a_setting_written_as_a_table_falls_back_without_raising(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text('music_volume = 0.25\n[animation_speed]\nvalue = "brisk"\n', encoding="utf-8")
    loaded, notice = load_settings(path)
    assert loaded.animation_speed == "normal" and loaded.music_volume == 0.25
    assert "animation_speed" in notice


def test_integer_volumes_are_accepted_as_floats(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text("master_volume = 1\neffects_volume = 0\n", encoding="utf-8")
    loaded, notice = load_settings(path)
    assert notice is None and loaded.master_volume == 1.0 and isinstance(loaded.effects_volume, float)


def test_music_switch_round_trips_and_a_wrong_value_keeps_the_music_on(tmp_path):
    path = tmp_path / "settings.toml"
    assert Settings().music_on is True
    save_settings(Settings(music_on=False, music_volume=0.3), path)
    assert "music_on = false" in path.read_text(encoding="utf-8")
    assert load_settings(path) == (Settings(music_on=False, music_volume=0.3), None)
    path.write_text('music_on = "off"\nmusic_volume = 0.3\n', encoding="utf-8")
    loaded, notice = load_settings(path)
    assert loaded.music_on is True and loaded.music_volume == 0.3
    assert notice is not None and "music_on" in notice and "music_volume" not in notice
    with pytest.raises(ValueError, match="music_on must be true or false"):
        Settings().with_changes(music_on=1)


def test_with_changes_checks_values():
    base = Settings()
    assert base.with_changes(turn_clock=120).turn_clock == 120
    with pytest.raises(ValueError, match="turn_clock"):
        base.with_changes(turn_clock=90)
    with pytest.raises(ValueError, match="master_volume"):
        base.with_changes(master_volume=1.5)


def test_instant_animation_is_an_infinite_speed_multiplier():
    assert Settings(animation_speed="instant").animation_multiplier == float("inf")
    assert Settings().animation_multiplier == 1.0
