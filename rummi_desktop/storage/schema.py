"""Small declarative schemas for the player's files: one per file kind, beside the code that
owns the kind (settings, saves, records, profiles, unlocks, puzzle progress...), checked by the
one reader in :mod:`rummi_desktop.storage.toml_files` before anything uses the data.

A schema is built from a few parts::

    Table({"version": Whole(1, 99), "seats": ListOf(Table({"name": Text(), "score": Whole(-10**9)}),
                                                    at_least=1)},
          required=("version", "seats"))

``check(schema, value)`` gives the value back or raises :class:`SchemaError` naming the first
place that is wrong ("its seats.2.score is not a whole number from -1000000000 to 1000000000";
places in a list count from 1).
Every number is bounded and finite, and a TOML date or time (which no file of ours writes, and
which JSON and the arithmetic downstream cannot take) is refused wherever it is. ``Plain()`` is
any data without those: for the parts whose own loader checks them (a game's state, its log).

Standard library only, no I/O: storage is the bottom layer. No dependency is used for this
(jsonschema and its kin are not among the allowed run-time dependencies, and these files need
ten lines of rules each, not a schema language).
"""

from __future__ import annotations

import datetime as _dt
import math
import re
from dataclasses import dataclass, field
from typing import Any, Mapping

# TOML's integers are 64-bit; tomllib reads bigger ones, but no file of ours holds one, and such
# a number can overflow float arithmetic far from where it was read.
INT_RANGE = (-(2**63), 2**63 - 1)
COUNT_LIMIT = 10**9  # counters, seconds, scores: far beyond any game, safe for float maths
TEXT_LIMIT = 10_000  # characters of one text value (a name, a date, a path)
ITEMS_LIMIT = 1_000_000  # entries of one list or table (the file's size cap comes first anyway)


class SchemaError(ValueError):
    """Data not of its file's shape; ``where`` is the dotted path to the first problem."""

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"its {where} {problem}" if where else f"it {problem}")
        self.where = where
        self.problem = problem


def _join(where: str, key: Any) -> str:
    return f"{where}.{key}" if where else str(key)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return _is_int(value) or isinstance(value, float)


def bad_value(value: Any) -> str | None:
    """Why a single value no file of ours holds is refused (a non-finite or out-of-range number,
    a date or time), or None."""
    if (isinstance(value, float) and not math.isfinite(value)) or \
            (_is_int(value) and not INT_RANGE[0] <= value <= INT_RANGE[1]):
        return "is not a sensible number"
    if isinstance(value, (_dt.date, _dt.time)):  # datetime is a date
        return "is a date or time where none belongs"
    return None


def first_bad_value(document: Any, where: str = "") -> tuple[str, str] | None:
    """(where, why) of the first value :func:`bad_value` refuses anywhere in ``document``, or
    None. Iterative, so even a deeply nested document cannot exhaust the stack."""
    pending: list[tuple[str, Any]] = [(where, document)]
    while pending:
        here, value = pending.pop()
        if isinstance(value, dict):
            pending.extend((_join(here, key), item) for key, item in value.items())
        elif isinstance(value, list):
            pending.extend((_join(here, index), item) for index, item in enumerate(value, start=1))
        else:
            problem = bad_value(value)
            if problem is not None:
                return here, problem
    return None


class Spec:
    """One part of a schema. ``what`` is how a problem names what was expected."""

    what = "a value"

    def check(self, value: Any, where: str = "") -> Any:
        raise NotImplementedError

    def problem(self, value: Any) -> str | None:
        """``what`` when ``value`` does not fit (for one field checked on its own), or None."""
        try:
            self.check(value)
        except SchemaError:
            return self.what
        return None

    def _refuse(self, where: str) -> SchemaError:
        return SchemaError(where, f"is not {self.what}")


@dataclass(frozen=True)
class Plain(Spec):
    """Any data (tables, lists, text, flags, numbers) with bounded finite numbers and no dates:
    for a part checked by its own loader."""

    what = "plain data"

    def check(self, value: Any, where: str = "") -> Any:
        found = first_bad_value(value, where)
        if found is not None:
            raise SchemaError(*found)
        return value


@dataclass(frozen=True)
class Whole(Spec):
    """A whole number from ``low`` to ``high`` (true and false are not numbers)."""

    low: int = 0
    high: int = COUNT_LIMIT

    @property
    def what(self) -> str:  # type: ignore[override]
        return f"a whole number from {self.low} to {self.high}"

    def check(self, value: Any, where: str = "") -> Any:
        if not _is_int(value) or not self.low <= value <= self.high:
            raise self._refuse(where)
        return value


