"""The puzzle trainer's screens: the pack list with progress, the daily puzzle and streak runs
(``trainer_scene``), the result card after an attempt (``result``), and where each game's
puzzles and puzzle table are found (``sources``)."""
