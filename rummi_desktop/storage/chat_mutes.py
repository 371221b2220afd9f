"""The players this computer's player muted in table chat, per server (a mute is the window's
own: the server still delivers the lines, the panel hides them). Kept in the data folder as
chat_mutes.toml; a damaged file is set aside and no one is muted."""

from __future__ import annotations

from pathlib import Path

from rummi_desktop.storage.paths import data_dir
from rummi_desktop.storage.toml_files import read_toml_or_quarantine, write_toml_atomic

MUTES_FILE = "chat_mutes.toml"
MAX_MUTED = 500  # names kept per server


def mutes_path() -> Path:
    return data_dir() / MUTES_FILE


def load_mutes(server: str) -> set[str]:
    """The names muted on ``server`` (lower case, as account names match)."""
    document, _notice = read_toml_or_quarantine(mutes_path())
    servers = (document or {}).get("servers", {})
    names = servers.get(server, []) if isinstance(servers, dict) else []
    return {name.lower() for name in names if isinstance(name, str)} if isinstance(names, list) else set()


def save_mutes(server: str, muted: set[str]) -> None:
    document, _notice = read_toml_or_quarantine(mutes_path())
    servers = (document or {}).get("servers", {})
    servers = dict(servers) if isinstance(servers, dict) else {}
    servers[server] = sorted(muted)[:MAX_MUTED]
    mutes_path().parent.mkdir(parents=True, exist_ok=True)
    write_toml_atomic(mutes_path(), {"servers": servers})
