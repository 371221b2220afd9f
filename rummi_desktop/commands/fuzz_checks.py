"""What the fuzzer checks after every event: each table on the stack passes its game's audit.

The audit is the game's own (``GameSpec.audit``, what ``simulate`` checks after every move):
tile conservation (every tile in play exactly once, wherever it is) and the game's invariants
(Rummi's settled melds, Rummble's lines, Tumblewords' gravity). Every table counts, not only
the top one: a pause card or a result card over a table must not have broken it. A table whose
mode says the rules need not hold (the sandbox, where positions are built by hand) has its
tiles counted only. The frame-time limit is the runner's (fuzz_run.py): it times the frame.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Iterator

if TYPE_CHECKING:
    from rummi_desktop.scenes.table_base import TableScene
    from rummi_desktop.shell.app import App

MAX_FRAME_SECONDS = 2.0


def wall_limit() -> float:
    """The 2 s limit on a frame's wall time, stretched by how oversubscribed the machine is now
    (load average over cores): on a busy CI machine a 0.2 s frame can wait seconds for a core,
    which is not the game's doing. The frame's own CPU time is held to 2 s regardless, and a
    frame that waits on something (a pipe, the network) is still caught once past the stretch."""
    try:
        load = os.getloadavg()[0]
    except OSError:  # not on every system
        load = 0.0
    return MAX_FRAME_SECONDS * max(1.0, load / (os.cpu_count() or 1))


def tables(app: "App") -> Iterator["TableScene"]:
    """Every table on the stack with a game in progress."""
    from rummi_desktop.scenes.table_base import TableScene

    for scene in app.stack.scenes:
        if isinstance(scene, TableScene) and scene.session.in_round:
            yield scene


def conservation(state: Any) -> list[str]:
    """Every tile the state began with is still there, once (``tiles_in_play``: the whole set
    for a dealt game, what a hand-made position names)."""
    if tuple(state.tile_census()) == tuple(state.tiles_in_play):
        return []
    return [f"the {len(state.tiles_in_play)} tiles are not all there exactly once"]


def violations(app: "App") -> list[str]:
    """The problems of every table on the stack, each naming its game."""
    from rummi_desktop.games import GAMES

    found = []
    for table in tables(app):
        state = table.session.state
        problems = GAMES[table.GAME].audit(state) if table.mode.rules_hold else conservation(state)
        found.extend(f"{table.GAME}: {problem}" for problem in problems)
    return found
