"""The one registry of games, by short key: the menu, setup, help, analyze, simulate, bench,
autosave, the trainer, the server and the random-game invariant test all loop over :data:`GAMES`.

``GAMES["rummi"].new_state(("human", "hard"), seed=7)`` starts a round. A new game is its folder
under ``games/`` and its registration here: its spec's import, and its place in ``GAMES`` (the
menu's order). Nothing here imports pygame or does I/O
(tests/test_layering.py); the protocol itself is in :mod:`rummi_desktop.games.base`.
"""

from __future__ import annotations

from rummi_desktop.games.base import GameSpec
from rummi_desktop.games.rummble.spec import RUMMBLE
from rummi_desktop.games.rummi.spec import RUMMI
from rummi_desktop.games.tumblewords.spec import TUMBLEWORDS

GAMES: dict[str, GameSpec] = {spec.key: spec for spec in (RUMMI, RUMMBLE, TUMBLEWORDS)}


def find_game(key: str) -> GameSpec | None:
    """The game with this key (case and blanks forgiven), or None."""
    return GAMES.get(key.strip().lower())


def default_game(command: str) -> str:
    """The key of the game ``command`` opens when none is named: the game whose spec claims the
    command (``GameSpec.default_for``), else the first registered."""
    claimed = [spec.key for spec in GAMES.values() if command in spec.default_for]
    return claimed[0] if claimed else next(iter(GAMES))
