"""The Tumblewords dictionary: a word list built once from lines of text, checked, and asked
"is this a word?" (a set lookup) and "does any word start so?" (a binary search).

Pure module: it never reads a file. The shell (``rummi_desktop.games.tumblewords.storage.word_lists``) reads the
shipped ENABLE list or the player's own file and hands the text here; it also installs the
*source* (:func:`install_source`) through which a game, a save or a computer seat that names a
word list only by name gets the dictionary back (:func:`word_list`).

A word list is one word per line, letters a–z in either case (stored lower-case). Blank lines
and one-letter words are skipped (no word shorter than two letters can score). A line with any
other character, a word longer than :data:`MAX_WORD_LETTERS`, or a list with no word at all is
refused with :class:`WordListError`, naming the line and why.
"""

from __future__ import annotations

import bisect
import re
from functools import cached_property
from typing import Callable, Iterable

MAX_WORD_LETTERS = 30  # longer than any English headword: a longer line is not a word
SHIPPED = "enable"  # the name of the word list the game ships (assets/words/enable.txt)
_MAX_PROBLEMS_SHOWN = 3

_ODD_CHARACTER = re.compile(r"[^a-z\n]")
_BAD_LINE = re.compile(r"[^a-z\n]|[a-z]{%d,}" % (MAX_WORD_LETTERS + 1))


class WordListError(ValueError):
    """A word list that cannot be used; the message names the bad lines and why."""


class WordListUnavailable(LookupError):
    """A word list asked for by name that no installed source can give."""


class Dictionary:
    """A set of lower-case words (2+ letters), with a name and a content digest.

    ``"cat" in d`` and ``d.is_word("cat", min_length=3)`` are set lookups; ``d.has_prefix("ca")``
    binary-searches a sorted copy made on first use. Immutable once built.
    """

    __slots__ = ("name", "words", "__dict__")

    def __init__(self, words: Iterable[str], name: str = "custom") -> None:
        self.name = name
        self.words = frozenset(words)

    @classmethod
    def from_text(cls, text: str, name: str = "custom") -> "Dictionary":
        """Check a whole word list (one word per line) and build it, or WordListError."""
        text = text.lstrip("\ufeff").lower().replace("\r\n", "\n").replace("\r", "\n")
        if _ODD_CHARACTER.search(text):  # one C-speed scan; the per-line check only for a bad list
            text = _clean_or_refuse(text)
        words = text.split()
        lengths = set(map(len, words))
        if max(lengths, default=0) > MAX_WORD_LETTERS:
            _clean_or_refuse(text)  # raises, naming the long lines
        if min(lengths, default=2) < 2:
            words = [word for word in words if len(word) > 1]
        if not words:
            raise WordListError("the word list holds no word of two or more letters")
        dictionary = cls(words, name)
        # A list written in order (ENABLE is) sorts in linear time: the prefix search is ready.
        unique = words if len(words) == len(dictionary.words) else dictionary.words
        dictionary.__dict__["sorted_words"] = tuple(sorted(unique))
        return dictionary

    @classmethod
    def from_lines(cls, lines: Iterable[str], name: str = "custom") -> "Dictionary":
        return cls.from_text("\n".join(line.rstrip("\r\n") for line in lines), name)

    def __contains__(self, word: object) -> bool:
        return word in self.words

    def __len__(self) -> int:
        return len(self.words)

    def is_word(self, word: str, min_length: int = 2) -> bool:
        return len(word) >= min_length and word.lower() in self.words

    def has_prefix(self, prefix: str) -> bool:
        """True when some word starts with ``prefix`` (lower-case), the word itself included."""
        ordered = self.sorted_words
        at = bisect.bisect_left(ordered, prefix)
        return at < len(ordered) and ordered[at].startswith(prefix)

    @cached_property
    def sorted_words(self) -> tuple[str, ...]:
        return tuple(sorted(self.words))

    @cached_property
    def digest(self) -> str:
        """A short hash of the words (not the file's bytes): a save names its list by it."""
        import hashlib  # only when a game is saved or viewed: keeps the app's start lighter

        return hashlib.sha256("\n".join(self.sorted_words).encode("ascii")).hexdigest()[:16]

    def __repr__(self) -> str:
        return f"Dictionary({self.name!r}, {len(self.words)} words)"


def _clean_or_refuse(text: str) -> str:
    """The text with blank-only lines emptied, or WordListError naming the bad lines."""
    problems, lines = [], text.split("\n")
    for number, line in enumerate(lines, start=1):
        word = line.strip()
        lines[number - 1] = word
        problem = line_problem(word)
        if problem:
            problems.append(f"line {number}: {problem}")
    if problems:
        more = len(problems) - _MAX_PROBLEMS_SHOWN
        shown = "; ".join(problems[:_MAX_PROBLEMS_SHOWN]) + (f"; and {more} more bad lines" if more > 0 else "")
        raise WordListError(f"the word list has bad lines ({shown}); write one word of letters a–z per line")
    return "\n".join(lines)


def line_problem(word: str) -> str:
    """Why one stripped, lower-cased line is not a word ("" when it is one, or blank)."""
    if not _BAD_LINE.search(word):
        return ""
    if len(word) > MAX_WORD_LETTERS and word.isalpha() and word.isascii():
        return f"{word[:12]}… is longer than {MAX_WORD_LETTERS} letters"
    if any(ch.isspace() for ch in word):
        return f"{word!r} holds more than one word"
    odd = next(ch for ch in word if not ("a" <= ch <= "z"))
    return f"{word!r} holds {odd!r}, which is not a letter a–z"


# ----- finding a word list by name (the source is installed by the shell) -----------------------
_source: list[Callable[[str, str | None], Dictionary]] = []


def install_source(source: Callable[[str, str | None], Dictionary]) -> None:
    """Make ``source(name, digest)`` the way word lists are found by name (the shell calls this
    once; a second install replaces the first)."""
    _source[:] = [source]


def word_list(name: str = SHIPPED, digest: str | None = None) -> Dictionary:
    """The word list called ``name`` (checked against ``digest`` when given), from the installed
    source; WordListUnavailable when none is installed or it has no such list."""
    if not _source:
        raise WordListUnavailable(
            f"no word list source is installed to find {name!r}: call "
            "rummi_desktop.games.tumblewords.storage.word_lists.install() first, or pass the dictionary in")
    found = _source[0](name, digest)
    if digest is not None and found.digest != digest:
        raise WordListUnavailable(f"the word list {name!r} has changed since this game began")
    return found
