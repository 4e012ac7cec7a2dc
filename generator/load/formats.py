"""Format strings over named values, as the declared pieces write them: "{label}",
"holds {rules.oink.capacity} life tokens", "{n:02}".

A name is a plain key into the values a piece offers (an item's fields, the game's
title, the rule numbers), dots and all: `{rules.oink.capacity}` is one name, never an
attribute looked up on an object, so a format can neither reach into Python objects
nor crash a build. Patterns are checked when they are read (`format_problem`) and
filled with `fill`.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping

NAME = re.compile(r"^[a-z_][a-z0-9_]*(\.[a-z0-9_][a-z0-9_-]*)*$")
MAX_WIDTH = 99  # a printed text is a few words: a huge width would only allocate


def format_problem(text: str) -> str:
    """Why `text` is not a format string of plain names ("" when it is)."""
    parts, problem = parse_format(text)
    for _, name, spec, conversion in parts:
        if name is None:
            continue
        if not name:
            return "{} needs a name"
        if not NAME.match(name):
            return f"{{{name}}} is not a name (lowercase words joined by dots, no [ ])"
        problem = spec_problem(name, spec, conversion)
        if problem:
            return problem
    return problem


def parse_format(text: str) -> tuple[list[tuple], str]:
    """The (literal, name, spec, conversion) parts of a format string, and why it cannot
    be parsed ("" when it can)."""
    try:
        return list(string.Formatter().parse(text)), ""
    except ValueError as exc:
        return [], f"{exc} (write {{{{ and }}}} for a literal brace)"


def spec_problem(name: str, spec: str | None, conversion: str | None) -> str:
    """Why a field's conversion or format spec is refused ("" when it is not): no
    conversions, no fields nested in the spec, no width or precision over MAX_WIDTH."""
    if conversion is not None:
        return f"{{{name}!{conversion}}}: no conversions"
    if "{" in (spec or ""):
        return f"{{{name}:{spec}}}: no fields inside a format spec"
    if any(int(run) > MAX_WIDTH for run in re.findall(r"\d+", spec or "")):
        return f"{{{name}:{spec}}}: widths and precisions go up to {MAX_WIDTH}"
    return ""


def names_in(text: str) -> tuple[str, ...]:
    """The names a checked format string uses, in order, each once."""
    return tuple(dict.fromkeys(name for _, name, _, _ in string.Formatter().parse(text)
                               if name))


def single_name(text: str) -> str | None:
    """The name when the whole format is one field ("{label}"), else None: its value
    then comes straight from that field, and a problem with it is told there."""
    parts = list(string.Formatter().parse(text))
    if len(parts) == 1 and not parts[0][0] and parts[0][1] and not parts[0][2]:
        return parts[0][1]
    return None


def shown(value: object) -> object:
    """A value as a format prints it: a list as its items joined by ", "."""
    if isinstance(value, tuple | list):
        return ", ".join(str(v) for v in value)
    return value


def fill(text: str, value_of: Callable[[str], object]) -> str:
    """The format string filled in; `value_of(name)` gives each name's value.

    Raises ValueError (or TypeError) when a value does not suit its spec ("{name:d}"
    over a text); `value_of` raises KeyError for a name it does not know.
    """
    out = []
    for literal, name, spec, _ in string.Formatter().parse(text):
        out.append(literal)
        if name:
            out.append(format(shown(value_of(name)), spec or ""))
    return "".join(out)


def about_line(about: str, count: int, items: int, names: Mapping[str, object]) -> str:
    """A declared kind's checklist detail: its `about:` over {count} (pieces printed),
    {items} and the game's `names`. Raises KeyError for a name nothing gives."""
    return fill(about, {**names, "count": count, "items": items}.__getitem__)
