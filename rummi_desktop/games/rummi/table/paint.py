"""Painting one frame of the Rummi table, back to front. Reads the view (``tv``: what
:class:`PaintedView` names of the :class:`~rummi_desktop.games.rummi.table.view.RummiTableView`)
and what the player holds; changes nothing."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from rummi_desktop.games.rummi.rules.melds import is_valid_meld
from rummi_desktop.games.rummi.rules.pieces import face, faces
from rummi_desktop.games.rummi.table import marks_paint
from rummi_desktop.games.rummi.table.layout import screen_regions
from rummi_desktop.scenes.turn_machine import Phase
from rummi_desktop.scenes.tray_paint import hidden_tray_message, paint_tray
from rummi_desktop.games.seats import seat_kind_label, seat_thinks
from rummi_desktop.ui.geometry import Box
from rummi_desktop.ui.tile_render import tile_height, tile_margin

if TYPE_CHECKING:
    from rummi_desktop.games.rummi.table.change_marks import ChangeMarks
    from rummi_desktop.games.rummi.table.layout import TableLayout
    from rummi_desktop.games.rummi.table.session import RummiSession
    from rummi_desktop.scenes.table_context import TableContext
    from rummi_desktop.shell.app import App
    from rummi_desktop.ui.rack_layout import RackLayout
    from rummi_desktop.ui.sprites import SpriteBoard

REGIONS = screen_regions()
MAX_LATECOMERS = 16
GLOW_SECONDS = 1.1  # how long a meld that just became valid glows


@dataclass(frozen=True, slots=True)
class Hand:
    """What the player holds or points at, as the input controller reports it."""

    held: int | None = None  # the tile being dragged
    selected: int | None = None  # click-selected, waiting for a place
    hovered: int | None = None
    preview: tuple[str, Box] | None = None  # where the tile in hand would land
    focus: Box | None = None  # the keyboard's focus ring (None until a key is used)
    carried: tuple[int, ...] = ()  # Shift-drag: the rest of the meld, carried with the held tile


def paint_table(tv: PaintedView, surface: pygame.Surface, felt: pygame.Surface, hand: Hand, buttons) -> None:
    """Back to front. Everything that stays still (felt, HUD, rack tray, meld marks, resting
    tiles) is painted once into a cached layer; a frame blits it, then the moving parts."""
    if tv.shown is None:
        surface.blit(felt, (0, 0))
        return
    resting, moving = _split_sprites(tv, hand)
    layer, latecomers = tv.paint_cache.layer(tv, felt, resting, bool(moving))
    surface.blit(layer, (0, 0))
    _draw_tiles(tv, surface, latecomers)
    _paint_drop_preview(tv, surface, hand)
    # flying, dragged and hovered tiles pass over the others
    _draw_tiles(tv, surface, [(t, s, tile_state(tv, t, hand)) for t, s in moving])
    _paint_change_marks(tv, surface)
    if hand.focus is not None:
        marks_paint.draw_focus_ring(surface, tv.app.theme, hand.focus)
    if tv.session.clock_seconds:
        total = float(tv.session.clock_seconds)
        left = tv.table.turns.clock_left if tv.table.phase == Phase.PERSON else total
        marks_paint.draw_clock(surface, tv.app.theme, REGIONS.clock, left, total, tv.table.phase == Phase.PERSON)
    buttons.draw(surface, tv.app.theme)
    _paint_overlay_bits(tv, surface)


class PaintedView(Protocol):
    """What painting reads of the table's view (named here, not imported: the view imports this
    module to paint with it)."""

    app: "App"
    table: "TableContext"
    session: "RummiSession"
    table_area: Box
    table_layout: "TableLayout"
    rack_layout: "RackLayout"
    sprites: "SpriteBoard"
    meld_glow: dict[tuple[int, ...], float]
    hint_tiles: set[int]
    invalid_tiles: set[int]
    changes: "ChangeMarks"
    preview_table: list[list[int]] | None
    show_caption: bool
    paint_cache: "PaintCache"

    @property
    def shown(self) -> Any: ...  # the round as shown: the state, or a computer's move replayed

    def shown_table(self) -> list[list[int]]: ...

    def hud_key(self) -> tuple: ...

    def caption_text(self) -> str: ...

    def paint_hud(self, surface: pygame.Surface) -> None: ...


class PaintCache:
    """Two cached layers: the background (felt, HUD, rack tray — changes when a count or a
    score does) and, over a copy of it, the meld marks and every resting tile."""

    def __init__(self) -> None:
        self.back_key: tuple | None = None
        self.back: pygame.Surface | None = None
        self.key: tuple | None = None
        self.surface: pygame.Surface | None = None
        self.tiles: dict[int, tuple] = {}
        self.rebuilds = 0

    def _background(self, tv: PaintedView, felt: pygame.Surface) -> pygame.Surface:
        key = (tv.app.theme, tv.hud_key(), tv.table.viewer is None, hidden_tray_message(tv, "Racks"),
               tv.rack_layout.ledges)
        if key != self.back_key or self.back is None or self.back.get_size() != felt.get_size():
            if self.back is None or self.back.get_size() != felt.get_size():
                self.back = pygame.Surface(felt.get_size()).convert()
            self.back.blit(felt, (0, 0))
            tv.paint_hud(self.back)
            paint_tray(tv, self.back, REGIONS.rack, tv.rack_layout.ledges, "Racks")
            self.back_key = key
        return self.back

    def layer(self, tv: PaintedView, felt: pygame.Surface, resting: list,
              anything_moving: bool) -> tuple[pygame.Surface, list]:
        """The still layer, and the resting tiles it lacks (to be drawn on top this frame).

        While tiles are in flight, tiles that come to rest are drawn separately for a while
        rather than repainting the layer each time one lands; the layer is repainted when a
        tile in it moves or changes, when many latecomers pile up, or once all is still.
        """
        back = self._background(tv, felt)
        wanted = {t: (round(s.x), round(s.y), round(s.w), state) for t, s, state in resting}
        key = (id(back), self.back_key, tv.app.settings.colour_blind, _marks_key(tv))
        reusable = (self.surface is not None and key == self.key
                    and all(wanted.get(t) == where for t, where in self.tiles.items()))
        latecomers = [item for item in resting if item[0] not in self.tiles] if reusable else []
        if reusable and len(latecomers) <= MAX_LATECOMERS and not (latecomers and not anything_moving):
            return self.surface, latecomers
        if self.surface is None or self.surface.get_size() != back.get_size():
            self.surface = pygame.Surface(back.get_size()).convert()
        self.surface.blit(back, (0, 0))
        _paint_meld_marks(tv, self.surface)
        _draw_tiles(tv, self.surface, resting)
        self.key, self.tiles = key, wanted
        self.rebuilds += 1
        return self.surface, []


def _split_sprites(tv: PaintedView, hand: Hand) -> tuple[list, list]:
    held, selected, hovered = hand.held, hand.selected, hand.hovered
    in_hand = {held, *hand.carried}
    resting, moving = [], []
    for tile, sprite in tv.sprites.sprites.items():
        if tile in in_hand or tile in (hovered, selected) or not sprite.settled:
            moving.append((tile, sprite))
        else:
            resting.append((tile, sprite, _resting_state(tv, tile)))
    moving.sort(key=lambda item: item[0] in in_hand)  # the tiles in hand on top of all
    return resting, moving


def _resting_state(tv: PaintedView, tile: int) -> str:
    if tile in tv.invalid_tiles:
        return "invalid"
    return "hint" if tile in tv.hint_tiles else "normal"


def _draw_tiles(tv: PaintedView, surface: pygame.Surface, items: list) -> None:
    """Many tiles in one ``fblits`` call (one trip into C instead of one per tile)."""
    tiles, theme, blind = tv.app.tiles, tv.app.theme, tv.app.settings.colour_blind
    batch = []
    for tile, sprite, state in items:
        size = round(sprite.w)
        margin = tile_margin(size)
        batch.append((tiles.surface(face(tile), size, theme, state, blind),
                      (round(sprite.x) - margin, round(sprite.y) - margin)))
    if batch:
        surface.fblits(batch)


def hud_key(tv: PaintedView) -> tuple:
    state = tv.shown
    session = tv.session
    return (tuple(len(state.rack(s)) for s in range(state.seats)), tuple(session.match.totals),
            session.in_round and state.current, tv.table.phase == Phase.THINKING, len(state.pool),
            len(session.match.rounds))


def _marks_key(tv: PaintedView) -> tuple:
    if tv.table.phase != Phase.PERSON:
        return ()
    glows = tuple((key, round(left * 12)) for key, left in tv.meld_glow.items())
    return (tuple(tuple(m) for m in tv.shown_table()), glows, tv.app.settings.show_invalid_melds)


def paint_hud(tv: PaintedView, surface: pygame.Surface) -> None:
    theme = tv.app.theme
    state = tv.shown
    session = tv.session
    totals = session.match.totals
    pulse = 0.0  # the HUD is a cached layer: no per-frame pulse
    in_round = session.in_round
    for seat, area in enumerate(marks_paint.seat_chip_rects(REGIONS.hud, state.seats)):
        config = session.seat(seat)
        chip = marks_paint.SeatChip(
            name=config.name,
            kind=seat_kind_label(config),
            rack_count=len(state.rack(seat)),
            score=totals[seat],
            on_turn=in_round and state.current == seat,
            thinking=in_round and state.current == seat and tv.table.phase == Phase.THINKING and seat_thinks(config),
        )
        marks_paint.draw_seat_chip(surface, theme, area, chip, pulse)
    marks_paint.draw_pool_chip(surface, theme, marks_paint.pool_chip_rect(REGIONS.hud, state.seats), len(state.pool))
    caption = tv.caption_text()
    if caption:
        marks_paint.draw_match_caption(surface, theme, REGIONS.table, caption)


def _paint_meld_marks(tv: PaintedView, surface: pygame.Surface) -> None:
    """Glow behind melds that just became valid; red underline under invalid changed melds."""
    theme = tv.app.theme
    layout = tv.table_layout
    if tv.table.phase == Phase.PERSON:
        show_invalid = tv.app.settings.show_invalid_melds
        for meld, box in zip(tv.shown_table(), layout.meld_boxes):
            key = tuple(meld)
            if key in tv.meld_glow:
                left = tv.meld_glow[key]
                burst = math.sin(math.pi * (1 - left / GLOW_SECONDS)) if left > 0 else 0.0
                marks_paint.draw_meld_glow(surface, theme.hint, box, 0.35 + 0.65 * burst)
            elif show_invalid and not is_valid_meld(faces(meld)):
                marks_paint.draw_invalid_underline(surface, theme, box)


def tile_state(tv: PaintedView, tile: int, hand: Hand) -> str:
    if tile in tv.invalid_tiles:
        return "invalid"
    if tile in tv.hint_tiles:
        return "hint"
    if tile in (hand.selected, hand.held) or tile in hand.carried:
        return "selected"
    if tile == hand.hovered:
        return "hover"
    return "hint" if tile in tv.hint_tiles else "normal"


def _paint_change_marks(tv: PaintedView, surface: pygame.Surface) -> None:
    """Rings round what changed since the player at the screen last acted (``change_marks``),
    drawn each frame over the tiles, so they follow a tile that is still landing."""
    if tv.preview_table is not None:
        return  # a hint's table is on show: the rings would point at tiles it moved
    marks = tv.changes.of(tv.table.viewer)
    for kind, tiles in (("moved", marks.moved), ("laid", marks.laid), ("drawn", marks.drawn)):
        for tile in tiles:
            sprite = tv.sprites.get(tile)
            if sprite is not None:
                size = round(sprite.w)
                box = pygame.Rect(round(sprite.x), round(sprite.y), size, tile_height(size))
                marks_paint.draw_change_mark(surface, tv.app.theme, box, kind)


def _paint_drop_preview(tv: PaintedView, surface: pygame.Surface, hand: Hand) -> None:
    preview = hand.preview
    if preview is None:
        return
    kind, box = preview
    if kind == "slot":
        marks_paint.draw_drop_preview(surface, tv.app.theme, box)
    else:
        marks_paint.draw_meld_target(surface, tv.app.theme, box)


BANNER_LINES = 5  # a refusal's heading and four problems (turn_flow.refusal_text)


def _paint_overlay_bits(tv: PaintedView, surface: pygame.Surface) -> None:
    theme = tv.app.theme
    if _opening_counter_shown(tv):
        points = tv.session.state.opening_points()
        marks_paint.draw_opening_counter(surface, theme, _opening_counter_at(tv), points,
                                         tv.session.state.params.opening_points)
    banner = tv.table.banner
    if banner is not None:
        centre, width = banner_place(tv)
        marks_paint.draw_banner(surface, theme, centre, banner.message, banner.alpha, banner.warning, width,
                                max_lines=BANNER_LINES)


def _opening_counter_shown(tv: PaintedView) -> bool:
    return tv.table.phase == Phase.PERSON and tv.session.in_round and tv.session.state.owes_opening


def _opening_counter_at(tv: PaintedView) -> tuple[int, int]:
    return (round(tv.table_area.x), round(tv.table_area.bottom) - 34)


def banner_place(tv: PaintedView) -> tuple[tuple[int, int], int]:
    """The banner's centre and widest width: at the felt's foot, between the opening counter
    and the match caption (the deal number), covering neither, and within a sandbox's
    narrower felt (never wider than a game table's usual banner)."""
    centre = (round(tv.table_area.x + tv.table_area.w / 2), round(tv.table_area.bottom) - 24)
    room = round(tv.table_area.w / 2)
    caption = tv.caption_text()
    if caption:
        room = min(room, marks_paint.match_caption_rect(tv.table_area, caption).left - centre[0])
    if _opening_counter_shown(tv):
        state = tv.session.state
        counter = marks_paint.opening_counter_rect(_opening_counter_at(tv), state.opening_points(),
                                                   state.params.opening_points)
        room = min(room, centre[0] - counter.right)
    return centre, min(marks_paint.BANNER_MAX_W, 2 * (room - 12))


def match_caption(tv: PaintedView) -> str:
    """The caption a match table shows at the felt's foot (mode, target, round, deal, and the
    house rules the match is played under)."""
    if not tv.show_caption or tv.shown is None:
        return ""
    caption = tv.session.caption(len(tv.session.match.rounds) + (1 if tv.session.in_round else 0))
    return " · ".join(part for part in (caption, tv.table.house_rules_line()) if part)