@dataclass(frozen=True)
class Number(Spec):
    """A finite number from ``low`` to ``high``, whole or not."""

    low: float = 0.0
    high: float = float(COUNT_LIMIT)

    @property
    def what(self) -> str:  # type: ignore[override]
        return f"a number from {self.low:g} to {self.high:g}"

    def check(self, value: Any, where: str = "") -> Any:
        if not _is_number(value) or bad_value(value) is not None or not self.low <= value <= self.high:
            raise self._refuse(where)
        return value


@dataclass(frozen=True)
class Flag(Spec):
    what = "true or false"

    def check(self, value: Any, where: str = "") -> Any:
        if not isinstance(value, bool):
            raise self._refuse(where)
        return value


@dataclass(frozen=True)
class Text(Spec):
    """Text of at most ``limit`` characters; ``pattern`` (a full match) and ``blank`` (whether
    empty or spaces-only text will do) narrow it; ``says`` overrides how it is named."""

    limit: int = TEXT_LIMIT
    pattern: str = ""
    blank: bool = True
    says: str = "text"

    @property
    def what(self) -> str:  # type: ignore[override]
        return self.says

    def check(self, value: Any, where: str = "") -> Any:
        if not isinstance(value, str) or len(value) > self.limit or (not self.blank and not value.strip()) \
                or (self.pattern and not re.fullmatch(self.pattern, value)):
            raise self._refuse(where)
        return value


@dataclass(frozen=True)
class Choice(Spec):
    """One of a few values (compared by type too: true is not 1)."""

    values: tuple[Any, ...]

    @property
    def what(self) -> str:  # type: ignore[override]
        return "one of " + ", ".join(map(str, self.values))

    def check(self, value: Any, where: str = "") -> Any:
        if not any(type(value) is type(choice) and value == choice for choice in self.values):
            raise self._refuse(where)
        return value


@dataclass(frozen=True)
class ListOf(Spec):
    item: Spec
    at_least: int = 0
    limit: int = ITEMS_LIMIT

    @property
    def what(self) -> str:  # type: ignore[override]
        return f"a list of {self.item.what}" if not self.at_least else f"a list of at least {self.at_least}"

    def check(self, value: Any, where: str = "") -> Any:
        if not isinstance(value, list) or not self.at_least <= len(value) <= self.limit:
            raise self._refuse(where)
        for index, item in enumerate(value, start=1):
            self.item.check(item, _join(where, index))
        return value


@dataclass(frozen=True)
class MapOf(Spec):
    """A table with keys of the player's choosing (``key`` checks them), each value ``value``."""

    value: Spec
    key: Text = field(default_factory=Text)
    limit: int = ITEMS_LIMIT
    what = "a table"

    def check(self, value: Any, where: str = "") -> Any:
        if not isinstance(value, dict) or len(value) > self.limit:
            raise self._refuse(where)
        for key, item in value.items():
            if self.key.problem(key) is not None:
                raise SchemaError(_join(where, key), f"is not a good name ({self.key.what})")
            self.value.check(item, _join(where, key))
        return value


@dataclass(frozen=True)
class Table(Spec):
    """A table with known fields; ``required`` ones must be there. Other keys are checked
    against ``rest`` (by default any plain data, so a newer copy's extra field is no damage);
    ``rest=None`` refuses them."""

    fields: Mapping[str, Spec]
    required: tuple[str, ...] = ()
    rest: Spec | None = field(default_factory=Plain)
    what = "a table"

    def check(self, value: Any, where: str = "") -> Any:
        if not isinstance(value, dict):
            raise self._refuse(where)
        for name in self.required:
            if name not in value:
                raise SchemaError(_join(where, name), "is missing")
        for key, item in value.items():
            spec = self.fields.get(key, self.rest)
            if spec is None:
                raise SchemaError(_join(where, key), "is not a field this file has")
            spec.check(item, _join(where, key))
        return value

    def sift(self, value: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
        """For a file read field by field (settings): the known fields that fit, and the names
        of those that do not (left out); other keys are ignored."""
        good, bad = {}, []
        for name, spec in self.fields.items():
            if name in value:
                if spec.problem(value[name]) is None:
                    good[name] = value[name]
                else:
                    bad.append(name)
        return good, bad


def check(schema: Spec, value: Any) -> Any:
    """``value`` when it fits ``schema``; SchemaError naming the first place it does not."""
    return schema.check(value, "")
