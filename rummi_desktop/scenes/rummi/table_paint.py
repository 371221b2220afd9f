"""Painting one frame of the Rummi table, back to front. Reads the scene; changes nothing."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from rummi_desktop.games.rummi.melds import is_valid_meld
from rummi_desktop.games.rummi.pieces import face, faces
from rummi_desktop.scenes.rummi import table_view as view
from rummi_desktop.scenes.rummi.layout import screen_regions
from rummi_desktop.scenes.rummi.session import TIER_TITLES
from rummi_desktop.scenes.rummi.table_scene import GLOW_SECONDS

if TYPE_CHECKING:
    from rummi_desktop.scenes.rummi.table_scene import RummiTableScene

REGIONS = screen_regions()


def paint_table(scene: "RummiTableScene", surface: pygame.Surface, felt: pygame.Surface) -> None:
    surface.blit(felt, (0, 0))
    if scene.view_state is None:
        return
    _paint_hud(scene, surface)
    _paint_rack_tray(scene, surface)
    _paint_meld_marks(scene, surface)
    _paint_tiles(scene, surface)
    scene.buttons.draw(surface)
    _paint_overlay_bits(scene, surface)


def _paint_hud(scene: "RummiTableScene", surface: pygame.Surface) -> None:
    theme = scene.app.theme
    state = scene.view_state
    session = scene.session
    totals = session.match.totals
    pulse = 0.5 + 0.5 * math.sin(scene.app.time * 4)
    in_round = session.in_round
    for seat, area in enumerate(view.seat_chip_rects(REGIONS.hud, state.seats)):
        config = session.seat(seat)
        chip = view.SeatChip(
            name=config.name,
            kind="Player" if config.is_human else TIER_TITLES.get(config.kind, config.kind),
            rack_count=len(state.rack(seat)),
            score=totals[seat],
            on_turn=in_round and state.current == seat,
            thinking=in_round and state.current == seat and scene.phase == "thinking",
        )
        view.draw_seat_chip(surface, theme, area, chip, pulse)
    view.draw_pool_chip(surface, theme, view.pool_chip_rect(REGIONS.hud, state.seats), len(state.pool))
    round_number = len(session.match.rounds) + (1 if in_round else 0)
    caption = f"{session.match.settings.name} · to {session.match.settings.target} · round {round_number} · deal {session.setup.seed}"
    view.draw_match_caption(surface, theme, REGIONS.hud, caption)
    total = session.clock_seconds
    if total:
        left = scene.clock_left if scene.phase == "human" else float(total)
        view.draw_clock(surface, theme, REGIONS.clock, left, float(total), scene.phase == "human")


def _paint_rack_tray(scene: "RummiTableScene", surface: pygame.Surface) -> None:
    theme = scene.app.theme
    if scene.viewer is not None:
        view.draw_rack_tray(surface, theme, REGIONS.rack)
        return
    session = scene.session
    if session.in_round and not session.is_human(session.current):
        message = f"{session.seat(session.current).name} is playing…"
    else:
        message = "Racks are hidden between players"
    view.draw_hidden_rack(surface, theme, REGIONS.rack, message)


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
    preview = scene.input.drop_preview()
    if preview is not None:
        kind, box = preview
        if kind == "slot":
            view.draw_drop_preview(surface, theme, box)
        else:
            view.draw_meld_target(surface, theme, box)


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


def _paint_tiles(scene: "RummiTableScene", surface: pygame.Surface) -> None:
    theme = scene.app.theme
    tiles = scene.app.tiles
    colour_blind = scene.app.settings.colour_blind
    hovered = scene.input.hovered_tile()
    held = scene.input.held.tile if scene.input.held is not None else None
    on_top = []
    for tile, sprite in scene.sprites.sprites.items():
        moving = not sprite.settled
        if tile == held or (moving and tile in scene.incoming):
            on_top.append((tile, sprite))
            continue
        tiles.draw(surface, face(tile), (round(sprite.x), round(sprite.y)), round(sprite.w), theme,
                   _tile_state(scene, tile, hovered), colour_blind)
    for tile, sprite in on_top:  # flying and dragged tiles pass over the others
        tiles.draw(surface, face(tile), (round(sprite.x), round(sprite.y)), round(sprite.w), theme,
                   _tile_state(scene, tile, hovered), colour_blind)


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
