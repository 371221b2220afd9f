"""Online play: the protocol, the server (``rummi-desktop serve``), its stores, and a small
asyncio client. Not pure (sockets, databases), but never imports pygame, scenes or ui; the
third-party packages of the ``server`` extra (websockets, psycopg, openskill) are imported only
by the modules that use them, so the game's start-up never pays for them."""
