"""Painting one frame of the Rummble table, back to front. Reads the view and what the player
holds; changes nothing. The felt, board, scoreboard and rack tray are one cached layer; a
frame blits it, then the tiles (one ``fblits``), the marks of the turn and the moving tiles."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from rummi_desktop.games.rummble.rules.sets import FLUSH, KIND, STRAIGHT, STRAIGHT_FLUSH
from rummi_desktop.games.rummble.table import board_paint
from rummi_desktop.games.rummble.table.layout import REGIONS, banner_spot, seat_box, tile_box
from rummi_desktop.scenes.turn_machine import Phase
from rummi_desktop.scenes.tray_paint import LOG_FONT, hidden_tray_message, paint_tray, paint_turn_log
from rummi_desktop.games.seats import seat_kind_label
from rummi_desktop.ui import shapes, table_hud
from rummi_desktop.ui.felt import felt_surface
from rummi_desktop.tiles import Tile
from rummi_desktop.ui.tile_render import CardFace, TileFace, tile_margin
from rummi_desktop.ui.wording import sentence

GHOST_ALPHA = 150  # a hint's tile: clearly not yours yet
KIND_NAMES = {KIND: "of a kind", STRAIGHT: "straight", STRAIGHT_FLUSH: "straight flush", FLUSH: "flush"}


@dataclass(frozen=True, slots=True)
class Hand:
    held: int | None = None
    selected: int | None = None
    hovered: int | None = None
    target: int | None = None  # the square the tile in hand would land on


class PaintCache:
    def __init__(self) -> None:
        self.key: tuple | None = None
        self.surface: pygame.Surface | None = None

    def background(self, tv, size: tuple[int, int]) -> pygame.Surface:
        key = (tv.app.theme, _hud_key(tv), tv.table.viewer is None, hidden_tray_message(tv, 'Racks'), tuple(tv.log[-8:]),
               tv.log_area(), tv.table.candidates.shown)
        if key != self.key or self.surface is None or self.surface.get_size() != size:
            if self.surface is None or self.surface.get_size() != size:
                self.surface = pygame.Surface(size).convert()
            self.surface.blit(felt_surface(tv.app.theme, size), (0, 0))
            board_paint.draw_board(self.surface, tv.app.theme)
            if tv.scoreboard:
                _paint_scoreboard(tv, self.surface)
                if not tv.table.candidates.shown:  # a hint's best plays stand in its place
                    _paint_log(tv, self.surface)
            paint_tray(tv, self.surface, REGIONS.rack, tv.rack_layout.ledges, 'Racks')
            self.key = key
        return self.surface


def display_face(tile_set: str, tile: Tile) -> TileFace:
    """How ``tile`` is drawn in the game's tile set: a playing card, or the tile itself."""
    return CardFace(tile) if tile_set == "cards" else tile


def paint_table(tv, surface: pygame.Surface, hand: Hand, buttons) -> None:
    theme = tv.app.theme
    surface.blit(tv.paint_cache.background(tv, surface.get_size()), (0, 0))
    resting, moving = _split(tv, hand)
    _draw_tiles(tv, surface, resting)
    _paint_jokers(tv, surface, [item[0] for item in resting])
    _paint_marks(tv, surface, hand)
    _paint_preview(tv, surface)
    _draw_tiles(tv, surface, moving)
    _paint_jokers(tv, surface, [item[0] for item in moving])
    buttons.draw(surface, theme)
    banner = tv.table.banner
    if banner is not None:
        centre, width = banner_spot()
        table_hud.draw_banner(surface, theme, centre, banner.message, banner.alpha, banner.warning, max_width=width)


def _split(tv, hand: Hand) -> tuple[list, list]:
    resting, moving = [], []
    lifted = {hand.held, hand.selected, hand.hovered}
    for tile_id, sprite in tv.sprites.sprites.items():
        state = "selected" if tile_id in (hand.held, hand.selected) else "hover" if tile_id == hand.hovered else \
            "hint" if tile_id in tv.hint_tiles else "normal"
        (moving if tile_id in lifted or not sprite.settled else resting).append((tile_id, sprite, state))
    moving.sort(key=lambda item: item[0] == hand.held)
    return resting, moving


def _draw_tiles(tv, surface: pygame.Surface, items: list) -> None:
    tiles, theme, blind = tv.app.tiles, tv.app.theme, tv.app.settings.colour_blind
    batch = []
    for tile_id, sprite, state in items:
        size = round(sprite.w)
        margin = tile_margin(size)
        batch.append((tiles.surface(tv.face(tile_id), size, theme, state, blind),
                      (round(sprite.x) - margin, round(sprite.y) - margin)))
    if batch:
        surface.fblits(batch)


def _paint_jokers(tv, surface: pygame.Surface, tile_ids: list[int]) -> None:
    """A joker on the board shows what it was declared as."""
    state, theme = tv.state, tv.app.theme
    for sq, tile_id in enumerate(state.board_ids):
        if tile_id is not None and tile_id in tile_ids and state.board.cells[sq].joker:
            laid = state.board.cells[sq]
            board_paint.draw_declared_badge(surface, theme, tile_box(sq), f"={laid.colour}{laid.number}", laid.colour)
    for tile_id, declared in tv.tentative.declared.items():
        sprite = tv.sprites.get(tile_id)
        if sprite is not None and tile_id in tile_ids:
            box = tile_box(tv.tentative.square_of(tile_id)) if tv.tentative.square_of(tile_id) is not None else None
            if box is not None:
                board_paint.draw_declared_badge(surface, theme, box, f"={declared.colour}{declared.number}", declared.colour)


