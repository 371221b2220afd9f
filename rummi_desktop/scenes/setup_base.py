"""What every game's setup screen shares: seat pickers with a name field beside each, the deal
number (typeable, with a "New deal" button), Start and Back, the remembered setup, and Enter
dealing unless a text field or a focused widget takes it. Each game's setup scene extends it
with its own options, its layout and the table it opens.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable, Sequence

import pygame

from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.shell.scene import Scene
from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.games.seats import DEFAULT_NAMES, HUMAN, SeatConfig, seat_options, tier_title
from rummi_desktop.records.profiles import GUEST
from rummi_desktop.records.profile_file import load_profiles, save_profiles
from rummi_desktop.storage.saves import read_last_setup, write_last_setup
from rummi_desktop.ui.avatar import ProfileChip
from rummi_desktop.ui.text_field import TextField, edit_in
from rummi_desktop.ui import shapes
from rummi_desktop.ui.widgets import Button, OptionPicker, Panel, Widget

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App
    from rummi_desktop.ui.theme import Theme

EMPTY = "empty"  # a seat picker's choice for a seat nobody sits at
NAME_LIMIT = 12  # letters of a seat's name kept
SEED_NOTE = ("The last game's deal:", "New deal for another")


def fresh_seed() -> int:
    return random.SystemRandom().randrange(1, 1_000_000)


class SeedNote(Widget):
    """A line beside the deal number while it is the last game's: the same deal comes again
    unless New deal gives another. Only words: it takes no pointer and no focus."""

    focusable = False

    def __init__(self, rect: pygame.Rect, shown: Callable[[], bool], font_size: int) -> None:
        super().__init__(rect)
        self.shown, self.font_size = shown, font_size

    def hit(self, pos: tuple[float, float] | None) -> bool:
        return False

    def draw(self, surface: pygame.Surface, theme: "Theme") -> None:
        if not self.shown():
            return
        y = self.rect.centery - self.font_size * len(SEED_NOTE) // 2 - 2
        for line in SEED_NOTE:
            picture = shapes.text(line, self.font_size, theme.text_muted)
            surface.blit(picture, picture.get_rect(topleft=(self.rect.x, y)))
            y += self.font_size + 2


def remembered(game: str, from_dict: Callable[[dict], Any]) -> Any | None:
    """The game's last setup, or None when there is none or it cannot be read (a broken file
    only costs the remembered choices)."""
    data = read_last_setup(game)
    if data is None:
        return None
    try:
        return from_dict(data)
    except (KeyError, TypeError, ValueError):
        return None


class SeatedSetupScene(ShellScene):
    """A setup screen's seats, deal number and Start/Back; a game adds its options and says
    how a setup becomes a session and a table."""

    GAME = ""  # the name the setup is remembered under

    def __init__(self, app: "App", seats: Sequence[SeatConfig], seed: int, tiers: Sequence[str],
                 seat_range: tuple[int, int]) -> None:
        super().__init__(app)
        self.fewest_seats, most_seats = seat_range
        self.tiers = tuple(tiers)
        self.tier_names = tuple(tier_title(tier) for tier in tiers)
        self.kinds: list[str] = [seat.kind for seat in seats] + [EMPTY] * (most_seats - len(seats))
        self.names: list[str] = [seat.name for seat in seats] + list(DEFAULT_NAMES[len(seats):])
        self.seed = seed
        last = read_last_setup(self.GAME) if self.GAME else None
        self.last_seed = last.get("seed") if isinstance(last, dict) else None  # the last game's deal
        self.problem = ""
        self.name_fields: list[TextField] = []
        # Each person seat plays under a profile (the one last chosen there) or as a Guest.
        self.book, _notice = load_profiles()
        self.profiles: list[str] = [seat.profile if self.book.find(seat.profile) else self.book.last_for(self.GAME, i)
                                    for i, seat in enumerate(seats)]
        self.profiles += [GUEST] * (most_seats - len(seats))
        self.profile_chips: list[ProfileChip] = []

        self.offered = False

    def on_enter(self) -> None:
        """The first time the setup shows, a newcomer is offered the game's guided first game."""
        if not self.offered and self.GAME and self.app.persist:
            from rummi_desktop.scenes.guided.offer import offer_guided_game

            self.offered = True
            offer_guided_game(self.app, self, self.GAME)

    # -- building the screen -------------------------------------------------------------
    def add_seat_rows(self, picker_row: Callable[[int], pygame.Rect], field_left: int, field_w: int,
                      inset: int) -> None:
        """A picker per seat and, beside it, the seat's name field ``inset`` inside its row."""
        options = seat_options(self.tiers)
        for seat in range(len(self.kinds)):
            choices = options + ([(EMPTY, "Empty seat")] if seat >= self.fewest_seats else [])
            row = picker_row(seat)
            self.widgets.add(OptionPicker(row, f"Seat {seat + 1}", choices, self.kinds[seat],
                                          self._set_kind(seat), tooltip="A person at this laptop, or a computer"))
            box = pygame.Rect(field_left, row.y + inset, field_w, row.h - 2 * inset)
            box = box.inflate(-(box.h + 8), 0).move((box.h + 8) // 2, 0)  # room for the profile chip
            self.name_fields.append(self.widgets.add(TextField(box, self.names[seat], self._set_name(seat),
                                                               tooltip="Click to type a name")))
        for seat, field in enumerate(self.name_fields):  # after the rows: the rows keep their order
            chip = pygame.Rect(0, 0, field.rect.h, field.rect.h)
            chip.midright = (field.rect.x - 8, field.rect.centery)
            self.profile_chips.append(self.widgets.add(ProfileChip(
                chip, lambda s=seat: self.profile_choices(s), self.profiles[seat], self._set_profile(seat),
                label=f"Seat {seat + 1} profile", tooltip="Whose profile this seat plays under: click for the next (Guest: nobody's)")))
            self._show_profile_name(seat)

    def add_seed_row(self, left: int, top: int, height: int, font_size: int) -> None:
        self.seed_field = self.widgets.add(TextField(
            pygame.Rect(left, top, 200, height), str(self.seed), self._set_seed,
            digits=True, limit=9, tooltip="Type a deal number to replay a deal"))
        self.new_deal_button = self.widgets.add(Button(
            pygame.Rect(left + 215, top, 150, height), "New deal", self._new_seed, tooltip="A fresh random deal",
            shortcut="f2", font_size=font_size))
        # Shown while the deal number is the last game's (the same tiles come again).
        self.seed_note = self.widgets.add(SeedNote(
            pygame.Rect(left + 380, top, 240, height), lambda: self.last_seed is not None and self.seed == self.last_seed,
            max(15, font_size - 3)))

    def add_start_back(self, bottomright: tuple[int, int], height: int, label: str, tooltip: str) -> None:
        start = pygame.Rect(0, 0, 260, height)
        start.bottomright = bottomright
        self.start_button = self.widgets.add(Button(start, label, self.start, style="primary",
                                                    tooltip=tooltip, shortcut="return"))
        back = pygame.Rect(0, 0, 200, height)
        back.bottomright = (start.x - 20, start.bottom)
        self.widgets.add(Button(back, "Back", self.close, tooltip="Back to the menu", shortcut="escape"))
        self.widgets.tooltip_line = tooltip_line(self.widgets.widgets, self.start_button.rect)

    # -- changes -------------------------------------------------------------------------
    def _set_kind(self, seat: int) -> Callable[[str], None]:
        def apply(kind: str) -> None:
            # A name nobody typed follows the seat: a computer is called by its tier, a person
            # who replaces one gets the seat's default name back.
            self.kinds[seat] = kind
            if kind not in (HUMAN, EMPTY) and self.names[seat] in DEFAULT_NAMES + self.tier_names:
                self.names[seat] = tier_title(kind)
            elif kind == HUMAN and self.names[seat] in self.tier_names:
                self.names[seat] = DEFAULT_NAMES[seat]
            self.name_fields[seat].text = self.names[seat]
            self._refresh()
        return apply

    def profile_choices(self, seat: int) -> list[tuple[str, str, str, str]]:
        """Guest, then every profile no other person seat has taken: (id, name, colour, initials)."""
        taken = {self.profiles[i] for i, kind in enumerate(self.kinds) if kind == HUMAN and i != seat}
        return [(GUEST, "Guest", "", "G")] + [(p.id, p.name, p.colour, p.initials)
                                             for p in self.book.profiles if p.id not in taken]

    def _set_profile(self, seat: int) -> Callable[[str], None]:
        def apply(profile_id: str) -> None:
            self.profiles[seat] = profile_id
            self._show_profile_name(seat)
        return apply

    def _show_profile_name(self, seat: int) -> None:
        """A seat given a profile takes its name (the field can still change what the table shows)."""
        profile = self.book.find(self.profiles[seat])
        if profile is not None and self.kinds[seat] == HUMAN:
            self.names[seat] = profile.name
            self.name_fields[seat].text = profile.name

    def _set_name(self, seat: int) -> Callable[[str], None]:
        def apply(name: str) -> None:
            self.names[seat] = name
        return apply

    def _set_seed(self, text: str) -> None:
        self.seed = int(text) if text else 0

    def _new_seed(self) -> None:
        self.seed = fresh_seed()
        self.seed_field.text = str(self.seed)

    def _refresh(self) -> None:
        for seat, field in enumerate(self.name_fields):
            field.visible = self.kinds[seat] != EMPTY
        for seat, chip in enumerate(self.profile_chips):
            chip.visible = self.kinds[seat] == HUMAN

    # -- building the game ---------------------------------------------------------------
    def seat_configs(self) -> tuple[SeatConfig, ...]:
        return tuple(SeatConfig(kind, (self.names[i].strip() or DEFAULT_NAMES[i])[:NAME_LIMIT], self.seat_profile(i))
                     for i, kind in enumerate(self.kinds) if kind != EMPTY)

    def seat_profile(self, seat: int) -> str:
        """The profile credited at a seat ("" for a guest or a computer)."""
        chosen = self.profiles[seat]
        return chosen if self.kinds[seat] == HUMAN and self.book.find(chosen) is not None else ""

    def current_setup(self) -> Any:
        raise NotImplementedError

    def open_session(self, setup: Any) -> Any:
        """The new game's session; a ValueError names what stops it and nothing starts."""
        raise NotImplementedError

    def table_for(self, session: Any) -> Scene:
        raise NotImplementedError

    def remembered_record(self, setup: Any) -> dict:
        return setup.to_dict()

    def problem_text(self, error: ValueError) -> str:
        return str(error)

    def start(self) -> None:
        try:
            setup = self.current_setup()
            session = self.open_session(setup)
        except ValueError as error:
            self.problem = self.problem_text(error)
            self.play("invalid")
            return
        try:
            write_last_setup(self.GAME, self.remembered_record(setup))
            if self.book.profiles:
                self.book.remember(self.GAME, [self.seat_profile(i) or GUEST for i in range(len(self.kinds))])
                save_profiles(self.book)
        except OSError:
            pass  # remembering the setup is a convenience; the game starts anyway
        if self.stack is not None:
            self.stack.replace(self.table_for(session))

    # -- input ---------------------------------------------------------------------------
    def text_fields(self) -> list[TextField]:
        return [*self.name_fields, self.seed_field]

    def handle_action(self, action: Action) -> bool:
        if edit_in(self.text_fields(), action):
            return True
        if action.kind == ActionKind.CONFIRM and self.widgets.focused is None:
            self.start()  # Enter, the key the start button shows (a focused widget takes it first)
            return True
        return super().handle_action(action)


def tooltip_line(widgets: list, start: pygame.Rect) -> tuple[int, int]:
    """Where a setup screen's tooltips show: one fixed line between the last row (the deal
    number's) and Start/Back, where a game may write a note that gives way while a tooltip
    shows. The rows are close, and a tooltip beside a row covered the next row's label (or
    the screen's subtitle above the first)."""
    rows = [w for w in widgets if not isinstance(w, Panel) and w.rect.bottom <= start.top]
    panels = [w.rect for w in widgets if isinstance(w, Panel)]
    centre_x = panels[0].centerx if panels else start.centerx
    top = max(w.rect.bottom for w in rows) if rows else start.top - 60
    return centre_x, (top + start.top) // 2
