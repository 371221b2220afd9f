"""The system clipboard through ``pygame.scrap`` where the platform gives one; elsewhere the
calls simply report that there is no clipboard (the code is still shown to copy by hand)."""

from __future__ import annotations

import pygame


def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard; False when there is no clipboard here."""
    try:
        pygame.scrap.put_text(text)
        return pygame.scrap.get_text() == text
    except (pygame.error, AttributeError, NotImplementedError, OSError):
        return False


def paste_text() -> str | None:
    """The clipboard's text, or None when there is no clipboard (or no text on it)."""
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError, NotImplementedError, OSError):
        return None
    return text or None
