"""The random legal Tumblewords player of the golden playthroughs (the real computer seats live in games/tumblewords/ai/).

It stays a policy of its own, not the protocol's random player, because the golden
transcripts (tests/playthroughs/tumblewords_*.txt) are its games, byte for byte.

It prefers a drop that scores (chosen at random among the scoring ones), else any drop, and
passes now and then; in Claim mode it claims a random part of the drop's words and sometimes a
wrong span, and in a Pressure Cooker steal window it claims some of the missed ones.
"""

from __future__ import annotations

import random

from rummi_desktop.games.tumblewords.rules.moves import Claim, Done, Drop, Pass, Timeout
from rummi_desktop.games.tumblewords.rules.parameters import DROPPING, STEALING
from rummi_desktop.games.tumblewords.rules.state import TumblewordsState
from random_game import applied_or_refused


def choose_drop(state: TumblewordsState, rng: random.Random) -> Drop | Pass:
    drops = [move for move in state.legal_moves() if isinstance(move, Drop)]
    if not drops or rng.random() < 0.03:
        return Pass()
    sample = rng.sample(drops, min(len(drops), 12))
    scoring = [drop for drop in sample if state.check(drop).score]
    return rng.choice(scoring or sample)


def choose_claim(state: TumblewordsState, rng: random.Random) -> Claim | Done:
    """Some of the words still open to the seat (and sometimes a wrong span), or done."""
    pending = state.pending
    assert pending is not None
    words = pending.missed if state.phase == STEALING else pending.words
    taken = pending.stolen if state.phase == STEALING else pending.claimed
    open_words = [word for word in words if word not in taken]
    if not open_words or rng.random() < 0.3:
        return Done()
    spans = [(word.start, word.end) for word in rng.sample(open_words, rng.randint(1, len(open_words)))]
    if rng.random() < 0.2:
        spans.append(((0, 0), (0, 1)))  # most likely no word of this drop
    return Claim(tuple(spans))


def choose_move(state: TumblewordsState, rng: random.Random):
    if state.params.ticker and rng.random() < 0.02:
        return Timeout()
    return choose_drop(state, rng) if state.phase == DROPPING else choose_claim(state, rng)


def play_turn(state: TumblewordsState, rng: random.Random) -> None:
    """One whole turn: moves until another seat is on turn in the drop phase (or the end)."""
    seat = state.current
    state.apply(choose_move(state, rng))
    while not state.is_terminal and not (state.phase == DROPPING and state.current != seat):
        state.apply(choose_move(state, rng))


def random_moves(state: TumblewordsState, rng: random.Random, count: int) -> int:
    """Apply up to ``count`` random moves, some refused; returns how many were applied."""
    applied = 0
    for _ in range(count):
        if state.is_terminal:
            break
        if rng.random() < 0.4:
            move = rng.choice([Drop(rng.randrange(12), rng.choice("AEQZT"), rng.random() < 0.2), Done(),
                               Claim((((1, 1), (1, 3)),)), Timeout(), Pass()])
        else:
            move = choose_move(state, rng)
        applied += applied_or_refused(state, move)
    return applied
