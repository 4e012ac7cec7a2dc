"""Lengths in layouts: parsed once, at the edge, into millimetres."""

from __future__ import annotations

import math
import re

MM_PER = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72}
PT = 72 / 25.4  # PDF points per millimetre
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?\s*$")


def parse_length(value: object) -> float:
    """A length in mm from a number (already mm) or a string like "9pt", "2.5in", "3mm".

    Raises ValueError with a readable reason for anything else, including YAML's
    `.nan` and `.inf` (a length must be a finite number). Ranges are the reader's job.
    """
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is not a length")
    mm = None
    if isinstance(value, int | float):
        mm = float(value) if abs(value) < 1e300 else math.inf  # float(10**400) would raise
    elif isinstance(value, str):
        match = _LENGTH.match(value)
        if match:
            mm = float(match.group(1)) * MM_PER[match.group(2) or "mm"]
    if mm is None:
        raise ValueError(f"{value!r} is not a length "
                         "(write e.g. 3, \"3mm\", \"9pt\", \"0.5in\")")
    if not math.isfinite(mm):
        raise ValueError(f"{value!r} is not a length (it must be a finite number)")
    return mm


def parse_font_size(value: object) -> tuple[float, bool]:
    """A font size in mm, and whether it was written without a unit.

    Type is measured in points, so a bare number is a point size: `size: 17` is 17 pt
    (6 mm), never 17 mm. Any other spelling is a length like `parse_length`'s ("6mm").
    """
    if isinstance(value, int | float) and not isinstance(value, bool):
        return parse_length(value) * MM_PER["pt"], True  # parse_length refuses nan and inf
    return parse_length(value), False
