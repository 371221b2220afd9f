"""Painting one frame of the Tumblewords table, back to front. Reads the view and what the
player holds; changes nothing. The felt, board, scoreboard, log and hand tray are one cached
layer; a frame blits it, then the board's tiles where the physics has them, the marks of the
turn, the hand and the buttons."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from rummi_desktop.games.tumblewords.rules.grid import BLANK, FACES
from rummi_desktop.scenes.turn_machine import Phase
from rummi_desktop.scenes.tray_paint import hidden_tray_message, paint_tray, paint_turn_log
from rummi_desktop.games.tumblewords.table import board_paint
from rummi_desktop.games.tumblewords.table.layout import REGIONS, seat_box
from rummi_desktop.games.seats import seat_kind_label
from rummi_desktop.ui import shapes, table_hud
from rummi_desktop.ui.felt import felt_surface
from rummi_desktop.ui.tile_render import LetterFace, tile_margin

BOARD_NAMES = {"standard": "8 × 8", "quick": "7 × 6", "long": "10 × 10"}


@dataclass(frozen=True, slots=True)
class Hand:
    held: int | None = None  # the hand tile being dragged
    selected: int | None = None  # clicked, waiting for a column
    hovered: int | None = None


def face(letter: str, blank: bool = False) -> LetterFace:
    """A letter tile's face (every letter scores one point, so no number is printed)."""
    return LetterFace("" if letter == BLANK else letter, points=0, blank=blank)


def board_face(shown: str) -> LetterFace:
    return face(shown.upper(), blank=shown.islower())


class PaintCache:
    def __init__(self) -> None:
        self.key: tuple | None = None
        self.surface: pygame.Surface | None = None

    def background(self, tv, size: tuple[int, int]) -> pygame.Surface:
        key = (tv.app.theme, _hud_key(tv), tv.table.viewer is None, hidden_tray_message(tv, 'Hands'), tuple(tv.log[-9:]),
               tv.log_area(), tv.table.candidates.shown)
        if key != self.key or self.surface is None or self.surface.get_size() != size:
            if self.surface is None or self.surface.get_size() != size:
                self.surface = pygame.Surface(size).convert()
            self.surface.blit(felt_surface(tv.app.theme, size), (0, 0))
            board_paint.draw_board(self.surface, tv.app.theme, tv.layout)
            if tv.scoreboard:
                _paint_scoreboard(tv, self.surface)
                if not tv.table.candidates.shown:  # a hint's best plays stand in its place
                    _paint_log(tv, self.surface)
            paint_tray(tv, self.surface, REGIONS.hand, tv.hand_layout.ledges, 'Hands')
            self.key = key
        return self.surface


def paint_table(tv, surface: pygame.Surface, hand: Hand, buttons) -> None:
    theme = tv.app.theme
    surface.blit(tv.paint_cache.background(tv, surface.get_size()), (0, 0))
    _paint_column_marks(tv, surface, hand)
    _paint_board_tiles(tv, surface)
    _paint_words(tv, surface)
    if tv.show_cursor and tv.table.my_turn and tv.state.phase != "dropping":  # over the letters it picks
        board_paint.draw_square_cursor(surface, theme, tv.layout, tv.square)
    _paint_preview_ghost(tv, surface, hand)
    _paint_preview_panel(tv, surface, hand)
    _paint_hand(tv, surface, hand)
    buttons.draw(surface, theme)
    if tv.session.params.ticker and tv.session.in_round:
        total = float(tv.table.clock_seconds or 1)
        left = tv.table.turns.clock_left if tv.table.phase == Phase.PERSON else total
        table_hud.draw_clock(surface, theme, REGIONS.clock, left, total, tv.table.phase == Phase.PERSON)
    banner = tv.table.banner
    if banner is not None:
        table_hud.draw_banner(surface, theme, board_paint.banner_centre(tv.layout), banner.message,
                              banner.alpha, banner.warning, max_width=board_paint.banner_width())


def _draw(tv, surface, picture_face, size: int, x: float, y: float, state: str = "normal", alpha: int = 255) -> None:
    picture = tv.app.tiles.surface(picture_face, size, tv.app.theme, state, tv.app.settings.colour_blind)
    margin = tile_margin(size)
    if alpha < 255:
        picture.set_alpha(alpha)
    surface.blit(picture, (round(x) - margin, round(y) - margin))
    if alpha < 255:
        picture.set_alpha(None)


