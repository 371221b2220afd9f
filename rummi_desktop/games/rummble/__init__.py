"""Rummble: everything about the game lives in this folder, and the house reaches it through
the one :class:`~rummi_desktop.games.base.GameSpec` in ``spec.py`` (registered in ``games/__init__.py``).

- ``spec.py``: the spec, its entry points and the game's rows for the shared screens;
- ``rules/``: the rules model (pure: no pygame, no I/O);
- ``ai/``: the computer seats (pure: a seat view in, a move out);
- ``puzzles/``: the puzzle trainer's mining, checks and hints (pure);
- ``analysis/``: ``rummi-desktop analyze``'s check and solve of a position;
- ``table/``: everything drawn: the table, its setup, sandbox, puzzle and online tables, the
  bench scene and the help text.
"""
