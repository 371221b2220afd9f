"""Screens of the app: the menu, settings, help/about, quit confirmation, and (in their own
packages) each game's setup and table scenes, which register through ``registry``."""