def _paint_board_tiles(tv, surface: pygame.Surface) -> None:
    lay, grid, tiles = tv.layout, tv.state.grid, tv.app.tiles
    shown = {tile_id: grid.shown[sq] for sq, tile_id in enumerate(grid.ids) if tile_id is not None}
    batch = []
    size, margin = lay.tile_w, tile_margin(lay.tile_w)
    for tile_id, (x, y) in tv.world.positions().items():
        body = lay.tile_in_cell(x, y)
        picture = tiles.surface(board_face(shown.get(tile_id, FACES[tile_id])), size, tv.app.theme, "normal",
                                tv.app.settings.colour_blind)
        batch.append((picture, (round(body.x) - margin, round(body.y) - margin)))
    if batch:
        surface.fblits(batch)
    for tile_id, (x, y, age) in tv.fading.items():  # Zapper!'s row, fading away
        body = lay.tile_in_cell(x, y)
        _draw(tv, surface, face(FACES[tile_id]), size, body.x, body.y, "invalid", round(255 * (1 - age / 0.45)))


def _paint_column_marks(tv, surface: pygame.Surface, hand: Hand) -> None:
    theme, lay = tv.app.theme, tv.layout
    if tv.hint_column is not None:
        board_paint.draw_hint_column(surface, theme, lay, tv.hint_column)
    if tv.show_cursor and tv.table.my_turn and tv.state.phase == "dropping":
        board_paint.draw_cursor(surface, theme, lay, tv.cursor)
    col = tv.preview_column
    if col is None or not tv.table.my_turn or (hand.held is None and hand.selected is None):
        return
    verdict = tv.verdict
    board_paint.draw_column_glow(surface, theme, lay, col, verdict is not None and not verdict.legal)
    if verdict is not None and verdict.legal:
        board_paint.draw_landing(surface, theme, lay, verdict.row, verdict.col)


def _paint_preview_ghost(tv, surface: pygame.Surface, hand: Hand) -> None:
    """The letter faintly on its landing square, and the words the drop would make."""
    theme, lay, verdict = tv.app.theme, tv.layout, tv.verdict
    tile_id = hand.held if hand.held is not None else hand.selected
    if tv.ghost is not None and tv.table.my_turn and tile_id is None:  # one preview at a time
        row = tv.state.grid.landing_row(tv.ghost.column)
        if row is not None:
            body = lay.tile_box(row, tv.ghost.column)
            _draw(tv, surface, face(tv.ghost.letter, tv.ghost.blank), lay.tile_w, body.x, body.y, "hint", 170)
    if verdict is None or not verdict.legal or tile_id is None:
        return
    if hand.held is None:  # a clicked letter: show it on its square (a dragged one is in the hand)
        body = lay.tile_box(verdict.row, verdict.col)
        _draw(tv, surface, face(FACES[tile_id]), lay.tile_w, body.x, body.y, "hint", 150)
    if FACES[tile_id] == BLANK:
        return
    for word in verdict.words:
        board_paint.draw_span(surface, lay, word.start, word.end, theme.hint, 2)


def _paint_words(tv, surface: pygame.Surface) -> None:
    """The last drop's words, one after another, each with its points; claims and misses."""
    theme, lay = tv.app.theme, tv.layout
    taken: list[pygame.Rect] = []
    marked = [(word, theme.accent, f"+{word.points} {word.word}", None) for word in tv.words[:tv.words_shown]]
    marked += [(word, theme.hint, f"+{word.points} {word.word}", None) for word in tv.claimed]
    marked += [(word, theme.invalid, f"missed {word.word}", theme.invalid) for word in tv.missed]
    boxes = [board_paint.draw_span(surface, lay, word.start, word.end, colour, 3) for word, colour, _, _ in marked]
    for (word, _, label, pill), box in zip(marked, boxes):
        across = word.start[0] == word.end[0]
        # The top row's pills hang below it: above it they would rise under the banner.
        board_paint.draw_points_badge(surface, theme, box, label, across, pill, taken, below=across and word.start[0] == 0)
    if tv.claim_drag is not None:
        start, end = tv.claim_drag
        board_paint.draw_span_fill(surface, lay, start, end, theme.selected, 70)
        board_paint.draw_span(surface, lay, start, end, theme.selected, 3)


def preview_lines(tv, hand: Hand) -> tuple[str, list[tuple[str, str]], str]:
    """(title, [(word, points)], footer) for the preview panel."""
    table, state = tv.table, tv.state
    if table.phase != Phase.PERSON:
        return "This drop", [], ""
    if state.phase != "dropping":
        found = [(f"{w.word}  · {w.direction}", f"+{w.points}") for w in tv.claimed]
        if state.phase == "stealing":
            return "Steal!", found, "Drag across words the last player missed, then Done"
        return "Claim your words", found, "Drag across each word the drop made, then Done (Enter)"
    tile_id = hand.held if hand.held is not None else hand.selected
    verdict = tv.verdict
    if tile_id is None or verdict is None:
        return "This drop", [], "Drag a letter onto a column, or click a letter and then a column"
    if not verdict.legal:
        return "Cannot drop here", [], verdict.reason
    if FACES[tile_id] == BLANK:
        return "A blank", [], "Drop it and choose the letter it shows"
    if state.params.claim:
        return "This drop", [], "Claim mode: find the words yourself after the drop"
    rows = [(f"{w.word}  · {w.direction}", f"+{w.points}") for w in verdict.words]
    if not rows:
        return "This drop scores 0", [], "No word through this square"
    how = "Release to drop it" if hand.held is not None else "Click the column or press Enter to drop it"
    return f"This drop scores {verdict.score}", rows, how


