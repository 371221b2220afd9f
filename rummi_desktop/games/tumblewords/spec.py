"""Tumblewords as the house sees it: its :class:`GameSpec` (seats, tiers, setup options, state
to and from data, move notation, the seat view, the invariants).

``new_state(seats, seed, dictionary=None, **options)``: ``dictionary`` is the word list to play
with (a :class:`Dictionary`); without it the list named by the ``words`` option (default the
shipped ENABLE) comes from the source the shell installed
(``rummi_desktop.games.tumblewords.storage.word_lists.install()``), and WordListUnavailable says so when none is.
The same goes for ``state_from_dict``. Entry points: the computer seats, analyze, the table
scenes, the bench scene, the puzzles and the statistics. Pure module (no pygame, no I/O).
"""

from __future__ import annotations

from typing import Any

from rummi_desktop.games.base import EntryPoint, GameSpec, SetupOption
from rummi_desktop.games.tumblewords.rules.dictionary import Dictionary
from rummi_desktop.games.tumblewords.rules.grid import BAG_COUNTS, BLANK, BOARD_SIZES, FACES
from rummi_desktop.games.tumblewords.rules.moves import Move
from rummi_desktop.games.tumblewords.rules.parameters import MAX_SEATS, MIN_LENGTHS, MIN_SEATS, TIERS, TumblewordsParameters
from rummi_desktop.games.tumblewords.rules.position import TumblewordsPosition
from rummi_desktop.games.tumblewords.rules.serialize import state_from_dict, state_to_dict
from rummi_desktop.games.tumblewords.rules.state import TumblewordsState
from rummi_desktop.games.tumblewords.rules.view import seat_view

OPTIONS = (
    SetupOption("board", "Board", tuple(BOARD_SIZES), "standard"),
    SetupOption("min_length", "Shortest word", MIN_LENGTHS, 2),
    SetupOption("claim", "Claim words", (False, True), False),
    SetupOption("zapper", "Zapper!", (False, True), False),
    SetupOption("ticker", "Ticker", (False, True), False),
    SetupOption("pressure_cooker", "Pressure Cooker", (False, True), False),
)


def new_state(seats: tuple[str, ...], seed: int, dictionary: Dictionary | None = None,
              **options: Any) -> TumblewordsState:
    if dictionary is not None:
        options.setdefault("words", dictionary.name)
    return TumblewordsState(TumblewordsParameters(seats=tuple(seats), seed=seed, **options), dictionary)


def audit(state: TumblewordsState) -> list[str]:
    """Every one of the 100 tiles exactly once (grid, hands, bag, zapped); gravity holds (no
    tile above a vacant square); every square shows its own tile (a blank its declared letter)."""
    problems = []
    if state.tile_census() != list(range(len(FACES))):
        problems.append(f"the {len(FACES)} tiles are not all there exactly once")
    problems.extend(state.grid.gravity_problems())
    for row, col, tile_id in state.grid.placed():
        shown, face = state.grid.shown[state.grid.square(row, col)], FACES[tile_id]
        if not (shown == face or (face == BLANK and shown.islower())):
            problems.append(f"square {row},{col} shows {shown!r}, not its tile {face!r}")
    if sorted(set(FACES)) != sorted(BAG_COUNTS):
        problems.append("the letter set is not the bag the rules list")
    return problems


TUMBLEWORDS = GameSpec(
    key="tumblewords",
    title="Tumblewords",
    min_seats=MIN_SEATS,
    max_seats=MAX_SEATS,
    tiers=TIERS,
    options=OPTIONS,
    new_state=new_state,
    state_to_dict=state_to_dict,
    state_from_dict=state_from_dict,
    parse_move=Move.parse,
    seat_view=seat_view,
    audit=audit,
    position=TumblewordsPosition,
    entry_points={
        "computer": EntryPoint("rummi_desktop.games.tumblewords.ai.tiers:choose_move"),
        "analyze": EntryPoint("rummi_desktop.games.tumblewords.analysis.check:prepare_tumblewords"),
        "scenes": EntryPoint("rummi_desktop.games.tumblewords.table:game_info"),
        "stats": EntryPoint("rummi_desktop.games.tumblewords.rules.stats:STATS"),
        "bench": EntryPoint("rummi_desktop.games.tumblewords.table.bench:setup_bench"),
        "puzzles": EntryPoint("rummi_desktop.games.tumblewords.puzzles.mining"),  # a module: entry_points.load_module
    },
)
