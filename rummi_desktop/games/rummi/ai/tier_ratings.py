"""Each computer tier's rating on the Elo scale (Easy = 1000), shown beside its
name in setup and used to rate a person against the computers.

Written by ``rummi-desktop ladder --game rummi --games 20 --seed 3 --write`` (20 games a pairing):
rerun it when a tier changes; do not edit by hand.
"""

TIER_RATINGS: dict[str, int] = {"easy": 1000, "medium": 1463, "hard": 1932, "expert": 2095}
