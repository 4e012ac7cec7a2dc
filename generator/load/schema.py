"""The one schema engine of content and layouts: fields, kinds, keys, each problem positioned.

`read_map` checks one YAML mapping of the content against its fields and returns plain
values, reporting unknown keys (with the nearest known one), missing fields, wrong
types and numbers out of range, all at once. The layouts' reader
(`generator.layout.reader`) shares `unknown_keys` and `type_error`, and adds the value
types of geometry (lengths with units, colours, points) on top.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.model import Location
from generator.core.nearest import did_you_mean, nearest
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
    # A word-valued field: the words it may take (for a str_list, each item, once).
    choices: tuple[str, ...] = ()


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
               code: str = "TKG103", commented: str | None = None) -> Diagnostic:
    """A diagnostic of `code` (TKG103 in the content) for a value of the wrong kind;
    `commented`, the colour YAML read as a comment where the value is left empty."""
    hint = 'put quotes round text that looks like a number, e.g. "2048"' if kind == "str" else None
    if value is None and commented:
        hint = (f"a # starts a comment in YAML, so nothing is written here: put the value "
                f"in quotes ({what.rpartition('.')[2]}: \"{commented}\")")
    if kind in ("list", "str_list") and isinstance(value, str) and value.strip():
        # `insignias: fire, water`: the list is there, without its brackets
        hint = f"write a list in brackets: [{', '.join(_items_of(value))}]"
    return diagnostic(code, where, f"{what} must be {kind_name(kind)}, not {shown(value)}",
                      hint)


def _items_of(text: str) -> list[str]:
    """The items a text meant as a list names: split at its commas, or else its spaces."""
    parts = text.split(",") if "," in text else text.split()
    return [part.strip() for part in parts if part.strip()]


def shown(value: object) -> str:
    """A value as a message names it: its kind in words, and the value if it is short."""
    if value is None:
        return "nothing"
    if isinstance(value, YMap | YList):
        return "a mapping" if isinstance(value, YMap) else "a list"
    kind = {bool: "true/false", int: "a whole number", float: "a number",
            str: "text"}.get(type(value), type(value).__name__)
    text = repr(value)
    return f"{kind} {text if len(text) <= 40 else text[:37] + '...'}"


# Characters no printed text may hold: they draw nothing, or break the SVG and HTML.
# Tabs and line breaks are spacing (a YAML block scalar ends in one) and become spaces.
SPACING = "\t\n\r"
CONTROL = {chr(c) for c in (*range(0x00, 0x20), *range(0x7F, 0xA0))} - set(SPACING)


def printed_text(value: str) -> str:
    """A text as it is printed: tabs and line breaks read as spaces, none at either end."""
    return value.translate({ord(c): " " for c in SPACING}).strip() \
        if any(c in value for c in SPACING) else value


def control_problem(value: str, where: Location, what: str,
                    code: str = "TKG114") -> Diagnostic | None:
    """A diagnostic naming the first control character in a text, if it holds one."""
    bad = next((ch for ch in value if ch in CONTROL), None)
    if bad is None:
        return None
    return diagnostic(code, where, f"{what} holds the control character U+{ord(bad):04X} "
                      f"at character {value.index(bad) + 1}",
                      "remove it: printed text cannot hold control characters")


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
        close = nearest(key, [n for n in names if n not in mapping])
        if close and suggested is not None:
            suggested.add(close)
        hint = f"did you mean {close!r}?" if close else "known keys: " + ", ".join(names)
        found.append(diagnostic(code, mapping.key_where(key), f"unknown key {key!r} in {what}",
                                hint))
    return found


def _value_problem(field: Field, value: object, where: Location,
                   what: str) -> Diagnostic | None:
    """A number out of range or not finite, or a text holding a control character.

    The value is already of the field's kind (`_kind_ok`).
    """
    if field.kind in ("int", "float") and isinstance(value, int | float):
        if not math.isfinite(value):
            return diagnostic("TKG104", where, f"{what}.{field.name} is {value}, not a finite "
                              "number")
        return _range_problem(field, value, where, what)
    if field.kind == "str" and isinstance(value, str):
        texts = [value]
    else:
        texts = _texts(value) if field.kind == "str_list" else []
    return next((found for text in texts
                 if (found := control_problem(text, where, f"{what}.{field.name}"))),
                None) or _choice_problem(field, texts, value, where, what)


def _choice_problem(field: Field, texts: list[str], value: object, where: Location,
                    what: str) -> Diagnostic | None:
    """TKG117 for a word the field does not take (or a list's word given twice, or none)."""
    if not field.choices:
        return None
    listed = ", ".join(field.choices)
    wrong = next((t for t in texts if t not in field.choices), None)
    name = f"{what}.{field.name}"
    if wrong is not None:
        # The message lists the words: the hint points at the nearest, if one is near.
        return diagnostic("TKG117", where, f"{name} is {wrong!r}, which the game does not "
                          f"have: it takes {listed}",
                          did_you_mean(wrong, field.choices) or f"write one of: {listed}")
    if field.kind == "str_list" and len(set(texts)) < len(texts):
        twice = next(t for t in texts if texts.count(t) > 1)
        return diagnostic("TKG117", where, f"{name} names {twice!r} twice")
    if field.kind == "str_list" and not texts:
        return diagnostic("TKG117", where, f"{name} is empty", f"write some of: {listed}")
    return None


def _texts(value: object) -> list[str]:
    """The items of a str_list value (every one a text: `_kind_ok` checked them)."""
    return [text for text in value if isinstance(text, str)] if isinstance(value, YList) else []


def _cleaned(field: Field, value: object) -> object:
    if field.kind == "str" and isinstance(value, str):
        return printed_text(value)
    if field.kind == "str_list":
        return [printed_text(text) for text in _texts(value)]
    return value


def _range_problem(field: Field, value: float, where: Location, what: str) -> Diagnostic | None:
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
            diagnostics.append(type_error(item_where, f"{what}.{field.name}", field.kind, item,
                                          commented=value.commented.get(field.name)))
            continue
        problem = _value_problem(field, item, item_where, what)
        if problem:
            diagnostics.append(problem)
            continue
        result[field.name] = _cleaned(field, item)
    return result
