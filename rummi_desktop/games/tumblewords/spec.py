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

from rummi_desktop.games.base import EntryPoint, GameSpec, Milestone, PuzzleTerms, SetupOption
from rummi_desktop.games.tumblewords.ai.tier_ratings import TIER_RATINGS
from rummi_desktop.games.tumblewords.rules.dictionary import Dictionary
from rummi_desktop.games.tumblewords.rules.grid import BAG_COUNTS, BLANK, BOARD_SIZES, FACES
from rummi_desktop.games.tumblewords.rules.moves import Move
from rummi_desktop.games.tumblewords.rules.parameters import MAX_SEATS, MIN_LENGTHS, MIN_SEATS, TIERS, TumblewordsParameters
from rummi_desktop.games.tumblewords.rules.position import TumblewordsPosition
from rummi_desktop.games.tumblewords.rules.serialize import state_from_dict, state_to_dict
from rummi_desktop.games.tumblewords.rules.state import TumblewordsState
from rummi_desktop.games.tumblewords.rules.seat_view import holdings, public_view, seat_view

# ``shown``: how the Rules card names a table's choices beyond the usual (the table's own
# caption already spells out its board, word length and variants).
OPTIONS = (
    SetupOption("board", "Board", tuple(BOARD_SIZES), "standard",
                shown=tuple(f"{name.title()} board" for name in BOARD_SIZES)),
    SetupOption("min_length", "Shortest word", MIN_LENGTHS, 2, shown=tuple(f"Words of {n}+" for n in MIN_LENGTHS)),
    SetupOption("claim", "Claim words", (False, True), False, shown=("", "Claim words")),
    SetupOption("zapper", "Zapper!", (False, True), False, shown=("", "Zapper!")),
    SetupOption("ticker", "Ticker", (False, True), False, shown=("", "Ticker")),
    SetupOption("pressure_cooker", "Pressure Cooker", (False, True), False, shown=("", "Pressure Cooker")),
)
# Every option is offered online too: the server plays the shipped word list, and enforces the
# Ticker's 30 s (and a Pressure Cooker steal's 15 s) itself (``TumblewordsState.turn_clock``).


def new_state(seats: tuple[str, ...], seed: int, dictionary: Dictionary | None = None,
              **options: Any) -> TumblewordsState:
    if dictionary is not None:
        options.setdefault("words", dictionary.name)
    return TumblewordsState(TumblewordsParameters(seats=tuple(seats), seed=seed, **options), dictionary)


def audit(state: TumblewordsState) -> list[str]:
    """Every tile in play exactly once (grid, hands, bag, zapped: for a dealt game all 100; a
    hand-made position, a puzzle's or the sandbox's, holds what it names); gravity holds (no
    tile above a vacant square); every square shows its own tile (a blank its declared letter)."""
    problems = []
    if state.setup is None and list(state.tiles_in_play) != list(range(len(FACES))):
        problems.append(f"the game was not dealt from the whole bag of {len(FACES)} tiles")
    if tuple(state.tile_census()) != state.tiles_in_play:
        problems.append(f"the {len(state.tiles_in_play)} tiles are not all there exactly once")
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
    tier_ratings=TIER_RATINGS,
    options=OPTIONS,
    new_state=new_state,
    state_to_dict=state_to_dict,
    state_from_dict=state_from_dict,
    parse_move=Move.parse,
    seat_view=seat_view,
    public_view=public_view,
    holdings=holdings,
    audit=audit,
    position=TumblewordsPosition,
    entry_points={
        "computer": EntryPoint("rummi_desktop.games.tumblewords.ai.tiers:choose_move"),
        "coach": EntryPoint("rummi_desktop.games.tumblewords.ai.coach:COACH"),  # the post-game review
        "unseen": EntryPoint("rummi_desktop.games.tumblewords.rules.unseen:unseen"),  # the tracker sheet
        "analyze": EntryPoint("rummi_desktop.games.tumblewords.analysis.check:prepare_tumblewords"),
        "scenes": EntryPoint("rummi_desktop.games.tumblewords.table:game_info"),
        "stats": EntryPoint("rummi_desktop.games.tumblewords.rules.stats:STATS"),
        "bench": EntryPoint("rummi_desktop.games.tumblewords.table.bench:setup_bench"),
        "puzzles": EntryPoint("rummi_desktop.games.tumblewords.puzzles.mining"),  # a module: entry_points.load_module
        "online_table": EntryPoint("rummi_desktop.games.tumblewords.table.online_table:online_table"),
        "spectator_board": EntryPoint("rummi_desktop.games.tumblewords.rules.seat_view:board_cells"),  # a watched table
        # A seat's view names its word list: every process installs where the lists are found.
        "startup": EntryPoint("rummi_desktop.games.tumblewords.storage.word_lists:install"),
    },
    puzzle_terms=PuzzleTerms(
        goals=("best-score",),
        tags=("palindrome", "two-directions", "blank"),
        features=("words", "directions", "blanks", "solutions"),
        daily_since=2,
    ),
    milestones=(
        Milestone("library", "felt", "Library felt", "Score a word of 7 letters in Tumblewords", 7,
                  "letters", measure="best_word", reads="best", place=3),
        Milestone("mirror", "tile_back", "Mirror tile back", "Score a palindrome in Tumblewords", 1,
                  "palindromes", measure="palindromes", reads="sum", place=4),
    ),
    trophy_colours=((52, 120, 74), (255, 236, 150)),
    default_for=("loadtest",),  # the load test plays it unless --game names another
    idle_verbs=("pass", "done", "timeout", "resign"),  # moves that drop no letters (a ranked game needs more)
)
