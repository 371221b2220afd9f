"""Golden playthroughs: whole seeded Rummi games as text, compared line by line.

The games are played by the random legal policy of tests/playthroughs/rummi_policy.py through
the public API. A change in the rules model that changes any deal, move, verdict or score shows
up as a diff here. After an intended change, regenerate with
``RUMMI_REGENERATE_PLAYTHROUGHS=1 .venv/bin/python -m pytest tests/test_rummi_playthroughs.py``
and review the diff of tests/playthroughs/*.txt.

Each turn's line lists the actions as the policy took them, the undone ones and its resets
included (the transcripts have always read so). The log keeps only the actions that stand, so
the transcript reads them from a journal kept beside it (:class:`JournalledRound`).
"""

import os
import pathlib
import random

import pytest

from playthroughs.rummi_policy import play_turn
from rummi_desktop.games.rummi.rules.pieces import face
from rummi_desktop.games.rummi.rules.state import RummiParameters, RummiState, replayed
from rummi_desktop.tiles import format_tiles

FOLDER = pathlib.Path(__file__).parent / "playthroughs"
GAMES = [(1, 2), (2, 2), (7, 3), (11, 4)]  # (seed, seats)
MAX_TURNS = 600


def described_action(action: str) -> str:
    """Log entries with their tile faces: ``place 17(R5) 3:0``."""
    words = action.split()
    if words[0] in ("place", "shift", "retrieve", "swap"):
        tiles = [f"{word}({face(int(word))})" for word in words[1:3] if ":" not in word]
        return " ".join([words[0], *tiles, *[w for w in words[1:] if ":" in w]])
    return action


class JournalLog(list):
    """A log that also writes every entry to a journal, which keeps it when the log drops it."""

    def __init__(self, journal: list[str]) -> None:
        super().__init__()
        self.journal = journal

    def append(self, action: str) -> None:
        super().append(action)
        self.journal.append(action)


class JournalledRound(RummiState):
    """A round whose ``journal`` lists every action taken, an undo and a reset as such."""

    def __init__(self, params: RummiParameters) -> None:
        super().__init__(params)
        self.journal: list[str] = []
        self.log = JournalLog(self.journal)

    def undo(self):
        move = super().undo()
        if move is not None:
            self.journal.append("undo")
        return move

    def reset_turn(self) -> None:
        super().reset_turn()
        self.journal.append("reset")


def transcript(seed: int, seats: int) -> str:
    names = tuple(f"seat{n}" for n in range(seats))
    state = JournalledRound(RummiParameters(seats=names, seed=seed))
    rng = random.Random(seed)
    lines = [f"# Rummi playthrough: {seats} seats, seed {seed}, random legal policy"]
    for number, draws in enumerate(state.first_draw.rounds, start=1):
        drawn = ", ".join(f"seat {seat} {face(t)}" for seat, t in draws.items())
        lines.append(f"first-player draw {number}: {drawn}")
    lines.append(f"seat {state.first_draw.first} starts")
    for seat in range(seats):
        lines.append(f"deal seat {seat}: {format_tiles(sorted(state.rack_tiles(seat)))}")
    while not state.is_over and state.turn_number <= MAX_TURNS:
        turn, seat, start = state.turn_number, state.current, len(state.journal)
        outcome = play_turn(state, rng)
        actions = ", ".join(described_action(a) for a in state.journal[start:])
        lines.append(f"turn {turn} seat {seat}: {actions} -> {outcome}")
        lines.append("  table: " + " | ".join(format_tiles(meld) for meld in state.table_tiles()))
        lines.append(f"  racks: {[len(state.rack(s)) for s in range(seats)]} pool: {len(state.pool)}")
    assert replayed(state) == state, "the log (the actions that stand) does not replay the round"
    result = state.result
    lines.append(f"result: {result.kind}, winners {list(result.winners)}, scores {list(result.scores)}, "
                 f"rack totals {list(result.rack_totals)}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("seed, seats", GAMES)
def test_playthrough_matches_its_golden_file(seed, seats):
    path = FOLDER / f"rummi_seed{seed}_{seats}seats.txt"
    text = transcript(seed, seats)
    if os.environ.get("RUMMI_REGENERATE_PLAYTHROUGHS") == "1":
        path.write_text(text, encoding="utf-8")
    golden = path.read_text(encoding="utf-8")
    assert text.splitlines() == golden.splitlines()
    assert "result: " in golden.splitlines()[-1]
