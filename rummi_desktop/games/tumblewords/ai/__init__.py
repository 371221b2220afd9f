"""The Tumblewords computer seats: pure (no pygame, no I/O); ``tiers.choose_move(view, tier, ...)`` is the entry point."""
