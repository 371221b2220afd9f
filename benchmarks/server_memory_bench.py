"""How much memory a server's games hold per move: games of each game started as the server
starts them (``net.live.fresh_state``) and played with random legal moves, every state kept
alive (as a server holds the games it serves) until 1,000 moves were made in all; the traced
memory they hold, per 1,000 moves, is what a server's memory grows by as its games go on.

    python benchmarks/server_memory_bench.py [--moves N]
"""

from __future__ import annotations

import argparse
import gc
import random
import time
import tracemalloc

from rummi_desktop.entry_points import start_games
from rummi_desktop.games import GAMES
from rummi_desktop.net import lobby
from rummi_desktop.net.live import fresh_state
from rummi_desktop.net.records import Seat, TableRecord

FIRST_LEGAL = 40  # a random move among the first this many legal ones (listing all is slow)
FORFEITS = 0.2  # the share of turns forfeited instead (so Rummi's turns end too)


def started(game: str, seed: int) -> object:
    seats = (Seat("human", "a", "A"), Seat("human", "b", "B"))
    record = TableRecord(f"t{seed}", game, "a", seats, {}, seed, invite=f"I{seed}", updated=0.0, created=0.0)
    return fresh_state(lobby.started(record, 0, 0.0))


def random_move(state, rng: random.Random) -> None:
    if rng.random() < FORFEITS:
        state.forfeit_turn()
        return
    moves = []
    for move in state.legal_moves():
        moves.append(move)
        if len(moves) >= FIRST_LEGAL:
            break
    if not moves:
        state.forfeit_turn()
        return
    state.apply(rng.choice(moves))


def held_per_moves(game: str, moves: int) -> tuple[float, float, int]:
    """KB held by the games of ``game`` played to ``moves`` moves in all, KB the same number of
    fresh games hold, and the number of games."""
    rng = random.Random(7)
    started(game, 0)  # what every game shares (word lists, tables) loaded before measuring
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    states = [started(game, 1)]
    for _ in range(moves):
        if states[-1].is_terminal:
            states.append(started(game, len(states) + 1))
        random_move(states[-1], rng)
    gc.collect()
    grown = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return grown / 1024, len(states) * fresh_cost(game) / 1024, len(states)


def fresh_cost(game: str) -> int:
    """Bytes one game holds before its first move (taken off: it is not growth per move)."""
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    state = started(game, 99)
    cost = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    del state
    return cost


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=1000)
    moves = parser.parse_args().moves
    start_games()
    for game in GAMES:
        started_at = time.perf_counter()
        held, fresh, games = held_per_moves(game, moves)
        print(f"{game:12s} {moves} moves over {games} games hold {held:7.0f} KB, as many fresh games "
              f"{fresh:5.0f} KB: {(held - fresh) / moves * 1000:6.0f} KB per 1,000 moves "
              f"({time.perf_counter() - started_at:.1f} s)", flush=True)


if __name__ == "__main__":
    main()
