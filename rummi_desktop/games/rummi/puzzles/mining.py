"""Rummi puzzles: mined from seeded computer games, verified by the exact solver, graded by
what the solution does to the table, with three levels of hints (docs/puzzle-format.md).

Mining: seeded games between computer seats are played through the rules model. At each turn
of a seat that has made its initial meld, the exact solver finds the best play. The puzzle
keeps what that play needs: the table melds it changes (plus a few untouched ones, to look
past), and the rack tiles it lays (sometimes with a tile or two it cannot lay, the goal then
being "place N"). A position is kept when the best play lays every rack tile and a play that
leaves the table alone (new melds from the rack only: ``runner_up``) lays fewer, or when the
best play lays at least CLEAR_MARGIN more tiles than that. A single tile laid on a meld
without breaking any is a move, not a puzzle, and is left out.

Grading (``grade``): difficulty = 2·broken_melds + 0.5·tiles_moved + 1.5·jokers + 2/solutions,
the last feature counting the distinct optimal final tables (fewer ways in is harder). Bands:
easy below 3.5 (in practice: no meld broken), medium below 7, hard from 7.
``verify``, ``hints`` and ``check`` follow docs/puzzle-format.md; ``from_position`` makes a
whole puzzle from a position (for the sandbox). Pure module: no pygame, no I/O.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from typing import Any, Iterator, Sequence

from rummi_desktop.games.rummi.ai.solver import solve
from rummi_desktop.games.rummi.ai.tiers import choose_move
from rummi_desktop.games.base import play_seat_move
from rummi_desktop.games.rummi.rules.play_check import NOTHING_LAID, OPENING_POINTS, check_play
from rummi_desktop.games.rummi.spec import RUMMI
from rummi_desktop.puzzles.record import Puzzle, PuzzleError
from rummi_desktop.games.rummi.puzzles.compare import Comparison, compare, freed_jokers, technique_tags
from rummi_desktop.games.rummi.puzzles.count import SOLUTION_CAP, count_final_tables, meld_key
from rummi_desktop.puzzles.share_code import canonical_json
from rummi_desktop.games.rummi.puzzles.titles import title_for
from rummi_desktop.tiles import NotationError, Tile, format_tiles

GAME = "rummi"
# band -> pack title (rummi-desktop puzzles --generate --packs)
PACK_TITLES = {"easy": "First Steps", "medium": "Table Talk", "hard": "Grand Rearrangements"}
SEATS = ("hard", "medium")  # the solver's seat finds rich plays; the medium one keeps the table growing
MAX_GAMES = 400  # a safety stop for a difficulty band that turns up rarely
MAX_TURNS = 120
CLEAR_MARGIN = 2
MAX_RACK = 10  # a puzzle rack past this is a chore, not a puzzle
PER_GAME = 2  # puzzles taken from one game, so a pack is not one table seen many times
TURNS_APART = 8  # between two puzzles of one game
DISTRACTOR_CHOICES = (0, 1, 1, 2)  # untouched table melds kept in the puzzle
DECOY_CHOICES = (0, 0, 0, 1, 2)  # rack tiles no play can lay
BANDS = {"easy": (0.0, 3.5), "medium": (3.5, 7.0), "hard": (7.0, float("inf"))}
Melds = list[list[Tile]]


# ---- grading ------------------------------------------------------------------------------

def grade(features: dict[str, int]) -> float:
    return round(2.0 * features["broken_melds"] + 0.5 * features["tiles_moved"]
                 + 1.5 * features["jokers"] + 2.0 / max(1, features["solutions"]), 2)


def band(difficulty: float) -> str:
    return next(name for name, (low, high) in BANDS.items() if low <= difficulty < high)


def rating(difficulty: float) -> float:
    """Starting OpenSkill mu: 15 for the easiest, about 2.5 more per difficulty point."""
    return round(min(45.0, 15.0 + 2.5 * difficulty), 2)


def measure(table: Melds, rack: list[Tile], solution: Melds, best: int, initial: bool = False) -> dict[str, int]:
    seen = compare(table, solution)
    jokers = sum(tile.is_joker for meld in table for tile in meld) + sum(tile.is_joker for tile in rack)
    return {
        "broken_melds": len(seen.broken),
        "tiles_moved": len(seen.moved_tiles),
        "jokers": jokers,
        "solutions": count_final_tables(table, rack, best, initial),
    }


def tags_of(table: Melds, solution: Melds, initial: bool) -> list[str]:
    return technique_tags(compare(table, solution)) + (["opening"] if initial else [])


# ---- reading a puzzle dict ----------------------------------------------------------------

def _melds(data: Any) -> Melds:
    return [[Tile.parse(name) for name in meld] for meld in data]


def _names(melds: Sequence[Sequence[Tile]]) -> list[list[str]]:
    return [[tile.notation() for tile in meld] for meld in melds]


def _position(puzzle: dict[str, Any]) -> tuple[Melds, list[Tile], bool]:
    """(table, rack, whether the seat owes its opening: never under "no opening rule")."""
    position = puzzle["position"]
    return (_melds(position["table"]), [Tile.parse(name) for name in position["rack"]],
            bool(position.get("initial", False)) and _opening_needed(puzzle) > 0)


def _opening_needed(puzzle: dict[str, Any]) -> int:
    """The opening threshold the puzzle's position carries (its house rule; else 30)."""
    return int(puzzle["position"].get("rules", {}).get("opening_points", OPENING_POINTS))


