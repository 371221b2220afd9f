"""The game-neutral table: one match played in the window, turn after turn.

:class:`TableScene` runs what every game's table shares: whose turn it is and in what phase,
the banner, the turn clock, the privacy screen between two people, the pause overlay (with the
rules, fed by the game's help text), the end of a round and of the match, and the autosave
after every completed turn. A game's table subclasses it and fills in the hooks below (its
turn flow, input controller and view do the work); the rules stay in the game's model.

The phase of the turn and its timing belong to the table's :class:`TurnMachine` (``turns``):
the table and its parts tell it what happened and read ``phase``, ``phase_time``,
``turn_time`` and ``clock_left`` from it (the table shows ``phase`` too), never writing them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, ClassVar

from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.shell.scene import Scene
from rummi_desktop.scenes.table_events import Echo, LinkChanged, Overtaken, Refused, ResultsIn, TableEvent
from rummi_desktop.scenes.schedule import Schedule
from rummi_desktop.scenes.table_mode import TableMode
from rummi_desktop.scenes.table_overlays import HelpSections, PauseOverlay, PrivacyScreen
from rummi_desktop.scenes.table_stillness import banner_still_for, clock_still_for
from rummi_desktop.scenes.turn_machine import ClockEvent, Phase, TurnMachine
from rummi_desktop.storage.saves import delete_autosave, write_autosave

if TYPE_CHECKING:
    import pygame

    from rummi_desktop.shell.app import App

BANNER_SECONDS = 3.2


@dataclass
class Banner:
    message: str
    warning: bool = False
    left: float = BANNER_SECONDS

    FADE_IN: ClassVar[float] = 0.12  # s after it appears, a banner is fully shown
    FADE_OUT: ClassVar[float] = 0.35  # s before it goes, a banner starts to fade

    @property
    def alpha(self) -> float:
        shown_for = BANNER_SECONDS - self.left
        return min(1.0, self.left / self.FADE_OUT, 0.2 + 0.8 * shown_for / self.FADE_IN)


SaveParts = tuple[dict[str, Any], dict[str, Any], dict[str, Any]]  # (setup, state, stats)


class TableScene(Scene):
    """The shared table. ``autosave=False`` for the bench. Subclasses set ``game_title`` and
    ``help_sections`` and override the hooks (the methods that raise NotImplementedError)."""

    game_title = ""
    help_sections: HelpSections = ()
    clock_ring_radius = 30.0  # px: the outer edge of the turn clock's ring, as the view draws it

    def __init__(self, app: "App", *, autosave: bool = True, mode: TableMode | None = None) -> None:
        super().__init__()
        self.app = app
        self.mode = mode if mode is not None else TableMode()
        self.autosave = autosave and self.mode.saves
        self.turns = TurnMachine()
        self.schedule = Schedule()  # the parts' waits, on the animation clock
        self.viewer: int | None = None  # whose rack is shown
        self.last_dt = 0.0
        self.banner: Banner | None = None
        self.banner_log: list[str] = []
        self.on_round_over: Callable[[], None] | None = None  # tests may observe
        self.started = False

    # -- hooks: what the game's table tells the base ----------------------------------------
    @property
    def in_round(self) -> bool:
        raise NotImplementedError

    @property
    def current_seat(self) -> int:
        raise NotImplementedError

    def is_person(self, seat: int) -> bool:
        raise NotImplementedError

    @property
    def person_seats(self) -> list[int]:
        raise NotImplementedError

    def seat_name(self, seat: int) -> str:
        raise NotImplementedError

    @property
    def clock_seconds(self) -> int | None:
        """Seconds a person has for a turn (None: no clock): the game's, as the mode allows."""
        return self.mode.clock_seconds(self.game_clock)

    @property
    def game_clock(self) -> int | None:
        """The game's turn clock in seconds (None: no clock)."""
        raise NotImplementedError

    def relayout(self) -> None:
        """Lay the table out again after a change."""
        raise NotImplementedError

    def first_deal(self) -> None:
        """The table is shown for the first time (sounds, then the first turn)."""
        self.begin_turn()

    def turn_begins(self) -> None:
        """A turn is about to begin (clear what described the last one)."""

    def person_turn_begins(self, seat: int) -> None:
        """The person at ``seat`` may move now (their rack is shown)."""

    def computer_turn_begins(self, seat: int) -> None:
        """The computer at ``seat`` is on turn."""

    def end_person_turn(self, timed_out: bool) -> None:
        """The person's turn ends: they confirmed it, or (``timed_out``) the clock ran out."""
        if not self.mode.end_person_turn(timed_out):
            self.end_move(timed_out)

    def confirm_turn(self) -> None:
        """Enter on a person's turn."""
        if not self.mode.confirm():
            self.confirm_move()

    def end_move(self, timed_out: bool) -> None:
        """The game ends the person's move (confirmed, or timed out)."""
        raise NotImplementedError

    def confirm_move(self) -> None:
        """The game's answer to Enter on a person's turn."""
        self.end_move(timed_out=False)

    def update_parts(self, dt: float) -> None:
        """Animations, buttons and effects, every frame before the phase's own work."""

    def update_thinking(self) -> None:
        """A frame while a computer seat thinks."""

    def update_showing(self) -> None:
        """A frame while a move is being shown."""

    def skip_animation(self) -> None:
        self.turns.skip()

    def victory_cue(self) -> str:
        """The sound for the round that just ended."""
        return "turn"

    def round_end_scene(self) -> Scene:
        raise NotImplementedError

    def next_round_begins(self) -> None:
        """The round-end screen's Continue: deal the next round."""
        raise NotImplementedError

    def save_parts(self) -> SaveParts | None:
        """(setup, state, stats) for the autosave; None when the match is over."""
        raise NotImplementedError

    def write_save(self, parts: SaveParts) -> None:
        raise NotImplementedError

    def delete_save(self) -> None:
        raise NotImplementedError

    def animating(self) -> bool:
        """True while the game's own pieces move (tiles gliding, a glow fading)."""
        return False

    def stop_thinking(self) -> None:
        """Leaving the table: stop any computer seat's thinking."""

    # -- lifecycle --------------------------------------------------------------------------
    def on_enter(self) -> None:
        if not self.started:
            self.started = True
            if not self.mode.first_deal():
                self.first_deal()
            self.mode.dealt()

    def on_exit(self) -> None:
        self.mode.exit()

    # -- what the parts read ----------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return self.turns.phase

    @property
    def animation_factor(self) -> float:
        """Shown times pass this many times faster than real ones (instant: every wait is over)."""
        speed = self.app.animation_speed
        return 1e9 if math.isinf(speed) else speed

    @property
    def my_turn(self) -> bool:
        """A person is on turn and may move tiles."""
        return self.phase == Phase.PERSON and self.in_round and self.mode.may_move()

    def play(self, cue: str) -> None:
        self.app.audio.play(cue)

    def say(self, message: str, warning: bool = False) -> None:
        self.banner = Banner(message, warning)
        self.banner_log.append(message)

    def withdraw_warning(self) -> None:
        """The play a warning described has changed: the warning no longer applies."""
        if self.banner is not None and self.banner.warning:
            self.banner = None

    # -- turns ------------------------------------------------------------------------------
    def begin_turn(self) -> None:
        if not self.in_round:
            return
        seat = self.current_seat
        self.turns.turn_begins()
        self.turn_begins()
        if self.is_person(seat):
            if len(self.person_seats) > 1 and self.viewer != seat:
                self.viewer = None
                self.turns.hand_over()
                self.relayout()
                self.hand_over(seat)
                return
            self.start_person_turn(seat)
        else:
            if len(self.person_seats) != 1:
                self.viewer = None
            self.turns.computer_turn()
            self.computer_turn_begins(seat)
            self.relayout()
        self.mode.turn_begun()

    def restart_turn(self) -> None:
        """The turn's state was replaced from outside (a server's answer): begin it afresh."""
        self.stop_thinking()
        self.turns.hand_over()
        self.relayout()
        self.begin_turn()

    def hand_over(self, seat: int) -> None:
        """The privacy screen: the next person takes the laptop before their rack shows."""
        if self.stack is not None:
            self.stack.push(PrivacyScreen(self.app, self.seat_name(seat), lambda: self.start_person_turn(seat)))

    def start_person_turn(self, seat: int) -> None:
        if self.mode.person_turn(seat):
            return
        self.viewer = seat
        self.turns.person_turn(self.clock_seconds)
        self.person_turn_begins(seat)
        self.play("turn")
        name = self.seat_name(seat)
        self.say("Your turn" if name == "You" else f"{name}, your turn")

    def turn_completed(self, round_over: bool) -> None:
        """A turn completed: autosave, then the next turn, the round end or the match end."""
        if self.mode.turn_completed(round_over):
            return
        if round_over:
            self.record_finished()  # first: the autosave then holds what the record counted
        self.save_now()
        if round_over:
            self.turns.round_over()
            self.play(self.victory_cue())
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
        if self.stack is not None:
            self.stack.push(self.round_end_scene())

    def start_next_round(self) -> None:
        """Called by the round-end scene's Continue."""
        self.next_round_begins()
        people = self.person_seats
        self.viewer = None if len(people) != 1 else people[0]
        self.play("shuffle")
        self.save_now()
        self.begin_turn()

    # -- saving -----------------------------------------------------------------------------
    def save_now(self) -> None:
        """The autosave: after every completed turn (and on Save and quit)."""
        if not self.autosave:
            return
        parts = self.save_parts()
        if parts is None:
            self.delete_save()  # a finished match leaves nothing to continue
            return
        try:
            self.write_save(parts)
        except OSError as error:
            self.say(f"Could not autosave ({error.strerror or error})", warning=True)

    def record_finished(self) -> None:
        """The game (or round) just ended: its record for the players' statistics. Once per
        end, here for every game; the bench (no autosave) plays nothing worth recording."""

    def save_and_leave(self) -> None:
        self.save_now()
        self.stop_thinking()

    # -- frames -----------------------------------------------------------------------------
    def handle_action(self, action: Action) -> bool:
        """Esc pauses; Enter ends a person's turn or skips a shown move."""
        if action.kind == ActionKind.BACK:
            self.open_pause()
            return True
        if action.kind == ActionKind.CONFIRM:
            if self.phase in (Phase.THINKING, Phase.SHOWING):
                self.skip_animation()
            elif self.my_turn:
                self.confirm_turn()
            return True
        return False

    def open_pause(self) -> None:
        if self.mode.pause():
            return
        if self.stack is not None:
            self.stack.push(PauseOverlay(self.app, self.game_title, self.help_sections, self.save_and_leave))

    def next_change_in(self) -> float:
        """The table animates at the full rate except at a person's turn with nothing moving;
        then only the banner's fades, the turn clock and what the mode shows change the picture."""
        return self.mode.next_change_in(self._still_for())

    def _still_for(self) -> float:
        if self.stack is not None and self.stack.top is not self:
            return math.inf  # under an overlay the table is not updated: nothing on it moves
        if self.phase != Phase.PERSON or self.animating() or self.mode.animating():
            return 0.0
        waits = [math.inf]
        if self.banner is not None:
            waits.append(banner_still_for(self.banner.left, BANNER_SECONDS, Banner.FADE_IN, Banner.FADE_OUT))
        if self.clock_seconds:
            waits.append(clock_still_for(self.turns.clock_left, float(self.clock_seconds), self.clock_ring_radius))
        return min(waits)

    def update(self, dt: float) -> None:
        self.last_dt = dt
        self.turns.elapse(dt)
        self.update_parts(dt)
        self._age_banner(dt)
        if self.phase == Phase.PERSON:
            self._run_clock(dt)
        elif self.phase == Phase.THINKING:
            self.update_thinking()
        elif self.phase == Phase.SHOWING:
            self.update_showing()
        self.schedule.advance(dt * self.animation_factor)
        self.mode.update(dt)

    def _age_banner(self, dt: float) -> None:
        if self.banner is not None:
            self.banner.left -= dt
            if self.banner.left <= 0:
                self.banner = None

    def _run_clock(self, dt: float) -> None:
        event = self.turns.run_clock(dt)
        if event == ClockEvent.TICK:
            self.play("tick")
        elif event == ClockEvent.TIMEOUT:
            self.end_person_turn(timed_out=True)


