"""Every request type the server answers, and the function that answers it: the core
requests (net/handlers.py), watching a table, chat, and friends. Kept apart from the handlers
so the modules that build on them (an accepted invitation joins a table) import them one way."""

from __future__ import annotations

from rummi_desktop.net.chat import CHAT_HANDLERS
from rummi_desktop.net.friends import FRIEND_HANDLERS
from rummi_desktop.net.handlers import CORE_HANDLERS
from rummi_desktop.net.spectate_handlers import SPECTATE_HANDLERS

HANDLERS = (CORE_HANDLERS | {function.__name__: function for function in SPECTATE_HANDLERS}
            | CHAT_HANDLERS | FRIEND_HANDLERS)
