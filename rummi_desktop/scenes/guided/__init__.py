"""The guided first game, for every game: a scripted deal whose steps say what to do, wait for
it and explain the rule that applies.

* ``guide``: a :class:`Guide` is a list of :class:`Step` s and how far the player is (pure);
* ``mode``: :class:`GuidedMode`, the table mode that runs a guide on a game's own table;
* ``board``: the game's half of a guided table (where the targets are, where the panel goes);
* ``session``: what every game's guided session adds (scripted replies, the guide's gate);
* ``panel``: the step's panel and the ring around its targets (drawing only);
* ``well_done``: the card at the end, offering a real game or the menu;
* ``offer``: the first-start question "New to Rummi? Play a guided first game".

A game takes part by naming a ``guided`` function in its ``GameInfo`` (its table folder's
``guided.py``): it builds the game's table with the scripted deal and a :class:`GuidedMode`.
"""
