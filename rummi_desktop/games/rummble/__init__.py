"""Rummble, the whole game in this folder: its spec (``spec.py``, registered in ``games/__init__.py``),
rules, computer seats, puzzles, analyze check and table. The layout of a game's folder is in
docs/architecture.md ("A game is one folder")."""
