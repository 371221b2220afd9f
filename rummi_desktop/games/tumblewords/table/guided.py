"""Tumblewords' guided first game: the steps and their words, the session that plays the
scripted deal (``rules.guided_deal``), and where the guide's targets sit on the table.

It covers a drop that makes two words at once (read across and down) and a blank given a
letter. ``guided_table(app)`` is what Help and the first-start offer open.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from rummi_desktop.games.tumblewords.rules import guided_deal as deal
from rummi_desktop.games.tumblewords.rules.grid import FACES
from rummi_desktop.games.tumblewords.table.layout import REGIONS
from rummi_desktop.games.tumblewords.table.session import (TumblewordsSeatStats, TumblewordsSession,
                                                           TumblewordsSetup)
from rummi_desktop.games.tumblewords.table.table_scene import TumblewordsTableScene
from rummi_desktop.games.seats import HUMAN, SeatConfig
from rummi_desktop.scenes.guided.guide import Guide, Step
from rummi_desktop.scenes.guided.board import SideColumnBoard, pick_unused
from rummi_desktop.scenes.guided.mode import guided_table_scene
from rummi_desktop.scenes.guided.session import GuidedOneMoveSession

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

OPPONENT = "Robin"

STEPS = (
    Step("Welcome to Tumblewords",
         "Drop letters into the columns: each falls to the lowest free square. Every word your letter "
         "is part of scores, read across or down the board, in either direction.",
         "A word scores a point for each of its letters. Press Next when you are ready."),
    Step("Two words at once",
         "Drag your O onto column 5, the one with the X. It lands on the X, right beside the G.",
         "Across it reads GO and down it reads OX: two words from one letter, 2 + 2 = 4 points. Words "
         "read right, left, down and up, and every one of them counts.",
         targets=("hand:O", "column:4"), done=deal.two_words_made, ends_turn=True,
         hint="Drop your O into column 5, so it lands on top of the X."),
    Step("Play a blank",
         "Drag your blank tile onto column 6, just right of the X, then choose E for it.",
         "A blank becomes the letter you choose and keeps it for the rest of the game. It scores like "
         "any other letter: AXE across, and EX read leftwards from the E, make 3 + 2 = 5.",
         targets=("hand:?", "column:5"), done=deal.blank_played, ends_turn=True,
         hint="Drop the blank into column 6, next to the X, and make it an E to spell AXE."),
)
CLOSING_WORDS = ("You scored two words with one letter and turned a blank into an E. "
                 "You are ready for a real game against the computer.")


def guide() -> Guide:
    return Guide("Tumblewords", STEPS)


@dataclass
class GuidedTumblewordsSession(GuidedOneMoveSession, TumblewordsSession):
    """The guided game's session: the scripted game (on the shipped word list), and every
    drop of the person put to the guide after the model."""

    reply = staticmethod(deal.scripted_reply)

    @classmethod
    def guided(cls) -> "GuidedTumblewordsSession":
        setup = TumblewordsSetup((SeatConfig(HUMAN, "You"), SeatConfig("easy", OPPONENT)), seed=deal.SEED)
        words = setup.dictionary()
        return cls(setup, deal.guided_game(words, tuple(seat.kind for seat in setup.seats)),
                   [TumblewordsSeatStats() for _ in setup.seats])



class TumblewordsGuideBoard(SideColumnBoard):
    """Where the guide's targets are on the Tumblewords table: ``hand:O`` (that letter in the
    hand, ``?`` the blank), ``column:4`` (a column, from its lip to the bottom), ``button:done``.
    The panel goes over the turn log."""

    other_name = OPPONENT
    column = REGIONS.log

    def target_rect(self, kind: str, what: str, used: set[int]) -> pygame.Rect | None:
        view = self.table.view
        if kind == "column":  # its squares (not the lip above them, where the banner shows)
            top, bottom = view.layout.cell_box(0, int(what)), view.layout.cell_box(view.layout.rows - 1, int(what))
            return pygame.Rect(top.as_tuple()).union(pygame.Rect(bottom.as_tuple()))
        return pick_unused(zip(view.hand_ids, view.hand_layout.slots), lambda tile: FACES[tile] == what, used)


def guided_table(app: "App") -> TumblewordsTableScene:
    """The Tumblewords table with the guided first game on it."""
    from rummi_desktop.games.tumblewords.table.setup_scene import TumblewordsSetupScene

    session = GuidedTumblewordsSession.guided()
    return guided_table_scene(app, TumblewordsTableScene, session, guide(), TumblewordsGuideBoard(), CLOSING_WORDS,
                              real_game=lambda: TumblewordsSetupScene(app))
