"""Helpers for driving the real Rummi scenes headless with synthetic pointer and key events.

(Collected by pytest but holds no tests; the flow and table tests import it.)
"""

from __future__ import annotations

import pygame

from rummi_desktop.games.rummi.rules.state import RummiState
from rummi_desktop.games.rummi.table.session import MatchSetup, RummiSession, SeatConfig
from rummi_desktop.games.rummi.table.table_scene import RummiTableScene
from rummi_desktop.tiles import parse_tiles

DT = 1 / 60


def make_app(tmp_path, monkeypatch, speed: str = "normal"):
    monkeypatch.setenv("RUMMI_DESKTOP_HOME", str(tmp_path))
    from rummi_desktop.shell.app import App
    from rummi_desktop.shell.settings import Settings

    return App(persist=False, settings=Settings(animation_speed=speed))


def session_from_position(table: list[str], racks: list[str], seats=("human", "hard"), *,
                          opened=None, clock: int = 0, pool: str | None = None, target: int = 200):
    """A session whose first round starts from a hand-made position (seat 0 on turn)."""
    configs = tuple(SeatConfig(kind, "You" if i == 0 and kind == "human" else f"P{i}")
                    for i, kind in enumerate(seats))
    setup = MatchSetup(configs, "parlor", target, clock, 3)
    session = RummiSession.new(setup)
    params = session.match.round_parameters(11)
    session.match.current = RummiState.from_position(
        params, [parse_tiles(m) for m in table], [parse_tiles(r) for r in racks], current=0,
        opened=list(opened) if opened else None, pool=parse_tiles(pool) if pool is not None else None)
    return session


def open_table(app, session, autosave: bool = True, mode=None) -> RummiTableScene:
    scene = RummiTableScene(app, session, autosave=autosave, mode=mode)
    app.stack.push(scene)
    steps(app, 3)
    return scene


def steps(app, count: int, dt: float = DT) -> None:
    for _ in range(count):
        app.step(dt)


def post(kind, **fields) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def click(app, pos) -> None:
    pos = (round(pos[0]), round(pos[1]))
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    steps(app, 2)


def drag(app, start, end, *, touch: bool = False) -> None:
    """Press at ``start``, move in a few steps, release at ``end`` (mouse or finger)."""
    start = (round(start[0]), round(start[1]))
    end = (round(end[0]), round(end[1]))
    points = [(start[0] + (end[0] - start[0]) * t / 4, start[1] + (end[1] - start[1]) * t / 4) for t in range(1, 5)]
    if touch:
        w, h = 1280, 800
        post(pygame.FINGERDOWN, finger_id=1, touch_id=1, x=start[0] / w, y=start[1] / h, dx=0, dy=0, pressure=1)
        for x, y in points:
            post(pygame.FINGERMOTION, finger_id=1, touch_id=1, x=x / w, y=y / h, dx=0, dy=0, pressure=1)
            steps(app, 1)
        post(pygame.FINGERUP, finger_id=1, touch_id=1, x=end[0] / w, y=end[1] / h, dx=0, dy=0, pressure=0)
    else:
        post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        for x, y in points:
            post(pygame.MOUSEMOTION, pos=(round(x), round(y)), rel=(0, 0), buttons=(1, 0, 0))
            steps(app, 1)
        post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    steps(app, 2)


def key(app, name: str) -> None:
    code = pygame.key.key_code(name)
    post(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)
    steps(app, 1)


def type_text(app, text: str) -> None:
    """Type ``text`` into the field being edited as SDL does: one TEXTINPUT event a character."""
    for letter in text:
        post(pygame.TEXTINPUT, text=letter)
        steps(app, 1)


def rack_tile_centre(scene: RummiTableScene, tile_id: int):
    index = scene.view.rack_ids.index(tile_id)
    return scene.view.rack_layout.slots[index].center


def rack_id(scene: RummiTableScene, notation: str, skip: set | None = None) -> int:
    from rummi_desktop.games.rummi.rules.pieces import face

    for tile_id in scene.view.rack_ids:
        if face(tile_id).notation() == notation and (not skip or tile_id not in skip):
            return tile_id
    raise AssertionError(f"{notation} is not on the shown rack")


def new_meld_point(scene: RummiTableScene):
    """Open felt after the last meld, beyond the reach in which a drop joins that meld."""
    box = scene.view.table_layout.new_meld_box
    return box.center[0] + scene.view.table_layout.tile_w * 0.5, box.center[1]


def meld_end_point(scene: RummiTableScene, meld: int):
    box = scene.view.table_layout.meld_boxes[meld]
    return box.right + scene.view.table_layout.tile_w * 0.3, box.center[1]


def button_centre(button):
    return button.rect.center


def faces_of(table):
    from rummi_desktop.games.rummi.rules.pieces import face

    return [[face(t).notation() for t in meld] for meld in table]


def pass_turn(app, scene, by_key: bool = True) -> None:
    """The person passes: P (or a click on Pass), then "Pass" on the question it asks."""
    from rummi_desktop.scenes.confirm import ConfirmScene

    if by_key:
        key(app, "p")
    else:
        click(app, scene.buttons.pass_turn.rect.center)
    question = app.stack.top
    assert isinstance(question, ConfirmScene), "Pass asks first"
    click(app, question.confirm_button.rect.center)
