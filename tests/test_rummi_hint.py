"""The Hint on the Rummi table: off in Parlor League, the exact best play previewed in practice."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import replace

import pygame

from rummi_desktop.games.rummi.ai.solver import solve
from rummi_desktop.games.rummi.rules.pieces import faces
from rummi_desktop.tiles import parse_tiles
from tests.test_rummi_flow_support import button_centre, click, key, make_app, open_table, session_from_position, steps

TABLE, RACK = ["R5 R6 R7", "K9 B9 Y9"], "R8 J K4 K5 B2 Y13"


def practice_session(mode: str = "practice"):
    session = session_from_position(TABLE, [RACK, "B1 B2 B3"], opened=(True, True))
    session.setup = replace(session.setup, mode=mode)
    session.match.settings = session.setup.match_settings()  # the match is played in that mode
    return session


def wait_for_hint(app, scene, limit: int = 2000) -> None:
    for _ in range(limit):
        if scene.flow.hint_job is None:
            break
        time.sleep(0.005)
        steps(app, 1)
    assert scene.flow.hint_job is None, "the hint never came"
    steps(app, 2)


def test_parlor_league_disables_the_hint_and_says_why(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = open_table(app, practice_session("parlor"), autosave=False)
    steps(app, 2)
    assert not scene.buttons.hint.enabled
    assert "Parlor League" in scene.buttons.hint.tooltip
    key(app, "h")
    assert scene.flow.hint_job is None and scene.view.preview_table is None


def test_a_practice_hint_previews_the_exact_best_play_then_puts_the_table_back(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="normal")
    scene = open_table(app, practice_session(), autosave=False)
    before_table = [list(meld) for meld in scene.state.table]
    before_rack = list(scene.state.rack(0))
    assert scene.buttons.hint.enabled
    click(app, button_centre(scene.buttons.hint))
    wait_for_hint(app, scene)
    best = solve([parse_tiles(m) for m in TABLE], parse_tiles(RACK), False)
    shown = scene.view.preview_table
    assert shown is not None
    assert Counter(t for meld in shown for t in faces(meld)) == Counter(t for meld in best.table for t in meld)
    assert len(scene.view.hint_tiles) == best.placed
    assert scene.view.hint_tiles <= set(before_rack)  # the lit tiles are the rack's
    assert not set(scene.view.rack_ids) & scene.view.hint_tiles  # ... shown on the table, not the rack
    # drawn: a lit tile glows in the hint colour (off-screen surface)
    steps(app, 90)
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    lit = next(iter(scene.view.hint_tiles))
    sprite = scene.view.sprites.get(lit)
    ring = [surface.get_at((round(sprite.x) + i, round(sprite.y) + dy))[:3] for i in range(4, round(sprite.w) - 4)
            for dy in (-1, 0, 1)]  # the top edge, where the golden outline runs
    golden = [c for c in ring if all(abs(a - b) < 40 for a, b in zip(c, app.theme.hint))]
    assert golden
    plain = next(t for t in scene.view.rack_ids if t not in scene.view.hint_tiles)  # an unlit tile: no gold
    other = scene.view.sprites.get(plain)
    assert not [c for c in (surface.get_at((round(other.x) + i, round(other.y) + dy))[:3]
                            for i in range(4, round(other.w) - 4) for dy in (-1, 0, 1))
                if all(abs(a - b) < 40 for a, b in zip(c, app.theme.hint))]
    # the model was never touched, and after a while the table glides back
    assert [list(m) for m in scene.state.table] == before_table and list(scene.state.rack(0)) == before_rack
    steps(app, 60 * 5)
    assert scene.view.preview_table is None and not scene.view.hint_tiles
    assert sorted(scene.view.rack_ids) == sorted(before_rack)


def test_a_press_during_the_preview_puts_the_table_back_first(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="normal")
    scene = open_table(app, practice_session("blitz"), autosave=False)
    key(app, "h")
    wait_for_hint(app, scene)
    assert scene.view.preview_table is not None
    click(app, scene.view.rack_layout.slots[0].center)
    assert scene.view.preview_table is None
    assert scene.controller.selected is None  # that click only ended the preview
