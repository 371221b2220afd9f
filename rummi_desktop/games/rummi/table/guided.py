"""Rummi's guided first game: the steps and their words, the session that plays the scripted
deal (``rules.guided_deal``), and where the guide's targets sit on the Rummi table.

It covers the opening meld (the 30-point rule), a rearrangement of a table meld, and a joker
taken back and used in the same turn. ``guided_table(app)`` is what Help and the first-start
offer open (``GameInfo.guided``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from rummi_desktop.games.rummi.rules import guided_deal as deal
from rummi_desktop.games.rummi.rules.moves import EndTurn, TurnAction
from rummi_desktop.games.rummi.rules.pieces import face
from rummi_desktop.games.rummi.rules.state import REFUSED, TurnResult
from rummi_desktop.games.rummi.table.layout import screen_regions
from rummi_desktop.games.rummi.table.session import MatchSetup, RummiSession, TurnRecord
from rummi_desktop.games.rummi.table.table_scene import RummiTableScene
from rummi_desktop.games.seats import HUMAN, SeatConfig
from rummi_desktop.scenes.guided.guide import Guide, Step
from rummi_desktop.scenes.guided.board import GuideBoard, pick_unused
from rummi_desktop.scenes.guided.mode import guided_table_scene
from rummi_desktop.scenes.guided.panel import Spot
from rummi_desktop.scenes.guided.session import CAPTION, GuidedSession
from rummi_desktop.tiles import Tile

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

REGIONS = screen_regions()
OPPONENT = "Robin"

STEPS = (
    Step("Welcome to Rummi",
         "Be the first to empty your rack. Tiles go down in melds of three or more: a run is one "
         "colour in a row (red 4, 5, 6), a group is one number in different colours (three 7s).",
         "This short game shows you the moves that matter. Press Next when you are ready."),
    Step("Your opening meld",
         "Drag your red 10, 11 and 12 onto the table, one next to the other, to make a run.",
         "Your first play must be worth 30 points or more, from your own tiles only: "
         "10 + 11 + 12 makes 33.",
         targets=("rack:R10", "rack:R11", "rack:R12"), done=deal.opening_laid,
         hint="First lay your red 10, 11 and 12 together as one run."),
    Step("End your turn",
         "Press End Turn to put your opening meld down for good.",
         "At End Turn every meld on the table must be valid. A wrong one is outlined in red, and "
         "your turn goes on until you fix it.",
         targets=("button:end_turn",), done=deal.opening_ready, ends_turn=True,
         hint="Only your red 10, 11 and 12 belong on the table now. Press Reset to start the turn again."),
    Step("Rearrange the table",
         f"{OPPONENT} opened with black 7 to 11. Lay your blue 11 and yellow 11 together on open "
         f"felt, then drag {OPPONENT}'s black 11 over to join them.",
         "Once you have opened, the whole table is yours: move, split and join any melds, as long "
         "as you lay at least one tile from your rack.",
         targets=("rack:B11", "rack:Y11", "tile:K11"), done=deal.rearranged,
         hint=f"Make a group of three 11s: your blue and yellow 11 with {OPPONENT}'s black 11."),
    Step("End your turn",
         "Both melds are valid: black 7 to 10, and the three 11s. Press End Turn.",
         "You may pass through broken melds while you rearrange; only the table you leave at End "
         "Turn has to be right.",
         targets=("button:end_turn",), done=deal.rearranged_ready, ends_turn=True,
         hint="Keep black 7 to 10 as a run and the three 11s as a group, then press End Turn."),
    Step("Take the joker back",
         f"{OPPONENT} laid yellow 3, joker, yellow 5: the joker stands for yellow 4. Drop your "
         "yellow 4 right on top of the joker.",
         "A joker on the table can be won back by putting the very tile it stands for in its place.",
         targets=("rack:Y4", "tile:J"), done=deal.joker_freed,
         hint="Drop your yellow 4 squarely on the joker."),
    Step("Use the joker at once",
         "The freed joker waits on the felt. Drop your blue 6 and blue 7 onto it to make a run.",
         "A joker you take back never goes to your rack: it must be played again in the same turn.",
         targets=("rack:B6", "rack:B7", "tile:J"), done=deal.joker_used,
         hint="Drop your blue 6 and blue 7 onto the freed joker."),
    Step("End your turn",
         "Every meld is valid again. Press End Turn to finish your guided game.",
         "That is the whole game: lay melds, rework the table, and use jokers to empty your rack first.",
         targets=("button:end_turn",), done=deal.joker_ready, ends_turn=True,
         hint="Keep the yellow 3 to 5 run and the blue run with the joker, then press End Turn."),
)
CLOSING_WORDS = ("You opened, rearranged the table and won back a joker. "
                 "You are ready for a real game against the computer.")


def guide() -> Guide:
    return Guide("Rummi", STEPS)


@dataclass
class GuidedRummiSession(GuidedSession, RummiSession):
    """The guided game's session: the scripted round, and every end of a person's turn put to
    the guide before the model (the table as it stands is what the step's test reads)."""

    reply = staticmethod(deal.scripted_reply)

    @classmethod
    def guided(cls) -> "GuidedRummiSession":
        setup = MatchSetup((SeatConfig(HUMAN, "You"), SeatConfig("easy", OPPONENT)), "practice", clock=0,
                           seed=deal.SEED)
        session = cls.new(setup)
        session.match.current = deal.guided_round(tuple(seat.kind for seat in setup.seats))
        return session

    def caption(self, round_number: int) -> str:
        return CAPTION

    def finish_turn(self, move: TurnAction, seconds: float) -> TurnRecord:
        refusal = self.guide_refusal(self.state, isinstance(move, EndTurn))
        if refusal:
            seat = self.state.current
            return TurnRecord(seat, TurnResult(REFUSED, seat, error=refusal), (), False)
        record = super().finish_turn(move, seconds)
        if record.result.ok:
            self.guide_accepted()
        return record


class RummiGuideBoard(GuideBoard):
    """Where the guide's targets are on the Rummi table: ``rack:R10`` (that tile on the
    rack), ``tile:J`` (that tile on the table), ``button:end_turn``."""

    other_name = OPPONENT

    def target_rect(self, kind: str, what: str, used: set[int]) -> pygame.Rect | None:
        view, wanted = self.table.view, Tile.parse(what)
        if kind == "rack":
            places = zip(view.rack_ids, view.rack_layout.slots)
        else:
            places = ((tile, box) for meld, boxes in zip(view.shown_table(), view.table_layout.tile_boxes)
                      for tile, box in zip(meld, boxes))
        return pick_unused(places, lambda tile: face(tile) == wanted, used)

    def panel_spots(self) -> list[Spot]:
        felt = REGIONS.table
        return [((round(felt.right) - 12, round(felt.bottom) - 28), "bottomright"),
                ((round(felt.x) + 12, round(felt.bottom) - 28), "bottomleft"),
                ((round(felt.right) - 12, round(felt.y) + 12), "topright")]


def guided_table(app: "App") -> RummiTableScene:
    """The Rummi table with the guided first game on it."""
    from rummi_desktop.games.rummi.table.setup_scene import RummiSetupScene

    session = GuidedRummiSession.guided()
    return guided_table_scene(app, RummiTableScene, session, guide(), RummiGuideBoard(), CLOSING_WORDS,
                              real_game=lambda: RummiSetupScene(app))
