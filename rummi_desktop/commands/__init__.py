"""The ``rummi-desktop`` command and its headless sub-commands (analyze, simulate, bench, puzzles):
docs/analysis-format.md is their contract."""
