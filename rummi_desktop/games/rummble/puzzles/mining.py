"""Rummble puzzles: "find the best play" (goal ``best-score``), mined from seeded computer games.

A puzzle's position is an analyze position without its play (``{"game": "rummble", "board":
[[row, col, "R7" | "J=K7"], …], "rack": [...]}``); its solution is a play in analyze notation
(``[[row, col, tile], …]``, in square order). Everything is judged by the game's own model:
the position is loaded with :meth:`RummbleState.from_position`, an answer is scored by
applying it to that state, and the search is the computer seats' move generator
(:mod:`rummi_desktop.games.rummble.ai.movegen`, exact without a deadline).

- **best** is the top score, **runner_up** the best score of a play scoring less; the miner
  keeps a position only when ``best - runner_up >= MARGIN`` (10 points: more than a premium
  square's worth of a small tile, so the best play is clearly the one to find).
- **features**: ``tiles`` laid by the solution, ``sets`` it forms or extends, ``jokers`` it
  lays, ``solutions`` (plays scoring exactly best).
- **difficulty** = 0.8·tiles + 1.2·sets + 2·jokers + 2/solutions: more tiles, more sets and
  jokers to declare make the play harder to see; every further play that also scores best makes
  it easier to find one. Bands: easy below 6, medium below 9, hard from 9.
- **tags**: ``triple-set`` (a tile laid on a ×3 SET corner), ``straight-flush`` (the play forms
  or extends a straight flush), ``rummmble`` (all 10 tiles, the 100 bonus). Rummmble! plays
  almost never arise in play, so the miner also builds them: on boards from its games it tries
  racks of ten tiles in a row (numbers one apart, one colour or two, none beyond the set's two
  copies) and keeps a rack whose best play lays all ten.

The shipped packs (``assets/puzzles/rummble.toml``) are made by
``rummi-desktop puzzles --generate --game rummble --packs --count 8 --seed 1
--out rummi_desktop/assets/puzzles/rummble.toml``.

Pure module (no pygame, no I/O).
"""

from __future__ import annotations

from typing import Any

from rummi_desktop.games.rummble.ai.movegen import Candidate, Generator
from rummi_desktop.games.rummble.ai.tiers import choose_move
from rummi_desktop.games.base import IllegalMove, play_seat_move
from rummi_desktop.games.rummble.rules.board import SET_MULTIPLIER, SIZE, Board, Laid, square, square_words
from rummi_desktop.games.rummble.rules.moves import Placement, Play
from rummi_desktop.games.rummble.rules.play import RUMMMBLE_TILES, PlayVerdict
from rummi_desktop.games.rummble.rules.serialize import board_texts
from rummi_desktop.games.rummble.rules.sets import STRAIGHT_FLUSH
from rummi_desktop.games.rummble.spec import RUMMBLE
from rummi_desktop.games.rummble.rules.state import RummbleParameters, RummbleState
from rummi_desktop.games.rummble.rules.position import RummblePosition
from rummi_desktop.puzzles.positions import position_problem
from rummi_desktop.puzzles.mined_puzzles import (band_of, check_band, choose_varied, distinct, grading_problems,
                                                 position_id, rating_of)
from rummi_desktop.tiles import COLOURS, Tile, excess_copies

GAME = "rummble"
# band -> pack title (rummi-desktop puzzles --generate --packs)
PACK_TITLES = {"easy": "Opening Lines", "medium": "Premium Hunting", "hard": "Board Masters"}
MARGIN = 10
TAGS = ("triple-set", "straight-flush", "rummmble")
BAND_LIMITS = (6.0, 9.0)
SEATS = ("medium", "easy")  # the mined games: a best-scoring seat against a loose one
FOUND_PER_PUZZLE = 3  # positions to find per puzzle asked for, to choose a varied set from
MAX_GAMES = 80  # a safety stop for one mine() call
MAX_TURNS = 300
RUMMMBLES_WANTED = 2  # Rummmble! puzzles to build for a set of puzzles
BOARDS_TRIED_FOR_RUMMMBLE = 60


