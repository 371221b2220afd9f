"""Themes: every shipped theme validates; broken ones report every error with its key."""

from __future__ import annotations

import dataclasses
import tomllib

import pytest

from rummi_desktop.ui.theme import (
    DEFAULT_THEME_NAME,
    Theme,
    ThemeError,
    fallback_theme,
    load_theme,
    load_themes,
    shipped_theme_files,
    validate_theme,
)


def parlor_data() -> dict:
    files = {f.name: f for f in shipped_theme_files()}
    return tomllib.loads(files["parlor.toml"].read_text(encoding="utf-8"))


def relative_luminance(colour) -> float:
    def channel(value: int) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = colour[:3]
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast_ratio(a, b) -> float:
    light, dark = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_four_required_themes_ship_and_validate():
    themes, problems = load_themes()
    assert problems == []
    assert {"parlor", "ocean", "burgundy", "contrast"} <= set(themes)
    assert DEFAULT_THEME_NAME == "parlor"
    for path in shipped_theme_files():
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert validate_theme(data, path.name.removesuffix(".toml")) == [], path.name


def test_parlor_is_green_felt_on_a_red_brown_rail():
    parlor = load_themes()[0]["parlor"]
    red, green, blue = parlor.felt
    assert green > red and green > blue
    assert parlor.rail[0] > parlor.rail[1] > parlor.rail[2] * 0.5  # mahogany: red over green
    assert parlor.tile_colour("R")[0] > 150


@pytest.mark.parametrize("name", ["parlor", "ocean", "burgundy", "contrast"])
def test_text_is_readable_on_the_felt(name):
    theme = load_themes()[0][name]
    assert contrast_ratio(theme.text, theme.felt) >= 4.5
    assert contrast_ratio(theme.accent_text, theme.accent) >= 4.5


def test_high_contrast_theme_inks_are_readable_and_distinct():
    theme = load_themes()[0]["contrast"]
    inks = [theme.tile_colour(c) for c in "KBRY"]
    for ink in inks:
        assert contrast_ratio(ink, theme.tile_face) >= 4.5
    assert contrast_ratio(theme.text, theme.felt) >= 12
    for i, a in enumerate(inks):
        for b in inks[i + 1:]:
            assert sum(abs(x - y) for x, y in zip(a, b)) >= 120, (a, b)


def test_a_broken_theme_yields_every_error_with_its_key():
    data = parlor_data()
    data["felt"] = "green"
    del data["rail"]
    data["grain"] = 2
    data["panel"] = "#11223"
    data["tile_colours"]["R"] = "#12"
    del data["tile_colours"]["Y"]
    data["tile_colours"]["G"] = "#00ff00"
    data["felts"] = "#000000"
    data["title"] = ""
    errors = validate_theme(data, "parlor")
    keys = sorted(error.split(":")[0] for error in errors)
    assert keys == sorted(["felt", "rail", "grain", "panel", "tile_colours.R", "tile_colours.Y",
                           "tile_colours.G", "felts", "title"])
    assert any("missing" in e for e in errors if e.startswith("rail"))


def test_name_must_match_the_file_and_rgba_fields_accept_alpha():
    data = parlor_data()
    assert validate_theme(data, "other") == ["name: 'parlor' does not match the file name 'other'"]
    data["tile_shadow"] = "#102030"  # RGBA field written without alpha means opaque
    data["felt"] = "#10203040"  # RGB field must not carry alpha
    errors = validate_theme(data, "parlor")
    assert [e.split(":")[0] for e in errors] == ["felt"]


def test_load_theme_raises_with_the_whole_error_list(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('title = "Bad"\nfelt = 12\n', encoding="utf-8")
    with pytest.raises(ThemeError) as caught:
        load_theme(path)
    assert "felt: expected a colour string" in " ".join(caught.value.errors)
    assert len(caught.value.errors) > 10  # every missing key is listed, not just the first


def test_a_broken_file_among_good_ones_is_skipped_and_reported(tmp_path):
    good = tmp_path / "parlor.toml"
    good.write_text(next(f for f in shipped_theme_files() if f.name == "parlor.toml").read_text(encoding="utf-8"))
    syntax = tmp_path / "syntax.toml"
    syntax.write_text("title = [unclosed\n", encoding="utf-8")
    values = tmp_path / "values.toml"
    values.write_text(good.read_text().replace('felt = "#1e6b47"', 'felt = "#zzzzzz"').replace('name = "parlor"', ""))
    themes, problems = load_themes([good, syntax, values])
    assert list(themes) == ["parlor"]
    assert any(p.startswith("syntax.toml: (file): not valid TOML") for p in problems)
    assert any(p.startswith("values.toml: felt:") for p in problems)


def test_themes_are_immutable_and_hashable():
    theme = load_themes()[0]["ocean"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        theme.felt = (0, 0, 0)  # type: ignore[misc]
    with pytest.raises(TypeError):
        theme.tile_colours["K"] = (1, 2, 3)  # type: ignore[index]
    assert {theme: 1}[theme] == 1
    assert isinstance(fallback_theme(), Theme)
    assert fallback_theme().name == DEFAULT_THEME_NAME


@pytest.mark.parametrize("content, reason", [
    ("title = " + "[" * 1000 + "]" * 1000 + "\n", "nested too deeply"),
    ("grain = " + "1" * 5000 + "\n", "too many digits"),
])
def test_a_theme_python_cannot_parse_is_skipped_not_raised(tmp_path, content, reason):
    path = tmp_path / "odd.toml"
    path.write_text(content)
    themes, problems = load_themes([path])
    assert themes == {} and reason in problems[0]


def test_a_pipe_among_theme_files_is_skipped_without_waiting_for_a_writer(tmp_path):
    import os
    import subprocess
    import sys

    pipe = tmp_path / "pipe.toml"
    os.mkfifo(pipe)  # a blocking open would wait here for ever: run it where a timeout can end it
    code = ("import sys, pathlib\nfrom rummi_desktop.ui.theme import load_themes\n"
            "print(load_themes([pathlib.Path(sys.argv[1])]))")
    result = subprocess.run([sys.executable, "-c", code, str(pipe)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("({}, [") and "named pipe" in result.stdout
