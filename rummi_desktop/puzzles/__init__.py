"""Puzzles: prepared positions with a goal, a verified solution, hints and a grade.

``record`` is the plain-data record every game shares (and its validation), ``share_code``
turns one puzzle into a pasteable text and back, ``positions`` checks a puzzle's position
through the game's own rules model. Each game's mining, verifying, hints and answer check live
in the module its GameSpec names as the ``"puzzles"`` entry point
(``entry_points.load_module(spec, "puzzles")``). Pure package: no pygame, no I/O.
"""
