"""Each computer tier's rating: not measured yet (``rummi-desktop ladder --game tumblewords --write`` writes it)."""

TIER_RATINGS: dict[str, int] = {}
