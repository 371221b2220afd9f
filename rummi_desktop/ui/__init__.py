"""Drawing: themes, felt, fonts, tile pictures, widgets and tweens (pygame allowed here)."""
