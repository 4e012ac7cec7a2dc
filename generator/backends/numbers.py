"""Numbers as both backends write them: compact and stable, so equal drawings give
equal bytes."""

from __future__ import annotations


def fmt(value: float, places: int = 3) -> str:
    """A number rounded to `places` decimals without trailing zeros: 3.5, 12, -0.25, 0."""
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
