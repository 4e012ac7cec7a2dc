"""Lengths in layouts: parsed once, at the edge, into millimetres."""

from __future__ import annotations

import re

MM_PER = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72}
PT = 72 / 25.4  # PDF points per millimetre
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?\s*$")


def parse_length(value: object) -> float:
    """A length in mm from a number (already mm) or a string like "9pt", "2.5in", "3mm".

    Raises ValueError with a readable reason for anything else.
    """
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is not a length")
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        match = _LENGTH.match(value)
        if match:
            return float(match.group(1)) * MM_PER[match.group(2) or "mm"]
    raise ValueError(f"{value!r} is not a length (write e.g. 3, \"3mm\", \"9pt\", \"0.5in\")")
