"""What a chat line or a name may hold once shown: no control characters, no bidi overrides or
isolates (they would reorder the panel's other lines), no invisible format characters; runs
of white space become one space. Pure text: the server cleans what it stores, and the window
cleans what it draws again (a hostile server must not break the panel either)."""

from __future__ import annotations

import unicodedata

CHAT_CHARS = 200  # a chat line's most characters, after cleaning
QUICK_PHRASES = ("Good game", "Nice play!", "Your move", "Thanks", "Oops", "Well played")
# Unicode categories dropped: Cc (controls: C0, DEL, C1), Cf (format: the bidi embeddings and
# overrides U+202A–202E, isolates U+2066–2069, marks U+200E/200F/061C, zero-width U+200B–200D,
# U+FEFF), Cs (lone surrogates), Co (private use), Cn (unassigned), Zl and Zp (line and
# paragraph separators).
DROPPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def clean_text(text: str, limit: int = CHAT_CHARS) -> str:
    """``text`` with nothing that can break a layout, trimmed to ``limit`` characters."""
    kept = []
    for char in str(text):
        category = unicodedata.category(char)
        if char.isspace() or category.startswith("Z"):
            kept.append(" ")
        elif category not in DROPPED:
            kept.append(char)
    return " ".join("".join(kept).split())[:limit]
