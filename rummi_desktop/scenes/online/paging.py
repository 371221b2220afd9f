"""Rows shown a page at a time, as the lobby's lists and its Friends tab show them: the page
count, turning pages and showing or hiding the list. A list says how many rows fit a page
(``per_page``) and how its widgets are laid out again (``_rebuild``)."""

from __future__ import annotations

from typing import Any


class Paging:
    rows: list[Any]
    page: int
    shown: bool

    @property
    def per_page(self) -> int:
        raise NotImplementedError

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.rows) // self.per_page))

    def show(self, shown: bool) -> None:
        self.shown = shown
        self._rebuild()

    def turn(self, pages: int) -> bool:
        """Go ``pages`` pages on (the wheel, Previous and Next); False when there is no such page."""
        page = max(0, min(self.pages - 1, self.page + pages))
        if page == self.page:
            return False
        self.page = page
        self._rebuild()
        return True

    def _rebuild(self) -> None:
        raise NotImplementedError