def _paint_marks(tv, surface: pygame.Surface, hand: Hand) -> None:
    theme = tv.app.theme
    if tv.table.phase != Phase.PERSON:
        return
    for sq in tv.hint_squares:
        board_paint.draw_hint_square(surface, theme, sq)
    for sq in tv.tentative.squares:
        pygame.draw.rect(surface, theme.selected, table_hud.rect(tile_box(sq)).inflate(4, 4), 2, border_radius=6)
    verdict = tv.verdict
    scored = verdict.sets if verdict is not None and verdict.legal else ()
    for found in scored:
        board_paint.draw_line_outline(surface, theme.hint, found.squares, 2)
    if tv.refused_line:
        board_paint.draw_line_outline(surface, theme.invalid, tv.refused_line, 4)
    for sq, laid in tv.ghosts:
        _paint_ghost(tv, surface, sq, laid)
    if hand.target is not None:
        board_paint.draw_drop_target(surface, theme, hand.target)
    if tv.show_cursor:
        board_paint.draw_cursor(surface, theme, tv.cursor)
    # The points last: the cursor and a tile's drop target pass under them, never over them.
    for found in scored:
        board_paint.draw_points_badge(surface, theme, found.squares, found.points)


def _paint_ghost(tv, surface: pygame.Surface, sq: int, laid) -> None:
    """A hint's tile, faint, over its square's own colour without the premium's words: the
    "×2" of the square must not show through the tile's number."""
    theme, box = tv.app.theme, tile_box(sq)
    board_paint.cover_premium_label(surface, theme, sq)
    picture = tv.app.tiles.surface(display_face(tv.state.params.tile_set, laid.rack_tile), round(box.w), theme, "hint",
                                   tv.app.settings.colour_blind)
    picture.set_alpha(GHOST_ALPHA)
    margin = tile_margin(round(box.w))
    surface.blit(picture, (round(box.x) - margin, round(box.y) - margin))
    picture.set_alpha(None)


def preview_lines(tv) -> tuple[str, list[tuple[str, str]], str]:
    """(title, [(set, points)], footer) for the preview panel."""
    verdict = tv.verdict
    if tv.table.phase != Phase.PERSON:
        return "This play", [], ""
    if not tv.tentative:
        return "This play", [], "Drag tiles onto the board" if tv.state.board.count else "Cover the centre star with 2+ tiles"
    if verdict is None:
        return "This play", [], "Declare the joker to see the score"
    if not verdict.legal:
        return "Not a legal play", [], sentence(verdict.reason)
    rows = [(" ".join(found.tile_texts()) + f"  · {KIND_NAMES.get(found.kind, found.kind)}", f"{found.points}")
            for found in verdict.sets]
    if verdict.bonus:
        rows.append(("Rummmble! all ten tiles", f"{verdict.bonus}"))
    return f"This play scores {verdict.score}", rows, tv.enter_says


def _paint_preview(tv, surface: pygame.Surface) -> None:
    theme = tv.app.theme
    area = table_hud.rect(REGIONS.preview)
    surface.blit(shapes.rounded_panel(area.size, 14, theme.panel, theme.panel,
                                      shapes.mix(theme.panel[:3], theme.rail_highlight, 0.5), 1), area)
    title, rows, footer = preview_lines(tv)
    legal = bool(rows)
    warning = tv.verdict is not None and not tv.verdict.legal and tv.table.phase == Phase.PERSON
    ink = theme.invalid if warning else theme.accent if legal else theme.text
    surface.blit(shapes.text(title, 22, ink, bold=True), (area.x + 16, area.y + 12))
    y = area.y + 48
    for text, points in rows[:6]:
        line = table_hud._fitted(text, 16, 12, theme.text, area.w - 80)
        surface.blit(line, (area.x + 16, y))
        score = shapes.text(points, 17, theme.accent, bold=True)
        surface.blit(score, score.get_rect(topright=(area.right - 16, y)))
        y += 24
    if footer:
        for index, line in enumerate(table_hud._wrap(footer, 15, area.w - 40)[:5]):
            picture = shapes.text(line, 16, theme.invalid if warning else theme.text_muted)
            surface.blit(picture, (area.x + 16, max(y, area.y + 48) + index * 21 if warning or not legal
                                   else area.bottom - 30))


def _hud_key(tv) -> tuple:
    state = tv.state
    return (tuple(len(state.rack(s)) for s in range(state.seats)), tuple(state.scores()),
            tv.session.in_round and state.current, tv.table.phase == Phase.THINKING, len(state.pool))


def _paint_scoreboard(tv, surface: pygame.Surface) -> None:
    theme, state, session = tv.app.theme, tv.state, tv.session
    in_round = session.in_round
    scores = state.scores()
    for seat in range(state.seats):
        config = session.seat(seat)
        on_turn = in_round and state.current == seat
        chip = table_hud.SeatChip(config.name, seat_kind_label(config), len(state.rack(seat)), scores[seat],
                                  on_turn, on_turn and tv.table.phase == Phase.THINKING)
        table_hud.draw_seat_chip(surface, theme, table_hud.rect(seat_box(seat)), chip, 0.0)
    table_hud.draw_pool_chip(surface, theme, table_hud.rect(seat_box(state.seats)), len(state.pool))


def _paint_log(tv, surface: pygame.Surface) -> None:
    theme = tv.app.theme
    area = table_hud.rect(tv.log_area())
    paint_turn_log(surface, theme, area, tv.log)
    words = " · ".join(part for part in (tv.session.caption(), tv.table.house_rules_line()) if part)
    caption = shapes.text(words, LOG_FONT, theme.text_muted)
    surface.blit(caption, caption.get_rect(bottomleft=(area.x + 16, area.bottom - 10)))
