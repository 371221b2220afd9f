"""Rummi as the house sees it: its :class:`GameSpec` (seats, tiers, setup options, state to and
from data, move notation, the seat view, the invariants) and its entry points.

Pure module (no pygame, no I/O); the entry points are names, imported only by their users.
"""

from __future__ import annotations

from typing import Any

from rummi_desktop.games.base import EntryPoint, GameSpec, Milestone, PuzzleTerms, SetupOption
from rummi_desktop.games.rummi.ai.tier_ratings import TIER_RATINGS
from rummi_desktop.games.rummi.rules.melds import invalid_reason
from rummi_desktop.games.rummi.rules.moves import Move
from rummi_desktop.games.rummi.rules.pieces import JOKER_CHOICES, round_ids
from rummi_desktop.games.rummi.rules.position import RummiPosition
from rummi_desktop.games.rummi.rules.serialize import state_from_dict, state_to_dict
from rummi_desktop.games.rummi.rules.state import (
    CLOCK_CHOICES, MAX_SEATS, MIN_SEATS, OPENING_CHOICES, TIERS, RummiParameters, RummiState, tile_census)
from rummi_desktop.games.rummi.rules.play_check import OPENING_POINTS
from rummi_desktop.games.rummi.rules.match_state import MATCH_TARGETS, MatchState, match_seat_view, new_match_state
from rummi_desktop.games.rummi.rules.seat_view import holdings as round_holdings
from rummi_desktop.games.rummi.rules.seat_view import public_view as round_public_view
from rummi_desktop.games.rummi.rules.seat_view import seat_view as round_seat_view
from rummi_desktop.games.rummi.rules.match import DEFAULT_TARGET

def new_state(seats: tuple[str, ...], seed: int, **options: Any) -> RummiState:
    return RummiState(RummiParameters(seats=tuple(seats), seed=seed, **options))


def new_table_state(seats: tuple[str, ...], seed: int, **options: Any) -> RummiState | MatchState:
    """A server table's game: a match of rounds. A table stored before Rummi tables played
    matches (its options name no ``mode``) plays on as it was made, one round."""
    if "mode" not in options:
        return new_state(seats, seed, **options)
    return new_match_state(seats, seed, **options)


def seat_view(state: RummiState | MatchState, seat: int) -> dict[str, Any]:
    """A round's seat view; a server table's match adds the match around its round."""
    return match_seat_view(state, seat) if isinstance(state, MatchState) else round_seat_view(state, seat)


def public_view(state: RummiState | MatchState) -> dict[str, Any]:
    """What a spectator sees of a round; of a server table's match, the match around it too."""
    if isinstance(state, MatchState):
        return {**round_public_view(state.round), "match": state.summary()}
    return round_public_view(state)


def holdings(state: RummiState | MatchState) -> list[list[str]]:
    """Every rack of the round (a match's: the round in view, its last once the match is over)."""
    return round_holdings(state.round if isinstance(state, MatchState) else state)


def audit(state: RummiState) -> list[str]:
    """Every tile in play exactly once (table, racks, pool: for a dealt round all 106, or 108
    with four jokers; a hand-made position, a puzzle's or the sandbox's, holds what it names)
    and every meld of the settled table valid (the table as the turn in progress began:
    mid-turn, the player may pass through invalid tables on the way to a valid one, and End
    Turn is what refuses them)."""
    problems = []
    full_set = list(round_ids(state.params.jokers))
    if state.setup is None and list(state.tiles_in_play) != full_set:
        problems.append(f"the round was not dealt from the whole set of {len(full_set)} tiles")
    if tuple(tile_census(state)) != state.tiles_in_play:
        problems.append(f"the {len(state.tiles_in_play)} tiles are not all there exactly once")
    settled = state.turn_start_table if state.turn_moves and not state.is_terminal else state.table_tiles()
    for number, meld in enumerate(settled, start=1):
        reason = invalid_reason(meld)
        if reason:
            problems.append(f"table meld {number}: {reason}")
    return problems


RUMMI = GameSpec(
    key="rummi",
    title="Rummi",
    min_seats=MIN_SEATS,
    max_seats=MAX_SEATS,
    tiers=TIERS,
    tier_ratings=TIER_RATINGS,
    # Online, the turn clock is the table's own (the lobby's clock, or Blitz's 30 s); the
    # match's mode and target are a server table's (the local setup scene chooses its own).
    options=(SetupOption("clock_seconds", "Turn clock", CLOCK_CHOICES, None, online=False),
             SetupOption("opening_points", "Opening meld", OPENING_CHOICES, OPENING_POINTS,
                         shown=tuple(f"Opening {points}" if points else "No opening rule" for points in OPENING_CHOICES)),
             SetupOption("jokers", "Jokers", JOKER_CHOICES, JOKER_CHOICES[0],
                         shown=tuple(f"{jokers} jokers" for jokers in JOKER_CHOICES)),
             SetupOption("mode", "Match", ("parlor", "blitz"), "parlor", shown=("Parlor League", "Blitz (30 s)")),
             SetupOption("match_target", "Target", MATCH_TARGETS, DEFAULT_TARGET,
                         shown=tuple(f"Match to {target}" for target in MATCH_TARGETS))),
    new_table_state=new_table_state,  # a server table plays a whole match, round after round
    new_state=new_state,
    state_to_dict=state_to_dict,
    state_from_dict=state_from_dict,
    parse_move=Move.parse,
    seat_view=seat_view,
    public_view=public_view,
    holdings=holdings,
    audit=audit,
    position=RummiPosition,
    entry_points={
        "computer": EntryPoint("rummi_desktop.games.rummi.ai.tiers:choose_move"),
        "coach": EntryPoint("rummi_desktop.games.rummi.ai.coach:COACH"),  # the post-game review
        "unseen": EntryPoint("rummi_desktop.games.rummi.rules.unseen:unseen"),  # the tracker sheet
        "analyze": EntryPoint("rummi_desktop.games.rummi.analysis.check:prepare_rummi"),
        "scenes": EntryPoint("rummi_desktop.games.rummi.table:game_info"),
        "stats": EntryPoint("rummi_desktop.games.rummi.rules.stats:STATS"),
        "bench": EntryPoint("rummi_desktop.games.rummi.table.bench:setup_bench"),
        "puzzles": EntryPoint("rummi_desktop.games.rummi.puzzles.mining"),  # a module: entry_points.load_module
        "online_table": EntryPoint("rummi_desktop.games.rummi.table.online_table:online_table"),
        "spectator_board": EntryPoint("rummi_desktop.games.rummi.rules.seat_view:board_cells"),  # a watched table
    },
    puzzle_terms=PuzzleTerms(
        goals=("place-all", "place-n", "free-joker"),
        tags=("split-run", "take-from-group", "joker-liberation", "double-extension", "full-rebuild", "opening"),
        features=("broken_melds", "tiles_moved", "jokers", "solutions"),
        daily_since=2,
    ),
    milestones=(
        Milestone("lattice", "tile_back", "Lattice tile back", "Rearrange 6 table tiles in one Rummi turn", 6,
                  "tiles", measure="longest_rearrangement", reads="best", place=6),
    ),
    trophy_colours=((178, 52, 40), (240, 200, 90)),
    tracker_shown=False,  # tracking is only an option in Rummi (a Settings switch)
    idle_verbs=("draw", "timeout", "resign", "end", "retrieve"),  # moves that lay nothing on the table (a ranked game needs more)
    default_for=("simulate",),  # the house's first game: simulate plays it unless told otherwise
)
