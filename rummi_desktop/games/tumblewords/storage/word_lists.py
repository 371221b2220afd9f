"""Reading Tumblewords word lists: the shipped ENABLE list (``assets/words/enable.txt``, read
through importlib.resources) and a player's own list file, built into the pure
:class:`~rummi_desktop.games.tumblewords.rules.dictionary.Dictionary` once and kept.

Nothing is read at import or at app start: the first Tumblewords game (or save, or computer
seat) asks. :func:`install` makes this module the source through which the rules layer finds a
word list by name (``"enable"``, or a custom list named by its file path), so ``new_state``
without a dictionary, loading a save and a computer seat's view all work; every process that
plays Tumblewords calls it once (it is cheap and idempotent).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from rummi_desktop.games.tumblewords.rules.dictionary import SHIPPED, Dictionary, WordListError, install_source
from rummi_desktop.storage.toml_files import read_regular_file

MAX_FILE_BYTES = 20_000_000  # ENABLE is 1.7 MB; a file far bigger is not a word list
_cache: dict[str, Dictionary] = {}


def shipped_dictionary() -> Dictionary:
    """ENABLE, read and built on the first call, then kept."""
    if SHIPPED not in _cache:
        text = resources.files("rummi_desktop").joinpath("assets", "words", "enable.txt").read_text("ascii")
        _cache[SHIPPED] = Dictionary.from_text(text, SHIPPED)
    return _cache[SHIPPED]


def custom_dictionary(path: str | Path) -> Dictionary:
    """The player's list at ``path`` (one word per line), checked; WordListError says what is
    wrong (unreadable, too big, not text, or which lines are bad). Built again when asked again:
    the player may have fixed the file."""
    path = Path(path).expanduser()
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise WordListError(f"{path.name} is {size // 1_000_000} MB: too big to be a word list")
        text = read_regular_file(path, MAX_FILE_BYTES).decode("utf-8")  # never a pipe or device
    except OSError as error:
        raise WordListError(f"cannot read the word list {path}: {error.strerror or error}") from error
    except UnicodeDecodeError as error:
        raise WordListError(f"{path.name} is not a text file (byte {error.start} is not UTF-8)") from error
    try:
        dictionary = Dictionary.from_text(text, str(path))
    except WordListError as error:
        raise WordListError(f"{path.name}: {error}") from None
    _cache[str(path)] = dictionary
    return dictionary


def dictionary_named(name: str, digest: str | None = None) -> Dictionary:
    """The list called ``name``: the shipped one, or a custom list by its file path (the
    rules layer checks the digest)."""
    if name == SHIPPED:
        return shipped_dictionary()
    cached = _cache.get(name)
    if cached is not None and (digest is None or cached.digest == digest):
        return cached
    return custom_dictionary(name)


def install() -> None:
    """Let the rules layer find word lists by name through :func:`dictionary_named`."""
    install_source(dictionary_named)
