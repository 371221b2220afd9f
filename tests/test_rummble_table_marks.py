"""What the Rummble table draws over and beside its board (issue 21): the banner off the
squares, the cursor under the score badges, ghosts that hide the premium labels, a readable
joker label, one size of type in the turn log; and the Pass that asks first. Drawn on the
off-screen window surface (SDL's dummy driver) and driven by synthetic events through the app."""

from __future__ import annotations

import pygame

from rummi_desktop.games.rummble.table.layout import REGIONS, square_box
from rummi_desktop.ui.table_hud import rect
from test_rummble_scene_support import click, key, make_app, open_table, place, session_from_position, steps

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


def test_a_banner_leaves_the_previews_enter_line_readable(tmp_path, monkeypatch):
    app, scene = table(tmp_path, monkeypatch)
    place(app, scene, "K8", 6, 8)
    assert scene.view.verdict.legal
    scene.banner = None
    without = drawn(scene, app)
    scene.say("Your turn")
    scene.banner.left = 1.0  # fully shown
    with_banner = drawn(scene, app)
    footer = pygame.Rect(round(REGIONS.preview.x), round(REGIONS.preview.bottom) - 32, round(REGIONS.preview.w), 24)
    assert any(with_banner.get_at((x, footer.y - 20)) != without.get_at((x, footer.y - 20))
               for x in range(footer.left, footer.right)), "the banner is just above"
    assert all(with_banner.get_at((x, y)) == without.get_at((x, y))
               for x in range(footer.left, footer.right) for y in range(footer.top, footer.bottom))


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


# ----- 10: the cursor passes under the score badge -----------------------------------------------
def test_the_keyboard_cursor_leaves_the_score_badge_untouched(tmp_path, monkeypatch):
    from rummi_desktop.games.rummble.table import board_paint

    app, scene = table(tmp_path, monkeypatch)
    place(app, scene, "K8", 6, 8)  # K4 … K8 across: its "+" badge sits past K8, over square 6,9
    for name in ("right", "right", "right"):
        key(app, name)
    assert scene.view.show_cursor and scene.view.cursor == 6 * 13 + 9
    found = scene.view.verdict.sets[0]
    alone = pygame.Surface((1280, 800), pygame.SRCALPHA)
    badge = board_paint.draw_points_badge(alone, app.theme, found.squares, found.points)
    cursor_ring = rect(square_box(scene.view.cursor)).inflate(2, 2)
    assert badge.colliderect(cursor_ring), "the badge overlaps the cursor's square"
    with_cursor = drawn(scene, app)
    scene.view.show_cursor = False
    without = drawn(scene, app)
    under_badge = [(x, y) for x in range(badge.left, badge.right) for y in range(badge.top, badge.bottom)
                   if alone.get_at((x, y)).a == 255]  # the pill's own pixels, not its rounded corners
    assert len(under_badge) > badge.w * badge.h // 2
    assert all(with_cursor.get_at(p) == without.get_at(p) for p in under_badge)
    ring = [(x, cursor_ring.bottom - 2) for x in range(cursor_ring.left, cursor_ring.right)]
    assert any(with_cursor.get_at(p) != without.get_at(p) for p in ring), "the cursor is drawn"


# ----- 10: a hint's ghost hides the square's words ---------------------------------------------
def ghost_spread(scene, app, premium_sq: int, plain_sq: int) -> int:
    """How much a ghost on ``premium_sq`` differs from one on ``plain_sq`` beyond an even
    shift of colour: over an even square a faint tile differs by the same amount everywhere;
    the square's words showing through make the difference jump."""
    from rummi_desktop.games.rummble.rules.board import Laid
    from rummi_desktop.games.rummble.table.layout import tile_box

    scene.view.ghosts = [(premium_sq, Laid("K", 8)), (plain_sq, Laid("K", 8))]
    surface = drawn(scene, app)
    a, b = tile_box(premium_sq), tile_box(plain_sq)
    spread = 0
    for channel in range(3):
        differences = [surface.get_at((round(a.x) + dx, round(a.y) + dy))[channel]
                       - surface.get_at((round(b.x) + dx, round(b.y) + dy))[channel]
                       for dx in range(4, round(a.w) - 4) for dy in range(4, round(a.h) - 4)]
        spread = max(spread, max(differences) - min(differences))
    return spread


def test_a_hint_ghost_on_a_premium_square_hides_the_premiums_words(tmp_path, monkeypatch):
    from rummi_desktop.games.rummble.rules.board import PREMIUMS

    app, scene = table(tmp_path, monkeypatch, board=())
    for premium_sq, plain_sq in ((6 * 13 + 2, 6 * 13 + 3), (5 * 13 + 5, 5 * 13 + 4), (0, 13)):
        assert PREMIUMS[premium_sq] != "." and PREMIUMS[plain_sq] == "."
        assert ghost_spread(scene, app, premium_sq, plain_sq) < 24, PREMIUMS[premium_sq]


