"""The ``rummi-desktop`` command: opening the window (``launch``: the menu, or a table with
``play GAME``) and the headless sub-commands (analyze, simulate, bench, puzzles), whose contract
is docs/analysis-format.md."""
