"""The one upgrade loop of the player's files: each file kind has a version and an
``UPGRADERS`` table (version -> the function turning a document of that version into one of
the next), so a file written by an older release is read, never refused for its age."""

from __future__ import annotations

from typing import Any, Callable, Mapping

Upgraders = Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]]


class FileVersionError(ValueError):
    """A document whose version this copy cannot read (newer, or no version at all)."""


def upgraded(document: dict[str, Any], current: int, upgraders: Upgraders) -> dict[str, Any]:
    version = document.get("version")
    while version != current:
        # a list or a table is no version (and cannot even be looked up): refused like any other
        if not isinstance(version, int) or isinstance(version, bool) or version not in upgraders:
            raise FileVersionError(f"it has version {version!r}, and this game reads up to {current}")
        document = upgraders[version](document)
        version = document.get("version")
    return document
