"""The window's first size and place on the desktops players have (pure arithmetic), the
interface-size setting saved, loaded and refused when wrong, and the app opening its window."""

from __future__ import annotations

import pytest

from rummi_desktop.shell.settings import Settings, load_settings, save_settings
from rummi_desktop.shell.window_size import (
    CANVAS,
    SMALLEST_WINDOW,
    centred_position,
    chosen_percent,
    first_window_size,
    usable_area,
)

DESKTOPS = [(800, 600), (1024, 768), (1366, 768), (1920, 1080), (2560, 1440), (3840, 2160)]


@pytest.mark.parametrize("desktop", DESKTOPS)
@pytest.mark.parametrize("ui_scale", [0, 100, 125, 150])
def test_the_first_window_fits_the_desktop_whole_and_keeps_the_canvas_shape(desktop, ui_scale):
    size = first_window_size(desktop, ui_scale)
    area = usable_area(desktop)
    assert size[0] <= area[0] and size[1] <= area[1]  # room left for a title bar and a task bar
    assert abs(size[0] / size[1] - CANVAS[0] / CANVAS[1]) < 0.01  # no bars when it opens
    x, y = centred_position(desktop, size)
    assert x >= 0 and y >= 0 and x + size[0] <= desktop[0] and y + size[1] <= desktop[1]


@pytest.mark.parametrize(("desktop", "expected"), [
    ((800, 600), (752, 470)),      # the whole canvas shrunk: before, 1280×800 hung off every side
    ((1024, 768), (962, 601)),
    ((1366, 768), (1080, 675)),    # before, 800 px tall on a 768 px screen: 16 px above the top
    ((2560, 1440), (1920, 1200)),  # automatic: 150 %, the largest that fits
])
def test_automatic_size_on_the_desktops_of_the_report(desktop, expected):
    assert first_window_size(desktop) == expected


def test_automatic_picks_the_largest_share_that_fits_whole():
    assert chosen_percent(0, (1920, 1080)) == 100   # 125 % (1600×1000) would not fit 950 px
    assert chosen_percent(0, (2560, 1440)) == 150
    assert chosen_percent(0, (1366, 768)) == 100    # nothing fits whole: 100 %, shrunk
    assert first_window_size((1920, 1080), 100) == (1280, 800)


def test_a_chosen_share_is_kept_where_it_fits_and_shrunk_where_it_does_not():
    assert first_window_size((2560, 1440), 100) == (1280, 800)
    assert first_window_size((2560, 1440), 125) == (1600, 1000)
    assert first_window_size((1920, 1080), 150) == first_window_size((1920, 1080), 125)  # both shrunk to fit
    assert first_window_size((1920, 1080), 150)[1] <= 1080 * 0.88


def test_a_tiny_desktop_still_gets_a_usable_window():
    assert first_window_size((400, 300)) == SMALLEST_WINDOW


def test_the_window_is_centred():
    assert centred_position((1366, 768), (1080, 675)) == (143, 46)
    assert centred_position((800, 600), (1280, 800)) == (0, 0)  # never above or left of the screen


def test_the_interface_size_is_saved_and_loaded(tmp_path):
    path = tmp_path / "settings.toml"
    save_settings(Settings(ui_scale=125), path)
    assert "ui_scale = 125" in path.read_text(encoding="utf-8")
    assert load_settings(path) == (Settings(ui_scale=125), None)


def test_a_wrong_interface_size_falls_back_to_automatic_and_is_named(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text('version = 1\nui_scale = 175\ntheme = "midnight"\n', encoding="utf-8")
    settings, notice = load_settings(path)
    assert settings.ui_scale == 0 and settings.theme == "midnight"
    assert notice is not None and "ui_scale" in notice
    with pytest.raises(ValueError):
        Settings().with_changes(ui_scale=110)


def test_the_interface_size_is_shown_chosen_by_clicks_and_saved(tmp_path, monkeypatch):
    import pygame

    from rummi_desktop.scenes.menu import MenuScene
    from rummi_desktop.scenes.settings import SettingsScene
    from rummi_desktop.shell.app import App
    from rummi_desktop.storage import paths
    from rummi_desktop.ui.widgets import OptionPicker

    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    app = App()
    app.stack.push(MenuScene(app))
    app.stack.push(SettingsScene(app))
    app.step(1 / 60)
    scene = app.stack.top
    picker = next(w for w in scene.widgets.widgets if isinstance(w, OptionPicker) and w.label == "Interface size")
    assert picker.value == 0
    shown = picker_picture(scene, picker)
    right_arrow = picker.arrow_rects()[1]
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=right_arrow.center, button=1))
    app.step(1 / 60)
    assert app.settings.ui_scale == 100 and picker.value == 100
    assert picker_picture(scene, picker) != shown  # the row shows the new size ("100 %")
    app.stack.pop()  # Done: written on the way out
    app.step(1 / 60)
    saved, notice = load_settings(tmp_path / "config" / "settings.toml")
    assert notice is None and saved.ui_scale == 100
    app.close()
    again = App()
    assert again.settings.ui_scale == 100
    again.close()


def picker_picture(scene, picker) -> bytes:
    """The pixels between the picker's arrows, as drawn."""
    import pygame

    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    left, right = picker.arrow_rects()
    between = pygame.Rect(left.right, left.y, right.x - left.right, left.height)
    return pygame.image.tobytes(surface.subsurface(between), "RGB")
