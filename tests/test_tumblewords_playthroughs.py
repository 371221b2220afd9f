"""Golden playthrough: a whole seeded Tumblewords game as text, compared line by line.

The game is played by the random legal policy of tests/playthroughs/tumblewords_policy.py
through the public API with the shipped ENABLE list. A change in the rules model that changes
the deal, a landing square, a word found or a score shows up as a diff here. After an intended
change, regenerate with
``RUMMI_REGENERATE_PLAYTHROUGHS=1 .venv/bin/python -m pytest tests/test_tumblewords_playthroughs.py``
and review the diff of tests/playthroughs/tumblewords_*.txt.
"""

import os
import pathlib
import random

import pytest

from playthroughs.tumblewords_policy import choose_move
from rummi_desktop.games.tumblewords.rules.parameters import TumblewordsParameters
from rummi_desktop.games.tumblewords.rules.state import TumblewordsState, replayed
from rummi_desktop.games.tumblewords.storage.word_lists import shipped_dictionary

FOLDER = pathlib.Path(__file__).parent / "playthroughs"
GAMES = [(1, 2, {}), (2, 3, {"board": "quick", "zapper": True, "claim": True})]
MAX_MOVES = 600


def _words(result) -> str:
    found = ", ".join(f"{w.word} {w.direction} {w.span()}" for w in result.words)
    missed = ", ".join(f"{w.word} {w.direction}" for w in result.missed)
    return (f" [{found}]" if found else "") + (f" missed [{missed}]" if missed else "") + \
        (f" zapped {len(result.zapped)}" if result.zapped else "")


def transcript(seed: int, seats: int, options: dict) -> str:
    params = TumblewordsParameters(seats=tuple(f"seat{n}" for n in range(seats)), seed=seed, **options)
    state = TumblewordsState(params, shipped_dictionary())
    rng = random.Random(seed)
    lines = [f"# Tumblewords playthrough: {seats} seats, seed {seed}, {options or 'standard'}, random legal policy"]
    lines += [f"deal seat {seat}: {''.join(state.hand(seat))}" for seat in range(seats)]
    while not state.is_terminal and len(state.log) < MAX_MOVES:
        seat = state.current
        result = state.apply(choose_move(state, rng))
        lines.append(f"seat {seat}: {state.log[-1]} -> {result.outcome} +{result.points}{_words(result)}")
        if state.phase == "dropping":
            lines.append(f"  scores: {list(state.scores())} hands: {[len(h) for h in state.hands]} bag: {len(state.bag)}")
    lines += ["board:"] + [f"  {row}" for row in state.grid.row_texts()]
    lines.append(f"result: {state.result.kind}, winners {list(state.result.winners)}, scores {list(state.scores())}")
    assert replayed(state) == state
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("seed, seats, options", GAMES)
def test_playthrough_matches_its_golden_file(seed, seats, options):
    suffix = "_".join(key if value is True else str(value) for key, value in options.items()) or "standard"
    path = FOLDER / f"tumblewords_seed{seed}_{seats}seats_{suffix}.txt"
    text = transcript(seed, seats, options)
    if os.environ.get("RUMMI_REGENERATE_PLAYTHROUGHS") == "1":
        path.write_text(text, encoding="utf-8")
    golden = path.read_text(encoding="utf-8")
    assert text.splitlines() == golden.splitlines()
    assert "result: " in golden.splitlines()[-1]
