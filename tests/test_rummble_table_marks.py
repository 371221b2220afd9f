"""What the Rummble table draws over and beside its board (issue 21): the banner off the
squares, the cursor under the score badges, ghosts that hide the premium labels, a readable
joker label, one size of type in the turn log; and the Pass that asks first. Drawn on the
off-screen window surface (SDL's dummy driver) and driven by synthetic events through the app."""

from __future__ import annotations

import pygame

from rummi_desktop.games.rummble.table.layout import REGIONS
from test_rummble_scene_support import key, make_app, open_table, place, session_from_position, steps

RACK = "R7 B8 Y9 K8 R2 J Y3 B11 K12 R13"
OTHER = "B1 B3 B5 B9 B9 K1 K2 K4 K5 Y2"
ROW = [(6, 4, "K4"), (6, 5, "K5"), (6, 6, "K6"), (6, 7, "K7")]


def table(tmp_path, monkeypatch, board=ROW, racks=(RACK, OTHER)):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    return app, open_table(app, session_from_position(list(board), list(racks)))


def board_pixels(surface: pygame.Surface) -> bytes:
    """Every pixel of the squares (and the frame's row and column numbers)."""
    frame = pygame.Rect(round(REGIONS.frame.x), round(REGIONS.frame.y), round(REGIONS.frame.w), round(REGIONS.frame.h))
    return pygame.image.tobytes(surface.subsurface(frame), "RGB")


def drawn(scene, app) -> pygame.Surface:
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    return surface


# ----- 8: the banner covers no square -----------------------------------------------------------
def test_a_refusal_banner_covers_no_square_of_the_board(tmp_path, monkeypatch):
    app, scene = table(tmp_path, monkeypatch)
    place(app, scene, "Y9", 6, 8)
    key(app, "return")
    steps(app, 10)  # fully faded in
    banner = scene.banner
    assert banner is not None and banner.warning and banner.alpha == 1.0
    with_banner = drawn(scene, app)
    scene.banner = None
    without = drawn(scene, app)
    assert board_pixels(with_banner) == board_pixels(without)
    # ...and it is drawn, over the play preview above the rack, within the right column
    changed = [(x, y) for x in range(0, 1280, 4) for y in range(0, 800, 4)
               if with_banner.get_at((x, y)) != without.get_at((x, y))]
    assert changed, "the banner is drawn somewhere"
    xs, ys = [x for x, _ in changed], [y for _, y in changed]
    assert REGIONS.preview.x - 12 <= min(xs) and max(xs) <= REGIONS.preview.right + 12
    assert max(ys) < REGIONS.rack.y


def test_long_and_short_banners_alike_stay_off_the_board(tmp_path, monkeypatch):
    app, scene = table(tmp_path, monkeypatch)
    scene.banner = None
    without = drawn(scene, app)
    for message in ("Your turn", "P1 plays 3 tiles for 24",
                    "K5 K6 K7 K3 in row 6 (columns 5–8): tiles of one colour must keep going up, or keep going down"):
        scene.say(message, warning=message.startswith("K"))
        scene.banner.left = 1.0  # fully shown
        assert board_pixels(drawn(scene, app)) == board_pixels(without), message


# ----- 9: the banner and the preview say it as a sentence -------------------------------------
def test_a_refusal_shown_alone_is_a_sentence_in_the_banner_and_the_preview(tmp_path, monkeypatch):
    from rummi_desktop.games.rummble.table.paint import preview_lines

    app, scene = table(tmp_path, monkeypatch, board=())
    place(app, scene, "K8", 5, 5)
    place(app, scene, "B8", 5, 6)
    key(app, "return")
    assert scene.state.board.count == 0
    assert scene.banner.message == "The first play must cover the star in the middle of the board"
    assert preview_lines(scene.view) == ("Not a legal play", [], scene.banner.message)
