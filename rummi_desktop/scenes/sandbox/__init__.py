"""The sandboxes: each game's free table with no clock, its position built by hand, the best
play from the game's own solver, and scenarios saved as puzzle files or shared as codes.

``chooser`` (the menu's Sandbox: which game?), ``buttons`` (the one button layout every
sandbox has, in the same place whatever the game), ``common`` (their grid, stages and
best-move search), ``toolbar`` (what its file buttons do:
save, load, share, paste), ``scenario_files`` (scenario ↔ puzzle file / share code),
``dialogs``, ``palette`` and ``clipboard``. A sandbox is its game's own table given a
``sandbox_mode.SandboxMode`` (what every sandbox shares) and the game's sandbox part (its own
editing); the part, the ``sandbox_table()`` that builds the table and the game's scenario are in
its folder: ``games/<key>/table/sandbox.py`` and ``scenario.py``.
"""