# ----- reading a puzzle -------------------------------------------------------------------------
def load_position(position: Any) -> RummbleState:
    """The puzzle's position as a game state (the rack is seat 0's), or ValueError saying why
    it is not a legal Rummble position."""
    problem = position_problem(GAME, position)  # squares, tiles, copies, every board line a set
    if problem:
        raise ValueError(problem)
    return RummblePosition.from_dict(position).to_state(RummbleParameters(seats=("human", "human")))


def play_of(answer: Any) -> Play:
    """A play from analyze notation ``[[row, col, tile], …]``; ValueError if it is not one."""
    if not isinstance(answer, list) or not answer:
        raise ValueError("a play is a non-empty list of [row, column, tile]")
    placements = []
    for entry in answer:
        if not (isinstance(entry, (list, tuple)) and len(entry) == 3 and isinstance(entry[2], str)
                and all(isinstance(n, int) and not isinstance(n, bool) for n in entry[:2])):
            raise ValueError(f"{entry!r} is not [row, column, tile] (e.g. [6, 5, \"R7\"])")
        square(entry[0], entry[1])  # ValueError off the board
        placements.append(Placement(entry[0], entry[1], Laid.parse(entry[2])))
    return Play(tuple(sorted(placements, key=lambda p: p.square)))


def play_notation(candidate: Candidate) -> list[list]:
    return [[sq // SIZE, sq % SIZE, laid.notation()] for sq, laid in candidate.placements]


def score_answer(state: RummbleState, answer: Any) -> tuple[int, PlayVerdict]:
    """What the game scores for ``answer`` (by applying it to ``state``, then undoing it), or
    IllegalMove / ValueError with the reason it is refused."""
    play = play_of(answer)
    verdict = state.check(play)
    result = state.apply(play)
    state.undo()
    return result.points, verdict


# ----- the exact search and what it measures ----------------------------------------------------
class Search:
    """Every legal play of a position, with the best score and the runner-up's."""

    def __init__(self, state: RummbleState) -> None:
        self.plays = Generator(state.board, state.rack_tiles(0), state.params.highest, state.params.bonus).plays()
        scores = sorted({play.score for play in self.plays}, reverse=True)
        self.best = scores[0] if scores else 0
        self.runner_up = scores[1] if len(scores) > 1 else 0

    @property
    def optimal(self) -> list[Candidate]:
        return [play for play in self.plays if play.score == self.best]

    @property
    def margin(self) -> int:
        return self.best - self.runner_up


def tags_of(placements, verdict: PlayVerdict) -> list[str]:
    tags = []
    if any(SET_MULTIPLIER[sq] == 3 for sq, _ in placements):
        tags.append("triple-set")
    if any(found.kind == STRAIGHT_FLUSH for found in verdict.sets):
        tags.append("straight-flush")
    if verdict.rummmble:
        tags.append("rummmble")
    return tags


def difficulty_of(features: dict[str, int]) -> float:
    return round(0.8 * features["tiles"] + 1.2 * features["sets"] + 2.0 * features["jokers"]
                 + 2.0 / max(1, features["solutions"]), 2)


def grading(state: RummbleState, play: Play, search: Search) -> dict[str, Any]:
    """The tags, features and difficulty of ``play`` (a legal play) as the solution."""
    placements = [(p.square, p.laid) for p in play.placements]
    verdict = state.check(play)
    features = {"tiles": len(placements), "sets": len(verdict.sets),
                "jokers": sum(laid.joker for _, laid in placements), "solutions": len(search.optimal)}
    return {"tags": tags_of(placements, verdict), "features": features, "difficulty": difficulty_of(features)}


def puzzle_from(state: RummbleState, source: dict[str, int]) -> dict[str, Any] | None:
    """The puzzle at seat ``state.current``'s turn, or None when its best play is not clearly
    best (or there is no play)."""
    position = _position(state)
    puzzle_state = load_position(position)
    search = Search(puzzle_state)
    if not search.plays or search.margin < MARGIN:
        return None
    puzzle = _puzzle(position, puzzle_state, search)
    return {**puzzle, "source": dict(source)}


def from_position(position: dict[str, Any]) -> dict[str, Any]:
    """A whole loose puzzle (``pack`` "") from any legal position, for the sandbox: the best
    play as the solution, graded and tagged, whatever its margin. ValueError for an illegal
    position or a rack with no play."""
    state = load_position(position)
    search = Search(state)
    if not search.plays:
        raise ValueError("the rack has no legal play on this board")
    return _puzzle(position, state, search)


def _puzzle(position: dict[str, Any], state: RummbleState, search: Search) -> dict[str, Any]:
    solution = search.optimal[0]
    graded = grading(state, solution.move(), search)
    return {
        "id": position_id(GAME, position), "game": GAME, "pack": "",
        "title": title_of(graded["tags"], graded["features"], search.best), "goal": "best-score",
        "target": search.best, "position": position, "solution": play_notation(solution), "best": search.best,
        "runner_up": search.runner_up, **graded, "rating": rating_of(graded["difficulty"]),
    }


def goal_of(position: dict[str, Any], best: int | None) -> tuple[str, int]:
    """(goal, target) of a position whose best play scores ``best`` (None: not known yet)."""
    return "best-score", max(1, best if best is not None else 1)


def title_of(tags: list[str], features: dict[str, int], best: int) -> str:
    if "rummmble" in tags:
        return f"Rummmble! {best} points"
    if "triple-set" in tags:
        return f"Corner triple for {best}"
    if "straight-flush" in tags:
        return f"One colour, {best} points"
    if features["tiles"] == 1:
        return f"One tile, {best} points"
    return f"{features['tiles']} tiles, {best} points"


# ----- mining -------------------------------------------------------------------------------------
def mine(seed: int, count: int, difficulty: str | None = None) -> list[dict[str, Any]]:
    """Up to ``count`` puzzles from seeded games (the same seed, the same puzzles)."""
    check_band(difficulty)
    found: list[dict[str, Any]] = []
    boards: list[tuple[RummbleState, dict[str, int]]] = []
    wanted = count * FOUND_PER_PUZZLE
    for game in range(MAX_GAMES):
        if len(found) >= wanted:
            break
        for state, source in positions_of_game(seed * 1000 + game):
            puzzle = puzzle_from(state, source)
            if puzzle is not None and _in_band(puzzle, difficulty):
                found.append(puzzle)
            if source["turn"] % 4 == 0:
                boards.append((load_position(_position(state)), source))
    # A Rummmble! lays ten tiles, so its difficulty is at least 0.8·10 + 1.2: always "hard".
    if difficulty in (None, "hard") and not any("rummmble" in puzzle["tags"] for puzzle in found):
        found.extend(p for p in built_rummmbles(boards) if _in_band(p, difficulty))
    return choose_varied(distinct(found), count, TAGS, BAND_LIMITS)


def _in_band(puzzle: dict[str, Any], difficulty: str | None) -> bool:
    return difficulty is None or band_of(puzzle["difficulty"], BAND_LIMITS) == difficulty


def _position(state: RummbleState) -> dict[str, Any]:
    return {"game": GAME, "board": board_texts(state.board.tiles()),
            "rack": [tile.notation() for tile in state.rack_tiles()]}


def positions_of_game(game_seed: int):
    """``(state, source)`` at each turn of a seeded computer game once the board is open (the
    state is live: use it before the next item)."""
    spec = RUMMBLE
    state = RummbleState(RummbleParameters(seats=SEATS, seed=game_seed))
    while not state.is_terminal and state.turn_number <= MAX_TURNS:
        if not state.board.is_empty:
            yield state, {"seed": game_seed, "turn": state.turn_number}
        view = spec.seat_view(state, state.current)
        play_seat_move(spec, state, choose_move(view, state.params.seats[state.current]))  # no deadline: exact


def straight_racks() -> list[list[Tile]]:
    """Ten tiles numbered one apart: one colour, or alternating two colours."""
    racks = []
    for low in range(1, 14 - RUMMMBLE_TILES + 1):
        numbers = range(low, low + RUMMMBLE_TILES)
        for first in COLOURS:
            for second in COLOURS:
                racks.append([Tile(first if at % 2 == 0 else second, n) for at, n in enumerate(numbers)])
    return racks


def built_rummmbles(boards: list[tuple[RummbleState, dict[str, int]]]) -> list[dict[str, Any]]:
    """Rummmble! puzzles on boards from the mined games (see the module docstring)."""
    built: list[dict[str, Any]] = []
    for state, source in boards[:BOARDS_TRIED_FOR_RUMMMBLE]:
        on_board = [laid.rack_tile for _, _, laid in state.board.tiles()]
        for rack in straight_racks():
            if excess_copies(on_board + rack):
                continue
            best = Generator(state.board, rack).best()
            if best is None or len(best.placements) < RUMMMBLE_TILES:
                continue
            position = {"game": GAME, "board": board_texts(state.board.tiles()), "rack": [t.notation() for t in rack]}
            puzzle = puzzle_from(load_position(position), source)
            if puzzle is not None and "rummmble" in puzzle["tags"]:
                built.append(puzzle)
                break
        if len(built) >= RUMMMBLES_WANTED:
            break
    return built


# ----- verify, hints, check -----------------------------------------------------------------------
def verify(puzzle: dict[str, Any]) -> list[str]:
    """Problems with ``puzzle`` (empty: good): a legal position, a legal solution scoring
    ``best``, nothing better, ``runner_up`` as the search finds it, and for a graded puzzle
    (one with features) its tags, features and difficulty as measured."""
    try:
        state = load_position(puzzle.get("position"))
    except ValueError as error:
        return [f"position: {error}"]
    problems = []
    search = Search(state)
    try:
        play = play_of(puzzle.get("solution"))
        value, _ = score_answer(state, puzzle.get("solution"))
    except (IllegalMove, ValueError) as error:
        problems.append(f"solution: {error}")
    else:
        if value != puzzle.get("best"):
            problems.append(f"solution scores {value}, not best = {puzzle.get('best')}")
        problems += grading_problems(puzzle, grading(state, play, search))
    if search.best != puzzle.get("best"):
        problems.append(f"the best play scores {search.best}, not best = {puzzle.get('best')}")
    if search.runner_up != puzzle.get("runner_up"):
        problems.append(f"the runner-up scores {search.runner_up}, not runner_up = {puzzle.get('runner_up')}")
    if puzzle.get("target") != puzzle.get("best"):
        problems.append(f"target = {puzzle.get('target')} should be best = {puzzle.get('best')}")
    return problems


def hints(puzzle: dict[str, Any]) -> list[dict[str, Any]]:
    """1: the anchor square (the solution's first square beside a board tile); 2: the rack
    tiles the solution uses; 3: the solution."""
    state = load_position(puzzle["position"])
    play = play_of(puzzle["solution"])
    anchor = next((p for p in play.placements if _touches(state.board, p.row, p.col)), play.placements[0])
    used = [laid.rack_tile.notation() for laid in (p.laid for p in play.placements)]
    return [
        {"level": 1, "text": f"Play through the square at {square_words(anchor.square)}.", "focus": [anchor.row, anchor.col]},
        {"level": 2, "text": f"Use {' '.join(used)}.", "tiles": used},
        {"level": 3, "solution": puzzle["solution"]},
    ]


def _touches(board: Board, row: int, col: int) -> bool:
    near = [(row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)]
    return any(0 <= r < SIZE and 0 <= c < SIZE and board.cells[r * SIZE + c] is not None for r, c in near)


def check(puzzle: dict[str, Any], answer: Any) -> dict[str, Any]:
    """Is ``answer`` (a play in the solution's notation) legal, and does it reach the target?"""
    state = load_position(puzzle["position"])
    try:
        value, verdict = score_answer(state, answer)
    except (IllegalMove, ValueError) as error:
        return {"solved": False, "value": 0, "message": f"That play is not allowed: {error}."}
    target = puzzle["target"]
    if value >= target:
        return {"solved": True, "value": value, "message": f"Solved: {value} points."}
    return {"solved": False, "value": value, "message": f"{value} points; the best play scores {target}."}


__all__ = ["MARGIN", "PACK_TITLES", "TAGS", "check", "difficulty_of", "from_position", "hints", "mine", "verify"]
