"""Issue 21, item 7: a setup screen's tooltips show in one fixed line between the deal number
and Start/Back, so a tooltip never covers a neighbouring row's label, the subtitle, or the
control it describes. Every game's setup screen, every control with a tooltip, hovered with
synthetic pointer events and checked on the drawn frame."""

from __future__ import annotations

import importlib

import pygame
import pytest

from test_rummi_flow_support import make_app, post, steps
from rummi_desktop.games import GAMES
from rummi_desktop.scenes.setup_base import SeatedSetupScene
from rummi_desktop.ui.widgets import TOOLTIP_DELAY, Panel


def setup_scene_type(game: str) -> type:
    module = importlib.import_module(f"rummi_desktop.games.{game}.table.setup_scene")
    return next(kind for kind in vars(module).values() if isinstance(kind, type)
                and issubclass(kind, SeatedSetupScene) and kind.__module__ == module.__name__)


def frame(app) -> pygame.Surface:
    surface = pygame.Surface((1280, 800))
    app.stack.draw(surface)
    return surface


def changed_rects(before: pygame.Surface, after: pygame.Surface) -> list[pygame.Rect]:
    difference = after.copy()
    difference.blit(before, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    other_way = before.copy()
    other_way.blit(after, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    difference.blit(other_way, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    same = pygame.mask.from_threshold(difference, (0, 0, 0), (1, 1, 1, 255))
    same.invert()
    return same.get_bounding_rects()


def hover(app, pos) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    steps(app, 4, dt=TOOLTIP_DELAY / 2)  # past the delay, and the hover glow settled: few frames, long ones


@pytest.mark.parametrize("game", list(GAMES))
def test_every_setup_tooltip_shows_in_the_hint_line_clear_of_every_control(tmp_path, monkeypatch, game):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = setup_scene_type(game)(app)
    app.stack.push(scene)
    steps(app, 2)
    controls = [w for w in scene.widgets.widgets if not isinstance(w, Panel) and getattr(w, "visible", True)]
    tipped = [w for w in controls if w.tooltip]
    assert len(tipped) >= 8
    panel = next(w.rect for w in scene.widgets.widgets if isinstance(w, Panel))
    for widget in tipped:
        hover(app, (panel.right - 6, panel.bottom - 6))  # nothing under the pointer: no tooltip
        assert scene.widgets.tooltip_widget() is None
        quiet = frame(app)
        hover(app, widget.rect.center)
        assert scene.widgets.tooltip_widget() is widget
        shown = frame(app)
        hovered = widget.rect.inflate(16, 16)  # its own hover glow
        tooltip = [r for r in changed_rects(quiet, shown) if not hovered.contains(r)]
        assert tooltip, widget.tooltip
        for part in tooltip:
            for other in controls:
                if other is not widget:
                    assert not part.colliderect(other.rect), (widget.tooltip, other.rect)
            assert panel.contains(part) and part.top > panel.y + 110  # below the title and its rule
