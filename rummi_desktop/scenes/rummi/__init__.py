"""Rummi in the window: setup, the table, its overlays, round end and match summary.

Modules: ``layout`` (pure geometry of the table and rack), and — as they land — the table
scene, the drag controller, the computer-turn animator, the privacy screen, pause overlay,
round-end and match-summary scenes, and the in-game help text.
"""
