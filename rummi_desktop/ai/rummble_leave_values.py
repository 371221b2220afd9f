"""Leave weights for Rummble (see rummble_leave.FEATURES); a first hand-set guess, replaced by
the output of tools/train_rummble_leaves.py."""

WEIGHTS = (0.0, 8.0, 2.0, 2.0, 1.0, -2.0, 0.5, -1.0)
