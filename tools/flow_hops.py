"""Hops of the window's two busiest flows: a person's tile drop and a computer seat's move.

Drives a real Rummi table headless (SDL dummy driver, throw-away user folders), and at the moment
the rules model is asked to apply the move, reads the call stack: the project's frames between
``App.step`` and ``RummiState.apply``. The third flow, another seat's move online, runs the
embedded server and two accounts; there the model's state is rebuilt from the server's seat view
(``online_state.state_from_view``), which is where it stops. Prints one JSON line per flow:
``{"flow": "drop", "hops": N, "modules": M, "chain": ["shell.app:App.step", ...]}``, where hops
counts the calls and modules the distinct modules they pass through.

    .venv/bin/python tools/flow_hops.py
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["RUMMI_DESKTOP_HOME"] = tempfile.mkdtemp(prefix="rummi-hops-")
ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import pygame  # noqa: E402

from test_rummi_flow_support import (DT, drag, new_meld_point, open_table, rack_id,  # noqa: E402
                                     rack_tile_centre, session_from_position, steps)

PACKAGE = "rummi_desktop"


def project_chain(frame) -> list[str]:
    """The project's frames on the stack, outermost first, from the App's step on."""
    chain = []
    while frame is not None:
        module = frame.f_globals.get("__name__", "")
        if module.startswith(PACKAGE + "."):
            chain.append(f"{module[len(PACKAGE) + 1:]}:{frame.f_code.co_qualname}")
        frame = frame.f_back
    chain.reverse()
    starts = [i for i, name in enumerate(chain) if name.endswith("App.step")]
    return chain[starts[-1]:] if starts else chain


class CallWatch:
    """Records the stack at the first call of ``function`` in a module named ``.module``."""

    def __init__(self, module: str, function: str) -> None:
        self.module, self.function = module, function
        self.chain: list[str] | None = None

    def __call__(self, frame, event, _arg):
        if self.chain is None and event == "call" and frame.f_code.co_name == self.function:
            if frame.f_globals.get("__name__", "").endswith(self.module):
                self.chain = project_chain(frame)


def watched(run, module: str = "rummi.rules.state", function: str = "apply") -> list[str]:
    watch = CallWatch(module, function)
    sys.setprofile(watch)
    try:
        run()
    finally:
        sys.setprofile(None)
    return watch.chain or []


def report(flow: str, chain: list[str]) -> None:
    modules = {name.partition(":")[0] for name in chain}
    print(json.dumps({"flow": flow, "hops": len(chain) - 1, "modules": len(modules), "chain": chain}))


def make_app():
    from rummi_desktop.shell.app import App  # noqa: PLC0415
    from rummi_desktop.shell.settings import Settings  # noqa: PLC0415

    return App(persist=False, settings=Settings(animation_speed="brisk"))


def drop_flow() -> list[str]:
    app = make_app()
    session = session_from_position(["R1 R2 R3"], ["K10 K11 K12 B5 Y9", "B1 B2 B3 Y4"], opened=[True, True])
    scene = open_table(app, session, autosave=False)
    tile = rack_id(scene, "K10")
    return watched(lambda: drag(app, rack_tile_centre(scene, tile), new_meld_point(scene)))


def computer_flow() -> list[str]:
    app = make_app()
    session = session_from_position(["R1 R2 R3"], ["B5", "K10 K11 K12 Y9"], seats=("easy", "easy"),
                                    opened=[True, True])
    open_table(app, session, autosave=False)

    def until_moved() -> None:
        for _ in range(3000):
            steps(app, 1, DT)

    return watched(until_moved)


def online_flow() -> list[str]:
    from rummi_desktop.games.rummi.rules.moves import Draw
    from rummi_desktop.games.rummi.table.network_session import NetworkRummiSession
    from rummi_desktop.games.rummi.table.table_scene import RummiTableScene
    from rummi_desktop.net.loadtest import start_embedded
    from rummi_desktop.scenes.online_mode import OnlineMode
    from rummi_desktop.scenes.turn_machine import Phase
    from test_net_session import ask, run_until, seated_pair

    process, url = start_embedded(os.path.join(os.environ["RUMMI_DESKTOP_HOME"], "server.sqlite3"))
    try:
        alice, bob, table_id, first, _ = seated_pair(url)
        app = make_app()
        session = NetworkRummiSession.joined(alice, first)
        scene = RummiTableScene(app, session, mode=OnlineMode())
        app.stack.push(scene)
        steps(app, 3)
        if first["current"] == first["seat"]:  # Alice starts: she draws at her table, then Bob moves
            scene.flow.finish_person_turn(Draw())
            run_until(app, lambda: scene.phase == Phase.THINKING and session.play.in_flight is None)
        ask(bob, lambda c: c.move(table_id, "draw"))
        chain = watched(lambda: run_until(app, lambda: scene.phase == Phase.PERSON),
                        "rummi.table.online_state", "state_from_view")
        alice.close(), bob.close()
        return chain
    finally:
        process.terminate()
        process.wait(10)


def main() -> None:
    pygame.init()
    report("drop", drop_flow())
    report("computer move", computer_flow())
    report("online move", online_flow())


if __name__ == "__main__":  # the thinking process starts by importing this module again
    main()
