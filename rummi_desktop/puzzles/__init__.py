"""Puzzles (issue 13): the puzzle record, share codes, and each game's mine / verify / hints /
check (docs/puzzle-format.md). Pure package: no pygame, no I/O."""
