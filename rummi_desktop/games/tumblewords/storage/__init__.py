"""The Tumblewords files outside the rules: the shipped and the player's own word lists."""
