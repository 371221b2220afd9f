"""Rummble's guided first game: the steps and their words, the session that plays the scripted
deal (``rules.guided_deal``), and where the guide's targets sit on the Rummble table.

It covers the first play across the star, a set laid over premium squares, and an exchange
with the pool. ``guided_table(app)`` is what Help and the first-start offer open.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from rummi_desktop.games.rummble.rules import guided_deal as deal
from rummi_desktop.games.rummble.rules.board import square
from rummi_desktop.games.rummble.table.layout import REGIONS, square_box
from rummi_desktop.games.rummble.table.session import RummbleSeatStats, RummbleSession, RummbleSetup
from rummi_desktop.games.rummble.table.table_scene import RummbleTableScene
from rummi_desktop.games.seats import HUMAN, SeatConfig
from rummi_desktop.scenes.guided.guide import Guide, Step
from rummi_desktop.scenes.guided.board import SideColumnBoard, pick_unused
from rummi_desktop.scenes.guided.mode import guided_table_scene
from rummi_desktop.scenes.guided.session import GuidedOneMoveSession
from rummi_desktop.tiles import Tile

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

OPPONENT = "Robin"

STEPS = (
    Step("Welcome to Rummble",
         "Lay tiles on the board in lines, like a crossword. A line of two or more is a set: the same "
         "number (8 8), numbers in a row (5 6 7), or one colour going up or down (red 3 7 9).",
         "Each set scores the numbers on it. Press Next when you are ready."),
    Step("Cover the star",
         "Drag your red 5, black 6 and blue 7 onto the middle row, left to right, with the 6 on the "
         "star. Then press Play.",
         "The first play of the game must cover the star, and the star doubles the set laid across "
         "it: 5 + 6 + 7 = 18, doubled to 36.",
         targets=("rack:R5", "rack:K6", "rack:B7", "square:6,5", "square:6,6", "square:6,7", "button:play"),
         done=deal.star_covered, ends_turn=True,
         hint="Put the red 5, black 6 and blue 7 on the middle row, the 6 on the star, then press Play."),
    Step("Use the premium squares",
         "Make a column through your blue 7: your yellow 6 on the square above it, your red 8 on the "
         "square below it. Then press Play.",
         "Both are ×3 TILE squares: the tile you place there counts three times, so this straight "
         "scores 6×3 + 7 + 8×3 = 49. ×2 SET and ×3 SET squares multiply the whole set. A premium "
         "counts only on the turn its square is covered.",
         targets=("rack:Y6", "rack:R8", "square:5,7", "square:7,7", "button:play"),
         done=deal.premiums_used, ends_turn=True,
         hint="The yellow 6 goes just above the blue 7 and the red 8 just below it."),
    Step("Exchange tiles",
         "Not every rack plays well. Press Exchange, pick the tiles you want to give back (your 1s and "
         "13s, say) and press Exchange again.",
         "Instead of playing you may swap any of your tiles with the pool, while it holds 10 or more. "
         "It uses up your turn and scores nothing.",
         targets=("button:exchange",), done=deal.exchanged, ends_turn=True,
         hint="This time, exchange tiles instead of playing: press Exchange."),
)
CLOSING_WORDS = ("You covered the star, tripled two tiles on premium squares and swapped tiles with "
                 "the pool. You are ready for a real game against the computer.")


def guide() -> Guide:
    return Guide("Rummble", STEPS)


@dataclass
class GuidedRummbleSession(GuidedOneMoveSession, RummbleSession):
    """The guided game's session: the scripted game and every move of the person put to the
    guide after the model: a move the model allows is tried on a copy, and the guide may still
    refuse it (nothing changes)."""

    reply = staticmethod(deal.scripted_reply)

    @classmethod
    def guided(cls) -> "GuidedRummbleSession":
        setup = RummbleSetup((SeatConfig(HUMAN, "You"), SeatConfig("easy", OPPONENT)), "standard", deal.SEED)
        return cls(setup, deal.guided_game(tuple(seat.kind for seat in setup.seats)),
                   [RummbleSeatStats() for _ in setup.seats])



class RummbleGuideBoard(SideColumnBoard):
    """Where the guide's targets are on the Rummble table: ``rack:R5`` (that tile on the rack),
    ``square:6,6`` (a square of the board), ``button:play``. The panel goes over the turn log."""

    other_name = OPPONENT
    column = REGIONS.log

    def target_rect(self, kind: str, what: str, used: set[int]) -> pygame.Rect | None:
        if kind == "square":
            row, col = (int(part) for part in what.split(","))
            return pygame.Rect(square_box(square(row, col)).as_tuple())
        view, faces, wanted = self.table.view, self.table.state.faces, Tile.parse(what)
        return pick_unused(zip(view.rack_ids, view.rack_layout.slots), lambda tile: faces[tile] == wanted, used)


def guided_table(app: "App") -> RummbleTableScene:
    """The Rummble table with the guided first game on it."""
    from rummi_desktop.games.rummble.table.setup_scene import RummbleSetupScene

    session = GuidedRummbleSession.guided()
    return guided_table_scene(app, RummbleTableScene, session, guide(), RummbleGuideBoard(), CLOSING_WORDS,
                              real_game=lambda: RummbleSetupScene(app))
