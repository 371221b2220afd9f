"""Leave weights for Rummble, one per feature of rummble_leave.FEATURES:
jokers, pairs, neighbours, same_colour_near, duplicates, value, high.

Made by tools/train_rummble_leaves.py --games 300 --seed 1 --seats medium,medium
(7903 leaves; points on the next turn fitted on the features). Do not edit by hand.
"""

WEIGHTS = (15.28, -4.08, -1.72, -1.79, -3.88, -1.24, 6.34)
