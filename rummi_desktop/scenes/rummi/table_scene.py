"""The Rummi table: one match played in the window, turn after turn.

The scene owns the flow of turns (a human plays with the pointer; a computer seat thinks on
the worker thread, then its play is shown), the clock, the banner, sounds, and the autosave
after every completed turn. Rules live in the model (through :class:`RummiSession`); pointer
gestures live in :mod:`table_input`; Undo, Reset and the rack order in :mod:`table_actions`; painting
helpers in :mod:`table_view`.

Phases: ``human`` (the seat on turn is a person and its rack is shown), ``thinking`` (a
computer seat's job runs), ``showing`` (the last play is being animated), ``waiting`` (an
overlay — privacy screen, round end — is about to take over), ``over``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

import pygame

from rummi_desktop.ai_worker import ThinkingJob
from rummi_desktop.input import Action, ActionKind
from rummi_desktop.scene import Scene
from rummi_desktop.scenes.rummi.computer import ComputerSeats
from rummi_desktop.scenes.rummi.layout import (
    RackLayout,
    TableLayout,
    layout_rack,
    layout_table,
    screen_regions,
)
from rummi_desktop.scenes.rummi.session import RummiSession, TurnRecord
from rummi_desktop.scenes.rummi.sprites import SpriteBoard
from rummi_desktop.scenes.rummi.computer_turns import ComputerTurns
from rummi_desktop.scenes.rummi.table_actions import HumanActions
from rummi_desktop.scenes.rummi.table_buttons import TableButtons
from rummi_desktop.scenes.rummi.table_motion import TableMotion
from rummi_desktop.scenes.rummi.table_stillness import table_next_change_in
from rummi_desktop.scenes.rummi.table_input import TableInput
from rummi_desktop.storage.rummi_saves import delete_autosave, write_autosave
from rummi_desktop.tiles import Tile
from rummi_desktop.ui.felt import felt_surface

if TYPE_CHECKING:
    from rummi_desktop.app import App

REGIONS = screen_regions()
BANNER_SECONDS = 3.2


@dataclass
class Banner:
    message: str
    warning: bool = False
    left: float = BANNER_SECONDS

    @property
    def alpha(self) -> float:
        return min(1.0, self.left / 0.35, (BANNER_SECONDS - self.left) / 0.15 + 0.2)


class RummiTableScene(HumanActions, ComputerTurns, TableMotion, Scene):
    """The table for a :class:`RummiSession`. ``autosave=False`` for the bench."""

    def __init__(self, app: "App", session: RummiSession, *, autosave: bool = True) -> None:
        super().__init__()
        self.app = app
        self.session = session
        self.autosave = autosave
        self.sprites = SpriteBoard()
        self.rack_orders: dict[int, list[int]] = {}
        self.turn_start_order: list[int] = []  # the rack as arranged when this turn began
        self.order_history: list[list[int]] = []  # the rack's order before each move (Undo)
        # Where the player put melds down (display only): tile that started a meld → spot
        self.meld_hints: dict[int, tuple[int, float]] = {}
        self.viewer: int | None = None  # whose rack is shown at the bottom
        self.phase = "waiting"
        self.job: ThinkingJob | None = None
        self.computers = ComputerSeats()
        if any(not seat.is_human for seat in session.setup.seats):
            self.computers.prepare()
        self.phase_time = 0.0
        self.settled_time = 0.0
        self.last_dt = 0.0
        self.turn_time = 0.0
        self.clock_left = 0.0
        self.last_tick = -1
        self.banner: Banner | None = None
        self.invalid_tiles: set[int] = set()
        self.meld_glow: dict[tuple[int, ...], float] = {}
        self.incoming: set[int] = set()  # computer tiles still flying to the table
        self.last_record: TurnRecord | None = None
        self.turn_log: list[TurnRecord] = []  # every completed turn, for tests and the curious
        self.banner_log: list[str] = []
        self.table_layout: TableLayout = layout_table([], REGIONS.table)
        self.rack_layout: RackLayout = layout_rack(0, REGIONS.rack)
        self.rack_ids: list[int] = []
        self.input = TableInput(self)
        from rummi_desktop.scenes.rummi.table_paint import PaintCache

        self.paint_cache = PaintCache()
        self.warm_queue: list[tuple[Tile, int]] = []
        self.warmed_sizes: set[int] = set()
        self.buttons = TableButtons(self)
        self.on_round_over: Callable[[], None] | None = None  # tests may observe
        self.started = False

    # ------------------------------------------------------------------------------------
    # lifecycle
    def on_enter(self) -> None:
        self.sprites.speed = self.app.animation_speed
        if not self.started:
            self.started = True
            self.play("shuffle")
            self.begin_turn()

    def on_pause(self) -> None:
        self.buttons.group.forget_pointer()  # covered by an overlay: no tooltip, no hover
        self.input.pointer = None

    def on_resume(self) -> None:
        self.sprites.speed = self.app.animation_speed

    def on_exit(self) -> None:
        self.cancel_thinking()
        self.computers.close()

    def cancel_thinking(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None

    # ------------------------------------------------------------------------------------
    # reading the session
    @property
    def state(self):
        return self.session.state

    @property
    def view_state(self):
        """The round on show: the one being played, or the one that just ended."""
        return self.session.match.current or self.session.last_round

    @property
    def my_turn(self) -> bool:
        """A person is on turn and may move tiles."""
        return self.phase == "human" and self.session.in_round

    def play(self, cue: str) -> None:
        self.app.audio.play(cue)

    def say(self, message: str, warning: bool = False) -> None:
        self.banner = Banner(message, warning)
        self.banner_log.append(message)

    def _table_changed(self) -> None:
        """The player changed the table: old refusals (red outlines, a warning about a meld
        that may be gone now) no longer describe it."""
        self.invalid_tiles.clear()
        if self.banner is not None and self.banner.warning:
            self.banner = None

    def rack_order(self, seat: int) -> list[int]:
        """The seat's rack in the order the player arranged it (new tiles at the end)."""
        rack = self.view_state.rack(seat)
        held = set(rack)
        kept = [t for t in self.rack_orders.get(seat, []) if t in held]
        known = set(kept)
        order = kept + [t for t in rack if t not in known]
        self.rack_orders[seat] = order
        return order

    # ------------------------------------------------------------------------------------
    # turn flow
    def begin_turn(self) -> None:
        if not self.session.in_round:
            return
        seat = self.session.current
        self.turn_time = 0.0
        self.phase_time = 0.0
        self.invalid_tiles.clear()
        self.meld_glow.clear()
        if self.session.is_human(seat):
            if len(self.session.human_seats) > 1 and self.viewer != seat:
                self.viewer = None
                self.phase = "waiting"
                self.relayout()
                self._push_privacy(seat)
                return
            self.start_human_turn(seat)
        else:
            if len(self.session.human_seats) != 1:
                self.viewer = None
            self.phase = "thinking"
            self.job = None  # requested on the next frame (see ComputerTurns._update_thinking)
            self.relayout()

    def _push_privacy(self, seat: int) -> None:
        from rummi_desktop.scenes.rummi.overlays import PrivacyScreen

        if self.stack is not None:
            self.stack.push(PrivacyScreen(self.app, self.session.seat(seat).name,
                                          lambda: self.start_human_turn(seat)))

    def start_human_turn(self, seat: int) -> None:
        self.viewer = seat
        self.phase = "human"
        self.turn_start_order = list(self.rack_order(seat))
        self.order_history = []
        self.clock_left = float(self.session.clock_seconds or 0)
        self.last_tick = -1
        self.relayout()
        self.play("turn")
        name = self.session.seat(seat).name
        self.say("Your turn" if name == "You" else f"{name}, your turn")

    def finish_human_turn(self, action: str) -> TurnRecord | None:
        """End Turn / Draw / clock ran out, for the person on turn."""
        if not self.my_turn:
            return None
        self.input.cancel()
        seat = self.session.current
        record = self.session.finish_turn(action, self.turn_time)
        if not record.result.ok:
            self._refused(record)
            return record
        if record.result.outcome not in ("played", "went_out"):  # the play was undone
            self._tiles_back_to_their_slots(seat, self.view_state.rack(seat))
        self._announce(record, action)
        self.after_turn(record, shown=False)
        return record

    def _refused(self, record: TurnRecord) -> None:
        result = record.result
        table = self.state.table
        self.invalid_tiles = {t for problem in result.problems if problem.index < len(table)
                              for t in table[problem.index]}
        reason = result.error
        if result.problems:
            first = result.problems[0]
            tiles = [str(t) for t in first.tiles]
            named = " ".join(tiles if len(tiles) <= 6 else tiles[:5] + ["…"])
            reason = f"{named}: {first.reason}"
        if result.problems and len(result.problems) > 1:
            reason = f"{reason} (+{len(result.problems) - 1} more)"
        self.say(reason or "That play is not allowed", warning=True)
        self.play("invalid")

    def _announce(self, record: TurnRecord, action: str) -> None:
        outcome = record.result.outcome
        drawn = len(record.result.drawn)
        if action == "timeout":
            message = {"played": "Time — your play stands", "went_out": "Time — and you are out!",
                       "drew": "Time — you draw a tile", "passed": "Time — the pool is empty",
                       "penalty": f"Time — {drawn} penalty tile{'s' if drawn != 1 else ''}"}
            self.say(message.get(outcome, "Time"), warning=outcome == "penalty")
            self.play("invalid" if outcome == "penalty" else "rack")
        elif outcome == "passed":
            self.say("The pool is empty: you pass")
        elif outcome in ("played", "went_out"):
            self.play("clink")

    def after_turn(self, record: TurnRecord, shown: bool) -> None:
        """A turn completed: autosave, then the next turn, the round end or the match end."""
        self.last_record = record
        self.turn_log.append(record)
        self.save_now()
        if record.round_over:
            self.phase = "over" if self.session.match.is_over else "waiting"
            result = self.session.last_result
            self.play(self.session.victory_cue(result.winners if result is not None else ()))
            self.relayout()
            self._show_round_end()
            return
        self.relayout()
        self.begin_turn()

    def _show_round_end(self) -> None:
        from rummi_desktop.scenes.rummi.results import RoundEndScene

        if self.on_round_over is not None:
            self.on_round_over()
        if self.stack is not None:
            self.stack.push(RoundEndScene(self.app, self))

    def start_next_round(self) -> None:
        """Called by the round-end scene's Continue."""
        self.session.next_round()
        self.rack_orders.clear()
        self.meld_hints.clear()
        self.sprites.keep_only(set())
        self.viewer = None if len(self.session.human_seats) != 1 else self.session.human_seats[0]
        self.play("shuffle")
        self.save_now()
        self.begin_turn()

    def save_now(self) -> None:
        if not self.autosave:
            return
        if self.session.match.is_over:
            delete_autosave()
            return
        try:
            write_autosave(*self.session.to_save())
        except OSError as error:
            self.say(f"Could not autosave ({error.strerror or error})", warning=True)

    # ------------------------------------------------------------------------------------
    # frames
    def handle_action(self, action: Action) -> bool:
        if self.buttons.handle_action(action):
            return True
        if action.kind == ActionKind.BACK:
            self.open_pause()
            return True
        if action.kind == ActionKind.CONFIRM:
            if self.phase in ("thinking", "showing"):
                self.skip_animation()
            elif self.my_turn:
                self.sprites.finish_all()
                self.finish_human_turn("end")
            return True
        return self.input.handle_action(action)

    def open_pause(self) -> None:
        from rummi_desktop.scenes.rummi.overlays import PauseOverlay

        self.input.cancel()
        if self.stack is not None:
            self.stack.push(PauseOverlay(self.app, self))

    def update(self, dt: float) -> None:
        self.last_dt = dt
        self.sprites.speed = self.app.animation_speed
        self.sprites.update(dt)
        self.phase_time += dt
        self.buttons.update(dt)
        self._age_effects(dt)
        self.warm_tiles()
        if self.phase == "human":
            self._update_human(dt)
        elif self.phase == "thinking":
            self._update_thinking()
        elif self.phase == "showing":
            self._update_showing()

    def _age_effects(self, dt: float) -> None:
        if self.banner is not None:
            self.banner.left -= dt
            if self.banner.left <= 0:
                self.banner = None
        for key in list(self.meld_glow):
            self.meld_glow[key] = max(0.0, self.meld_glow[key] - dt)
        landed = {t for t in self.incoming if (s := self.sprites.get(t)) is None or s.settled}
        if landed:
            self.incoming -= landed
            self.play("clink")

    def _update_human(self, dt: float) -> None:
        self.turn_time += dt
        total = self.session.clock_seconds
        if not total:
            return
        self.clock_left -= dt
        whole = math.ceil(self.clock_left)
        if 0 < whole <= 10 and whole != self.last_tick:
            self.last_tick = whole
            self.play("tick")
        if self.clock_left <= 0:
            self.clock_left = 0.0
            self.finish_human_turn("timeout")

    def next_change_in(self) -> float:
        return table_next_change_in(self, BANNER_SECONDS)

    def draw(self, surface: pygame.Surface) -> None:
        from rummi_desktop.scenes.rummi.table_paint import paint_table

        paint_table(self, surface, felt_surface(self.app.theme, surface.get_size()))


class ResumingTable(Scene):
    """What the menu's Continue opens: loads the autosave afresh each time it is entered, then
    hands over to the table (or closes, with a notice, if the save is gone or damaged)."""

    def __init__(self, app: "App") -> None:
        super().__init__()
        self.app = app

    def on_enter(self) -> None:
        from rummi_desktop.scenes.rummi import load_saved_session

        session = load_saved_session(self.app.notices)
        if self.stack is None:
            return
        if session is None:
            self.close()
            return
        self.stack.replace(RummiTableScene(self.app, session))
