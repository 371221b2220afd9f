"""Rummi Desktop: Rummi, Rummble and Tumblewords at the kitchen table."""

__version__ = "0.1.0"
