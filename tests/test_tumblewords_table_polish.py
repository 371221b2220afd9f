"""Tumblewords' table, issue 21: the banner stands off the squares, Zapper!'s turn is logged by
its letter and leaves no outline on the emptied row, the panel's words fit a click, Left and
Right stop at the edges, one preview at a time (and a letter falls only where it was shown),
and the results read the real scores under a trophy banner. Driven by synthetic events
through the app and checked on off-screen drawings."""

from __future__ import annotations

import pygame

from rummi_desktop.games.tumblewords.table.paint import preview_lines
from rummi_desktop.games.tumblewords.table.results import GameOverScene
from rummi_desktop.records.unlocks import BY_KEY
from rummi_desktop.scenes.trophy import TrophyBanner
from rummi_desktop.scenes.turn_machine import Phase
from rummi_desktop.ui.geometry import Box
from tumblewords_scene_support import (
    click, column_centre, drag, hand_centre, key, make_app, open_table, post, session_from, settle, steps, wait_for,
    with_stand_in_computer)
from tumblewords_support import arrange

# Columns 0–1 full and column 2 full but for its top square, with CA along the top row: a T
# into column 2 lands on the top row and scores CAT, AT and TA there (the filler spells nothing).
NEAR_FULL = ["CA", "EIN", "RLU", "DEI", "NRL", "UDE", "INR", "LUD"]
# Zapper!: the bottom row wants one letter; a T into column 7 scores CAT, AT, TA and fills it.
ZAP_ROW = ["E", "NIREDCA"]


def drawn(scene) -> pygame.Surface:
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    return surface


def pixels(surface: pygame.Surface, box) -> bytes:
    area = pygame.Rect(round(box.x), round(box.y), round(box.w), round(box.h))
    return pygame.image.tobytes(surface.subsurface(area), "RGB")


def move_pointer(app, pos) -> None:
    post(pygame.MOUSEMOTION, pos=(round(pos[0]), round(pos[1])), rel=(0, 0), buttons=(0, 0, 0))
    steps(app, 1)


# -- item 8: the banner covers no square ---------------------------------------------------------

def test_the_banner_covers_no_square_and_the_words_just_scored_stay_in_view(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="normal")
    scene = open_table(app, session_from(NEAR_FULL, ["TSOEIAN", "TOESRAN"]))
    drag(app, hand_centre(scene, "T"), column_centre(scene, 2))
    settle(app, scene)
    wait_for(app, lambda: scene.view.words_shown == 3)
    assert scene.state.grid.row_texts()[0].startswith("CAT") and scene.phase == Phase.SHOWING
    assert scene.banner is not None and scene.banner.message.startswith("You score 7")
    with_banner = drawn(scene)
    banner, scene.banner = scene.banner, None
    without = drawn(scene)
    board = scene.view.layout.board
    assert pixels(with_banner, board) == pixels(without, board), "not one square's pixel is under the banner"
    lip = scene.view.layout.lip
    assert pixels(with_banner, lip) != pixels(without, lip), "the banner is drawn, over the entry lip"
    words, scene.view.words = scene.view.words, []
    unmarked = drawn(scene)
    above_the_outlines = Box(lip.x, lip.y, lip.w, lip.h - 3)
    assert pixels(without, above_the_outlines) == pixels(unmarked, above_the_outlines), \
        "the top row's points pills hang below it, not up under the banner"
    scene.banner, scene.view.words = banner, words


# -- item 11: Zapper!'s turn -------------------------------------------------------------------

def zapped_table(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="normal")
    scene = open_table(app, session_from(ZAP_ROW, ["TSOEIAN", "TOESRAN"], zapper=True))
    drag(app, hand_centre(scene, "T"), column_centre(scene, 7))
    settle(app, scene)
    assert scene.state.grid.row_texts()[-1] == "E.......", "the model zapped the full row"
    return app, scene