def _paint_preview_panel(tv, surface: pygame.Surface, hand: Hand) -> None:
    theme = tv.app.theme
    area = table_hud.rect(REGIONS.preview)
    surface.blit(shapes.rounded_panel(area.size, 14, theme.panel, theme.panel,
                                      shapes.mix(theme.panel[:3], theme.rail_highlight, 0.5), 1), area)
    title, rows, footer = preview_lines(tv, hand)
    warning = title == "Cannot drop here"
    ink = theme.invalid if warning else theme.accent if rows else theme.text
    room = area.w - (110 if tv.session.params.ticker else 32)
    surface.blit(table_hud._fitted(title, 22, 16, ink, room, bold=True), (area.x + 16, area.y + 12))
    y = area.y + 48
    for text, points in rows[:6]:
        surface.blit(table_hud._fitted(text, 16, 12, theme.text, area.w - 80), (area.x + 16, y))
        score = shapes.text(points, 17, theme.accent, bold=True)
        surface.blit(score, score.get_rect(topright=(area.right - 16, y)))
        y += 24
    if footer:
        lines = table_hud._wrap(footer, 15, area.w - 40)[:4]
        for index, line in enumerate(lines):
            picture = shapes.text(line, 16, theme.invalid if warning else theme.text_muted)
            top = max(y, area.y + 48) if warning or not rows else area.bottom - 14 - 21 * (len(lines) - index)
            surface.blit(picture, (area.x + 16, top + (index * 21 if warning or not rows else 0)))


def _paint_hand(tv, surface: pygame.Surface, hand: Hand) -> None:
    items = sorted(tv.sprites.sprites.items(), key=lambda item: item[0] == hand.held)
    for tile_id, sprite in items:
        state = "selected" if tile_id in (hand.held, hand.selected) else "hover" if tile_id == hand.hovered else \
            "hint" if tile_id in tv.hint_tiles else "normal"
        _draw(tv, surface, face(FACES[tile_id]), round(sprite.w), sprite.x, sprite.y, state)
    for index, box in enumerate(tv.hand_layout.slots[:len(tv.hand_ids)]):
        if tv.table.my_turn and index < 9:
            label = shapes.text(str(index + 1), 12, shapes.lighten(tv.app.theme.rail_highlight, 0.3), bold=True)
            surface.blit(label, label.get_rect(midtop=(box.x + box.w / 2, box.bottom + 3)))


def _hud_key(tv) -> tuple:
    state = tv.state
    return (tuple(len(h) for h in state.hands), tuple(state.scores()), tv.session.in_round and state.current,
            tv.table.phase == Phase.THINKING, len(state.bag))


def _paint_scoreboard(tv, surface: pygame.Surface) -> None:
    theme, state, session = tv.app.theme, tv.state, tv.session
    for seat in range(state.seats):
        config = session.seat(seat)
        on_turn = session.in_round and state.current == seat
        chip = table_hud.SeatChip(config.name, seat_kind_label(config), len(state.hands[seat]), state.points[seat],
                                  on_turn, on_turn and tv.table.phase == Phase.THINKING)
        table_hud.draw_seat_chip(surface, theme, table_hud.rect(seat_box(seat)), chip, 0.0)
    table_hud.draw_pool_chip(surface, theme, table_hud.rect(seat_box(state.seats)), len(state.bag))


def _paint_log(tv, surface: pygame.Surface) -> None:
    theme = tv.app.theme
    area = table_hud.rect(tv.log_area())
    paint_turn_log(surface, theme, area, tv.log)
    params = tv.session.params
    extras = [name for name, on in (("Claim", params.claim), ("Zapper!", params.zapper), ("Ticker", params.ticker),
                                    ("Pressure Cooker", params.pressure_cooker), ("Solo score attack", params.solo))
              if on]
    text = f"{BOARD_NAMES.get(params.board, params.board)} · words of {params.min_length}+ · {tv.session.caption()}"
    caption = table_hud._fitted(" · ".join([text, *extras]), 14, 11, theme.text_muted, area.w - 32)
    surface.blit(caption, caption.get_rect(bottomleft=(area.x + 16, area.bottom - 10)))
