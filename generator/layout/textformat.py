"""The `format:` patterns of layout texts, checked before any text is formatted.

`generator.draw.pieces` fills a pattern with `str.format`; a pattern is only
allowed plain names from `FORMAT_FIELDS`, so a layout can neither crash the build
with an unknown name nor reach into objects (`{capacity.__class__}`).
"""

from __future__ import annotations

from generator.load.formats import parse_format, spec_problem

# The names a text's `format` may use, by the text it formats (pieces.py fills them in),
# with a sample value each to try the pattern's format specs on; a text not listed here
# takes no format.
FORMAT_FIELDS = {"tile.number": {"number": 1, "count": 48, "id": "ember-hollow"},
                 "oink.capacity": {"capacity": 5}}


def format_problem(text: str, fields: dict[str, object]) -> str:
    """Why `text` is not a safe str.format pattern over `fields` ("" if it is).

    Only plain names are allowed: `{number}` or `{number:>3}`, never `{0}`, `{}`,
    `{capacity.__class__}`, `{id[0]}`, `{id!r}` or a nested `{number:{count}}`; widths
    are bounded (a tile's text is a few characters wide: a huge width would only make
    the build allocate gigabytes of padding).
    """
    parts, problem = parse_format(text)
    if problem:
        return problem
    for _, name, spec, conversion in parts:
        if name is None:
            continue
        if not name:
            return "{} needs a name"
        if "." in name or "[" in name:
            return f"{{{name}}}: no attribute or index access"
        if name not in fields:
            return f"{{{name}}} is not a name it can use"
        problem = spec_problem(name, spec, conversion)
        if problem:
            return problem
    try:
        text.format(**fields)
    except (ValueError, TypeError) as exc:  # a spec that does not suit the value
        return str(exc)
    return ""
