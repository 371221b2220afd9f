"""The input layer: raw mouse, finger and key events become semantic actions."""

from __future__ import annotations

import pygame
import pytest

from rummi_desktop.shell.input import DRAG_THRESHOLD, ActionKind, InputMapper, Letterbox

K = ActionKind


def mouse(kind, pos, button=1):
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=button)


def finger(kind, x, y, finger_id=0):
    return pygame.event.Event(kind, x=x, y=y, dx=0.0, dy=0.0, finger_id=finger_id, touch_id=1)


def key(code, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)


def kinds(actions):
    return [a.kind for a in actions]


@pytest.fixture
def mapper():
    return InputMapper(Letterbox((1280, 800)))


def test_press_and_release_in_place_is_a_click(mapper):
    assert kinds(mapper.translate(mouse(pygame.MOUSEBUTTONDOWN, (100, 200)))) == [K.PRESS]
    actions = mapper.translate(mouse(pygame.MOUSEBUTTONUP, (102, 201)))
    assert kinds(actions) == [K.CLICK] and actions[0].pos == (102, 201) and actions[0].start == (100, 200)


def test_moving_past_the_threshold_makes_a_drag_then_a_drop(mapper):
    mapper.translate(mouse(pygame.MOUSEBUTTONDOWN, (100, 100)))
    assert mapper.translate(mouse(pygame.MOUSEMOTION, (100 + DRAG_THRESHOLD - 2, 100))) == []
    started = mapper.translate(mouse(pygame.MOUSEMOTION, (130, 100)))
    assert kinds(started) == [K.DRAG_START, K.DRAG_MOVE] and started[0].pos == (100, 100)
    assert kinds(mapper.translate(mouse(pygame.MOUSEMOTION, (300, 400)))) == [K.DRAG_MOVE]
    dropped = mapper.translate(mouse(pygame.MOUSEBUTTONUP, (310, 410)))
    assert kinds(dropped) == [K.DROP] and dropped[0].pos == (310, 410) and dropped[0].start == (100, 100)
    assert kinds(mapper.translate(mouse(pygame.MOUSEMOTION, (5, 5)))) == [K.HOVER]


def test_presses_in_letterbox_bars_reach_nothing():
    box = Letterbox((1280, 800), (1920, 800))  # pillarbox: 320 px bars left and right
    mapper = InputMapper(box, mouse_is_logical=False)
    assert mapper.translate(mouse(pygame.MOUSEBUTTONDOWN, (100, 400))) == []
    assert mapper.translate(mouse(pygame.MOUSEBUTTONUP, (100, 400))) == []
    clicked = mapper.translate(mouse(pygame.MOUSEBUTTONDOWN, (320 + 640, 400)))
    assert clicked[0].pos == (640, 400)


def test_scaled_mode_positions_outside_the_canvas_are_bars(mapper):
    for pos in [(-3, 100), (1280, 10), (50, 800), (50, -1)]:
        assert mapper.translate(mouse(pygame.MOUSEBUTTONDOWN, pos)) == []


def test_drag_released_over_a_bar_is_cancelled(mapper):
    mapper.translate(mouse(pygame.MOUSEBUTTONDOWN, (100, 100)))
    mapper.translate(mouse(pygame.MOUSEMOTION, (200, 100)))
    assert mapper.translate(mouse(pygame.MOUSEMOTION, (-20, 100))) == []
    assert kinds(mapper.translate(mouse(pygame.MOUSEBUTTONUP, (-20, 100)))) == [K.DRAG_CANCEL]


def test_letterbox_maps_both_ways():
    box = Letterbox((1280, 800), (640, 800))  # letterbox: scale 0.5, bars top and bottom
    assert box.scale == 0.5 and box.offset == (0, 200)
    assert box.window_to_logical((320, 400)) == (640, 400)
    assert box.window_to_logical((320, 100)) is None
    assert box.logical_to_window((1280, 800)) == (640, 600)


def test_fingers_are_normalised_through_the_letterbox():
    mapper = InputMapper(Letterbox((1280, 800), (1920, 800)))
    pressed = mapper.translate(finger(pygame.FINGERDOWN, 0.5, 0.5))
    assert kinds(pressed) == [K.PRESS] and pressed[0].pos == (640, 400) and pressed[0].touch
    assert mapper.translate(finger(pygame.FINGERDOWN, 0.6, 0.5, finger_id=1)) == []  # 2nd finger
    moved = mapper.translate(finger(pygame.FINGERMOTION, 0.6, 0.5))
    assert kinds(moved) == [K.DRAG_START, K.DRAG_MOVE]
    assert kinds(mapper.translate(finger(pygame.FINGERUP, 0.6, 0.5))) == [K.DROP]


def test_finger_tap_in_a_bar_is_ignored_and_touch_mouse_echoes_too():
    mapper = InputMapper(Letterbox((1280, 800), (1920, 800)))
    assert mapper.translate(finger(pygame.FINGERDOWN, 0.05, 0.5)) == []
    echo = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 400), button=1, touch=True)
    assert mapper.translate(echo) == []


def test_keys_become_confirm_back_and_named_shortcuts(mapper):
    assert kinds(mapper.translate(key(pygame.K_RETURN))) == [K.CONFIRM]
    assert kinds(mapper.translate(key(pygame.K_SPACE))) == [K.CONFIRM]
    assert kinds(mapper.translate(key(pygame.K_ESCAPE))) == [K.BACK]
    shortcut = mapper.translate(key(pygame.K_s, pygame.KMOD_LSHIFT))
    assert shortcut[0].kind == K.SHORTCUT and shortcut[0].key == "s" and shortcut[0].shift
    assert mapper.translate(key(pygame.K_z, pygame.KMOD_LCTRL))[0].ctrl
    assert mapper.translate(key(pygame.K_LSHIFT)) == []


def test_wheel_and_right_button(mapper):
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0)
    assert mapper.translate(wheel)[0].amount == -2
    assert mapper.translate(mouse(pygame.MOUSEBUTTONDOWN, (10, 10), button=3)) == []
