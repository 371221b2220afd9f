"""The Tumblewords puzzles: mining from seeded computer games, checks and hints (pure; ``mining`` is the
spec's ``puzzles`` module, docs/puzzle-format.md)."""
