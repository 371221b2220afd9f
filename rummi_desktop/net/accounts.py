"""Passwords and session tokens.

Passwords are hashed with scrypt (hashlib, n=2**14, r=8, p=1, a 16-byte salt); the stored text
names its parameters so they can be raised later. A session token is
``secrets.token_urlsafe(32)``, handed to the client once; the store keeps only its SHA-256, so
a copy of the database signs nobody in. A token expires 30 days after its sign-in; the
client then asks for the password again.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import unicodedata
from functools import lru_cache

SCRYPT_N, SCRYPT_R, SCRYPT_P, KEY_BYTES = 2**14, 8, 1, 32
SESSION_SECONDS = 30 * 24 * 3600  # a token signs in for 30 days after the password was given
NAME_LENGTH = (3, 24)
NAME_MARKS = frozenset("0123456789_-")  # allowed in any name beside its letters
# Scripts that one name may mix: Japanese writes kanji (Han) with both kana.
SCRIPT_FAMILIES = {"HIRAGANA": "CJK", "KATAKANA": "CJK", "KATAKANA-HIRAGANA": "CJK"}
# Cyrillic and Greek letters drawn like Latin ones: a name made only of these reads as Latin.
LATIN_LOOKALIKES = frozenset("аеорсуххіјѕԁһӏԛԝАВЕКМНОРСТХЅІЈΑΒΕΖΗΙΚΜΝΟΡΤΥΧοινκτρυ")


def normal_name(name: str) -> str:
    """The name as stored and shown: NFKC, so "ａｌｉｃｅ" (full width) is "alice"."""
    return unicodedata.normalize("NFKC", name)


def name_problem(name: str) -> str:
    """Why ``name`` (normalised) cannot be a new account's name, or "". A name is letters of one
    script with digits, - and _; no spaces, symbols, or invisible characters, and no Cyrillic or
    Greek spelling of a Latin-looking name: each rule stops a name that looks like another's."""
    low, high = NAME_LENGTH
    if not low <= len(name) <= high:
        return f"a name is {low} to {high} characters"
    scripts = {_script(letter) for letter in name if letter not in NAME_MARKS}
    if "" in scripts:
        return "a name is letters, digits 0-9, - and _ (no spaces, symbols or invisible characters)"
    if len(scripts) > 1:
        return f"a name's letters are of one script, not {' and '.join(map(_shown, sorted(scripts)))} mixed"
    if scripts and all(letter in LATIN_LOOKALIKES for letter in name if letter not in NAME_MARKS):
        return "this name's letters all look like Latin ones: write it in Latin letters"
    return ""


def _shown(script: str) -> str:
    return script.capitalize() if len(script) > 3 else script  # "Cyrillic", "CJK"


def _script(character: str) -> str:
    """The script a letter is written in, as the first word of its Unicode name ("LATIN",
    "CYRILLIC", "CJK" ...); "" for anything that is not a letter. A combining mark (an accent
    NFKC did not fold into its letter) has no script of its own and is refused too."""
    if not unicodedata.category(character).startswith("L"):
        return ""
    script = unicodedata.name(character, "").split(" ")[0]
    return SCRIPT_FAMILIES.get(script, script)


def name_key(name: str) -> str:
    """Names are unique ignoring case and width: "Alice", "ALICE" and "ａｌｉｃｅ" are one
    account (NFKC case folding; for the ASCII names of before it is ``name.lower()``, so keys
    stored then still match)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii")


def hash_password(password: str) -> str:
    salt = secrets.token_bytes(16)
    key = hashlib.scrypt(password.encode("utf-8"), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, dklen=KEY_BYTES)
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${_b64(salt)}${_b64(key)}"


def verify_password(password: str, stored: str) -> bool:
    try:
        kind, n, r, p, salt, key = stored.split("$")
        expected = base64.urlsafe_b64decode(key)
        found = hashlib.scrypt(password.encode("utf-8"), salt=base64.urlsafe_b64decode(salt), n=int(n), r=int(r),
                               p=int(p), dklen=len(expected))
    except ValueError:
        return False
    return kind == "scrypt" and hmac.compare_digest(found, expected)


@lru_cache(maxsize=1)
def stand_in_hash() -> str:
    """Checked against when no account has the name, so a wrong name takes as long as a wrong
    password (the reply must not tell which names exist)."""
    return hash_password(secrets.token_urlsafe(16))


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_id() -> str:
    return secrets.token_hex(8)


def new_invite_code() -> str:
    """Short enough to read aloud, long enough not to be guessed (32**8 codes)."""
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    return "".join(secrets.choice(alphabet) for _ in range(8))
