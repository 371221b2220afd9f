"""Golden playthroughs: whole seeded Rummble games as text, compared line by line.

The games are played by the random legal policy of tests/playthroughs/rummble_policy.py through
the public API. A change in the rules model that changes any deal, move, verdict or score shows
up as a diff here. After an intended change, regenerate with
``RUMMI_REGENERATE_PLAYTHROUGHS=1 .venv/bin/python -m pytest tests/test_rummble_playthroughs.py``
and review the diff of tests/playthroughs/rummble_*.txt.
"""

import os
import pathlib
import random

import pytest

from playthroughs.rummble_policy import find_play, fallback
from rummi_desktop.games.rummble.rules.state import RummbleParameters, RummbleState, replayed
from rummi_desktop.tiles import format_tiles

FOLDER = pathlib.Path(__file__).parent / "playthroughs"
GAMES = [(1, 2, "standard"), (4, 3, "short")]  # (seed, seats, tile set)
MAX_TURNS = 600


def _sets(result) -> str:
    if result.verdict is None:
        return ""
    found = ", ".join(f"{' '.join(s.tile_texts())} {s.kind} {s.points}" for s in result.verdict.sets)
    bonus = f" + Rummmble {result.verdict.bonus}" if result.verdict.bonus else ""
    return f" [{found}{bonus}]"


def transcript(seed: int, seats: int, tile_set: str) -> str:
    state = RummbleState(RummbleParameters(seats=tuple(f"seat{n}" for n in range(seats)), seed=seed,
                                           tile_set=tile_set))
    rng = random.Random(seed)
    lines = [f"# Rummble playthrough: {seats} seats, seed {seed}, {tile_set} tiles, random legal policy"]
    for number, draws in enumerate(state.first_draw.rounds, start=1):
        drawn = ", ".join(f"seat {seat} {state.faces[t]}" for seat, t in draws.items())
        lines.append(f"first-player draw {number}: {drawn}")
    lines.append(f"seat {state.first_draw.first} starts")
    for seat in range(seats):
        lines.append(f"deal seat {seat}: {format_tiles(sorted(state.rack_tiles(seat)))}")
    while not state.is_terminal and state.turn_number <= MAX_TURNS:
        turn, seat = state.turn_number, state.current
        result = state.apply(find_play(state, rng) or fallback(state, rng))
        lines.append(f"turn {turn} seat {seat}: {state.log[-1]} -> {result.outcome} +{result.points}{_sets(result)}")
        lines.append(f"  scores: {list(state.scores())} racks: {[len(r) for r in state.racks]} pool: {len(state.pool)}")
    lines.append("board: " + " ".join(f"{laid.notation()}@{r},{c}" for r, c, laid in state.board.tiles()))
    result = state.result
    lines.append(f"result: {result.kind}, winners {list(result.winners)}, scores {list(result.scores)}, "
                 f"hand totals {list(result.hand_totals)}")
    assert replayed(state) == state
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("seed, seats, tile_set", GAMES)
def test_playthrough_matches_its_golden_file(seed, seats, tile_set):
    path = FOLDER / f"rummble_seed{seed}_{seats}seats_{tile_set}.txt"
    text = transcript(seed, seats, tile_set)
    if os.environ.get("RUMMI_REGENERATE_PLAYTHROUGHS") == "1":
        path.write_text(text, encoding="utf-8")
    golden = path.read_text(encoding="utf-8")
    assert text.splitlines() == golden.splitlines()
    assert "result: " in golden.splitlines()[-1]
