"""The end of a round (every rack shown, each score change explained) and of the match
(the winner, a fanfare, a scorecard per seat, Rematch / Menu).

They know the table only through callbacks (Continue, a new table for the Rematch), so they
import no table scene."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from rummi_desktop.games.rummi.rules.pieces import face
from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.scenes.results_base import GameEndScene, resigned_words_past
from rummi_desktop.scenes.review_offer import review_button
from rummi_desktop.ui import shapes
from rummi_desktop.ui.text_wrap import fitted_text
from rummi_desktop.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App
    from rummi_desktop.shell.scene import Scene
    from rummi_desktop.games.rummi.table.session import RummiSession

    NewTable = Callable[["App", "RummiSession"], "Scene"]

TILE = 30
NAME_COLUMN = 156  # px of a round card's seat name, before its score line at 200
REVIEW_WIDTH, REVIEW_GAP = 200, 24  # the round card's Review, beside its Next round


def score_lines(session: "RummiSession") -> list[str]:
    """One sentence per seat saying why its score changed (the round just finished)."""
    result = session.last_result
    if result is None:
        return []
    names = [seat.name for seat in session.setup.seats]
    totals = result.rack_totals
    lines = []
    if result.kind == "went_out":
        winner = result.winners[0]
        others = [f"{names[s]} {totals[s]}" for s in range(len(names)) if s != winner]
        for seat, score in enumerate(result.scores):
            if seat == winner:
                lines.append(f"+{score}: went out; collects what is left on the other racks ({', '.join(others)})")
            else:
                lines.append(f"{score}: {totals[seat]} points left on the rack (jokers count 30)")
        return lines
    if result.resigned is not None:
        return _resigned_lines(result)
    best = min(totals)
    for seat, score in enumerate(result.scores):
        if seat in result.winners:
            lines.append(f"+{score}: lowest rack ({totals[seat]}); gains the others' differences")
        else:
            lines.append(f"{score}: rack {totals[seat]}, that is {totals[seat] - best} more than the lowest")
    return lines


def _resigned_lines(result) -> list[str]:
    """Why the scores changed in a round a seat gave up (``scoring.resigned_scores``), from the
    scores alone: online, the other racks are never seen."""
    lines = []
    for seat, score in enumerate(result.scores):
        if seat == result.resigned:
            lines.append(f"{score}: resigned; pays the whole rack")
        elif seat in result.winners:
            lines.append(f"+{score}: takes the round; collects what the others pay")
        else:
            lines.append(f"{score}: pays the difference from the lowest rack")
    return lines


def turn_time_text(seconds: float, turns: int) -> str:
    """An average turn time as the results card shows it: tenths of a second, or milliseconds
    below one second (a computer thinks for a few: "0.0 s" would say it took no time); "–"
    for a seat that had no turn."""
    if not turns:
        return "–"
    milliseconds = round(seconds * 1000)
    if milliseconds >= 1000:
        return f"{seconds:.1f} s"
    return f"{milliseconds} ms" if milliseconds else "under 1 ms"


class RoundEndScene(ShellScene):
    """Over the dimmed table: racks revealed and the score changes, line by line."""

    transparent = True

    def __init__(self, app: "App", session: "RummiSession", on_continue: Callable[[], None],
                 new_table: "NewTable") -> None:
        super().__init__(app)
        self.session = session
        self.on_continue = on_continue  # the table deals the next round
        self.new_table = new_table
        seats = len(self.session.setup.seats)
        self.card = pygame.Rect(0, 0, 1120, 200 + seats * 112)
        self.card.center = (640, 400)
        over = self.session.match.is_over
        label = "See the results" if over else "Next round"
        button = pygame.Rect(0, 0, 300, 58)
        button.bottomleft = (self.card.centerx - (button.w + REVIEW_GAP + REVIEW_WIDTH) // 2, self.card.bottom - 22)
        self.next_button = self.widgets.add(Button(button, label, self.proceed, style="primary",
                                                   tooltip=label, shortcut="return"))
        review = pygame.Rect(button.right + REVIEW_GAP, button.y, REVIEW_WIDTH, button.h)
        self.review_button = review_button(self, review, session, "Every turn of this round against the best play")

    def on_enter(self) -> None:
        self.widgets.focus(self.next_button)

    def status(self) -> dict[str, Any]:
        result = self.session.last_result
        return {**super().status(), "title": self.title(), "round": self.round_words(),
                "scores": list(result.scores) if result else [],
                "totals": list(self.session.match.totals)}

    def on_back(self) -> None:
        self.proceed()

    def proceed(self) -> None:
        stack = self.stack
        if stack is None:
            return
        if self.session.match.is_over:
            stack.pop()
            stack.replace(MatchSummaryScene(self.app, self.session, self.new_table))
            return
        self.close()
        self.on_continue()

    def round_words(self) -> str:
        """Which round of which match: "Round 2 · Blitz to 200"."""
        match = self.session.match
        return f"Round {len(match.rounds)} · {match.settings.name} to {match.settings.target}"

    def title(self) -> str:
        result = self.session.last_result
        if result is None:
            return "Round over"
        names = [seat.name for seat in self.session.setup.seats]
        if result.resigned is not None:
            return resigned_words_past(names, result.resigned)
        if result.kind == "went_out":
            name = names[result.winners[0]]
            return "You go Rummi!" if name == "You" else f"{name} goes Rummi!"
        winners = " and ".join(names[s] for s in result.winners)
        alone = "win" if winners == "You" else "wins"
        return f"Blocked round: {winners} {alone if len(result.winners) == 1 else 'share it'}"

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        draw_panel(surface, theme, self.card)
        title = shapes.text(self.title(), 46, theme.text, display=True)
        surface.blit(title, title.get_rect(midtop=(self.card.centerx, self.card.y + 20)))
        where = shapes.text(self.round_words(), 18, theme.text_muted)
        surface.blit(where, where.get_rect(topright=(self.card.right - 36, self.card.y + 18)))
        finished = self.session.last_round
        lines = score_lines(self.session)
        totals = self.session.match.totals
        y = self.card.y + 92
        for seat, config in enumerate(self.session.setup.seats):
            name = fitted_text(config.name, 22, theme.text, NAME_COLUMN, bold=True)  # an online name: 24 letters
            surface.blit(name, (self.card.x + 36, y))
            total = shapes.text(f"total {totals[seat]}", 20, theme.accent, bold=True)
            surface.blit(total, total.get_rect(topright=(self.card.right - 36, y)))
            if seat < len(lines):
                surface.blit(shapes.text(lines[seat], 18, theme.text_muted), (self.card.x + 200, y + 3))
            rack = self.session.shown_rack(seat)
            if rack is None:
                left = len(finished.rack(seat)) if finished is not None else 0
                surface.blit(shapes.text(f"{left} tile{'s' if left != 1 else ''} on the rack, not shown online", 17,
                                         theme.text_muted), (self.card.x + 200, y + 40))
            else:
                self._draw_rack(surface, rack, (self.card.x + 200, y + 32))
            y += 112
        self.widgets.draw(surface, theme)

    def _draw_rack(self, surface: pygame.Surface, rack: list[int], at: tuple[int, int]) -> None:
        theme = self.app.theme
        if not rack:
            surface.blit(shapes.text("(empty)", 18, theme.text_muted), (at[0], at[1] + 10))
            return
        room = self.card.right - 40 - at[0]
        rows = 1 if len(rack) * (TILE + 3) <= room else 2
        per_row = -(-len(rack) // rows)
        step = min(TILE + 3, room // per_row)
        size = max(12, min(TILE, step - 3)) if rows == 2 else TILE
        if rows == 2:
            size = min(size, 26)  # two rows of 35 px must fit the seat's 112 px band
        for index, tile in enumerate(rack):
            row, column = divmod(index, per_row)
            self.app.tiles.draw(surface, face(tile), (at[0] + column * step, at[1] + row * (size * 135 // 100 + 6)),
                                size, theme, colour_blind=self.app.settings.colour_blind)


class MatchSummaryScene(GameEndScene):
    """The match is won: the winner, a scorecard per seat, Rematch, Review (of the last round:
    each round is a record of its own, and its round card reviews it) or Menu."""

    def __init__(self, app: "App", session: "RummiSession", new_table: "NewTable") -> None:
        card = pygame.Rect(0, 0, 1040, 560)
        card.center = (640, 410)
        super().__init__(app, session, new_table, card, button_height=60, button_margin=28)

    @property
    def review_tooltip(self) -> str:  # type: ignore[override]
        if len(self.session.match.rounds) > 1:
            return "Every turn of the last round against the best play (History has every round)"
        return super().review_tooltip

    def winners(self) -> tuple[int, ...]:
        return self.session.match.winners

    def winner_text(self) -> str:
        names = [seat.name for seat in self.session.setup.seats]
        winners = self.session.match.winners
        if len(winners) == 1:
            return f"{names[winners[0]]} wins the match!"
        return " and ".join(names[s] for s in winners) + " share the match!"

    def rows(self) -> list[list[str]]:
        totals = self.session.match.totals
        rows = []
        for seat, (config, stats) in enumerate(zip(self.session.setup.seats, self.session.stats)):
            rows.append([config.name, str(totals[seat]), str(stats.melds_played), str(stats.tiles_placed),
                         str(stats.jokers_used), turn_time_text(stats.average_turn_seconds, stats.turns)])
        return rows

    def footnote(self) -> str:
        """Under the table: what a meld played is, and (when a computer sat) what its turn time is."""
        note = "Melds played: new melds holding a tile from the rack."
        if any(not seat.is_human for seat in self.session.setup.seats):
            note += " A computer's turn time is its thinking time."
        return note

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        match = self.session.match
        rounds = len(match.rounds)
        subtitle = f"{rounds} round{'s' if rounds != 1 else ''} · target {match.settings.target}"
        if match.resigned is not None:
            subtitle = f"{resigned_words_past([s.name for s in self.session.setup.seats], match.resigned)} · {subtitle}"
        self.draw_heading(surface, self.winner_text(), subtitle,
                          title_top=22, subtitle_top=100, subtitle_size=20)
        headers = ["Seat", "Score", "Melds played", "Tiles placed", "Jokers used", "Avg turn"]
        columns = [self.card.x + 60, self.card.x + 270, self.card.x + 400, self.card.x + 570,
                   self.card.x + 730, self.card.x + 880]
        y = self.card.y + 160
        for x, header in zip(columns, headers):
            surface.blit(shapes.text(header, 18, theme.text_muted, bold=True), (x, y))
        pygame.draw.line(surface, theme.rail_highlight, (self.card.x + 50, y + 30), (self.card.right - 50, y + 30))
        winners = set(self.session.match.winners)
        for seat, row in enumerate(self.rows()):
            y += 52
            ink = theme.accent if seat in winners else theme.text
            for x, cell in zip(columns, row):
                surface.blit(shapes.text(cell, 22, ink, bold=seat in winners), (x, y))
        note = self.footnote()
        if note:
            line = shapes.text(note, 17, theme.text_muted)
            surface.blit(line, line.get_rect(midbottom=(self.card.centerx, self.rematch_button.rect.y - 18)))
        self.widgets.draw(surface, theme)
