"""Online play in the window: the lobby (server, account, tables) and the games' network tables."""
