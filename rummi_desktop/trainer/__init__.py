"""The puzzle trainer's pure side: ratings (``rating``) and what to offer next (``catalog``).

No pygame and no files here: the trainer's scenes (``scenes.trainer``) show it, and
``storage.puzzle_progress`` keeps the player's progress.
"""
