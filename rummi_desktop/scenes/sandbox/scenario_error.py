"""The error every sandbox's scenario raises: one game-neutral type, so no game's scenario
module imports another's."""

from __future__ import annotations


class ScenarioError(ValueError):
    """A position the sandbox cannot hold (a bad tile, a third copy, the wrong shape)."""
