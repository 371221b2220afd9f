"""Rummble as the house sees it: its :class:`GameSpec` (seats, tiers, the tile-set option,
state to and from data, move notation, the seat view, the invariants).

Entry points: the computer seats (``ai/tiers.py``), analyze (``analysis/check.py``), the
table (``table/``), the bench scene, the puzzles and the statistics. Pure module (no pygame, no I/O).
"""

from __future__ import annotations

from typing import Any

from rummi_desktop.games.base import EntryPoint, GameSpec, Milestone, PuzzleTerms, SetupOption
from rummi_desktop.games.rummble.ai.tier_ratings import TIER_RATINGS
from rummi_desktop.games.rummble.rules.moves import Move
from rummi_desktop.games.rummble.rules.play import line_problem
from rummi_desktop.games.rummble.rules.position import RummblePosition
from rummi_desktop.games.rummble.rules.serialize import state_from_dict, state_to_dict
from rummi_desktop.games.rummble.rules.sets import classify
from rummi_desktop.games.rummble.rules.state import MAX_SEATS, MIN_SEATS, TIERS, TILE_SETS, RummbleParameters, RummbleState
from rummi_desktop.games.rummble.rules.seat_view import holdings, public_view, seat_view


def new_state(seats: tuple[str, ...], seed: int, **options: Any) -> RummbleState:
    return RummbleState(RummbleParameters(seats=tuple(seats), seed=seed, **options))


def audit(state: RummbleState) -> list[str]:
    """Every tile in play exactly once (board, racks, pool: for a dealt game, the whole set),
    every board tile showing its own face
    (a joker declared), and every line of 2+ on the board a set."""
    problems = []
    if tuple(state.tile_census()) != state.tiles_in_play:
        problems.append(f"the {len(state.tiles_in_play)} tiles are not all there exactly once")
    for sq, (laid, tile_id) in enumerate(zip(state.board.cells, state.board_ids)):
        if (laid is None) != (tile_id is None) or (laid is not None and laid.rack_tile != state.faces[tile_id]):
            problems.append(f"square {divmod(sq, 13)} shows a tile that is not the one laid there")
    for first, step, tiles in state.board.lines():
        if classify(tiles) is None:
            problems.append(line_problem(range(first, first + step * len(tiles), step), tiles))
    return problems


def public_action(action: str) -> str:
    """An exchange as the other seats see it: how many tiles went back, not which."""
    verb, _, tiles = action.partition(" ")
    return f"exchange {len(tiles.split())}" if verb == "exchange" else action


RUMMBLE = GameSpec(
    key="rummble",
    title="Rummble",
    min_seats=MIN_SEATS,
    max_seats=MAX_SEATS,
    tiers=TIERS,
    tier_ratings=TIER_RATINGS,
    options=(SetupOption("tile_set", "Tiles", TILE_SETS, "standard"),  # the table's caption names the set
             SetupOption("rummmble_bonus", "Rummmble bonus", (True, False), True, shown=("", "No Rummmble bonus"))),
    new_state=new_state,
    state_to_dict=state_to_dict,
    state_from_dict=state_from_dict,
    parse_move=Move.parse,
    seat_view=seat_view,
    public_view=public_view,
    holdings=holdings,
    audit=audit,
    position=RummblePosition,
    public_action=public_action,
    entry_points={
        "scenes": EntryPoint("rummi_desktop.games.rummble.table:game_info"),
        "stats": EntryPoint("rummi_desktop.games.rummble.rules.stats:STATS"),
        "bench": EntryPoint("rummi_desktop.games.rummble.table.bench:setup_bench"),
        "puzzles": EntryPoint("rummi_desktop.games.rummble.puzzles.mining"),  # a module: entry_points.load_module
        "computer": EntryPoint("rummi_desktop.games.rummble.ai.tiers:choose_move"),
        "coach": EntryPoint("rummi_desktop.games.rummble.ai.coach:COACH"),  # the post-game review
        "unseen": EntryPoint("rummi_desktop.games.rummble.rules.unseen:unseen"),  # the tracker sheet
        "analyze": EntryPoint("rummi_desktop.games.rummble.analysis.check:prepare_rummble"),
        "online_table": EntryPoint("rummi_desktop.games.rummble.table.online_table:online_table"),
        "spectator_board": EntryPoint("rummi_desktop.games.rummble.rules.seat_view:board_cells"),  # a watched table
    },
    puzzle_terms=PuzzleTerms(
        goals=("best-score",),
        tags=("triple-set", "straight-flush", "rummmble"),
        features=("tiles", "sets", "jokers", "solutions"),
        daily_since=2,
    ),
    milestones=(
        Milestone("sunset", "felt", "Sunset felt", "Play a Rummmble (all ten tiles at once) in Rummble", 1,
                  "Rummmbles", measure="rummmbles", reads="sum", place=2),
    ),
    trophy_colours=((40, 92, 150), (250, 220, 120)),
    idle_verbs=("pass", "exchange", "resign"),  # moves that lay no tiles (a ranked game needs more)
)