def rack_only_best(rack: Sequence[Tile]) -> int:
    """Most tiles a play leaving every table meld alone can lay: new melds from the rack."""
    return solve([], rack, False, tidy=False).placed


# ---- mining -------------------------------------------------------------------------------

def game_positions(game_seed: int) -> Iterator[tuple[Melds, list[Tile], int]]:
    """(table, rack, turn) before each turn of a seat that has opened, in one seeded game."""
    state = RUMMI.new_state(SEATS, game_seed)
    for turn in range(MAX_TURNS):
        if state.is_terminal:
            return
        if not state.owes_opening and state.table_tiles():
            yield state.table_tiles(), state.rack_tiles(), turn
        view = RUMMI.seat_view(state, state.current)
        play_seat_move(RUMMI, state, choose_move(view, SEATS[state.current]))


def _trimmed(table: Melds, solution: Melds, seen: Comparison, rng: random.Random) -> tuple[Melds, Melds]:
    """The changed melds and a few untouched ones, and the solution without the rest."""
    untouched = [i for i in range(len(table)) if i not in seen.changed]
    keep = set(seen.changed) | set(rng.sample(untouched, min(len(untouched), rng.choice(DISTRACTOR_CHOICES))))
    dropped = Counter(meld_key(table[i]) for i in untouched if i not in keep)
    kept_solution = []
    for meld in solution:
        if dropped[meld_key(meld)] > 0:
            dropped[meld_key(meld)] -= 1
        else:
            kept_solution.append(meld)
    return [table[i] for i in sorted(keep)], kept_solution


def _may_fall_in(table: Melds, rack: list[Tile], solution: Melds, wanted: str | None) -> bool:
    """Could the puzzle grade into the ``wanted`` band? Known before the dear part of the
    grade, the count of solutions, whose term lies between 2/SOLUTION_CAP and 2."""
    if wanted is None:
        return True
    seen = compare(table, solution)
    jokers = sum(tile.is_joker for meld in table for tile in meld) + sum(tile.is_joker for tile in rack)
    known = grade({"broken_melds": len(seen.broken), "tiles_moved": len(seen.moved_tiles),
                   "jokers": jokers, "solutions": SOLUTION_CAP}) - 2.0 / SOLUTION_CAP
    low, high = BANDS[wanted]
    return known + 2.0 / SOLUTION_CAP < high and known + 2.0 >= low


def puzzle_from(table: Melds, rack: list[Tile], rng: random.Random, source: dict[str, int],
                wanted: str | None = None) -> dict | None:
    """A puzzle from one game position, or None when it is not clear-cut enough (or, with
    ``wanted``, cannot fall in that difficulty band)."""
    found = solve(table, rack, False)
    if found.placed == 0:
        return None
    laid = Counter(tile for meld in found.table for tile in meld) - Counter(tile for meld in table for tile in meld)
    seen = compare(table, found.table)
    if found.placed == 1 and not seen.broken:
        return None  # one tile onto the end of a meld: a move, not a puzzle
    table, solution = _trimmed(table, found.table, seen, rng)
    unplaced = sorted((Counter(rack) - laid).elements())
    decoys = rng.sample(unplaced, min(len(unplaced), rng.choice(DECOY_CHOICES)))
    puzzle_rack = sorted(laid.elements()) + decoys
    if len(puzzle_rack) > MAX_RACK:
        return None
    best, runner_up = found.placed, rack_only_best(puzzle_rack)
    place_all = not decoys
    if not ((place_all and runner_up < best) or best - runner_up >= CLEAR_MARGIN):
        return None
    # Cutting the table down can cut a tile the joker rule leaned on: check the play again.
    if not _may_fall_in(table, puzzle_rack, solution, wanted):
        return None
    if not check_play(table, puzzle_rack, solution, False).legal or \
            solve(table, puzzle_rack, False, tidy=False).placed != best:
        return None
    return assemble(table, puzzle_rack, solution, best, runner_up, source)


