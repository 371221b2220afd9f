"""Widgets through the WidgetGroup: hover, press capture, click rules, keyboard, tooltips,
and that they draw with the theme's colours."""

from __future__ import annotations

import pygame
import pytest

from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.ui.theme import load_themes
from rummi_desktop.ui.widget_group import WidgetGroup, key_label
from rummi_desktop.ui.widgets import TOOLTIP_DELAY, Button, OptionPicker, Panel, Slider, Toggle

K = ActionKind


@pytest.fixture(scope="module")
def theme():
    pygame.font.init()
    themes, _ = load_themes()
    return themes["parlor"]


def act(group, kind, pos=None, key="", start=None, shift=False):
    return group.handle_action(Action(kind, pos, start, key=key, shift=shift))


def tap(group, pos):
    act(group, K.PRESS, pos)
    act(group, K.CLICK, pos, start=pos)


def test_button_clicks_only_when_released_over_itself():
    clicks = []
    group = WidgetGroup([Button((100, 100, 200, 60), "Play", lambda: clicks.append(1))])
    tap(group, (150, 130))
    assert clicks == [1]
    act(group, K.PRESS, (150, 130))
    assert group.widgets[0].pressed
    act(group, K.DROP, (500, 500), start=(150, 130))  # dragged off, released elsewhere
    assert clicks == [1] and not group.widgets[0].pressed
    act(group, K.PRESS, (150, 130))
    act(group, K.DROP, (160, 140), start=(150, 130))  # wandered but came back: still a click
    assert clicks == [1, 1]


def test_press_outside_any_widget_is_not_consumed():
    group = WidgetGroup([Button((100, 100, 200, 60), "Play", lambda: None)])
    assert act(group, K.PRESS, (10, 10)) is False
    assert act(group, K.CLICK, (10, 10)) is False


def test_disabled_button_ignores_clicks_and_shortcuts():
    clicks = []
    play = Button((0, 0, 100, 40), "Play", lambda: clicks.append(1), shortcut="p")
    play.enabled = False
    group = WidgetGroup([play])
    tap(group, (50, 20))
    act(group, K.SHORTCUT, key="p")
    assert clicks == []


def test_hover_sets_state_and_tooltip_appears_after_a_delay():
    info = Button((0, 0, 100, 40), "Info", lambda: None, tooltip="More", shortcut="i")
    group = WidgetGroup([info])
    act(group, K.HOVER, (50, 20))
    assert info.hovered and group.tooltip_widget() is None
    for _ in range(round(TOOLTIP_DELAY * 60) + 2):
        group.update(1 / 60)
    assert group.tooltip_widget() is info and info.glow > 0.9
    act(group, K.HOVER, (500, 500))
    group.update(1 / 60)
    assert not info.hovered and group.tooltip_widget() is None


def test_shortcut_activates_its_widget():
    pressed = []
    group = WidgetGroup([Button((0, 0, 10, 10), "A", lambda: pressed.append("a"), shortcut="a"),
                         Button((0, 20, 10, 10), "B", lambda: pressed.append("b"), shortcut="b")])
    assert act(group, K.SHORTCUT, key="b")
    assert act(group, K.SHORTCUT, key="z") is False
    assert pressed == ["b"]


def test_keyboard_focus_moves_and_confirm_activates():
    pressed = []
    first = Button((0, 0, 10, 10), "A", lambda: pressed.append("a"))
    second = Button((0, 20, 10, 10), "B", lambda: pressed.append("b"))
    group = WidgetGroup([Panel((0, 0, 50, 50)), first, second])
    act(group, K.SHORTCUT, key="down")
    assert group.focused is first and first.focused
    act(group, K.SHORTCUT, key="down")
    act(group, K.CONFIRM)
    assert pressed == ["b"]
    act(group, K.SHORTCUT, key="tab", shift=True)
    assert group.focused is first and not second.focused
    act(group, K.HOVER, (5, 25))  # using the mouse hides the keyboard focus
    assert group.focused is None


def test_slider_follows_press_and_drag_and_keys():
    values = []
    slider = Slider((0, 0, 600, 50), "Volume", 0.5, values.append)
    group = WidgetGroup([slider])
    track = slider.track
    act(group, K.PRESS, (track.x, track.centery))
    assert slider.value == 0.0
    act(group, K.DRAG_MOVE, (track.right + 40, track.centery), start=(track.x, 25))
    assert slider.value == 1.0
    act(group, K.DROP, (track.right + 40, track.centery), start=(track.x, 25))
    assert not slider.pressed
    group.focus(slider)
    act(group, K.SHORTCUT, key="left")
    assert slider.value == pytest.approx(0.95) and values[-1] == pytest.approx(0.95)


def test_pressing_a_slider_label_does_not_jump_the_value():
    slider = Slider((0, 0, 600, 50), "Volume", 0.5, lambda v: None)
    group = WidgetGroup([slider])
    tap(group, (20, 25))
    assert slider.value == 0.5


def test_toggle_flips_on_click_and_arrows_set_it():
    seen = []
    toggle = Toggle((0, 0, 400, 50), "Symbols", False, seen.append)
    group = WidgetGroup([toggle])
    tap(group, (30, 25))
    assert toggle.value is True and seen == [True]
    group.focus(toggle)
    act(group, K.SHORTCUT, key="left")
    assert toggle.value is False
    assert act(group, K.SHORTCUT, key="left") is False  # already off


