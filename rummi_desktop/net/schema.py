"""A small declarative schema for protocol messages: one table of fields per message type.

Each field is a :class:`Field` (its JSON kind, whether it is required, and its bounds; a text
may need a pattern, a list's items and an object's keys may have their own fields).
:func:`check` returns the first problem in plain words, or "" for a message that fits. Kept
here rather than a JSON-Schema library: the messages are flat, and a table of a dozen lines
per type reads as documentation (docs/network-protocol.md lists the same table).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping

KINDS: dict[str, tuple[type, ...]] = {
    "str": (str,), "int": (int,), "bool": (bool,), "object": (dict,), "list": (list,),
    "json": (str, int, float, bool, dict, list, type(None)),
}


@dataclass(frozen=True)
class Field:
    kind: str
    required: bool = True
    low: int | None = None  # int: smallest value; str/list/object: fewest items or characters
    high: int | None = None  # int: largest value; str/list/object: most items or characters
    choices: tuple[Any, ...] = ()
    pattern: str = ""  # str: the whole text must match this regular expression
    each: "Field | None" = None  # list: every item must fit this field
    fields: Mapping[str, "Field"] | None = None  # object: exactly these keys (like a message, without its envelope)

    def problem(self, name: str, value: Any) -> str:
        if not isinstance(value, KINDS[self.kind]) or (self.kind == "int" and isinstance(value, bool)):
            return f"field {name!r} must be {self.kind}"
        if self.choices and value not in self.choices:
            return f"field {name!r} must be one of {', '.join(map(str, self.choices))}"
        if self.kind not in ("int", "str", "list", "object"):
            return ""
        size = value if self.kind == "int" else len(value)
        if self.low is not None and size < self.low:
            return f"field {name!r} is below {self.low}" if self.kind == "int" else \
                f"field {name!r} is too short (at least {self.low})"
        if self.high is not None and size > self.high:
            return f"field {name!r} is above {self.high}" if self.kind == "int" else \
                f"field {name!r} is too long (at most {self.high})"
        return self._inner_problem(name, value)

    def _inner_problem(self, name: str, value: Any) -> str:
        if self.pattern and not re.fullmatch(self.pattern, value):
            return f"field {name!r} is not in the expected form"
        if self.each is not None:
            for index, item in enumerate(value):
                problem = self.each.problem(f"{name}[{index}]", item)
                if problem:
                    return problem
        if self.fields is not None:
            problem = check_fields(value, self.fields)
            return f"in {name!r}: {problem}" if problem else ""
        return ""


def optional(kind: str, **bounds: Any) -> Field:
    return Field(kind, required=False, **bounds)


ENVELOPE = {"type": Field("str", high=32), "id": optional("int", low=0, high=2**53)}


def check(message: Mapping[str, Any], fields: Mapping[str, Field]) -> str:
    """The first way ``message`` breaks ``fields`` (plus the envelope), or ""."""
    return check_fields(message, {**ENVELOPE, **fields})


def check_fields(message: Mapping[str, Any], allowed: Mapping[str, Field]) -> str:
    """The first way ``message`` breaks ``allowed`` (no other key may be there), or ""."""
    for name in message:
        if name not in allowed:
            return f"unknown field {name!r}"
    for name, field in allowed.items():
        if name not in message:
            if field.required:
                return f"missing field {name!r}"
            continue
        problem = field.problem(name, message[name])
        if problem:
            return problem
    return ""
