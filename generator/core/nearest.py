"""The known name nearest a mistyped one, for a hint: "did you mean 'colour'?"."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def nearest(name: str, known: Iterable[str]) -> str | None:
    """The known name most like `name` (difflib's likeness at least 0.6), or None."""
    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return close[0] if close else None


def did_you_mean(name: str, known: Iterable[str]) -> str | None:
    """"did you mean 'colour'?" for the known name nearest `name`, or None."""
    found = nearest(name, known)
    return None if found is None else f"did you mean {found!r}?"


def nearest_aside(name: str, known: Iterable[str]) -> str:
    """" (did you mean 'colour'?)" to follow a message about `name`, or "" when no
    known name is near it."""
    found = did_you_mean(name, known)
    return f" ({found})" if found else ""


def nearest_first(name: str, known: Iterable[str], rest: str) -> str:
    """A hint that starts "did you mean 'colour'? " when a known name is near `name`,
    then says `rest` (the names there are, what to write)."""
    found = did_you_mean(name, known)
    return f"{found} {rest}" if found else rest