def assemble(table: Melds, rack: list[Tile], solution: Melds, best: int, runner_up: int,
             source: dict[str, int] | None = None, initial: bool = False,
             rules: dict[str, Any] | None = None) -> dict[str, Any]:
    """The puzzle dict for a position whose best play (``solution``, laying ``best``) is known;
    ``rules``: the position's house rules, kept in it (none: the usual rules)."""
    seen = compare(table, solution)
    freed = freed_jokers(table, solution)
    goal = "free-joker" if freed else "place-all" if best == len(rack) else "place-n"
    features = measure(table, rack, solution, best, initial)
    difficulty = grade(features)
    position = {"game": GAME, "table": _names(table), "rack": [tile.notation() for tile in rack], "initial": initial}
    if rules:
        position["rules"] = dict(rules)
    digest = hashlib.sha256(canonical_json(position).encode("utf-8")).hexdigest()[:8]
    puzzle = {
        "id": f"{GAME}-{digest}", "game": GAME, "pack": "", "title": title_for(seen, goal, initial),
        "goal": goal, "target": best, "position": position, "solution": _names(solution),
        "best": best, "runner_up": runner_up, "tags": tags_of(table, solution, initial), "features": features,
        "difficulty": difficulty, "rating": rating(difficulty),
    }  # fmt: skip
    if source is not None:
        puzzle["source"] = dict(source)
    return puzzle


def from_position(position: dict[str, Any]) -> dict[str, Any] | None:
    """A whole puzzle for a legal position (the sandbox's "Save as puzzle"): the solver's best
    play as its solution, graded and tagged; None when no tile can be laid. For an opening
    position (``initial``) runner_up is 0: every play there leaves the table alone."""
    table, rack, initial = _position({"position": position})
    found = solve(table, rack, initial, opening_needed=_opening_needed({"position": position}))
    if found.placed == 0:
        return None
    runner_up = 0 if initial else rack_only_best(rack)
    return assemble(table, rack, found.table, found.placed, min(runner_up, found.placed), None, initial,
                    position.get("rules"))


def goal_of(position: dict[str, Any], best: int | None) -> tuple[str, int]:
    """(goal, target) of a position whose best play lays ``best`` tiles (None: not known yet,
    taken as the whole rack): place-all when it lays the rack, else place-n."""
    rack = len(position.get("rack", []))
    best = rack if best is None else best
    return ("place-all" if best == rack else "place-n"), max(1, best)


def mine(seed: int, count: int, difficulty: str | None = None) -> list[dict[str, Any]]:
    """Up to ``count`` puzzles from games seeded from ``seed`` (the same seed, the same list),
    only those of the ``difficulty`` band when one is given."""
    if difficulty is not None and difficulty not in BANDS:
        raise ValueError(f"unknown difficulty {difficulty!r} (one of {', '.join(BANDS)})")
    rng = random.Random(seed)
    puzzles: list[dict[str, Any]] = []
    seen_ids: set[str] = set()
    for game in range(MAX_GAMES):
        game_seed = seed * 1_000_003 + game
        taken, last_turn = 0, -TURNS_APART
        for table, rack, turn in game_positions(game_seed):
            if taken >= PER_GAME:
                break
            if turn - last_turn < TURNS_APART:
                continue
            puzzle = puzzle_from(table, rack, rng, {"seed": game_seed, "turn": turn}, difficulty)
            if puzzle is None or puzzle["id"] in seen_ids:
                continue
            if difficulty is not None and band(puzzle["difficulty"]) != difficulty:
                continue
            seen_ids.add(puzzle["id"])
            puzzles.append(puzzle)
            taken, last_turn = taken + 1, turn
            if len(puzzles) >= count:
                return puzzles
    return puzzles


# ---- verifying ----------------------------------------------------------------------------

def verify(puzzle: dict[str, Any]) -> list[str]:
    """Problems with the puzzle (an empty list: it is good). See the module docstring."""
    try:
        record = Puzzle.from_dict(puzzle)
    except PuzzleError as error:
        return [str(error)]
    if record.game != GAME:
        return [f"a {record.game} puzzle, not a Rummi one"]
    missing = [key for key in ("solution", "best", "runner_up") if getattr(record, key) is None]
    if missing:
        named = missing[0] if len(missing) == 1 else f"{', '.join(missing[:-1])} and {missing[-1]}"
        return [f"the puzzle has no {named} to check"]
    table, rack, initial = _position(puzzle)
    needed = _opening_needed(puzzle)
    solution = _melds(record.solution)
    problems = []
    verdict = check_play(table, rack, solution, initial, needed)
    if not verdict.legal:
        problems.append(f"the solution is not a legal play: {verdict.error}")
    elif verdict.placed != record.best:
        problems.append(f"the solution lays {verdict.placed} tiles, not best = {record.best}")
    exact = solve(table, rack, initial, tidy=False, opening_needed=needed).placed
    if exact != record.best:
        problems.append(f"the exact search lays {exact} tiles, not best = {record.best}")
    runner_up = 0 if initial else rack_only_best(rack)
    if runner_up != record.runner_up:
        problems.append(f"a play leaving the table alone lays {runner_up} tiles, not runner_up = {record.runner_up}")
    problems += _goal_problems(record, table, rack, solution)
    if not problems:
        problems += _grade_problems(record, table, rack, solution, initial)
    return problems