# ----- 10: a joker's declared tile is readable --------------------------------------------------
def test_a_jokers_declared_tile_is_written_as_big_as_the_squares_words(tmp_path, monkeypatch):
    from rummi_desktop.games.rummble.table import board_paint
    from rummi_desktop.games.rummble.table.layout import tile_box

    board = ROW + [(6, 8, "J=K8"), (7, 8, "J=Y9")]
    app, scene = table(tmp_path, monkeypatch, board=board, racks=("R7 B8 Y9 K8 R2 Y3 B11 K12 R13 B2", OTHER))
    surface = drawn(scene, app)
    for sq, text, colour in ((6 * 13 + 8, "=K8", "K"), (7 * 13 + 8, "=Y9", "Y")):
        pill = board_paint.draw_declared_badge(pygame.Surface((1280, 800)), app.theme, tile_box(sq), text, colour)
        ink = app.theme.tile_colour(colour)[:3]
        inked = [(x, y) for x in range(pill.left + 2, pill.right - 2) for y in range(pill.top + 2, pill.bottom - 2)
                 if sum(abs(a - b) for a, b in zip(surface.get_at((x, y))[:3], ink)) < 60]
        assert inked, text
        width = max(x for x, _ in inked) - min(x for x, _ in inked) + 1
        height = max(y for _, y in inked) - min(y for _, y in inked) + 1
        assert width >= 25 and height >= 10, f"{text}: letters {width} × {height} px (type of 12 px: 20 × 8)"


# ----- 10: one size of type in the turn log -----------------------------------------------------
def test_every_turn_in_the_log_is_in_one_size_of_type(tmp_path, monkeypatch):
    from rummi_desktop.scenes.tray_paint import LOG_LINE, paint_turn_log

    app, _ = table(tmp_path, monkeypatch)
    area = pygame.Rect(0, 0, 327, 300)
    short, long = ("17", "17 17", 17), ("17", " ".join(["17"] * 24), 17)
    surface = pygame.Surface(area.size)
    paint_turn_log(surface, app.theme, area, [short, long])
    background = surface.get_at((area.w // 2, area.h - 8))

    def ink_height(x0: int, x1: int, top: int) -> int:
        rows = [y for y in range(top, top + LOG_LINE) if any(surface.get_at((x, y)) != background
                                                              for x in range(x0, x1))]
        return max(rows) - min(rows) + 1 if rows else 0

    first, second = 40, 40 + LOG_LINE  # the turns' first lines
    heights = {ink_height(16, 60, first), ink_height(16, 60, second),  # "17: 1…" at the start of each
               ink_height(area.w - 60, area.w - 16, first), ink_height(area.w - 60, area.w - 16, second)}  # "+17"
    assert len(heights) == 1 and heights.pop() > 0
    assert ink_height(16, 200, second + LOG_LINE) > 0, "a long turn goes on over the next line"


# ----- 10: Pass asks first, the safe answer focused ---------------------------------------------
def test_p_asks_before_passing_and_enter_keeps_playing(tmp_path, monkeypatch):
    from rummi_desktop.scenes.confirm import ConfirmScene

    app, scene = table(tmp_path, monkeypatch)
    key(app, "p")
    question = app.stack.top
    assert isinstance(question, ConfirmScene) and question.title == "Pass this turn?"
    assert question.widgets.focused is question.cancel_button and question.cancel_button.label == "Keep playing"
    key(app, "return")  # the safe answer
    assert app.stack.top is scene and scene.state.log == [] and scene.session.current == 0
    key(app, "p")
    key(app, "escape")
    assert app.stack.top is scene and scene.state.log == []
    key(app, "p")
    key(app, "tab")  # over to "Pass"
    assert app.stack.top.widgets.focused is app.stack.top.confirm_button
    key(app, "return")
    # (the computer on turn next may already have answered: only the first move is ours)
    assert app.stack.top is not question and scene.state.log[0] == "pass" and scene.session.history[0].seat == 0


def test_the_pass_question_says_the_tiles_on_the_board_go_back(tmp_path, monkeypatch):
    app, scene = table(tmp_path, monkeypatch)
    place(app, scene, "K8", 6, 8)
    click(app, scene.buttons.pass_turn.rect.center)
    assert app.stack.top.message == "Your tiles on the board go back to the rack."
    click(app, app.stack.top.confirm_button.rect.center)
    assert scene.state.log[0] == "pass" and not scene.tentative
    assert "K8" in [tile.notation() for tile in scene.state.rack_tiles(0)]  # back on the rack, not played


def test_the_sandboxs_best_play_names_the_board_line_to_fix(tmp_path, monkeypatch):
    from test_sandbox_rummble import open_sandbox

    broken = {"game": "rummble", "board": [[6, 6, "K7"], [6, 7, "R9"]], "rack": ["R5", "K6"]}
    app, scene = open_sandbox(tmp_path, monkeypatch, broken)
    click(app, scene.buttons.named["Best play"].rect.center)
    assert scene.banner.warning and scene.banner.message == (
        "Fix the board first: K7 R9 in row 6 (columns 6–7): these tiles are neither a run nor a set")
