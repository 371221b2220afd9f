"""Drawing the unseen-tile tracker: any game's :class:`~rummi_desktop.games.unseen.UnseenSheet`
on a small card the colour of a tile face, as a Scrabble player's tracker sheet.

A sheet with headings (a numbered tile set) is a grid of counts: a line per colour, inked in
that colour, a column per number, the jokers after; ``upright`` turns it a quarter (a column
per colour, a line per number) for a narrow strip beside a table. A sheet without headings
(letters) shows each letter with its count under it. A kind all seen is drawn faint, so what
is left stands out. Nothing here knows a game: the sheet says what to draw.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from rummi_desktop.games.unseen import UnseenCell, UnseenSheet
from rummi_desktop.ui import shapes
from rummi_desktop.ui.theme import Theme

PAD = 12
TITLE_H = 30  # the title line ("Unseen tiles" and the total)
COUNT_FONT = 15
LABEL_FONT = 12
NUMBER_LINE = 19  # px per line of a number grid
LETTER_LINE = 38  # px per line of a letter grid (the letter and its count under it)
LABEL_W = 22  # the colour swatch (or the joker's mark) before a line
FAINT = 0.72  # how far a kind all seen fades into the card
TITLE = "Unseen tiles"
HIDDEN_NOTE = "Shown on your turn"


@dataclass(frozen=True, slots=True)
class PlacedCell:
    """One cell of the grid as drawn: its column and line, and what it holds."""

    column: int
    line: int
    cell: UnseenCell
    colour: str


def panel_height(sheet: UnseenSheet, upright: bool = False) -> int:
    """How tall the card is for this sheet (its width is the caller's)."""
    if not sheet.headings:
        return TITLE_H + PAD + len(sheet.rows) * LETTER_LINE + PAD // 2
    lines = len(sheet.headings) + 1 if upright else len(sheet.rows) + 1  # and the headings' line
    return TITLE_H + PAD + lines * NUMBER_LINE + PAD // 2


def placed_cells(sheet: UnseenSheet, upright: bool = False) -> list[PlacedCell]:
    """Where each cell goes: (column, line) in the grid, the headings' line or column not counted."""
    placed = []
    for row_index, row in enumerate(sheet.rows):
        for index, cell in enumerate(row.cells):
            column, line = (row_index, index) if upright else (index, row_index)
            placed.append(PlacedCell(column, line, cell, row.colour))
    return placed


def _ink(theme: Theme, colour: str) -> tuple[int, ...]:
    return theme.tile_colour(colour) if colour else theme.joker


def _faint(theme: Theme, ink: tuple[int, ...], cell: UnseenCell) -> tuple[int, ...]:
    return shapes.mix(ink[:3], theme.tile_face[:3], FAINT) if cell.count == 0 else ink


def draw_unseen_panel(surface: pygame.Surface, theme: Theme, area: pygame.Rect, sheet: UnseenSheet | None,
                      upright: bool = False) -> None:
    """The card in ``area``: the title and the total, then the grid (or, with no sheet, a note
    that the tracker shows on the seat's own turn)."""
    edge = shapes.darken(theme.tile_edge[:3], 0.1)
    surface.blit(shapes.soft_shadow(area.size, 12, 6, 90), (area.x - 6, area.y - 3))
    surface.blit(shapes.rounded_panel(area.size, 12, theme.tile_face, theme.tile_face_low, edge, 1), area)
    ink = theme.tile_colour("K")
    surface.blit(shapes.text(TITLE, 17, ink, bold=True), (area.x + PAD, area.y + 8))
    if sheet is None:
        note = shapes.text(HIDDEN_NOTE, COUNT_FONT, shapes.mix(ink[:3], theme.tile_face[:3], 0.45))
        surface.blit(note, note.get_rect(midtop=(area.centerx, area.y + TITLE_H + PAD)))
        return
    total = shapes.text(str(sheet.total), 17, ink, bold=True)
    surface.blit(total, total.get_rect(topright=(area.right - PAD, area.y + 8)))
    grid = pygame.Rect(area.x + PAD, area.y + TITLE_H + PAD // 2, area.w - 2 * PAD, area.h - TITLE_H - PAD)
    if sheet.headings:
        _draw_number_grid(surface, theme, grid, sheet, upright)
    else:
        _draw_letter_grid(surface, theme, grid, sheet)


def _draw_number_grid(surface: pygame.Surface, theme: Theme, grid: pygame.Rect, sheet: UnseenSheet,
                      upright: bool) -> None:
    """Counts by colour and number, the numbers as headings; the jokers' line has one cell."""
    columns = len(sheet.rows) if upright else len(sheet.headings)
    pitch = (grid.w - LABEL_W) / columns
    muted = shapes.mix(theme.tile_colour("K")[:3], theme.tile_face[:3], 0.45)

    def centre(column: int, line: int) -> tuple[int, int]:
        return round(grid.x + LABEL_W + (column + 0.5) * pitch), round(grid.y + (line + 1.5) * NUMBER_LINE)

    for index, heading in enumerate(sheet.headings):
        label = shapes.text(heading, LABEL_FONT, muted, bold=True)
        spot = (grid.x + LABEL_W // 2, centre(0, index)[1]) if upright else centre(index, -1)
        surface.blit(label, label.get_rect(center=spot))
    for index, row in enumerate(sheet.rows):
        spot = centre(index, -1) if upright else (grid.x + LABEL_W // 2, centre(0, index)[1])
        _draw_swatch(surface, theme, spot, row.colour)
    for placed in placed_cells(sheet, upright):
        colour = _faint(theme, _ink(theme, placed.colour), placed.cell)
        count = shapes.text(str(placed.cell.count), COUNT_FONT, colour, bold=placed.cell.count > 0)
        surface.blit(count, count.get_rect(center=centre(placed.column, placed.line)))


def _draw_swatch(surface: pygame.Surface, theme: Theme, centre: tuple[int, int], colour: str) -> None:
    """A line's colour as a dot of its ink; the jokers' line as a small star of the joker's."""
    if colour:
        pygame.draw.circle(surface, theme.tile_colour(colour), centre, 6)
        return
    star = shapes.text("★", COUNT_FONT, theme.joker)
    surface.blit(star, star.get_rect(center=centre))


def _draw_letter_grid(surface: pygame.Surface, theme: Theme, grid: pygame.Rect, sheet: UnseenSheet) -> None:
    """Each letter with its count under it, a line of the sheet per line."""
    columns = max(len(row.cells) for row in sheet.rows)
    pitch = grid.w / columns
    ink = theme.tile_colour("K")
    for placed in placed_cells(sheet):
        colour = _faint(theme, ink, placed.cell)
        x = round(grid.x + (placed.column + 0.5) * pitch)
        y = grid.y + placed.line * LETTER_LINE + 4
        letter = shapes.text(placed.cell.face, 17, colour, bold=True)
        surface.blit(letter, letter.get_rect(midtop=(x, y)))
        count = shapes.text(str(placed.cell.count), LABEL_FONT, colour)
        surface.blit(count, count.get_rect(midtop=(x, y + 19)))


TAB_NOTE = "Click or press T"


def draw_unseen_tab(surface: pygame.Surface, theme: Theme, area: pygame.Rect) -> None:
    """The hidden tracker folded to a strip: click it (or press T) to open the card again."""
    surface.blit(shapes.rounded_panel(area.size, 10, theme.panel, theme.panel,
                                      shapes.mix(theme.panel[:3], theme.rail_highlight, 0.5), 1), area)
    title = shapes.text(TITLE, 15, theme.text, bold=True)
    surface.blit(title, title.get_rect(midleft=(area.x + 16, area.centery)))
    note = shapes.text(TAB_NOTE, 14, theme.text_muted)
    surface.blit(note, note.get_rect(midright=(area.right - 16, area.centery)))
