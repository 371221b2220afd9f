"""A fixed-timestep runner: physics advances in equal steps however uneven the frames are.

After Gaffer on Games' "Fix your timestep" (and Arcade's ``space.step(constant)`` pattern): each
frame's ``dt`` goes into an accumulator, and whole steps of ``step`` seconds are taken out of it
and run. What is left (less than one step) is ``alpha`` of a step: a drawing can interpolate
between the last two physics states by it. So a pymunk world steps at a constant 1/120 s and
stays deterministic, while tweens and clocks keep using the frame's own ``dt``.

The spiral-of-death guard: at most ``max_steps`` steps run in one frame. If a slow frame left
more than that in the accumulator, the surplus whole steps are dropped (counted in ``dropped``)
rather than carried into the next frame, which would then be slower still.
"""

from __future__ import annotations

from typing import Callable

FIXED_STEP = 1 / 120  # seconds per physics step
MAX_STEPS_PER_FRAME = 12  # 0.1 s of physics (App's MAX_DT) at 1/120 s
EPSILON = 1e-9  # s: float sums of frame times that land on a step boundary count as reaching it


class FixedStep:
    """Turns frame times into a whole number of fixed steps.

    ``simulated`` + ``dropped`` + ``accumulator`` always equals the total of the ``dt`` given.
    """

    def __init__(self, step: float = FIXED_STEP, max_steps: int = MAX_STEPS_PER_FRAME) -> None:
        if step <= 0:
            raise ValueError("the fixed step must be a positive number of seconds")
        if max_steps < 1:
            raise ValueError("at least one step per frame must be allowed")
        self.step = step
        self.max_steps = max_steps
        self.accumulator = 0.0  # seconds not yet simulated (less than a step after a frame)
        self.steps = 0  # steps run since the start
        self.simulated = 0.0  # seconds simulated: steps × step
        self.dropped = 0.0  # seconds thrown away by the per-frame cap

    @property
    def alpha(self) -> float:
        """How far (0–1) the real time is past the last step, for interpolating a drawing."""
        return min(1.0, max(0.0, self.accumulator / self.step))

    def advance(self, dt: float, run_step: Callable[[float], None]) -> int:
        """Add ``dt`` seconds and call ``run_step(step)`` once per whole step; returns how many."""
        if dt < 0:
            raise ValueError("a frame cannot last a negative time")
        self.accumulator += dt
        taken = 0
        while taken < self.max_steps and self.accumulator + EPSILON >= self.step:
            run_step(self.step)
            self.accumulator = max(0.0, self.accumulator - self.step)
            taken += 1
        if self.accumulator + EPSILON >= self.step:  # capped: drop the surplus whole steps
            surplus = int((self.accumulator + EPSILON) // self.step)
            self.dropped += surplus * self.step
            self.accumulator = max(0.0, self.accumulator - surplus * self.step)
        self.steps += taken
        self.simulated = self.steps * self.step
        return taken

    def reset(self) -> None:
        """Forget the time not yet simulated (a new physics world starts)."""
        self.accumulator = 0.0
