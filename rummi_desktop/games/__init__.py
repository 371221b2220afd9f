"""Pure rules models, one package per game, registered by short name so menus build themselves.

``GAMES["rummi"].new_state(seats=("human", "hard"), seed=7)`` starts a round. Rummble and
Tumblewords add their :class:`GameInfo` here when their models land. Nothing here imports
pygame or does I/O (tests/test_layering.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True, slots=True)
class GameInfo:
    key: str
    title: str
    min_seats: int
    max_seats: int
    new_state: Callable[..., Any]


def _new_rummi_state(seats: tuple[str, ...], seed: int, **options: Any) -> Any:
    # Imported on call so that importing the registry stays cheap.
    from rummi_desktop.games.rummi.state import RummiParameters, RummiState

    return RummiState(RummiParameters(seats=tuple(seats), seed=seed, **options))


GAMES: dict[str, GameInfo] = {
    "rummi": GameInfo("rummi", "Rummi", 2, 4, _new_rummi_state),
}
