"""The sandboxes' banner stays between the side columns: on the narrow Rummble and Tumblewords
boards a long message wraps instead of spilling under the palette or over the buttons; it
covers no square (issue 21, item 8): at Rummble it stands over the play preview, at
Tumblewords above the board."""

from __future__ import annotations

import pytest

from rummi_desktop.games.rummble.table.layout import REGIONS as RUMMBLE_REGIONS
from rummi_desktop.games.tumblewords.table.layout import regions as tumblewords_regions
from rummi_desktop.ui import table_hud
from test_sandbox_rummble import open_sandbox as open_rummble
from test_sandbox_tumblewords import open_sandbox as open_tumblewords
from tumblewords_scene_support import steps


def drawn_banners(monkeypatch) -> list:
    boxes = []
    original = table_hud.draw_banner

    def recording(*args, **kwargs):
        boxes.append(original(*args, **kwargs))
        return boxes[-1]

    monkeypatch.setattr(table_hud, "draw_banner", recording)
    return boxes


@pytest.mark.parametrize("game", ["rummble", "tumblewords"])
def test_the_first_banner_of_a_sandbox_fits_over_its_board(tmp_path, monkeypatch, game):
    app, scene = (open_rummble if game == "rummble" else open_tumblewords)(tmp_path, monkeypatch)
    boxes = drawn_banners(monkeypatch)
    scene.say("Edit: pick a face from the palette, then click a square or the rack, or paste a code")
    steps(app, 2)
    assert boxes, "no banner was drawn"
    if game == "rummble":  # over the play preview, off the board
        preview, board = RUMMBLE_REGIONS.preview, RUMMBLE_REGIONS.board
        for box in boxes:
            assert preview.x <= box.left and box.right <= preview.x + preview.w, (box, preview)
            assert box.left >= board.x + board.w, "over no square"
        return
    columns, board = tumblewords_regions(), scene.view.layout.board
    for box in boxes:
        assert columns.seats.right <= box.left and box.right <= columns.preview.x, (box, columns)
        assert box.bottom <= board.y, "over no square"


def test_a_banner_wraps_to_the_width_it_is_given():
    import pygame

    pygame.font.init()
    surface = pygame.Surface((1280, 800))
    from rummi_desktop.ui.theme import fallback_theme

    theme = fallback_theme()
    message = "a long reason why this play cannot be made here, said in many words"
    wide = table_hud.draw_banner(surface, theme, (640, 400), message, 1.0, False)
    narrow = table_hud.draw_banner(surface, theme, (640, 400), message, 1.0, False, max_width=400)
    assert narrow.width <= 400 < wide.width and narrow.height > wide.height
