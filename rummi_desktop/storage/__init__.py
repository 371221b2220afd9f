"""User files: where they live (paths), how they are written and read safely (toml_files),
and the player's settings (settings)."""
