"""The `format:` patterns of layout texts, checked before any text is formatted.

`generator.draw.pieces` fills a pattern with `str.format`; a pattern is only
allowed plain names from `FORMAT_FIELDS`, so a layout can neither crash the build
with an unknown name nor reach into objects (`{capacity.__class__}`).
"""

from __future__ import annotations

import re
import string

# The names a text's `format` may use, by the text it formats (pieces.py fills them in),
# with a sample value each to try the pattern's format specs on; a text not listed here
# takes no format.
FORMAT_FIELDS = {"tile.number": {"number": 1, "count": 48, "id": "ember-hollow"},
                 "oink.capacity": {"capacity": 5}}

# A tile's text is a few characters wide; a huge width or precision would only make the
# build allocate (and hang on) gigabytes of padding.
MAX_WIDTH = 99


def format_problem(text: str, fields: dict[str, object]) -> str:
    """Why `text` is not a safe str.format pattern over `fields` ("" if it is).

    Only plain names are allowed: `{number}` or `{number:>3}`, never `{0}`, `{}`,
    `{capacity.__class__}`, `{id[0]}`, `{id!r}` or a nested `{number:{count}}`.
    """
    try:
        parts = list(string.Formatter().parse(text))
    except ValueError as exc:
        return f"{exc} (write {{{{ and }}}} for a literal brace)"
    for _, name, spec, conversion in parts:
        if name is None:
            continue
        if not name:
            return "{} needs a name"
        if "." in name or "[" in name:
            return f"{{{name}}}: no attribute or index access"
        if name not in fields:
            return f"{{{name}}} is not a name it can use"
        if conversion is not None:
            return f"{{{name}!{conversion}}}: no conversions"
        if "{" in (spec or ""):
            return f"{{{name}:{spec}}}: no fields inside a format spec"
        if any(int(run) > MAX_WIDTH for run in re.findall(r"\d+", spec or "")):
            return f"{{{name}:{spec}}}: widths and precisions go up to {MAX_WIDTH}"
    try:
        text.format(**fields)
    except (ValueError, TypeError) as exc:  # a spec that does not suit the value
        return str(exc)
    return ""
