"""Numbers as both backends write them: compact and stable, so equal drawings give
equal bytes."""

from __future__ import annotations

_FORMATS = tuple(f"%.{places}f" for places in range(10))


def fmt(value: float, places: int = 3) -> str:
    """A number rounded to `places` decimals without trailing zeros: 3.5, 12, -0.25, 0."""
    # Called for every number of every drawing: the common case (nothing to strip) is
    # answered first.
    text = _FORMATS[places] % value
    if text[-1] != "0":
        return text
    text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
