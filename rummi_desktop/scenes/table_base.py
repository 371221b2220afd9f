"""The game-neutral table: one game played in the window, turn after turn.

:class:`TableScene` runs what every game's table shares: whose turn it is and in what phase,
the banner, the turn clock, the privacy screen between two people, the pause overlay (with the
rules, fed by the game's help text), the end of a round and of the match, and the autosave
after every completed turn. It is built from owned parts, wired the same way in every game:

* ``session``: the game being played (the model, through the game's session);
* ``view`` (lays out, paints, owns the sprites), ``controller`` (gestures and keys),
  ``flow`` (the turns: a person's move ending, computer moves, hints, what a new turn clears)
  and ``buttons``; the parts see the table only as a
  :class:`~rummi_desktop.scenes.table_context.TableContext`;
* ``turns`` (:class:`TurnMachine`): the phase of the turn and its timing; the table and its
  parts tell it what happened and read ``phase``, ``turn_time`` and ``clock_left``, never
  writing them; ``schedule``: the parts' waits;
* ``saving`` (:class:`TableSaving`): the autosave and the record of a finished game;
* ``mode`` (:class:`TableMode`): what the table is used for (a match, a puzzle, the sandbox,
  an online game, the bench), asked where those uses differ;
* ``tracker`` (:class:`UnseenTracker`): the unseen-tile card, where the game's view puts it
  (``view.tracker_area()``, None where it has no place);
* ``candidates`` (:class:`CandidatePanel`): a hint's five best plays, where the view puts them
  (``view.candidates_area()``), each tile drawn as ``view.candidate_face`` says.

A game's table is a subclass that builds its parts in ``__init__`` (and adds what only that
game shows, such as Rummble's joker picker); the rules stay in the game's model.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable, ClassVar

from rummi_desktop.games import GAMES
from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.shell.scene import Scene
from rummi_desktop.scenes.confirm import ask_to_resign
from rummi_desktop.scenes.candidate_panel import CandidatePanel
from rummi_desktop.scenes.banner import BANNER_SECONDS, Banner, aged  # noqa: F401  (BANNER_SECONDS: re-exported)
from rummi_desktop.scenes.schedule import Schedule
from rummi_desktop.scenes.table_mode import TableMode
from rummi_desktop.scenes.table_overlays import HelpSections, PauseOverlay, PrivacyScreen
from rummi_desktop.scenes.table_saving import TableSaving
from rummi_desktop.scenes.table_stillness import banner_still_for, clock_still_for
from rummi_desktop.scenes.turn_machine import ClockEvent, Phase, TurnMachine
from rummi_desktop.scenes.unseen_tracker import UnseenTracker

if TYPE_CHECKING:
    import pygame

    from rummi_desktop.shell.app import App

class TableScene(Scene):
    """The shared table. A game's table sets ``GAME`` (the autosave's name), ``game_title``
    and ``help_sections``, and builds its parts, then calls ``self.mode.attach(self)``."""

    GAME: ClassVar[str] = ""
    game_title = ""
    help_sections: HelpSections = ()
    clock_ring_radius = 30.0  # px: the outer edge of the turn clock's ring, as the view draws it
    board_keys_first: ClassVar[bool] = False  # the board's keys before the buttons' focus keys
    connection_chip_at: ClassVar[tuple[int, int] | None] = None  # a server game's chip (None: top right)

    session: Any
    view: Any
    controller: Any
    flow: Any
    buttons: Any

    def __init__(self, app: "App", session: Any, *, autosave: bool = True, mode: TableMode | None = None) -> None:
        super().__init__()
        self.app = app
        self.session = session
        self.mode = mode if mode is not None else TableMode()
        self.autosave = autosave and self.mode.saves
        self.saving = TableSaving(self.GAME, session, self.autosave, lambda words: self.say(words, warning=True))
        self.turns = TurnMachine()
        self.schedule = Schedule()  # the parts' waits, on the animation clock
        self.viewer: int | None = None  # whose rack is shown
        self.last_dt = 0.0
        self.banner: Banner | None = None
        self.banner_log: list[str] = []
        self.on_round_over: Callable[[], None] | None = None  # tests may observe
        self.started = False
        self.tracker = UnseenTracker(self, self.GAME)
        self.candidates = CandidatePanel(self, self.GAME)

    # -- what the parts read ----------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return self.turns.phase

    @property
    def person_seats(self) -> list[int]:
        return self.mode.person_seats(self.session.human_seats)

    def house_rules_line(self) -> str:
        """The house rules this table plays under beyond the usual ones, in a few words ("" for
        none): each game's table shows it beside its caption, and the Rules card names them."""
        return " · ".join(GAMES[self.GAME].house_rules(self.session.rules_source))

    def rules_sections(self) -> HelpSections:
        """The Rules card's sections: the game's help, then this table's house rules if any."""
        line = self.house_rules_line()
        words = f"This table plays with: {line}. House rules are chosen on the setup screen."
        return tuple(self.help_sections) + ((("House rules at this table", [words]),) if line else ())

    @property
    def clock_seconds(self) -> int | None:
        """Seconds a person has for a turn (None: no clock): the game's, as the mode allows."""
        return self.mode.clock_seconds(self.flow.clock_seconds)

    @property
    def animation_factor(self) -> float:
        """Shown times pass this many times faster than real ones (instant: every wait is over)."""
        speed = self.app.animation_speed
        return 1e9 if math.isinf(speed) else speed

    @property
    def my_turn(self) -> bool:
        """A person is on turn and may move tiles."""
        return self.phase == Phase.PERSON and self.session.in_round and self.mode.may_move()

    def play(self, cue: str) -> None:
        self.app.audio.play(cue)

    def say(self, message: str, warning: bool = False) -> None:
        self.banner = Banner.to_read(message, warning)
        self.banner_log.append(message)

    def withdraw_warning(self) -> None:
        """The play a warning described has changed: the warning no longer applies."""
        if self.banner is not None and self.banner.warning:
            self.banner = None

    def relayout(self) -> None:
        self.mode.relayout()
        self.view.relayout()

    # -- turns ------------------------------------------------------------------------------
    def first_deal(self) -> None:
        """The table is shown for the first time: the shuffle, the autosave (so a game closed
        during its very first turn keeps its deal), then the first turn."""
        self.play("shuffle")
        self.saving.save()
        people = self.person_seats
        if len(people) == 1:  # one person at this screen: their rack shows from the deal on
            self.viewer = people[0]
        self.begin_turn()

    def begin_turn(self) -> None:
        if not self.session.in_round:
            return
        seat = self.session.current
        self.turns.turn_begins()
        self.flow.turn_begins()
        people = self.person_seats
        if seat in people:
            if len(people) > 1 and self.viewer != seat:
                self.viewer = None  # the privacy screen: the next person takes the laptop first
                self.turns.hand_over()
                self.relayout()
                if self.stack is not None:
                    name = self.session.seat(seat).name
                    self.stack.push(PrivacyScreen(self.app, name, lambda: self.start_person_turn(seat)))
                return
            self.start_person_turn(seat)
        else:
            if len(people) != 1:
                self.viewer = None
            self.turns.computer_turn()
            self.flow.computer_turn_begins()
            self.relayout()
        self.mode.turn_begun()

    def start_person_turn(self, seat: int) -> None:
        if self.mode.person_turn(seat):
            return
        self.viewer = seat
        self.turns.person_turn(self.clock_seconds)
        self.flow.person_turn_begins(seat)
        self.relayout()
        self.play("turn")
        name = self.session.seat(seat).name
        self.say("Your turn" if name == "You" else f"{name}, your turn")

    def confirm_turn(self) -> None:
        """Enter on a person's turn."""
        if not self.mode.confirm():
            self.flow.confirm_move()

    def end_person_turn(self, timed_out: bool) -> None:
        """The person's turn ends: they confirmed it, or (``timed_out``) the clock ran out."""
        if not self.mode.end_person_turn(timed_out):
            self.flow.end_move(timed_out)

    def turn_completed(self, round_over: bool) -> None:
        """A turn completed: autosave, then the next turn, the round end or the match end."""
        if self.mode.turn_completed(round_over):
            return
        if round_over:
            self.saving.record()  # first: the autosave then holds what the record counted
        self.saving.save()
        if round_over:
            self.turns.round_over()
            self.play(self.session.victory_cue())
            self.relayout()
            self.show_round_end()
            return
        self.relayout()
        self.begin_turn()

    def show_round_end(self) -> None:
        if self.mode.round_over():
            return
        if self.on_round_over is not None:
            self.on_round_over()
        if self.stack is None:
            return
        self.stack.push(self.round_end_scene())
        trophies = self.saving.take_trophies()
        if trophies:  # over the results: the banner is seen first
            from rummi_desktop.scenes.trophy import TrophyBanner

            self.stack.push(TrophyBanner(self.app, trophies, self.GAME))

    def round_end_scene(self) -> Scene:
        """The game's results for the round (or the game) that just ended."""
        raise NotImplementedError

    def start_next_round(self) -> None:
        """Called by the round-end scene's Continue."""
        self.flow.next_round_begins()
        people = self.person_seats
        self.viewer = None if len(people) != 1 else people[0]
        self.play("shuffle")
        self.saving.save()
        self.begin_turn()

    def stop_thinking(self) -> None:
        """Leaving the table, or its turn replaced: stop any computer seat's thinking."""
        self.flow.cancel_thinking()

    # -- lifecycle --------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.view.sprites.speed = self.app.animation_speed
        if not self.started:
            self.started = True
            if not self.mode.first_deal():
                self.first_deal()
            self.mode.dealt()

    def on_pause(self) -> None:
        self.buttons.group.forget_pointer()  # covered by an overlay: no tooltip, no hover
        self.controller.pointer = None

    def on_resume(self) -> None:
        self.view.sprites.speed = self.app.animation_speed

    def on_exit(self) -> None:
        self.mode.exit()
        self.flow.close()

    def open_pause(self) -> None:
        self.controller.cancel()
        if self.mode.pause() or self.stack is None:
            return

        def save_and_leave() -> None:
            self.saving.save()
            self.stop_thinking()

        resign = (lambda: ask_to_resign(self)) if self.mode.may_resign and self.my_turn else None
        self.stack.push(PauseOverlay(self.app, self.game_title, self.rules_sections(), save_and_leave,
                                     note=self.mode.pause_note, leave_label=self.mode.leave_label, resign=resign))

    def resign(self) -> None:
        """The person on turn gives the game up (the pause card's Resign, once confirmed)."""
        if self.my_turn and self.mode.may_resign:
            self.flow.resign()

    # -- frames -----------------------------------------------------------------------------
    def handle_action(self, action: Action) -> bool:
        """The mode first; the board's keys (where they come first), the buttons; Esc pauses,
        Enter ends a person's turn (unless the board takes it: Space picks a tile up) or skips
        a shown move; then the pointer and the keys."""
        if self.mode.handle_action(action):
            return True
        if self.board_keys_first and action.kind == ActionKind.SHORTCUT and self.controller.handle_action(action):
            self.buttons.group.focus(None)  # one keyboard focus at a time: the board's now
            return True
        if self.buttons.handle_action(action):
            return True
        if self.tracker.handle_action(action, self.view.tracker_area()):
            return True
        if self.candidates.handle_action(action, self.candidates_area()):
            return True
        if action.kind == ActionKind.BACK:
            self.open_pause()
            return True
        if action.kind == ActionKind.CONFIRM:
            if self.phase in (Phase.THINKING, Phase.SHOWING):
                self.flow.skip_animation()
                self.turns.skip()
            elif self.my_turn and not self.controller.handle_action(action):
                self.confirm_turn()
            return True
        return self.controller.handle_action(action)

    def next_change_in(self) -> float:
        """The table animates at the full rate except at a person's turn with nothing moving;
        then only the banner's fades, the turn clock and what the mode shows change the picture."""
        if self.stack is not None and self.stack.top is not self:
            wait = math.inf  # under an overlay the table is not updated: nothing on it moves
        elif self.phase != Phase.PERSON or self.flow.animating() or self.mode.animating():
            wait = 0.0
        else:
            waits = [math.inf]
            if self.banner is not None:
                waits.append(banner_still_for(self.banner.left, self.banner.seconds, Banner.FADE_IN, Banner.FADE_OUT))
            if self.clock_seconds:
                waits.append(clock_still_for(self.turns.clock_left, float(self.clock_seconds),
                                             self.clock_ring_radius))
            wait = min(waits)
        return self.mode.next_change_in(wait)

    def update_parts(self, dt: float) -> None:
        """Animations, buttons and effects, every frame before the phase's own work."""
        self.mode.frame_begins()
        self.view.update(dt)
        self.buttons.update(dt, self.session.in_round)
        self.flow.update_hint()

    def update(self, dt: float) -> None:
        self.last_dt = dt
        self.turns.elapse(dt)
        self.update_parts(dt)
        self.banner = aged(self.banner, dt)
        if self.phase == Phase.PERSON:
            self._run_clock(dt)
        elif self.phase == Phase.THINKING:
            self.flow.update_thinking()
        elif self.phase == Phase.SHOWING:
            self.flow.update_showing()
        self.schedule.advance(dt * self.animation_factor)
        self.mode.update(dt)

    def _run_clock(self, dt: float) -> None:
        event = self.turns.run_clock(dt)
        if event == ClockEvent.TICK:
            self.play("tick")
        elif event == ClockEvent.TIMEOUT:
            self.end_person_turn(timed_out=True)

    def chat_button_at(self) -> tuple[int, int] | None:
        """Where a server game's Chat button goes (its top right), as the table is laid out
        now; None: under the connection chip and its rows of people."""
        return None

    @property
    def takes_text(self) -> bool:  # type: ignore[override]
        """While the mode has a text field in use (the online chat), typed text arrives."""
        return self.mode.takes_text

    def status(self) -> dict:
        """For the status file: what every table reports, the game's own, the mode's."""
        from rummi_desktop.shell.status_report import describe_widgets

        return {"phase": self.phase, "mode": type(self.mode).__name__, "viewer": self.viewer, "theme": self.app.theme.name,
                "seed": self.session.setup.seed, "widgets": describe_widgets(self.buttons.group.widgets),
                **self.game_status(), **self.mode.status()}

    def game_status(self) -> dict:
        """The game's entries for the status file: the counts a watcher checks, where to point."""
        return {}

    def draw(self, surface: "pygame.Surface") -> None:
        self.view.draw(surface, self.controller.hand(), self.buttons)
        self.tracker.draw(surface, self.view.tracker_area(), self.view.tracker_upright)
        self.mode.draw(surface)
        self.candidates.draw(surface, self.candidates_area(), self.view)

    def candidates_area(self) -> Any:
        """Where a hint's candidate list is (None while there is none): the view's place, as
        the mode allows (the sandbox keeps it in its own panel)."""
        return self.mode.candidates_area(self.view.candidates_area())