def test_after_a_zapper_the_log_names_the_letter_dropped(tmp_path, monkeypatch):
    app, scene = zapped_table(tmp_path, monkeypatch)
    assert scene.view.log[-1] == ("You", "dropped T in column 8", 7)


def test_after_a_zapper_no_word_outline_stays_on_the_emptied_squares(tmp_path, monkeypatch):
    app, scene = zapped_table(tmp_path, monkeypatch)
    for _ in range(200):  # the zapped row fades away
        if not scene.view.busy:
            break
        steps(app, 1)
    view = scene.view
    grid = scene.state.grid
    for word in [*view.words, *view.claimed, *view.missed]:
        assert all(grid.ids[grid.square(*square)] is not None for square in word.squares()), word
    scene.banner = None
    shown = drawn(scene)
    view.words = []
    unmarked = drawn(scene)
    row = view.layout.span_box((7, 1), (7, 7))
    assert pixels(shown, row) == pixels(unmarked, row), "the emptied squares are drawn plain"


# -- item 11: the panel after a click ------------------------------------------------------------

def test_after_a_click_the_panel_says_how_to_drop_not_release(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = open_table(app, session_from(["CA"], ["TSOEIAN", "TOESRAN"]))
    click(app, hand_centre(scene, "T"))
    move_pointer(app, column_centre(scene, 2))
    title, rows, footer = preview_lines(scene.view, scene.controller.hand())
    assert title == "This drop scores 7" and rows, "the preview is up"
    assert "Release" not in footer and "Click" in footer and "Enter" in footer
    start, end = hand_centre(scene, "T"), column_centre(scene, 2)
    post(pygame.MOUSEBUTTONDOWN, pos=(round(start[0]), round(start[1])), button=1)  # a drag still says release
    for t in (0.5, 1.0):
        post(pygame.MOUSEMOTION, pos=(round(start[0] + (end[0] - start[0]) * t), round(start[1] + (end[1] - start[1]) * t)),
             rel=(0, 0), buttons=(1, 0, 0))
        steps(app, 1)
    assert scene.controller.held is not None
    assert preview_lines(scene.view, scene.controller.hand())[2] == "Release to drop it"


# -- item 11: Left and Right stop at the edges -------------------------------------------------

def test_left_and_right_stop_at_the_edge_columns(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = open_table(app, session_from(["CA"], ["TSOEIAN", "TOESRAN"]))
    columns = scene.view.layout.columns
    for _ in range(columns + 2):
        key(app, "left")
    assert scene.view.cursor == 0, "it stops on the first column"
    for _ in range(columns + 2):
        key(app, "right")
    assert scene.view.cursor == columns - 1, "it stops on the last column"
    key(app, "1")
    key(app, "right")
    assert scene.view.preview_column == columns - 1


# -- item 11: one preview at a time; a letter falls only where it was shown ----------------------

def test_enter_drops_into_the_column_the_pointer_showed(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = open_table(app, session_from(["CA"], ["TSOEIAN", "TOESRAN"]))
    assert scene.view.cursor == 4
    click(app, hand_centre(scene, "T"))
    move_pointer(app, column_centre(scene, 2))
    assert scene.view.preview_column == 2
    key(app, "return")
    assert scene.state.log == ["drop 2 T"], "the letter fell where its preview stood"


def test_enter_with_no_preview_in_view_shows_it_first(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = open_table(app, session_from(["CA"], ["TSOEIAN", "TOESRAN"]))
    click(app, hand_centre(scene, "T"))
    move_pointer(app, (640, 790))  # off the board: no preview
    assert scene.view.preview_column is None
    key(app, "return")
    assert scene.state.log == [] and scene.controller.selected is not None, "nothing fell unseen"
    assert scene.view.preview_column == scene.view.cursor == 4 and scene.view.show_cursor
    key(app, "return")
    assert scene.state.log == ["drop 4 T"]
    assert sorted(scene.state.hands[0]) == sorted(scene.view.hand_ids), "the hand shows what the model holds"


def test_the_hint_ghost_and_a_chosen_letter_never_show_together(tmp_path, monkeypatch):
    with_stand_in_computer(monkeypatch)
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = open_table(app, session_from(["CA"], ["TSOEIAN", "TOESRAN"]))
    empty = drawn(scene)
    key(app, "h")
    wait_for(app, lambda: scene.flow.hint_job is None)
    best = scene.flow.hints.spec.parse_move(scene.candidates.candidates[0].move)  # the coach's best drop
    assert scene.view.ghost == best
    ghost_square = scene.view.layout.cell_box(scene.state.grid.landing_row(best.column), best.column)
    assert pixels(drawn(scene), ghost_square) != pixels(empty, ghost_square), "the ghost is drawn"
    key(app, "1")  # the keyboard picks a letter: its preview replaces the hint's
    assert scene.controller.selected is not None and scene.view.ghost is None
    assert pixels(drawn(scene), ghost_square) == pixels(empty, ghost_square), "the ghost has gone"
    key(app, "h")  # and a hint that comes in puts the chosen letter down
    wait_for(app, lambda: scene.flow.hint_job is None)
    assert scene.view.ghost is not None and scene.controller.selected is None and scene.view.verdict is None
    key(app, "return")
    assert scene.state.log == [], "Enter drops nothing: no letter is chosen"
    assert len(scene.view.hand_ids) == 7


# -- item 11: the results under the trophy banner ------------------------------------------------

def test_under_the_trophy_banner_the_results_show_the_real_scores(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    session = session_from(["CA"], ["T", ""])
    arrange(session.state, ["CA"], ["T", ""], bag="")  # the last letter: the game ends on this drop
    scene = open_table(app, session)
    monkeypatch.setattr(scene.saving, "take_trophies", lambda: [("You", BY_KEY["sunset"])])
    drag(app, hand_centre(scene, "T"), column_centre(scene, 2))
    wait_for(app, lambda: isinstance(app.stack.top, TrophyBanner))
    assert scene.state.scores() == (7, 0) and scene.phase != Phase.PERSON
    results = app.stack._scenes[-2]
    assert isinstance(results, GameOverScene)
    score_area = pygame.Rect(results.card.right - 200, results.card.y + 140, 160, 2 * 78)
    under_banner = pygame.Surface((1280, 800))
    app.stack.draw(under_banner)
    first = pygame.Surface((1280, 800))
    results.draw(first)
    app.stack.top.done()  # the banner goes; the card runs its clock
    steps(app, 120, dt=0.05)
    later = pygame.Surface((1280, 800))
    results.draw(later)
    assert pygame.image.tobytes(first.subsurface(score_area), "RGB") == \
        pygame.image.tobytes(later.subsurface(score_area), "RGB"), "the first frame already reads 7 and 0"
    dimmed = pygame.Surface((1280, 800))
    dimmed.blit(later, (0, 0))
    app.stack._dim(dimmed)
    assert pygame.image.tobytes(under_banner.subsurface(score_area), "RGB") == \
        pygame.image.tobytes(dimmed.subsurface(score_area), "RGB"), "under the banner: the same scores, dimmed"


def test_p_asks_before_passing_and_enter_keeps_playing(tmp_path, monkeypatch):
    """As Rummble's Pass does (found in review: the two games behaved differently)."""
    from rummi_desktop.scenes.confirm import ConfirmScene

    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = open_table(app, session_from(["CA"], ["TSOEIAN", "TOESRAN"]))
    key(app, "p")
    question = app.stack.top
    assert isinstance(question, ConfirmScene) and "no letter" in question.message
    key(app, "return")  # the focus starts on "Keep playing"
    steps(app, 2)
    assert app.stack.top is scene and scene.state.log == [] and scene.phase == Phase.PERSON