def test_option_picker_arrows_wrap_around():
    chosen = []
    picker = OptionPicker((0, 0, 600, 50), "Clock", [(0, "Off"), (30, "30 s"), (60, "60 s")], 60, chosen.append)
    group = WidgetGroup([picker])
    left, right = picker.arrow_rects()
    tap(group, right.center)
    assert picker.value == 0 and picker.value_text == "Off"
    tap(group, left.center)
    assert picker.value == 60 and chosen == [0, 60]
    with pytest.raises(ValueError):
        OptionPicker((0, 0, 10, 10), "Empty", [], None, chosen.append)


def test_primary_button_is_drawn_in_the_accent_colour(theme):
    surface = pygame.Surface((400, 200))
    surface.fill((0, 0, 0))
    button = Button((100, 60, 200, 60), "", lambda: None, style="primary")
    button.draw(surface, theme)
    centre = surface.get_at((200, 90))
    assert all(abs(c - a) < 50 for c, a in zip(centre[:3], theme.accent))
    assert surface.get_at((5, 5))[:3] == (0, 0, 0)


def test_hover_changes_the_drawn_button(theme):
    plain, hovered = pygame.Surface((400, 200)), pygame.Surface((400, 200))
    button = Button((100, 60, 200, 60), "Go", lambda: None)
    button.draw(plain, theme)
    button.hovered = True
    for _ in range(30):
        button.update(1 / 60)
    button.draw(hovered, theme)
    assert plain.get_at((120, 100)) != hovered.get_at((120, 100))


def test_every_widget_kind_draws_without_error(theme):
    surface = pygame.Surface((1280, 800))
    group = WidgetGroup([
        Panel((10, 10, 800, 700), "Title"),
        Slider((20, 100, 600, 50), "Volume", 0.3, lambda v: None),
        Toggle((20, 160, 600, 50), "Flag", True, lambda v: None),
        OptionPicker((20, 220, 600, 50), "Pick", [(1, "One"), (2, "Two")], 2, lambda v: None),
        Button((20, 300, 200, 60), "Danger", lambda: None, style="danger", tooltip="Careful", shortcut="escape"),
    ])
    act(group, K.HOVER, (100, 330))
    for _ in range(60):
        group.update(1 / 60)
    group.draw(surface, theme)
    assert group.tooltip_widget() is group.widgets[-1]


def test_key_labels_read_nicely():
    assert [key_label(k) for k in ("escape", "return", "f1", "s", "page down")] == ["Esc", "Enter", "F1", "S", "Page Down"]


def test_warmed_tooltips_are_drawn_from_the_cache(theme):
    from rummi_desktop.ui.widget_group import tooltip_card

    tip = Button((100, 100, 200, 60), "Help", lambda: None, tooltip="Rules and credits", shortcut="h")
    group = WidgetGroup([tip])
    group.warm_tooltips(theme)
    before = tooltip_card.cache_info()
    act(group, K.HOVER, (150, 130))
    for _ in range(60):
        group.update(1 / 60)
    surface = pygame.Surface((800, 400))
    group.draw(surface, theme)
    after = tooltip_card.cache_info()
    assert after.misses == before.misses and after.hits == before.hits + 1
    assert surface.get_at((200, 180)) != surface.get_at((700, 380))  # the card is below the button


def test_a_tooltip_never_covers_another_control_when_a_side_has_room(theme):
    """Rummi's Draw button sits above End Turn at the screen's foot: its tooltip went below,
    over End Turn (found playing in a real window). It now takes a side that covers nothing."""
    from rummi_desktop.ui.widget_group import draw_tooltip

    pygame.font.init()
    surface = pygame.Surface((1280, 800))
    # Rummi's panel: Sort runs | Sort groups, Undo | Reset, Hint | Draw, End Turn.
    panel = [pygame.Rect(946, 596 + 42 * row, 140, 34).move(150 * col, 0) for row in range(3) for col in range(2)]
    end_turn = pygame.Rect(946, 722, 290, 34)
    draw_button = panel[-1]
    others = panel[:-1] + [end_turn]
    card = draw_tooltip(surface, theme, draw_button, "Take a tile and end your turn", "d", "below", others)
    assert surface.get_rect().contains(card)
    assert card.collidelist(panel + [end_turn]) < 0
    assert card.bottom <= panel[0].top, "above the panel: the nearest clear place"
    # Where the side asked for is clear, it is used.
    lone = draw_tooltip(surface, theme, pygame.Rect(100, 100, 140, 34), "Help", "", "below", others)
    assert lone.top == 100 + 34 + 10
    # With no room anywhere clear, it still shows, on the screen.
    crowded = draw_tooltip(surface, theme, draw_button, "Take a tile and end your turn", "d", "below",
                           [surface.get_rect()])
    assert surface.get_rect().contains(crowded)


def test_a_long_button_label_shrinks_to_leave_a_margin(theme):
    from rummi_desktop.ui import shapes

    pygame.font.init()
    ink = (255, 255, 255)
    long_one = Button((20, 20, 140, 40), "30-point rule: off", lambda: None, font_size=19)
    assert shapes.text(long_one.label, 19, ink, bold=True).get_width() > 140 - 16  # it did touch the edges
    assert long_one._fitted_label(ink, 140 - 16).get_width() <= 140 - 16
    short = Button((20, 20, 140, 40), "Menu", lambda: None, font_size=19)
    assert short._fitted_label(ink, 140 - 16).get_size() == shapes.text("Menu", 19, ink, bold=True).get_size()
