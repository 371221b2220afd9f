"""SceneStack: order, deferred changes, lifecycle hooks, overlay drawing and dimming."""

from __future__ import annotations

import pygame

from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.shell.scene import Scene, SceneStack


class Recorder(Scene):
    """Notes every hook call in a shared log, as ``name:hook``."""

    def __init__(self, name: str, log: list[str], transparent: bool = False, colour=(0, 0, 0)) -> None:
        super().__init__()
        self.name, self.log, self.transparent, self.colour = name, log, transparent, colour

    def on_enter(self):
        self.log.append(f"{self.name}:enter")

    def on_pause(self):
        self.log.append(f"{self.name}:pause")

    def on_resume(self):
        self.log.append(f"{self.name}:resume")

    def on_exit(self):
        self.log.append(f"{self.name}:exit")

    def update(self, dt):
        self.log.append(f"{self.name}:update")

    def handle_action(self, action):
        self.log.append(f"{self.name}:{action.kind.value}")
        return True

    def draw(self, surface):
        self.log.append(f"{self.name}:draw")
        if self.transparent:
            pygame.draw.rect(surface, self.colour, (0, 0, 10, 10))
        else:
            surface.fill(self.colour)


def test_requests_wait_until_applied_between_frames():
    log: list[str] = []
    stack = SceneStack()
    stack.push(Recorder("menu", log))
    assert stack.top is None and log == [] and not stack.empty
    stack.apply_pending()
    assert [s.name for s in stack.scenes] == ["menu"] and log == ["menu:enter"]


def test_push_pop_replace_order_and_lifecycle():
    log: list[str] = []
    stack = SceneStack()
    menu, settings, confirm = Recorder("menu", log), Recorder("settings", log), Recorder("confirm", log, True)
    stack.push(menu)
    stack.push(settings)
    stack.apply_pending()
    stack.replace(confirm)
    stack.apply_pending()
    assert [s.name for s in stack.scenes] == ["menu", "confirm"]
    stack.pop()
    stack.apply_pending()
    assert log == [
        "menu:enter", "menu:pause", "settings:enter",
        "settings:exit", "confirm:enter",
        "confirm:exit", "menu:resume",
    ]
    assert stack.top is menu and settings.stack is None


def test_a_scene_can_close_itself_while_handling_input():
    log: list[str] = []
    stack = SceneStack()
    stack.push(Recorder("menu", log))

    class Closing(Recorder):
        def handle_action(self, action):
            self.close()
            return True

    stack.push(Closing("dialog", log))
    stack.apply_pending()
    assert stack.handle_action(Action(ActionKind.BACK))
    assert stack.top.name == "dialog"  # not yet: changes wait for the frame boundary
    stack.apply_pending()
    assert stack.top.name == "menu" and log[-2:] == ["dialog:exit", "menu:resume"]


def test_clear_exits_top_first_then_pushes_the_new_scene():
    log: list[str] = []
    stack = SceneStack()
    for name in ("menu", "table", "pause"):
        stack.push(Recorder(name, log))
    stack.apply_pending()
    log.clear()
    stack.clear(Recorder("menu2", log))
    stack.apply_pending()
    assert log == ["pause:exit", "table:exit", "menu:exit", "menu2:enter"]
    stack.pop()
    stack.apply_pending()
    assert stack.empty


def test_only_the_top_scene_gets_input_and_updates():
    log: list[str] = []
    stack = SceneStack()
    stack.push(Recorder("menu", log))
    stack.push(Recorder("overlay", log, transparent=True))
    stack.apply_pending()
    log.clear()
    stack.handle_action(Action(ActionKind.CONFIRM))
    stack.update(0.016)
    assert log == ["overlay:confirm", "overlay:update"]


def test_draw_starts_at_topmost_opaque_scene_and_dims_under_overlays():
    log: list[str] = []
    stack = SceneStack()
    stack.push(Recorder("menu", log, colour=(200, 0, 0)))
    stack.push(Recorder("table", log, colour=(0, 200, 0)))
    stack.push(Recorder("pause", log, transparent=True, colour=(0, 0, 255)))
    stack.apply_pending()
    log.clear()
    surface = pygame.Surface((40, 40))
    stack.draw(surface)
    assert log == ["table:draw", "pause:draw"]
    dimmed = surface.get_at((30, 30))
    assert dimmed.g < 200 and dimmed.g > 0 and dimmed.r == 0  # the table shows through, darker
    assert surface.get_at((5, 5))[:3] == (0, 0, 255)  # the overlay itself is not dimmed


def test_popping_the_last_scene_leaves_the_stack_empty():
    stack = SceneStack()
    stack.push(Scene())
    stack.apply_pending()
    stack.top.close()
    stack.apply_pending()
    assert stack.empty and stack.top is None
