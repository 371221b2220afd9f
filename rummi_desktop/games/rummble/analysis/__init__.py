"""``rummi-desktop analyze`` for Rummble: reading a position, checking a move, solving for the best one
(docs/analysis-format.md)."""
