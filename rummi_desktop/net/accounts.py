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
import re
import secrets
from functools import lru_cache

SCRYPT_N, SCRYPT_R, SCRYPT_P, KEY_BYTES = 2**14, 8, 1, 32
SESSION_SECONDS = 30 * 24 * 3600  # a token signs in for 30 days after the password was given
NAME_PATTERN = re.compile(r"^[A-Za-z0-9_-]{3,24}$")


def name_problem(name: str) -> str:
    if not NAME_PATTERN.match(name):
        return "a name is 3 to 24 letters, digits, - or _"
    return ""


def name_key(name: str) -> str:
    """Names are unique ignoring case: "Alice" and "alice" are one account."""
    return name.lower()


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
