"""Painting one frame of the Rummi table, back to front. Reads the scene; changes nothing."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from rummi_desktop.games.rummi.melds import is_valid_meld
from rummi_desktop.games.rummi.pieces import face, faces
from rummi_desktop.scenes.rummi import table_view as view
from rummi_desktop.scenes.rummi.layout import screen_regions
from rummi_desktop.scenes.rummi.table_motion import GLOW_SECONDS
from rummi_desktop.seats import seat_kind_label
from rummi_desktop.ui.tile_render import tile_margin

if TYPE_CHECKING:
    from rummi_desktop.scenes.rummi.table_scene import RummiTableScene

REGIONS = screen_regions()
MAX_LATECOMERS = 16


def paint_table(scene: "RummiTableScene", surface: pygame.Surface, felt: pygame.Surface) -> None:
    """Back to front. Everything that stays still (felt, HUD, rack tray, meld marks, resting
    tiles) is painted once into a cached layer; a frame blits it, then the moving parts."""
    if scene.view_state is None:
        surface.blit(felt, (0, 0))
        return
    hovered = scene.input.hovered_tile()
    resting, moving = _split_sprites(scene, hovered)
    layer, latecomers = scene.paint_cache.layer(scene, felt, resting, bool(moving))
    surface.blit(layer, (0, 0))
    _draw_tiles(scene, surface, latecomers)
    _paint_drop_preview(scene, surface)
    # flying, dragged and hovered tiles pass over the others
    _draw_tiles(scene, surface, [(t, s, _tile_state(scene, t, hovered)) for t, s in moving])
    if scene.session.clock_seconds:
        total = float(scene.session.clock_seconds)
        left = scene.clock_left if scene.phase == "human" else total
        view.draw_clock(surface, scene.app.theme, REGIONS.clock, left, total, scene.phase == "human")
    scene.buttons.draw(surface)
    _paint_overlay_bits(scene, surface)


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

    def _background(self, scene: "RummiTableScene", felt: pygame.Surface) -> pygame.Surface:
        key = (scene.app.theme, _hud_key(scene), scene.viewer is None, _rack_message(scene),
               scene.rack_layout.ledges)
        if key != self.back_key or self.back is None or self.back.get_size() != felt.get_size():
            if self.back is None or self.back.get_size() != felt.get_size():
                self.back = pygame.Surface(felt.get_size()).convert()
            self.back.blit(felt, (0, 0))
            _paint_hud(scene, self.back)
            _paint_rack_tray(scene, self.back)
            self.back_key = key
        return self.back

    def layer(self, scene: "RummiTableScene", felt: pygame.Surface, resting: list,
              anything_moving: bool) -> tuple[pygame.Surface, list]:
        """The still layer, and the resting tiles it lacks (to be drawn on top this frame).

        While tiles are in flight, tiles that come to rest are drawn separately for a while
        rather than repainting the layer each time one lands; the layer is repainted when a
        tile in it moves or changes, when many latecomers pile up, or once all is still.
        """
        back = self._background(scene, felt)
        wanted = {t: (round(s.x), round(s.y), round(s.w), state) for t, s, state in resting}
        key = (id(back), self.back_key, scene.app.settings.colour_blind, _marks_key(scene))
        reusable = (self.surface is not None and key == self.key
                    and all(wanted.get(t) == where for t, where in self.tiles.items()))
        latecomers = [item for item in resting if item[0] not in self.tiles] if reusable else []
        if reusable and len(latecomers) <= MAX_LATECOMERS and not (latecomers and not anything_moving):
            return self.surface, latecomers
        if self.surface is None or self.surface.get_size() != back.get_size():
            self.surface = pygame.Surface(back.get_size()).convert()
        self.surface.blit(back, (0, 0))
        _paint_meld_marks(scene, self.surface)
        _draw_tiles(scene, self.surface, resting)
        self.key, self.tiles = key, wanted
        self.rebuilds += 1
        return self.surface, []


def _split_sprites(scene: "RummiTableScene", hovered: int | None) -> tuple[list, list]:
    held = scene.input.held.tile if scene.input.held is not None else None
    selected = scene.input.selected.tile if scene.input.selected is not None else None
    resting, moving = [], []
    for tile, sprite in scene.sprites.sprites.items():
        if tile in (held, hovered, selected) or not sprite.settled:
            moving.append((tile, sprite))
        else:
            resting.append((tile, sprite, "invalid" if tile in scene.invalid_tiles else "normal"))
    moving.sort(key=lambda item: item[0] == held)  # the tile in hand on top of all
    return resting, moving


def _draw_tile(scene: "RummiTableScene", surface: pygame.Surface, tile: int, sprite, state: str) -> None:
    scene.app.tiles.draw(surface, face(tile), (round(sprite.x), round(sprite.y)), round(sprite.w),
                         scene.app.theme, state, scene.app.settings.colour_blind)


def _draw_tiles(scene: "RummiTableScene", surface: pygame.Surface, items: list) -> None:
    """Many tiles in one ``fblits`` call (one trip into C instead of one per tile)."""
    tiles, theme, blind = scene.app.tiles, scene.app.theme, scene.app.settings.colour_blind
    batch = []
    for tile, sprite, state in items:
        size = round(sprite.w)
        margin = tile_margin(size)
        batch.append((tiles.surface(face(tile), size, theme, state, blind),
                      (round(sprite.x) - margin, round(sprite.y) - margin)))
    if batch:
        surface.fblits(batch)


def _hud_key(scene: "RummiTableScene") -> tuple:
    state = scene.view_state
    session = scene.session
    return (tuple(len(state.rack(s)) for s in range(state.seats)), tuple(session.match.totals),
            session.in_round and state.current, scene.phase == "thinking", len(state.pool),
            len(session.match.rounds))


def _marks_key(scene: "RummiTableScene") -> tuple:
    if scene.phase != "human":
        return ()
    glows = tuple((key, round(left * 12)) for key, left in scene.meld_glow.items())
    return (tuple(tuple(m) for m in scene.view_state.table), glows, scene.app.settings.show_invalid_melds)


def _paint_hud(scene: "RummiTableScene", surface: pygame.Surface) -> None:
    theme = scene.app.theme
    state = scene.view_state
    session = scene.session
    totals = session.match.totals
    pulse = 0.0  # the HUD is a cached layer: no per-frame pulse
    in_round = session.in_round
    for seat, area in enumerate(view.seat_chip_rects(REGIONS.hud, state.seats)):
        config = session.seat(seat)
        chip = view.SeatChip(
            name=config.name,
            kind=seat_kind_label(config),
            rack_count=len(state.rack(seat)),
            score=totals[seat],
            on_turn=in_round and state.current == seat,
            thinking=in_round and state.current == seat and scene.phase == "thinking",
        )
        view.draw_seat_chip(surface, theme, area, chip, pulse)
    view.draw_pool_chip(surface, theme, view.pool_chip_rect(REGIONS.hud, state.seats), len(state.pool))
    round_number = len(session.match.rounds) + (1 if in_round else 0)
    caption = f"{session.match.settings.name} · to {session.match.settings.target} · round {round_number} · deal {session.setup.seed}"
    view.draw_match_caption(surface, theme, REGIONS.table, caption)


def _rack_message(scene: "RummiTableScene") -> str:
    session = scene.session
    if scene.viewer is not None:
        return ""
    if session.in_round and not session.is_human(session.current):
        return f"{session.seat(session.current).name} is playing…"
    return "Racks are hidden between players"


def _paint_rack_tray(scene: "RummiTableScene", surface: pygame.Surface) -> None:
    theme = scene.app.theme
    if scene.viewer is not None:
        view.draw_rack_tray(surface, theme, REGIONS.rack, scene.rack_layout.ledges)
        return
    view.draw_hidden_rack(surface, theme, REGIONS.rack, _rack_message(scene))


def _paint_meld_marks(scene: "RummiTableScene", surface: pygame.Surface) -> None:
    """Glow behind melds that just became valid; red underline under invalid changed melds."""
    theme = scene.app.theme
    state = scene.view_state
    layout = scene.table_layout
    if scene.phase == "human":
        show_invalid = scene.app.settings.show_invalid_melds
        for meld, box in zip(state.table, layout.meld_boxes):
            key = tuple(meld)
            if key in scene.meld_glow:
                left = scene.meld_glow[key]
                burst = math.sin(math.pi * (1 - left / GLOW_SECONDS)) if left > 0 else 0.0
                view.draw_meld_glow(surface, theme.hint, box, 0.35 + 0.65 * burst)
            elif show_invalid and not is_valid_meld(faces(meld)):
                view.draw_invalid_underline(surface, theme, box)


def _tile_state(scene: "RummiTableScene", tile: int, hovered: int | None) -> str:
    if tile in scene.invalid_tiles:
        return "invalid"
    selected = scene.input.selected
    held = scene.input.held
    if (selected is not None and selected.tile == tile) or (held is not None and held.tile == tile):
        return "selected"
    if tile == hovered:
        return "hover"
    return "normal"


def _paint_drop_preview(scene: "RummiTableScene", surface: pygame.Surface) -> None:
    preview = scene.input.drop_preview()
    if preview is None:
        return
    kind, box = preview
    if kind == "slot":
        view.draw_drop_preview(surface, scene.app.theme, box)
    else:
        view.draw_meld_target(surface, scene.app.theme, box)


def _paint_overlay_bits(scene: "RummiTableScene", surface: pygame.Surface) -> None:
    theme = scene.app.theme
    session = scene.session
    if scene.phase == "human" and session.in_round and scene.state.owes_opening:
        points = scene.state.opening_points()
        view.draw_opening_counter(surface, theme, (round(REGIONS.table.x), round(REGIONS.table.bottom) - 34),
                                  points, scene.state.params.opening_points)
    if scene.banner is not None:
        centre = (round(REGIONS.table.x + REGIONS.table.w / 2), round(REGIONS.table.bottom) - 24)
        view.draw_banner(surface, theme, centre, scene.banner.message, scene.banner.alpha, scene.banner.warning)