class SessionTableScene(TableScene):
    """A table whose hooks are answered by a game's session and its three parts, wired the
    same way in every game: ``view`` (lays out, paints, owns the sprites), ``controller``
    (gestures and keys), ``flow`` (turns, computer moves) and ``buttons``. A game's table sets
    ``GAME`` (the autosave's name) and the parts, and answers the hooks that differ."""

    GAME: ClassVar[str] = ""
    board_keys_first: ClassVar[bool] = False  # the board's keys before the buttons' focus keys
    connection_chip_at: ClassVar[tuple[int, int] | None] = None  # a server game's chip (None: top right)
    trophies: tuple[tuple[str, Any], ...] | list[tuple[str, Any]] = ()  # earned by the game just recorded

    session: Any
    view: Any
    controller: Any
    flow: Any
    buttons: Any

    # -- the base's hooks, from the session -------------------------------------------------
    @property
    def in_round(self) -> bool:
        return self.session.in_round

    @property
    def current_seat(self) -> int:
        return self.session.current

    def is_person(self, seat: int) -> bool:
        return seat in self.person_seats

    @property
    def person_seats(self) -> list[int]:
        return self.mode.person_seats(self.session.human_seats)

    def seat_name(self, seat: int) -> str:
        return self.session.seat(seat).name

    def relayout(self) -> None:
        self.mode.relayout()
        self.view.relayout()

    def first_deal(self) -> None:
        self.play("shuffle")
        people = self.person_seats
        if len(people) == 1:  # one person at this screen: their rack shows from the deal on
            self.viewer = people[0]
        self.begin_turn()

    def person_turn_begins(self, seat: int) -> None:
        self.relayout()

    def computer_turn_begins(self, seat: int) -> None:
        self.flow.computer_turn_begins()

    def update_parts(self, dt: float) -> None:
        for event in self.session.news(self):
            self.take_news(event)
        self.view.update(dt)
        self.buttons.update(dt, self.session.in_round)
        self.flow.update_hint()

    def victory_cue(self) -> str:
        return self.session.victory_cue()

    def next_round_begins(self) -> None:
        """A game played once through has no next round (its results offer a rematch); Rummi's
        table deals the next round of its match."""

    def save_parts(self) -> SaveParts | None:
        return None if self.session.match_over else self.session.to_save()

    def update_thinking(self) -> None:
        self.flow.update_thinking()

    def update_showing(self) -> None:
        self.flow.update_showing()

    def write_save(self, parts: SaveParts) -> None:
        write_autosave(self.GAME, *parts)

    def record_finished(self) -> None:
        if not self.autosave:
            return
        from rummi_desktop.scenes.game_records_hook import record_session, unlocks_after

        problems = [problem] if (problem := record_session(self.GAME, self.session)) else []
        self.trophies = unlocks_after(self.session, problems)
        if problems:
            self.say(" ".join(problems), warning=True)

    results_waiting = False  # the game ended here first; its results wait for the server's word

    def take_news(self, event: TableEvent) -> None:
        """What a server's session says arrived (``scenes.network_play``): the table lays out
        again, says it, or begins the turn afresh from the server's state."""
        if isinstance(event, Echo):
            self.relayout()
            if event.ended_here:
                self.stop_thinking()
                self.turn_completed(True)
        elif isinstance(event, LinkChanged):
            self.say(event.words, warning=not event.connected)
        elif isinstance(event, Refused):
            self.say(f"The server refused the move: {event.reason}", warning=True)
            self.restart_turn()
        elif isinstance(event, Overtaken):
            self.restart_turn()
            if event.over:
                self.turn_completed(True)
        elif isinstance(event, ResultsIn):
            self.show_round_end()

    def show_round_end(self) -> None:
        ready = getattr(self.session, "results_ready", None)  # a network session's
        self.results_waiting = ready is not None and not ready()
        if self.results_waiting:
            return  # the session shows them once the server's result is in
        super().show_round_end()
        trophies, self.trophies = self.trophies, ()
        if trophies and self.stack is not None:  # over the results: the banner is seen first
            from rummi_desktop.scenes.trophy import TrophyBanner

            self.stack.push(TrophyBanner(self.app, trophies, self.GAME))

    def delete_save(self) -> None:
        delete_autosave(self.GAME)

    def stop_thinking(self) -> None:
        self.flow.cancel_thinking()

    # -- lifecycle and frames ---------------------------------------------------------------
    def on_enter(self) -> None:
        self.view.sprites.speed = self.app.animation_speed
        super().on_enter()

    def on_pause(self) -> None:
        self.buttons.group.forget_pointer()  # covered by an overlay: no tooltip, no hover
        self.controller.pointer = None

    def on_exit(self) -> None:
        super().on_exit()
        self.flow.close()

    def open_pause(self) -> None:
        self.controller.cancel()
        super().open_pause()

    def handle_action(self, action: Action) -> bool:
        if self.mode.handle_action(action):
            return True
        if self.board_keys_first and action.kind == ActionKind.SHORTCUT and self.controller.handle_action(action):
            return True
        if self.buttons.handle_action(action):
            return True
        if super().handle_action(action):
            return True
        return self.controller.handle_action(action)

    def status(self) -> dict:
        """For the status file: what every table reports, the game's own, the mode's."""
        from rummi_desktop.shell.status_report import describe_widgets

        return {"phase": self.phase, "viewer": self.viewer, "theme": self.app.theme.name,
                "seed": self.session.setup.seed, "widgets": describe_widgets(self.buttons.group.widgets),
                **self.game_status(), **self.mode.status()}

    def game_status(self) -> dict:
        """The game's entries for the status file: the counts a watcher checks, where to point."""
        return {}

    def draw(self, surface: "pygame.Surface") -> None:
        self.view.draw(surface, self.controller.hand(), self.buttons)
        online = self.session.online_status().get("online") if hasattr(self.session, "online_status") else None
        if online:
            from rummi_desktop.scenes.connection_chip import draw_connection_chip

            draw_connection_chip(surface, self.app.theme, online["connection"], self.connection_chip_at)
        self.mode.draw(surface)