def _goal_problems(record: Puzzle, table: Melds, rack: list[Tile], solution: Melds) -> list[str]:
    if record.target != record.best:
        return [f"target {record.target} is not the best play's {record.best} tiles"]
    if record.goal == "place-all" and record.target != len(rack):
        return [f"goal place-all, but the best play lays {record.target} of {len(rack)} rack tiles"]
    if record.goal == "free-joker" and not freed_jokers(table, solution):
        return ["goal free-joker, but the solution frees no table joker"]
    return []


def _grade_problems(record: Puzzle, table: Melds, rack: list[Tile], solution: Melds, initial: bool) -> list[str]:
    problems = []
    tags = tags_of(table, solution, initial)
    if sorted(record.tags) != sorted(tags):
        problems.append(f"tags {list(record.tags)} are not the solution's techniques {tags}")
    features = measure(table, rack, solution, record.best, initial)
    if record.features != features:
        problems.append(f"features {record.features} are not the measured {features}")
    elif record.difficulty != grade(features):
        problems.append(f"difficulty {record.difficulty} is not the grade of its features, {grade(features)}")
    return problems


# ---- hints and answers --------------------------------------------------------------------

def _solution_of(puzzle: dict[str, Any]) -> Melds:
    if puzzle.get("solution") is not None:
        return _melds(puzzle["solution"])
    table, rack, initial = _position(puzzle)
    return solve(table, rack, initial, opening_needed=_opening_needed(puzzle)).table


def hints(puzzle: dict[str, Any]) -> list[dict[str, Any]]:
    """Level 1: the table melds to break (or, when none breaks, to add to); level 2: the tiles
    that move (table tiles changing meld, then the rack tiles laid); level 3: the solution."""
    table, _rack, _initial = _position(puzzle)
    solution = _solution_of(puzzle)
    seen = compare(table, solution)
    focus = seen.broken or seen.changed
    shown = "; ".join(format_tiles(table[i]) for i in focus)
    if seen.broken:
        first = f"Break up {'this meld' if len(focus) == 1 else 'these melds'}: {shown}."
    elif focus:
        first = f"Add to {'this meld' if len(focus) == 1 else 'these melds'}: {shown}."
    else:
        first = "Lay new melds from your rack."
    moving = [tile.notation() for tile in seen.moved_tiles] + [tile.notation() for tile in seen.laid]
    second = f"Move {format_tiles(seen.moved_tiles)}, and lay {format_tiles(seen.laid)}." if seen.moved_tiles \
        else f"Lay {format_tiles(seen.laid)}."
    return [
        {"level": 1, "text": first, "focus": focus},
        {"level": 2, "text": second, "tiles": moving},
        {"level": 3, "text": "Here is a solution.", "solution": _names(solution)},
    ]


def check(puzzle: dict[str, Any], answer: Any) -> dict[str, Any]:
    """Is ``answer`` (the whole table after the play, melds of tile names) a solution?"""
    table, rack, initial = _position(puzzle)
    try:
        if not isinstance(answer, list) or not all(isinstance(meld, list) for meld in answer):
            raise NotationError("the answer must be a list of melds, each a list of tiles")
        play = _melds(answer)
    except (NotationError, TypeError, AttributeError) as error:
        return {"solved": False, "value": 0, "message": f"That is not a table of melds: {error}"}
    verdict = check_play(table, rack, play, initial, _opening_needed(puzzle))
    if not verdict.legal and verdict.error == NOTHING_LAID:  # a puzzle has no Draw to offer
        return {"solved": False, "value": 0,
                "message": "Nothing from your rack is on the table yet: lay your tiles, then Check."}
    if not verdict.legal:
        return {"solved": False, "value": 0, "message": verdict.error}
    target = puzzle["target"]
    if verdict.placed < target:
        return {"solved": False, "value": verdict.placed,
                "message": f"A legal play, but it lays {verdict.placed} of the {target} tiles the puzzle asks for."}
    if puzzle["goal"] == "free-joker" and not freed_jokers(table, play):
        return {"solved": False, "value": verdict.placed, "message": "A legal play, but the joker is still in its place."}
    laid = f"{verdict.placed} tile{'s' if verdict.placed != 1 else ''}"
    return {"solved": True, "value": verdict.placed, "message": f"Solved: {laid} laid."}
