"""The last card of a game, shared by every game's results: the card over the table's
backdrop, its embossed title and the line under it, Rematch / Review / Menu, and the clock the scores
count up by. A game's scene adds its own rows (scores, hands, statistics).

It knows the table only through ``new_table`` (for the Rematch), so it imports no table scene;
the Rematch's session is made by the finished session's own class.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Sequence

import pygame

from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.scenes.review_offer import finished_replay, review_button
from rummi_desktop.scenes.table_overlays import back_to_menu
from rummi_desktop.ui import shapes
from rummi_desktop.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from rummi_desktop.records.replay import Replay
    from rummi_desktop.shell.app import App
    from rummi_desktop.shell.scene import Scene

    NewTable = Callable[["App", Any], "Scene"]

BUTTON_WIDTH, BUTTON_GAP = 240, 24


def winners_title(names: Sequence[str], winners: Sequence[int]) -> str:
    """"You win!", "Bea wins!" or "Ann and Bea share the win!"."""
    if len(winners) == 1:
        return "You win!" if names[winners[0]] == "You" else f"{names[winners[0]]} wins!"
    return " and ".join(names[s] for s in winners) + " share the win!"


def resigned_words_past(names: Sequence[str], seat: int) -> str:
    """"You resigned" or "Bea resigned": how a game a seat gave up ended."""
    return "You resigned" if names[seat] == "You" else f"{names[seat]} resigned"


class GameEndScene(ShellScene):
    """The finished game's card with Rematch (same seats, the next deal), Review (the
    post-game review: ``scenes.review_offer``) and Menu."""

    count_seconds: ClassVar[float] = 0.0  # the scores count up this long (0: they do not)
    rematch_tooltip: ClassVar[str] = "Same seats, a new deal"
    review_tooltip: ClassVar[str] = "Every turn of this game against the best play"

    def __init__(self, app: "App", session: Any, new_table: "NewTable", card: pygame.Rect,
                 button_height: int = 58, button_margin: int = 24) -> None:
        super().__init__(app)
        self.session, self.new_table = session, new_table
        self.age = 0.0
        self.card = card
        left = pygame.Rect(0, 0, BUTTON_WIDTH, button_height)
        left.bottomleft = (card.centerx - BUTTON_WIDTH * 3 // 2 - BUTTON_GAP, card.bottom - button_margin)
        step = BUTTON_WIDTH + BUTTON_GAP
        self.rematch_button = self.widgets.add(Button(left, "Rematch", self.rematch, style="primary",
                                                      tooltip=self.rematch_tooltip, shortcut="r"))
        self.review_button = review_button(self, left.move(step, 0), session, self.review_tooltip)
        self.menu_button = self.widgets.add(Button(left.move(2 * step, 0), "Menu", self.to_menu,
                                                   tooltip="Back to the menu", shortcut="m"))
        if not getattr(session, "rematch_offered", True):  # an online game: a rematch is a new table
            self.rematch_button.enabled = False

    def winners(self) -> Sequence[int]:
        return self.session.state.winners()

    def names(self) -> list[str]:
        return [seat.name for seat in self.session.setup.seats]

    def on_enter(self) -> None:
        self.play(self.session.victory_cue(self.winners()))
        self.widgets.focus(self.rematch_button if self.rematch_button.enabled else self.menu_button)

    def on_back(self) -> None:
        self.to_menu()

    def new_session(self, setup: Any) -> Any:
        return type(self.session).new(setup)

    def rematch(self) -> None:
        """The next deal at a new table. The card stands over the table that ended (the table
        pushed it): both give way, so the finished table is exited and its thinking closed."""
        setup = replace(self.session.setup, seed=self.session.setup.seed + 1)
        if self.stack is not None:
            self.stack.replace(self.new_table(self.app, self.new_session(setup)), depth=2)

    def finished_replay(self) -> "Replay | None":
        """The game just finished as a replay (None: it cannot be reviewed)."""
        return finished_replay(self.session)

    def to_menu(self) -> None:
        back_to_menu(self.app, self.stack)

    def next_change_in(self) -> float:
        return 0.0 if self.age < self.count_seconds else super().next_change_in()

    def update(self, dt: float) -> None:
        self.age += dt
        super().update(dt)

    def counted(self) -> float:
        """How far the scores have counted up, 0 to 1, slowing as they arrive. Only the top
        scene runs its clock: under a trophy banner the count-up would stand at 0, so a covered
        card shows the real scores (and keeps them once uncovered, rather than count again)."""
        if self.stack is not None and self.stack.top is not self:
            self.age = max(self.age, self.count_seconds)
            return 1.0
        return 1 - (1 - min(1.0, self.age / self.count_seconds)) ** 3

    def draw_heading(self, surface: pygame.Surface, title: str, subtitle: str, *, title_top: int = 20,
                     subtitle_top: int = 96, subtitle_size: int = 19) -> None:
        """The backdrop, the card, its title and the line under it."""
        theme = self.app.theme
        self.draw_backdrop(surface)
        draw_panel(surface, theme, self.card)
        heading = shapes.embossed_title(title, 54, theme.accent, (0, 0, 0, 140), shapes.darken(theme.accent, 0.6))
        surface.blit(heading, heading.get_rect(midtop=(self.card.centerx, self.card.y + title_top)))
        sub = shapes.text(subtitle, subtitle_size, theme.text_muted)
        surface.blit(sub, sub.get_rect(midtop=(self.card.centerx, self.card.y + subtitle_top)))
