"""Each computer tier's rating: not measured yet (``rummi-desktop ladder --game rummble --write`` writes it)."""

TIER_RATINGS: dict[str, int] = {}
