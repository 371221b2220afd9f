"""Issue 21 item 13, the sandbox: a Rummi meld built by clicks lands where they were, the
banner stays on the felt, the share code fits its box, and the three sandboxes put their
buttons in the same places. Driven by synthetic events through the app, drawn off-screen."""

from __future__ import annotations

import pygame
import pytest

from rummi_desktop.scenes.sandbox import toolbar
from rummi_desktop.scenes.sandbox.buttons import BUTTONS_AREA
from rummi_desktop.scenes.sandbox.dialogs import CodeDialog, code_lines
from rummi_desktop.ui import table_hud
from test_rummi_flow_support import click, key, steps
from test_sandbox_rummble import open_sandbox as open_rummble
from test_sandbox_rummi import open_sandbox as open_rummi, palette_click, table_names
from test_sandbox_tumblewords import open_sandbox as open_tumblewords

SHARED = ("Edit", "Play", "Undo", "Reset", "Save", "Load", "Share", "Paste code", "Menu")


def test_clicks_on_open_felt_make_one_meld_where_they_were(tmp_path, monkeypatch):
    app, scene = open_rummi(tmp_path, monkeypatch)
    spot = (330, 330)  # the middle of the felt, far from the top row's first slot
    palette_click(app, scene, "R6")
    click(app, spot)
    box = scene.view.table_layout.tile_boxes[0][0]
    assert box.contains(*spot), (box, spot)  # under the click, not in the next top-row slot
    pitch = scene.view.table_layout.pitch
    palette_click(app, scene, "R7")
    click(app, (spot[0] + pitch, spot[1]))  # just right of its end: the same meld
    palette_click(app, scene, "R5")
    click(app, (spot[0] - pitch, spot[1]))  # just left of its start: the same meld too
    assert table_names(scene) == [["R5", "R6", "R7"]]
    boxes = scene.view.table_layout.tile_boxes[0]
    assert boxes[1].contains(*spot)  # R6 stayed under the first click; the meld grew leftwards
    palette_click(app, scene, "K9")
    click(app, (spot[0], spot[1] + 3 * box.h))  # open felt well below: a meld of its own, there
    assert table_names(scene) == [["R5", "R6", "R7"], ["K9"]]
    assert scene.view.table_layout.tile_boxes[1][0].contains(spot[0], spot[1] + 3 * box.h)
    key(app, "z")  # Undo keeps the first meld's place
    assert scene.view.table_layout.tile_boxes[0][1].contains(*spot)


def test_the_saved_banner_stays_on_the_sandbox_felt(tmp_path, monkeypatch):
    app, scene = open_rummi(tmp_path, monkeypatch)
    boxes = []
    from rummi_desktop.games.rummi.table import marks_paint

    original = table_hud.draw_banner
    monkeypatch.setattr(marks_paint, "draw_banner", lambda *a, **k: boxes.append(original(*a, **k)) or boxes[-1])
    toolbar.write(scene.mode, None)
    steps(app, 2)
    assert scene.banner.message.startswith("Saved as ")
    felt = scene.view.table_area
    assert boxes and all(felt.x <= box.left and box.right <= felt.x + felt.w for box in boxes), (boxes, felt)


def test_a_share_code_stays_inside_its_box(tmp_path, monkeypatch):
    app, scene = open_rummi(tmp_path, monkeypatch)
    code = "RD2-" + "W" * 200  # the widest letters: a count of characters per line overflows
    width = 640 - 80 - 28
    from rummi_desktop.ui.fonts import font

    lines = code_lines(code, width)
    assert "".join(lines) == code and all(font(18).size(line)[0] <= width for line in lines)
    def drawn(text: str) -> pygame.Surface:
        surface = pygame.Surface((1280, 800))
        surface.fill((0, 0, 0))
        CodeDialog(app, "Share code", "Copied.", text).draw(surface)
        return surface

    with_code, without = drawn(code), drawn("")
    card = CodeDialog(app, "Share code", "Copied.", code).card
    band = pygame.Rect(card.right - 40, card.y, 40, card.h)  # right of the code's field
    spilled = [(x, y) for x in range(band.left, band.right) for y in range(band.top, band.bottom)
               if with_code.get_at((x, y)) != without.get_at((x, y))]
    assert not spilled, f"the code's letters spill past its field at {spilled[:3]}"


def button_rects(scene) -> dict[str, tuple]:
    return {label: tuple(scene.buttons.named[label].rect) for label in SHARED}


@pytest.mark.parametrize("other", [open_rummble, open_tumblewords])
def test_the_three_sandboxes_put_their_buttons_in_the_same_places(tmp_path, monkeypatch, other):
    _, rummi = open_rummi(tmp_path / "a", monkeypatch)
    _, scene = other(tmp_path / "b", monkeypatch)
    assert button_rects(scene) == button_rects(rummi)
    area = pygame.Rect(BUTTONS_AREA.x, BUTTONS_AREA.y, BUTTONS_AREA.w, BUTTONS_AREA.h)
    assert all(area.contains(button.rect) for button in scene.buttons.named.values())


def test_the_shared_buttons_work_by_click_in_every_sandbox(tmp_path, monkeypatch):
    app, scene = open_rummble(tmp_path, monkeypatch)
    click(app, scene.buttons.named["Play"].rect.center)
    assert scene.mode.stage == "play" and scene.buttons.named["Play"].style == "primary"
    click(app, scene.buttons.named["Edit"].rect.center)
    assert scene.mode.stage == "edit" and scene.buttons.named["Reset"].label == "Clear"


@pytest.mark.parametrize("size", [20, 26, 30, 44, 60])  # the palettes' sizes (Rummble 20, Rummi 26), a table's
def test_the_joker_stays_inside_its_tile_face_at_palette_sizes(size):
    from rummi_desktop.tiles import JOKER
    from rummi_desktop.ui import tile_render
    from rummi_desktop.ui.theme import fallback_theme

    theme = fallback_theme()
    _, face, _ = tile_render._art_geometry(size)
    blank = tile_render._base_art(size, theme, "normal")
    art = blank.copy()
    tile_render._draw_face_art(art, JOKER, face, theme, False)
    drawn = [(x, y) for y in range(art.get_height()) for x in range(art.get_width())
             if art.get_at((x, y)) != blank.get_at((x, y))]
    inside = face.inflate(-2, -2)  # clear of the face's edge, where the tile's corners cut it off
    outside = [point for point in drawn if not inside.collidepoint(point)]
    assert drawn and not outside, f"the jester's cap reaches past the tile's face at {outside[:3]}"
