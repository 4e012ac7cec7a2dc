"""The one schema engine of content and layouts: fields, kinds, keys, each problem positioned.

`read_map` checks one YAML mapping of the content against its fields and returns plain
values, reporting unknown keys (with the nearest known one), missing fields, wrong
types and numbers out of range, all at once. The layouts' reader
(`generator.layout.reader`) shares `unknown_keys` and `type_error`, and adds the value
types of geometry (lengths with units, colours, points) on top.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass

from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.model import Location
from generator.load.yamlsource import Unsafe, YList, YMap

COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")  # the one colour format of content and layouts

_KIND_NAMES = {
    "str": "text",
    "int": "a whole number",
    "float": "a number",
    "bool": "true or false",
    "list": "a list",
    "str_list": "a list of text values",
    "map": "a mapping of keys to values",
}


@dataclass(frozen=True)
class Field:
    """One key of a mapping: its kind, whether it must be there, its range, its meaning."""

    name: str
    kind: str
    doc: str
    required: bool = True
    default: object = None
    low: float | None = None
    high: float | None = None


def _kind_ok(kind: str, value: object) -> bool:
    if kind == "str":
        return isinstance(value, str)
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "float":
        return isinstance(value, int | float) and not isinstance(value, bool)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "list":
        return isinstance(value, YList)
    if kind == "str_list":
        return isinstance(value, YList) and all(isinstance(v, str) for v in value)
    if kind == "map":
        return isinstance(value, YMap)
    raise ValueError(f"unknown field kind {kind!r}")


def kind_name(kind: str) -> str:
    """How a kind reads in a message."""
    return _KIND_NAMES[kind]


def type_error(where: Location, what: str, kind: str, value: object,
               code: str = "TKG103") -> Diagnostic:
    """A diagnostic of `code` (TKG103 in the content) for a value of the wrong kind."""
    shown = "nothing" if value is None else f"{type(value).__name__} {_short(value)}"
    hint = 'put quotes round text that looks like a number, e.g. "2048"' if kind == "str" else None
    return diagnostic(code, where, f"{what} must be {kind_name(kind)}, not {shown}", hint)


def _short(value: object) -> str:
    text = repr(value) if not isinstance(value, YMap | YList) else ""
    return text if len(text) <= 40 else text[:37] + "..."


def unknown_keys(mapping: YMap, names: Sequence[str], what: str, code: str = "TKG101",
                 suggested: set[str] | None = None) -> list[Diagnostic]:
    """A diagnostic of `code` for each key of `mapping` not in `names`, at the key.

    The hint names the nearest key the mapping lacks ("did you mean 'colour'?") or else
    every known key. Suggested names are added to `suggested`: a missing field that a
    misspelt key already explains is not reported again. Content and layouts share it.
    """
    found = []
    for key in mapping:
        if key in names:
            continue
        close = difflib.get_close_matches(key, [n for n in names if n not in mapping], n=1,
                                          cutoff=0.6)
        if close and suggested is not None:
            suggested.add(close[0])
        hint = f"did you mean {close[0]!r}?" if close else "known keys: " + ", ".join(names)
        found.append(diagnostic(code, mapping.key_where(key), f"unknown key {key!r} in {what}",
                                hint))
    return found


def _range_problem(field: Field, value: object, where: Location, what: str) -> Diagnostic | None:
    too_low = field.low is not None and value < field.low
    too_high = field.high is not None and value > field.high
    if not (too_low or too_high):
        return None
    low = "" if field.low is None else f"{field.low:g}"
    high = "" if field.high is None else f"{field.high:g}"
    return diagnostic("TKG104", where,
                      f"{what}.{field.name} is {value}, outside {low}..{high}")


def read_map(value: object, where: Location, fields: tuple[Field, ...], what: str,
             diagnostics: list[Diagnostic]) -> dict | None:
    """Check a mapping against its fields; return {name: value} or None if it is no mapping.

    Missing optional fields take their default; a field with a problem is left out,
    so callers can tell a usable value from a broken one.
    """
    if not isinstance(value, YMap):
        if not isinstance(value, Unsafe):
            diagnostics.append(type_error(where, what, "map", value))
        return None
    suggested: set[str] = set()
    diagnostics += unknown_keys(value, [f.name for f in fields], what, "TKG101", suggested)
    result: dict = {}
    for field in fields:
        if field.name not in value:
            if not field.required:
                result[field.name] = field.default
            elif field.name not in suggested:
                diagnostics.append(diagnostic(
                    "TKG102", value.loc, f"{what} is missing {field.name!r} ({field.doc})"))
            continue
        item, item_where = value[field.name], value.where(field.name)
        if isinstance(item, Unsafe):
            continue
        if not _kind_ok(field.kind, item):
            diagnostics.append(type_error(item_where, f"{what}.{field.name}", field.kind, item))
            continue
        if field.kind in ("int", "float"):
            problem = _range_problem(field, item, item_where, what)
            if problem:
                diagnostics.append(problem)
                continue
        result[field.name] = item
    return result
